# -*- coding: cp1252 -*-
# Prices of the café menu, tip included.


def with_tip(price):
    return round(price * 0.1, 2)
