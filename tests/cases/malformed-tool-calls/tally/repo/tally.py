def bump(n):
    return n + 10
