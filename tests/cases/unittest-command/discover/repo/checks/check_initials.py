import unittest

from initials import initials


class InitialsCase(unittest.TestCase):
    def test_two_words(self):
        self.assertEqual(initials("ada lovelace"), "AL")

    def test_one_word(self):
        self.assertEqual(initials("grace"), "G")

    def test_empty(self):
        self.assertEqual(initials(""), "")
