"""The offline repair engine: generate-and-validate program repair (no key, no network).

Modules: ``port`` (:class:`RepairPort`, all the engine needs of a run: the workspace, a scratch
folder and an isolated command runner), ``candidate`` (a candidate patch and its exact edits),
``templates`` (fix templates), ``localize`` (fault localization, Ochiai), ``screen`` (fast
candidate validation in a warm, forking test process), ``engine`` (:class:`RepairEngine`).

The engine imports nothing of the agent, the tools or the test runner; the model adapter
:class:`fixloop.models.repair.RepairModel` plugs it into a run.
"""

from fixloop.repair.candidate import Candidate
from fixloop.repair.engine import Analysis, RepairEngine
from fixloop.repair.port import CommandRunner, RepairPort

__all__ = ["Analysis", "Candidate", "CommandRunner", "RepairEngine", "RepairPort"]
