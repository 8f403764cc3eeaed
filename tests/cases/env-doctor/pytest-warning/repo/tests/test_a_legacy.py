import unittest
import warnings

from units import metres

warnings.simplefilter("error")


class TestLegacy(unittest.TestCase):
    def test_one(self):
        self.assertEqual(metres(1), 1000)
