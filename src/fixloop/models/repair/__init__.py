"""The offline repair engine: a generate-and-validate program repair model (no key, no network).

Modules: ``candidate`` (a candidate patch and its exact edits), ``templates`` (fix templates),
``localize`` (fault localization, Ochiai), ``screen`` (fast candidate validation in a warm,
forking test process), ``engine`` (:class:`RepairModel`, the model callable).
"""

from fixloop.models.repair.candidate import Candidate
from fixloop.models.repair.engine import RepairModel

__all__ = ["Candidate", "RepairModel"]
