"""Split a day's payouts into bank batches that stay within the bank's batch limit."""


class PayoutTooLarge(ValueError):
    """One payout alone exceeds the batch limit."""


def split_batches(amounts, limit):
    """Group ``amounts`` (integer cents, in order) into consecutive batches of total <= ``limit``.

    A new batch starts when the next payout would push the current batch over the limit.
    Raises PayoutTooLarge for a payout above the limit.
    """
    batches = []
    current = []
    total = 0
    for amount in amounts:
        if amount > limit:
            raise PayoutTooLarge(f"payout of {amount} cents exceeds the limit of {limit}")
        if total + amount > limit:
            batches.append(current)
            current = []
        current.append(amount)
        total += amount
    if current:
        batches.append(current)
    return batches


def batch_totals(amounts, limit):
    """The total in cents of each batch of ``split_batches(amounts, limit)``."""
    return [sum(batch) for batch in split_batches(amounts, limit)]


def fee(amounts, limit, per_batch):
    """The bank's fee in cents: ``per_batch`` cents for every batch."""
    return per_batch * len(split_batches(amounts, limit))
