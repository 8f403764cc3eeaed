"""Coffee roastery: batch roast times and how consistent a profile is."""

import math
from dataclasses import dataclass, field


@dataclass
class Batch:
    bean: str
    seconds: int
    weight_loss_pct: float


@dataclass
class Profile:
    name: str
    batches: list[Batch] = field(default_factory=list)

    def add(self, bean: str, seconds: int, loss: float) -> None:
        if not 0 < loss < 30:
            raise ValueError(f"implausible weight loss {loss}%")
        self.batches.append(Batch(bean, seconds, loss))

    def mean_time(self) -> float:
        return sum(b.seconds for b in self.batches) / len(self.batches)

    def spread(self) -> float:
        """Sample standard deviation of roast time in seconds; 0.0 below two batches."""
        if len(self.batches) == 0:
            return 0.0
        mean = self.mean_time()
        square = sum((b.seconds - mean) ** 2 for b in self.batches)
        return round(math.sqrt(square / (len(self.batches) - 1)), 1)

    def consistent(self, tolerance_s: float = 15.0) -> bool:
        return self.spread() <= tolerance_s


def roast_label(profile: Profile) -> str:
    minutes, seconds = divmod(round(profile.mean_time()), 60)
    return f"{profile.name}: {minutes}:{seconds:02d} avg, spread {profile.spread()} s"


def darkest(profile: Profile) -> str:
    return max(profile.batches, key=lambda b: b.weight_loss_pct).bean
