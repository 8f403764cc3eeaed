"""The docker / podman backend: ``--network none``, memory/cpu/pids limits, read-only mounts."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path

from fixloop.errors import ConfigError, SandboxUnavailable
from fixloop.sandbox import hostenv
from fixloop.sandbox.base import SAFE_PATH, Sandbox, clean_env, execute
from fixloop.sandbox.probe import PROBE_SCRIPT
from fixloop.types import ExecResult, Limits


class ContainerSandbox(Sandbox):
    """docker or podman backend: ``--network none``, memory/cpu/pids limits, read-only mounts.

    Every run is ``ENGINE run --rm`` of ``image`` with the workspace mounted read-only at the
    same path, ``rw_paths`` mounted writable, a read-only root filesystem with a tmpfs ``/tmp``,
    ``--cap-drop ALL``, ``--security-opt no-new-privileges``, ``--user UID:GID`` and the clean
    environment. On timeout the container is killed by name, then the client's group.

    Args:
        engine: "docker" or "podman".
        image: the image to run (brings its own ``python`` with pytest, ideally).
        cpus: CPU limit (``--cpus``).
        probe: check the engine and the image's network now (``make_sandbox`` does).

    Raises:
        SandboxUnavailable: the engine is missing or not running, or the probe failed.
    """

    host_python = False

    def __init__(self, engine: str, image: str, *, cpus: float = 2.0, probe: bool = True):
        if engine not in ("docker", "podman"):
            raise ConfigError(f"unknown container engine {engine!r}")
        self.name = engine
        self.engine = engine
        self.image = image
        self.cpus = cpus
        if probe:
            self.probe()

    def command(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        limits: Limits,
        ro_paths: Sequence[Path] = (),
        rw_paths: Sequence[Path] = (),
        env: Mapping[str, str] | None = None,
        container_name: str = "fixloop-x",
        variant: bool = False,
    ) -> list[str]:
        """The full engine command line for one run (no engine needed to build it).

        ``variant``: the gate's perturbed run: another host name (``--hostname``) and the
        environment's variant (:func:`fixloop.sandbox.hostenv.host_env`).
        """
        cmd = [
            self.engine,
            "run",
            "--rm",
            "--name",
            container_name,
            "--network",
            "none",
            "--memory",
            f"{int(limits.memory_mb)}m",
            "--memory-swap",
            f"{int(limits.memory_mb)}m",
            "--cpus",
            str(self.cpus),
            "--pids-limit",
            str(int(limits.nproc)),
            "--ulimit",
            f"fsize={int(limits.fsize_mb) * 1024 * 1024}",
            "--read-only",
            "--tmpfs",
            "/tmp:rw,exec",
            "--cap-drop",
            "ALL",
            "--security-opt",
            "no-new-privileges",
            "--user",
            f"{os.getuid()}:{os.getgid()}",
        ]
        cwd_r = os.path.realpath(cwd)
        mounts: list[tuple[str, str]] = [(cwd_r, "ro")]
        mounts += [(os.path.realpath(p), "ro") for p in ro_paths]
        mounts += [(os.path.realpath(p), "rw") for p in rw_paths]
        for path, mode in mounts:
            cmd += ["-v", f"{path}:{path}:{mode}"]
        if variant:
            cmd += ["--hostname", hostenv.variant_hostname(socket.gethostname())]
        full_env = clean_env(
            home="/tmp",
            tmpdir="/tmp",
            extra=env,
            cwd=cwd_r,
            variant=variant,
            argv0=argv[0] if argv else None,
        )
        for k, v in full_env.items():
            if k != "PATH":
                cmd += ["-e", f"{k}={v}"]
        cmd += ["-w", cwd_r, self.image, *argv]
        return cmd

    def run(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        limits: Limits,
        ro_paths: Sequence[Path] = (),
        rw_paths: Sequence[Path] = (),
        env: Mapping[str, str] | None = None,
        log_path: Path | None = None,
        pass_fds: Sequence[int] = (),
        variant: bool = False,
        place: tuple[Path, Path] | None = None,
        keep_home: Path | None = None,
        alias: tuple[Path, Path] | None = None,
    ) -> ExecResult:
        """Run ``argv`` in a fresh container; see :meth:`Sandbox.run`.

        Raises:
            ValueError: ``pass_fds`` given (a container cannot inherit the harness's pipes).
        """
        if pass_fds:
            raise ValueError("a container sandbox cannot pass file descriptors")
        cname = f"fixloop-{uuid.uuid4().hex[:12]}"
        cmd = self.command(
            argv,
            cwd=Path(cwd),
            limits=limits,
            ro_paths=ro_paths,
            rw_paths=rw_paths,
            env=env,
            container_name=cname,
            variant=variant,
        )

        def _kill() -> None:
            subprocess.run(
                [self.engine, "kill", cname],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=20,
                check=False,
            )

        host_env = {"PATH": os.environ.get("PATH", SAFE_PATH), "HOME": os.environ.get("HOME", "/")}
        for k in ("DOCKER_HOST", "DOCKER_CONTEXT", "XDG_RUNTIME_DIR", "CONTAINER_HOST"):
            if k in os.environ:
                host_env[k] = os.environ[k]
        return execute(
            cmd,
            cwd=Path(cwd),
            env=host_env,
            limits=limits,
            log_path=log_path,
            on_timeout=_kill,
        )

    def probe(self) -> None:
        """Check that the engine runs and that the image has no network under ``--network none``.

        Raises:
            SandboxUnavailable: engine missing or not running, image unusable, or a network found.
        """
        if not shutil.which(self.engine):
            raise SandboxUnavailable(f"{self.engine} is not installed")
        try:
            info = subprocess.run(
                [self.engine, "info"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=20,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            raise SandboxUnavailable(f"{self.engine} engine is not reachable: {e}") from e
        if info.returncode != 0:
            msg = (info.stderr or info.stdout).decode(errors="replace").strip()[-500:]
            raise SandboxUnavailable(f"{self.engine} engine is not running: {msg}")
        with tempfile.TemporaryDirectory(prefix="fixloop-probe-") as td:
            res = self.run(
                ["python", "-I", "-S", "-c", PROBE_SCRIPT, "1"],
                cwd=Path(td),
                limits=Limits(wall_s=120, output_bytes=64 * 1024),
            )
        line = next((ln for ln in res.output.splitlines() if ln.startswith("FIXLOOP-PROBE ")), "")
        if not line:
            raise SandboxUnavailable(
                f"the {self.engine} image {self.image!r} could not run the probe "
                f"(it needs python): {res.output.strip()[-500:]}"
            )
        info_d = json.loads(line[len("FIXLOOP-PROBE ") :])
        if info_d.get("ifaces") != ["lo"] or info_d.get("route"):
            raise SandboxUnavailable(f"the {self.engine} container has a network: {info_d}")
