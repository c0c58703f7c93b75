"""The server's load benchmark (benchmarks/server.py): where its clients play, what they post, its
options, and whole runs on SQLite and PostgreSQL that report every figure and end every process
they start (the figures themselves are not checked here)."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest
from helpers import interruptible

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.serverload.clients import Tally, counter, move_post, placement  # noqa: E402
from benchmarks.serverload.options import parse, parser  # noqa: E402
from benchmarks.serverload.report import Setup, quantile  # noqa: E402
from benchmarks.serverload.servers import server  # noqa: E402
from benchmarks.serverload.workers import ClientProcesses  # noqa: E402

SCRIPT = ROOT / "benchmarks" / "server.py"
#: A figure's median and range, as the benchmark prints it: ``median 1.44 ms (range 1.21–1.50)``.
_SPREAD = r"median [\d.]+( ms)? \(range [\d.]+–[\d.]+\)"


def test_new_matches_go_to_every_process_in_turn() -> None:
    created = Counter(placement(pair, 0, 4, split=True)[0] for pair in range(32))
    assert created == {0: 8, 1: 8, 2: 8, 3: 8}
    assert [placement(5, match, 4, split=True)[0] for match in range(4)] == [1, 2, 3, 0]


def test_split_seats_play_on_the_next_process_and_same_seats_on_one() -> None:
    assert [placement(pair, 0, 4, split=True) for pair in range(4)] == [(0, 1), (1, 2), (2, 3), (3, 0)]
    assert [placement(pair, 0, 4, split=False) for pair in range(4)] == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert placement(3, 2, 1, split=True) == (0, 0)


def test_a_move_names_seq_where_the_server_sends_it_and_ply_before() -> None:
    assert counter({"seq": 7, "ply": 5, "to_act": [0]}) == "seq"
    assert counter({"ply": 5, "to_act": [0]}) == "ply"
    assert move_post({"seq": 7, "ply": 5, "legal": []}, "draft 3") == {"seq": 7, "move": "draft 3"}
    assert move_post({"ply": 5, "legal": []}, "draft 3") == {"ply": 5, "move": "draft 3"}


def test_the_tallies_of_client_processes_add_up() -> None:
    total = Tally(acknowledged=3, stale=1, latencies=[0.1], delays=[0.2], elapsed=2.0, cpu=0.5)
    total.add(Tally(acknowledged=4, stale=2, latencies=[0.3], delays=[], elapsed=2.5, cpu=0.25))
    assert total == Tally(acknowledged=7, stale=3, latencies=[0.1, 0.3], delays=[0.2], elapsed=2.5, cpu=0.75)


def test_a_round_counts_the_cpu_of_every_server_process_per_acknowledged_move() -> None:
    setup = Setup("PostgreSQL, 2 processes", ["url", "url"], split=True)
    line = setup.record(0, Tally(acknowledged=400, elapsed=2.0, latencies=[0.01], cpu=0.2), server_cpu=1.2)
    assert "200 moves/s" in line and "server CPU 3.00 ms per move" in line, line
    assert "all 2 server processes together" in "\n".join(setup.summary())
    with pytest.raises(RuntimeError, match="no move was acknowledged"):
        setup.record(1, Tally(elapsed=2.0), server_cpu=1.0)
    assert quantile([], 0.99) == 0.0


def test_process_counts_are_a_list_or_repeated() -> None:
    found = parse(parser(""), ["--postgres", "postgresql://x/y", "--processes", "1,4", "--processes", "8,4"])
    assert found.processes == [1, 4, 8]
    assert parse(parser(""), []).processes == [1]
    assert parse(parser(""), []).seats == "split"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--processes", "2"], "--processes above 1 needs --postgres"),
        (["--postgres", "postgresql://x/y", "--processes", "0,2"], "at least 1 process"),
        (["--postgres", "postgresql://x/y", "--processes", "two"], "not a list of whole numbers"),
        (["--client-processes", "0"], "--client-processes must be from 1 to 32"),
        (["--clients", "8", "--client-processes", "5"], "--client-processes must be from 1 to 4"),
        (["--clients", "1"], "--clients must be at least 2"),
        (["--seconds", "0"], "--seconds must be more than 0"),
        (["--seats", "apart"], "invalid choice: 'apart'"),
        (["--compare", "."], "no hadara_rules package in that folder"),
    ],
)
def test_a_wrong_option_is_told_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = [str(tmp_path) if word == "." else word for word in argv]
    with pytest.raises(SystemExit) as stopped:
        parse(parser(""), argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1, err


@pytest.mark.slow
def test_the_client_processes_spread_new_matches_over_every_server_process(tmp_path: Path) -> None:
    """Two SQLite servers with both seats of a match on one process: each holds matches of its own,
    played by the pairs of both client processes."""
    with server(tmp_path) as first, server(tmp_path) as second, ClientProcesses(2) as clients:
        tally = clients.play([first[0], second[0]], pairs=4, seconds=1.0, seed=1, split=False)
    assert tally.acknowledged > 0 and len(tally.latencies) == tally.acknowledged
    assert tally.delays and tally.cpu > 0
    for port, _ in (first, second):
        with sqlite3.connect(tmp_path / f"bench-{port}.sqlite") as db:
            matches, moves = db.execute(
                "SELECT count(*), (SELECT count(*) FROM entries) FROM matches"
            ).fetchone()
        assert matches >= 2 and moves > 0, (port, matches, moves)


def _bench(*argv: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rounds", "1", "--seconds", "1", "--clients", "8", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _reports(out: str, name: str, processes: str) -> None:
    """The summary of the setup ``name``, every figure in it."""
    block = out.split(f"\n{name}:\n", 1)[1]
    assert re.search(rf"^  acknowledged moves per second: {_SPREAD}$", block, re.MULTILINE), out
    assert re.search(rf"^  move latency p50: {_SPREAD}; p99: {_SPREAD}$", block, re.MULTILINE), out
    assert re.search(rf"^  other seat's update delay p50: {_SPREAD}; p99: {_SPREAD}$", block, re.MULTILINE), (
        out
    )
    assert re.search(
        rf"^  server CPU per acknowledged move, {processes} .*: {_SPREAD}, so about \d+ moves/s per core$",
        block,
        re.MULTILINE,
    ), out


@pytest.mark.slow
def test_the_benchmark_runs_on_sqlite_in_two_client_processes() -> None:
    out = _bench("--idle", "20", "--client-processes", "2")
    assert re.search(r"^SQLite, 1 process, round 1: \d+ moves in [\d.]+ s", out, re.MULTILINE), out
    _reports(out, "SQLite, 1 process", "its 1 server process")
    assert re.search(r"resident memory \(SQLite\): \d+ MB at start, \d+ MB with 20 idle matches", out), out


@pytest.mark.slow
def test_the_benchmark_runs_on_postgres_with_seats_split_and_seats_together(postgres_url: str) -> None:
    split = _bench("--idle", "0", "--postgres", postgres_url, "--processes", "2")
    _reports(
        split,
        "PostgreSQL, 2 processes, each match's seats on two processes",
        "all 2 server processes together",
    )
    assert "resident memory" not in split
    same = _bench("--idle", "0", "--postgres", postgres_url, "--processes", "2", "--seats", "same")
    _reports(
        same, "PostgreSQL, 2 processes, each match's seats on one process", "all 2 server processes together"
    )


@pytest.mark.slow
def test_the_benchmark_compares_another_build_on_sqlite() -> None:
    """This checkout given as the other build: both are measured, their rounds in turn."""
    out = _bench("--idle", "0", "--rounds", "2", "--compare", str(ROOT))
    rounds = re.findall(r"^(SQLite, 1 process(?:, .+)?), round (\d): ", out, re.MULTILINE)
    other = f"SQLite, 1 process, {ROOT}"
    assert rounds == [("SQLite, 1 process", "1"), (other, "1"), (other, "2"), ("SQLite, 1 process", "2")], out
    _reports(out, "SQLite, 1 process", "its 1 server process")
    _reports(out, other, "its 1 server process")


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("stop", "status"),
    [(signal.SIGINT, 1), (signal.SIGTERM, 1), (signal.SIGKILL, -signal.SIGKILL)],
    ids=["ctrl-c", "sigterm", "sigkill"],
)
def test_stopped_mid_round_the_benchmark_ends_every_process_it_started(
    stop: signal.Signals, status: int
) -> None:
    with tempfile.TemporaryFile("w+") as out:
        bench = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--rounds", "1", "--seconds", "30", "--clients", "8"],
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # a process group of its own, as a command typed at a terminal
            preexec_fn=interruptible,  # Ctrl-C as at a terminal, even where the tests run with it ignored
        )
        try:
            deadline = time.monotonic() + 60
            while len(_children(bench.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(3)  # the round under way
            children = _children(bench.pid)
            assert len(children) >= 2, children  # its client process and its server
            if stop == signal.SIGINT:  # as Ctrl-C does: to every process of the group
                os.killpg(bench.pid, stop)
            else:  # to the benchmark alone
                bench.send_signal(stop)
            assert bench.wait(30) == status
        finally:
            if bench.poll() is None:
                bench.kill()
        deadline = time.monotonic() + 15
        while any(_running(child) for child in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_running(child) for child in children)
        out.seek(0)
        said = out.read()
    if stop != signal.SIGKILL:
        assert said.endswith("server.py: stopped; every process it started has ended\n"), said
