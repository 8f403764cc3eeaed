import unittest

from calc import add, mul


class CalcTest(unittest.TestCase):
    def setUp(self):
        self.pairs = [(2, 3, 5), (0, 4, 4)]

    def test_add(self):
        for a, b, want in self.pairs:
            self.assertEqual(add(a, b), want)

    def test_mul(self):
        self.assertEqual(mul(2, 3), 6)


if __name__ == "__main__":
    unittest.main()
