"""Running a command under a sandbox: bubblewrap, docker/podman, or (explicit opt-in) none.

The package's public names; the parts:

- :mod:`fixloop.sandbox.base`: the :class:`Sandbox` interface, :func:`make_sandbox`, the clean
  environment and the limits;
- :mod:`fixloop.sandbox.process`: running one command (process group, deadline, output capture)
  and :func:`kill_all_children`;
- :mod:`fixloop.sandbox.bwrap`: :class:`BwrapSandbox`, the default on Linux;
- :mod:`fixloop.sandbox.container`: :class:`ContainerSandbox` (docker, podman);
- :mod:`fixloop.sandbox.local`: :class:`UnsandboxedRunner`, no isolation (explicit opt-in).
"""

from fixloop.sandbox.base import (
    SAFE_PATH,
    SANDBOX_KINDS,
    Sandbox,
    clean_env,
    interpreter_paths,
    kill_all_children,
    make_sandbox,
)
from fixloop.sandbox.bwrap import BwrapSandbox
from fixloop.sandbox.container import ContainerSandbox
from fixloop.sandbox.local import (
    UNSANDBOXED_WARNING,
    UnsandboxedRunner,
    warn_unsandboxed,
)

__all__ = [
    "SAFE_PATH",
    "SANDBOX_KINDS",
    "UNSANDBOXED_WARNING",
    "BwrapSandbox",
    "ContainerSandbox",
    "Sandbox",
    "UnsandboxedRunner",
    "clean_env",
    "interpreter_paths",
    "kill_all_children",
    "make_sandbox",
    "warn_unsandboxed",
]
