def square(side):
    return side * side


def rectangle(w, h):
    area = w * h
      return area
