import unittest
from unittest import TestSuite

from units import metres


class TestSuiteBuilt(unittest.TestCase):
    def test_two(self):
        self.assertEqual(metres(2), 2000)


def load_suite():
    suite = TestSuite()
    suite.addTest(TestSuiteBuilt("test_two"))
    return suite
