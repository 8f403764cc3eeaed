"""A price-level order book for one instrument: bids, asks, best prices and the spread."""

import heapq


class EmptyBook(Exception):
    """The side of the book asked about holds no orders."""


class OrderBook:
    def __init__(self, symbol):
        self.symbol = symbol
        self._bids = []  # heap of (-price, sequence, quantity)
        self._asks = []  # heap of (price, sequence, quantity)
        self._seq = 0

    def _next(self):
        self._seq += 1
        return self._seq

    def bid(self, price, qty):
        heapq.heappush(self._bids, (-price, self._next(), qty))

    def ask(self, price, qty):
        heapq.heappush(self._asks, (price, self._next(), qty))

    def best_bid(self):
        if not self._bids:
            raise EmptyBook(f"{self.symbol}: no bids")
        return -self._bids[0][0]

    def best_ask(self):
        return self._asks[0][0]

    def spread(self):
        return self.best_ask() - self.best_bid()

    def depth(self):
        return len(self._bids), len(self._asks)
