from calc import double


def quadruple(x):
    return double(double(x))
