"""A tiny shop: prices of order lines, discounts and VAT (fixloop's pricing example)."""
