"""The server processes the benchmark starts, and what it reads of them.

Each ``hadara serve`` process listens on a free port of 127.0.0.1 and runs in
a temporary folder, so that no checkout in the current folder comes first on
its path; it is ended when its context is left, on an error or Ctrl-C too, and
with the benchmark's process however that ends.
"""

from __future__ import annotations

import contextlib
import functools
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from .lifetime import end_with_parent

#: Seconds a server process may take to start.
_START = 30.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextlib.contextmanager
def server(
    folder: Path, db: str | None = None, build: Path | None = None, options: Sequence[str] = ()
) -> Iterator[tuple[int, int]]:
    """A ``hadara serve`` process on ``db`` (default a fresh SQLite file), of the package the
    benchmark imports or of the one in the folder ``build``, with ``options`` besides the
    benchmark's own: its port and process id. It runs in ``folder``, its output in
    ``folder/server.log``."""
    port = _free_port()
    command = [sys.executable, "-m", "boardtable.cli", "serve", "--port", str(port)]
    command += ["--db", str(folder / f"bench-{port}.sqlite") if db is None else db]
    # The clients all create from 127.0.0.1: no bound of one address holds them (a build from
    # before the bounds has none of them).
    # (The bounds are in boardtable/server/limits.py, or hadara_rules/server/limits.py in a
    # build from before the platform.)
    found = (
        []
        if build is None
        else [build / part / "server" / "limits.py" for part in ("boardtable", "hadara_rules")]
    )
    bounded = "" if build is None else next((limits.read_text() for limits in found if limits.exists()), None)
    if bounded is not None:
        command += ["--create-per-minute", str(10**9)]
    if bounded is not None and (build is None or "live_per_address" in bounded):
        command += ["--live-per-address", str(10**9)]
    if bounded is not None and (build is None or "sockets_per_minute" in bounded):
        command += ["--sockets-per-minute", str(10**9)]
    command += options
    env = dict(os.environ)
    if build is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(build), env.get("PYTHONPATH"))))
    with (folder / "server.log").open("ab") as log:
        process = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=folder,
            env=env,
            preexec_fn=functools.partial(end_with_parent, os.getpid()),
        )
    try:
        deadline = time.monotonic() + _START
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"a server process did not start (its output: {folder / 'server.log'})")
            time.sleep(0.05)
        yield port, process.pid
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """A process's resident memory (``VmRSS``) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"process {pid} tells no VmRSS")


def empty(url: str) -> None:
    """Drop every table of the PostgreSQL database at ``url`` (in its current schema), whatever
    names the build under test gives its tables: each setup starts empty."""
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as db:
            found = db.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            tables = [sql.Identifier(name) for (name,) in found.fetchall()]
            if tables:
                db.execute(sql.SQL("DROP TABLE {} CASCADE").format(sql.SQL(", ").join(tables)))
    except psycopg.Error as error:
        raise RuntimeError(f"PostgreSQL at {url}: {str(error).strip().splitlines()[0]}") from None
