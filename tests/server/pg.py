"""A throw-away PostgreSQL cluster for the tests: made in a temporary folder, stopped at the end.

The cluster's binaries are found on ``PATH`` or in Debian's ``/usr/lib/postgresql/<version>/bin``.
It listens on a free loopback port and on a unix socket in its folder, trusts
connections from this machine (nothing else can reach it), and runs as an
unprivileged user when the tests run as root (the ``postgres`` user if there is
one, else ``nobody``), as PostgreSQL refuses to run as root. Without PostgreSQL
the tests needing it are skipped, saying why; with the environment variable
``CI`` set they fail instead, so that CI cannot pass without them.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .serving import free_port

#: Where Debian puts each version's binaries (not on PATH).
_DEBIAN = Path("/usr/lib/postgresql")


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest version), or None without PostgreSQL."""
    found = shutil.which("initdb")
    if found is not None:
        return Path(found).resolve().parent
    versions = sorted(
        (folder for folder in _DEBIAN.glob("*/bin") if (folder / "initdb").exists()),
        key=lambda folder: int(folder.parent.name) if folder.parent.name.isdigit() else 0,
    )
    return versions[-1] if versions else None


class Cluster:
    """A running cluster; :meth:`database` makes a fresh database in it and gives its URL.

    ``durable=False`` (for the tests) lets it skip flushing to disk: quicker, and it loses
    nothing unless the machine itself stops; ``durable=True`` flushes every commit.
    """

    def __init__(self, bin_folder: Path, *, durable: bool = False) -> None:
        self._bin = bin_folder
        self.folder = Path(tempfile.mkdtemp(prefix="hadara-pg-"))
        self._user = _unprivileged()
        if self._user is not None:
            os.chown(self.folder, self._user.pw_uid, self._user.pw_gid)
        self.port = free_port()
        self._names = itertools.count()
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-U", "hadara", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.folder}"
        )
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        self._data = data

    def _run(self, program: str, *args: str) -> None:
        user = None if self._user is None else self._user.pw_uid
        group = None if self._user is None else self._user.pw_gid
        done = subprocess.run(
            [str(self._bin / program), *args],
            capture_output=True,
            text=True,
            user=user,
            group=group,
            cwd=self.folder,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://hadara@127.0.0.1:{self.port}/{name}"

    def database(self) -> str:
        """A new, empty database, as a URL."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self._data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def _unprivileged() -> pwd.struct_passwd | None:
    """The user the cluster runs as: None (this one) unless the tests run as root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("the tests run as root, and there is neither a postgres nor a nobody user")


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}, and CI needs it (.ci/run installs it)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    """A throw-away cluster for the whole test run (skipped, or failed under CI, without PostgreSQL)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("psycopg is not installed (the postgres extra)")
    found = binaries()
    if found is None:
        _unavailable("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)")
    assert found is not None
    running = Cluster(found)
    yield running
    running.stop()


@pytest.fixture
def postgres_url(cluster: Cluster) -> str:
    """The URL of a fresh database of the cluster."""
    return cluster.database()
