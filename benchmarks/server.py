"""Load benchmark of ``hadara serve``: server processes on SQLite or PostgreSQL, many clients on loopback.

    python benchmarks/server.py [--clients 64] [--rounds 3] [--seconds 5] [--idle 1000]
                                [--postgres postgresql://USER@HOST:PORT/NAME [--processes 1,2,4]]
                                [--seats split|same] [--client-processes K] [--compare BUILD]

One server process is started on a free port of 127.0.0.1 with a fresh SQLite
file. With ``--postgres`` (a database the benchmark may empty: every table in
it is dropped before each setup), then, for each number N of ``--processes``
(default 1), N server processes on that database. New matches go to every
process in turn; with ``--seats split`` (the default) each match's seat 0
plays on the process it was created on and seat 1 on the next one, so that
every update the other seat gets crosses from one process to another (through
the database's notifications); with ``--seats same`` both play on the one
process. In each of ``--rounds`` rounds, ``--clients`` clients (two per
2-player match, every seat human) play random legal moves for ``--seconds``
seconds, as a web table does: each client keeps its seat's WebSocket open, and
when its seat is to act asks for its view and posts a move (a finished match
is replaced by a new one). The rounds follow a second of the same play that is
not measured, so that what a fresh server process makes once (reading its
components, generating its encoders) is not counted as the cost of its first
moves. Reported per round, then as the median and range of the rounds:

- acknowledged moves per second (``200`` answers to ``POST …/moves``);
- the latency of a move (the post until its answer), p50 and p99;
- the other seat's update delay: from the post of a move until the other
  seat's WebSocket message that reaches it, p50 and p99;
- the CPU time of all the server processes together per acknowledged move
  (with the view asked before it, its answer and the two WebSocket messages),
  which says what the servers sustain with a core each, whatever the machine's
  cores; the figure to compare between numbers of processes;
- the clients' CPU time per acknowledged move, which says how much of the
  machine the clients took from the servers.

The clients run in ``--client-processes`` processes (default 1), each on one
event loop (uvloop's), with a minimal HTTP/1.1 client and orjson, so that they
cost as little CPU as they can; with more than one, the load generator is not
what limits several servers on a machine with the cores for them. The pairs of
clients are dealt to those processes in turn, both seats of a match in one.
The clients' garbage collector runs rarely, so that its pauses are not counted
as the server's latency. A move is posted with the ``seq`` its view was at
where views carry one, else with its ``ply`` (a build from before ``seq``).

With ``--compare BUILD`` (the folder of another checkout), a second SQLite server runs
that build's package beside this one's, and their rounds are played in turn (the order
reversed every other round): a machine whose speed drifts from minute to minute then
slows both alike, which separate runs of the script cannot promise. Every server process
runs in a temporary folder, so that a checkout in the current folder never comes first
on its path.

Then a fresh SQLite server process is given ``--idle`` matches that nobody
plays, and its resident memory (``VmRSS``) is read before and after.
Everything stops by itself, on an error or Ctrl-C too; nothing listens beyond loopback.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import signal
import sys
import tempfile
import time
from pathlib import Path

import uvloop

# The benchmark's parts are the package benchmarks.serverload of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.serverload.clients import create_idle
from benchmarks.serverload.options import parse, parser
from benchmarks.serverload.report import Setup
from benchmarks.serverload.servers import cpu_seconds, empty, rss_mb, server
from benchmarks.serverload.workers import ClientProcesses

#: Seconds of play before the rounds, not measured: what a server makes once (it reads its
#: components, generates the encoders of its records) is not a cost of its moves.
_WARM = 1.0


def _measure(
    setups: list[Setup], folder: Path, clients: ClientProcesses, args: argparse.Namespace
) -> list[str]:
    """Play the rounds of ``setups`` side by side, round by round in turn (the order reversed
    every other round), so that a machine whose speed drifts slows them alike; the summary."""
    pairs = args.clients // 2
    with contextlib.ExitStack() as stack:
        servers = [
            [stack.enter_context(server(folder, db, setup.build)) for db in setup.dbs] for setup in setups
        ]
        for setup, running in zip(setups, servers, strict=True):  # not measured: see the module
            clients.play([port for port, _ in running], pairs, _WARM, -1, setup.split)
        for number in range(args.rounds):
            turn = list(zip(setups, servers, strict=True))
            for setup, running in turn if number % 2 == 0 else reversed(turn):
                used = sum(cpu_seconds(pid) for _, pid in running)
                tally = clients.play([port for port, _ in running], pairs, args.seconds, number, setup.split)
                server_cpu = sum(cpu_seconds(pid) for _, pid in running) - used
                print(setup.record(number, tally, server_cpu), flush=True)
    return [line for setup in setups for line in setup.summary()]


def _postgres_setup(url: str, processes: int, split: bool) -> Setup:
    if processes == 1:
        return Setup("PostgreSQL, 1 process", [url], split)
    seats = "each match's seats on two processes" if split else "each match's seats on one process"
    return Setup(f"PostgreSQL, {processes} processes, {seats}", [url] * processes, split)


def _run(args: argparse.Namespace) -> None:
    split = args.seats == "split"
    sqlite = [Setup("SQLite, 1 process", [None], split)]
    if args.compare is not None:
        sqlite.append(Setup(f"SQLite, 1 process, {args.compare}", [None], split, args.compare.resolve()))
    with ClientProcesses(args.client_processes) as clients, tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        summary = _measure(sqlite, folder, clients, args)
        if args.postgres is not None:
            for processes in args.processes:
                empty(args.postgres)
                summary += _measure([_postgres_setup(args.postgres, processes, split)], folder, clients, args)
        print("\n".join(summary))
        if args.idle > 0:
            with server(folder) as (port, pid):
                before = rss_mb(pid)
                uvloop.run(create_idle(port, args.idle))
                time.sleep(0.5)
                after = rss_mb(pid)
            print(
                f"resident memory (SQLite): {before:.0f} MB at start, {after:.0f} MB with {args.idle} idle matches"
            )


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    args = parse(parser(__doc__.split("\n")[0]), argv)
    # Stopped from outside, the benchmark still ends every process it started.
    signal.signal(signal.SIGTERM, _stop)
    # The clients' own garbage collections would stop their loop and count as the server's
    # latency: what is loaded is frozen out of them, and the youngest generation is collected
    # every 10,000 allocations (the clients keep little alive).
    gc.set_threshold(10_000, *gc.get_threshold()[1:])
    gc.freeze()
    try:
        _run(args)
    except RuntimeError as error:
        sys.exit(f"server.py: {error}")
    except KeyboardInterrupt:
        sys.exit("server.py: stopped; every process it started has ended")


if __name__ == "__main__":
    main()
