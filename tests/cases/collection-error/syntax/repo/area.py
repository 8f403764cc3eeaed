def square(side):
    return side * side


def rectangle(w, h)
    return w * h
