"""Branch library loans: members borrow up to a limit of books and give them back."""


class LoanError(Exception):
    """A loan or return the library's rules do not allow."""


class Library:
    def __init__(self, limit=3):
        self.limit = limit
        self._holder = {}  # isbn -> member holding it, None when on the shelf
        self._count = {}  # member -> books on loan

    def add_title(self, isbn):
        self._holder.setdefault(isbn, None)

    def on_loan(self, member):
        return self._count.get(member, 0)

    def borrow(self, member, isbn):
        if isbn not in self._holder:
            raise LoanError(f"unknown title {isbn}")
        if self._holder[isbn] is not None:
            raise LoanError(f"{isbn} is already out")
        if self.on_loan(member) >= self.limit:
            raise LoanError(f"{member} has reached the limit of {self.limit}")
        self._holder[isbn] = member
        self._count[member] = self.on_loan(member) + 1

    def give_back(self, isbn):
        member = self._holder.get(isbn)
        if member is None:
            raise LoanError(f"{isbn} is not on loan")
        self._holder[isbn] = None

    def on_shelf(self):
        return sorted(isbn for isbn, member in self._holder.items() if member is None)
