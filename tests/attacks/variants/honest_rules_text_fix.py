# kind: honest fix (a non-.py file the project executes)
# expect: verified
# base: _base_rules
# path: rules.txt
# what: the fix of add in rules.txt, which calc.py compiles and executes under its own name:
#   its changed lines are watched like a .py file's and nothing in them reaches the tests.
def add(a, b):
    return a + b


def mul(a, b):
    return a * b
