"""Quotes of a picture framing shop: moulding by the metre, glass by area, an optional mount."""

from __future__ import annotations

from dataclasses import dataclass

GLASS_PER_M2 = 38.0
MOUNT_PRICE = 12.0


@dataclass(frozen=True)
class Moulding:
    code: str
    width_mm: int
    price_per_m: float


@dataclass
class Frame:
    artwork_w_mm: int
    artwork_h_mm: int
    moulding: Moulding
    mount_mm: int = 0  # border of the mount around the artwork, 0 for none

    @property
    def inner(self) -> tuple[int, int]:
        """The size of the opening: the artwork and its mount, in mm."""
        return self.artwork_w_mm + 2 * self.mount_mm, self.artwork_h_mm + 2 * self.mount_mm

    def moulding_mm(self) -> int:
        """Moulding needed: the perimeter plus a moulding width per mitre cut (8 cuts)."""
        w, h = self.inner
        return 2 * (w + h) + 8 * self.moulding.width_mm

    def moulding_cost(self) -> float:
        metres = self.moulding_mm() / 100
        return round(metres * self.moulding.price_per_m, 2)

    def glass_cost(self) -> float:
        w, h = self.inner
        return round(w * h / 1_000_000 * GLASS_PER_M2, 2)

    def quote(self) -> dict[str, float]:
        parts = {"moulding": self.moulding_cost(), "glass": self.glass_cost()}
        if self.mount_mm:
            parts["mount"] = MOUNT_PRICE
        parts["total"] = round(sum(parts.values()), 2)
        return parts
