def double(x):
    return x * 3
