"""The engine host (:class:`~boardtable.engines.EngineBot`): an engine's legal answer is
played; a late, malformed or illegal answer, a move for another seat, or an engine that
exits is replaced by the stand-in's move with one bounded log line; a failing engine is
started again a few times, then replaced for the game; an engine that writes past its
bounds is killed and replaced for the game, and only the last lines of its standard error
are kept; a decision never outlasts its time; no engine process outlives its host, even
one killed outright."""

from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from boardtable.engines import GRACE, RESTARTS, EngineBot
from boardtable.engines._process import (
    EOF,
    ERROR_BYTES,
    MAX_LINE,
    STRAY_LINES,
    TAIL_BYTES,
    TAIL_LINES,
    Engine,
)
from boardtable.games import game
from hadara_rules import GameConfig, GameState, apply_move, legal_moves, new_game
from hadara_rules.bots import GreedyBot

#: The start of every scripted engine: it answers ``hello``, then ``answer(message)`` gives
#: the line it writes for each turn (None: nothing).
PRELUDE = """
import json, sys, time
def main(answer):
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "ready", "name": "scripted"}), flush=True)
        elif message["type"] == "turn":
            reply = answer(message)
            if reply is not None:
                sys.stdout.write(reply + "\\n")
                sys.stdout.flush()
        elif message["type"] == "quit":
            break
"""


def engine(body: str) -> list[str]:
    """The command of a scripted engine whose ``answer`` is defined by ``body``."""
    return [sys.executable, "-c", PRELUDE + textwrap.dedent(body) + "\nmain(answer)\n"]


FIRST = 'def answer(m): return json.dumps({"type": "move", "move": m["legal"][-1]["notation"]})'


def decision(ply: int = 9) -> tuple[GameState, int]:
    """A position of a 3-player game after ``ply`` random moves, and the seat to act."""
    state = new_game(GameConfig(players=3, seed=4))
    rng = random.Random(1)
    while state.ply < ply:
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    return state, state.to_act[0]


def stand_in_move(state: GameState, seat: int) -> object:
    return GreedyBot(random.Random("seed:stand-in")).choose(state, seat, legal_moves(state, seat))


def test_a_legal_answer_is_played_and_the_engine_sees_the_seats_view_only() -> None:
    state, seat = decision()
    body = """
    from hadara_rules import GameState
    from hadara_rules.records import from_data
    def answer(m):
        view = from_data(m["view"], GameState)
        assert view.viewer == m["seat"]
        return json.dumps({"type": "move", "move": m["legal"][-1]["move"]})
    """
    with EngineBot(engine(body), seat, "seed") as bot:
        assert bot.choose(state, seat) == legal_moves(state, seat)[-1]
        assert bot.replaced == 0 and bot.name == "scripted"


def test_a_stone_age_seat_is_played_from_its_view_and_an_illegal_answer_names_stone_age_s_rule(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The engine of a Stone Age seat is told its game, sees the seat's view (INFO-1: no seed,
    so no roll can be foreseen); an answer the rules refuse is logged with Stone Age's rule
    and replaced by Stone Age's stand-in, the greedy bot."""
    played = game("stone-age")
    state = played.new(played.read_options({}, 2, 4))
    seat = played.to_act(state)[0]
    body = """
    from boardtable.games import game
    def answer(m):
        view = game("stone-age").read_position(m["view"])
        assert view.config.seed == 0 and m["legal"][0]["notation"] == "P0 place hunting 1"
        return json.dumps({"type": "move", "move": "P0 place hunting " + str(len(m["legal"]))})
    """
    with EngineBot(engine(body), seat, "seed", game=played) as bot, caplog.at_level(logging.WARNING):
        move = bot.choose(state, seat)
    assert move == played.bot("greedy", "seed:stand-in", 1.0).choose(state, seat)
    assert bot.replaced == 1 and bot.failures == 0
    (line,) = [r.getMessage() for r in caplog.records if r.name == "boardtable.engines"]
    assert f"answered an illegal move, P0 place hunting {len(played.moves(state, seat))}: PLACE-1:" in line


BAD_ANSWERS = {
    "garbage": ('def answer(m): return "}}not json"', "answered '}}not json': malformed JSON"),
    "another seat": (
        'def answer(m):\n    d = dict(m["legal"][0]["move"]); d["player"] = (m["seat"] + 1) % 3\n'
        '    return json.dumps({"type": "move", "move": d})',
        "answered a move for player",
    ),
    "illegal move": (
        'def answer(m): return json.dumps({"type": "move", "move": "P" + str(m["seat"]) + " gold"})',
        "answered an illegal move, P0 gold: FLOW-",
    ),
    "unknown move": ('def answer(m): return json.dumps({"type": "move", "move": "fly away"})', "answered"),
    "wrong type": ('def answer(m): return json.dumps({"type": "ready"})', "expected a 'move' message"),
}


@pytest.mark.parametrize("case", sorted(BAD_ANSWERS))
def test_a_bad_answer_is_replaced_by_the_stand_in_with_one_bounded_line(
    case: str, caplog: pytest.LogCaptureFixture
) -> None:
    body, why = BAD_ANSWERS[case]
    state, seat = decision()
    with EngineBot(engine(body), seat, "seed", ms=20_000) as bot, caplog.at_level(logging.WARNING):
        assert bot.choose(state, seat) == stand_in_move(state, seat)
        assert bot.replaced == 1 and bot.failures == 0  # the engine keeps playing
        pid = bot.pid
        bot.choose(state, seat)
        assert bot.pid == pid and bot.replaced == 2
    lines = [r.getMessage() for r in caplog.records if r.name == "boardtable.engines"]
    assert len(lines) == 2
    assert why in lines[0] and "the stand-in plays" in lines[0]
    assert "\n" not in lines[0] and len(lines[0]) < 400


def test_a_late_engine_is_replaced_and_started_again(caplog: pytest.LogCaptureFixture) -> None:
    state, seat = decision()
    with EngineBot(engine("def answer(m): time.sleep(60)"), seat, "seed", ms=300) as bot:
        with caplog.at_level(logging.WARNING):
            assert bot.choose(state, seat) == stand_in_move(state, seat)
        assert bot.pid is None  # stopped after being late
        assert bot.start() and bot.pid is not None  # and started again
        with caplog.at_level(logging.WARNING):
            assert bot.choose(state, seat) == stand_in_move(state, seat)
    assert caplog.text.count("did not answer within 300 ms; started again at its next decision") == 2
    assert bot.failures == 2 and not bot.retired


def test_a_decision_never_outlasts_its_time() -> None:
    state, seat = decision()
    with EngineBot(engine("def answer(m): time.sleep(60)"), seat, "seed", ms=60_000) as bot:
        assert bot.start()  # started ahead: the decision's own time is measured
        started = time.monotonic()
        assert bot.choose(state, seat, ms=200) == stand_in_move(state, seat)
        assert time.monotonic() - started < 0.2 + GRACE + 0.5


def test_an_engine_that_keeps_exiting_is_replaced_for_the_rest_of_the_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    starts = tmp_path / "starts"
    body = f"""
    open({str(starts)!r}, "a").write("started\\n")
    def answer(m): sys.exit(3)
    """
    state, seat = decision()
    with EngineBot(engine(body), seat, "seed") as bot, caplog.at_level(logging.WARNING):
        for _ in range(RESTARTS + 3):
            assert bot.choose(state, seat) == stand_in_move(state, seat)
        assert bot.retired
    assert starts.read_text().count("started") == RESTARTS + 1
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == RESTARTS + 1  # one line per failure, none after the seat is replaced
    assert "exited; started again" in lines[0]
    assert lines[-1].endswith(
        f"exited; replaced by the stand-in for the rest of the game; the stand-in plays {stand_in_move(state, seat)}"
    )


def test_an_engine_that_cannot_start_is_replaced(caplog: pytest.LogCaptureFixture) -> None:
    state, seat = decision()
    with EngineBot(["/nonexistent/engine"], seat, "seed") as bot, caplog.at_level(logging.WARNING):
        assert bot.choose(state, seat) == stand_in_move(state, seat)
    assert "cannot be started" in caplog.text


def _ended(pid: int, within: float = 20.0) -> bool:
    """Whether the child ``pid`` ends within ``within`` seconds (left for its host to reap)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return True
        time.sleep(0.01)
    return False


#: An engine that, once ready, writes short lines on its standard output for ever.
FLOODS_OUTPUT = """
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "flood"}), flush=True)
while True:
    sys.stdout.write("x\\n" * 1000)
    sys.stdout.flush()
"""

#: An engine that, once ready, writes long lines on its standard error for ever, each with a
#: terminal's escape sequence in it.
FLOODS_ERRORS = """
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "noisy"}), flush=True)
sys.stderr.write("the first line\\n")
while True:
    sys.stderr.write("Traceback \\x1b[31m" + "e" * 10_000 + "\\n")
    sys.stderr.flush()
"""


def test_what_an_engine_writes_unasked_is_dropped_counted_and_bounded() -> None:
    """The lines no question asked for are dropped and counted; past the bound the engine is
    killed at once and nothing more is read: the queue never held more than the answer and
    the end."""
    engine = Engine([sys.executable, "-c", FLOODS_OUTPUT])
    try:
        assert engine.ask(b'{"type": "hello"}\n', time.monotonic() + 20)
        assert b'"ready"' in (engine.line(time.monotonic() + 20) or b"")
        assert _ended(engine.process.pid)
        assert engine.over == f"wrote more than {STRAY_LINES} lines between two turns"
        assert engine.strays == (STRAY_LINES + 1, 2 * (STRAY_LINES + 1))  # read no further
        assert engine.line(time.monotonic() + 5) == EOF
        assert engine.line(time.monotonic()) is None
    finally:
        engine.close()


def test_an_engine_that_floods_its_output_is_stopped_and_replaced_for_the_game(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state, seat = decision()
    with (
        EngineBot([sys.executable, "-c", FLOODS_OUTPUT], seat, "seed") as bot,
        caplog.at_level(logging.WARNING),
    ):
        assert bot.start()
        pid = bot.pid
        assert pid is not None and _ended(pid)  # killed the moment it went over its bound
        for _ in range(3):
            assert bot.choose(state, seat) == stand_in_move(state, seat)
        assert bot.retired and bot.pid is None and bot.replaced == 3
    (line,) = [r.getMessage() for r in caplog.records]  # one line, at the seat's next decision
    assert f"flood (player {seat}), ply 9: wrote more than {STRAY_LINES} lines between two turns; " in line
    assert line.endswith(
        f"stopped, and replaced by the stand-in for the rest of the game; the stand-in plays {stand_in_move(state, seat)}"
    )


def test_an_answer_longer_than_a_line_may_be_stops_the_engine_for_the_game(
    caplog: pytest.LogCaptureFixture,
) -> None:
    body = 'def answer(m):\n    sys.stdout.write("x" * (100 << 20)); return ""'
    state, seat = decision()
    with EngineBot(engine(body), seat, "seed", ms=20_000) as bot, caplog.at_level(logging.WARNING):
        assert bot.choose(state, seat) == stand_in_move(state, seat)
        assert bot.retired and bot.pid is None and bot.replaced == 1
    (line,) = [r.getMessage() for r in caplog.records]
    assert f"wrote a line longer than {MAX_LINE} bytes; stopped, and replaced by the stand-in" in line


def test_an_engine_that_floods_its_standard_error_is_stopped_and_its_last_lines_logged_clipped(
    caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    state, seat = decision()
    with (
        EngineBot([sys.executable, "-c", FLOODS_ERRORS], seat, "seed") as bot,
        caplog.at_level(logging.WARNING),
    ):
        assert bot.start()
        pid = bot.pid
        assert pid is not None and _ended(pid)
        assert bot.choose(state, seat) == stand_in_move(state, seat)
        assert bot.retired
    why, words = [r.getMessage() for r in caplog.records]
    assert f"wrote more than {ERROR_BYTES} bytes on its standard error between two turns; stopped" in why
    assert words.startswith(
        f"engine noisy (player {seat}): the last lines of its standard error: 'Traceback "
    )
    assert words.count("Traceback") >= TAIL_LINES - 1 and "the first line" not in words
    assert "\x1b" not in words and len(words) < TAIL_LINES * 130 + 100  # each line clipped
    assert capfd.readouterr().err == ""  # none of it reached this process's standard error


def test_an_engine_s_standard_error_is_kept_in_a_small_ring() -> None:
    engine = Engine([sys.executable, "-c", FLOODS_ERRORS])
    try:
        assert engine.ask(b'{"type": "hello"}\n', time.monotonic() + 20)
        assert _ended(engine.process.pid)
    finally:
        engine.close()
    kept = engine.said()
    assert 1 <= len(kept) <= TAIL_LINES and all(len(line) <= TAIL_BYTES for line in kept)
    assert kept[0].startswith(b"Traceback \x1b[31meee")


def _gone(pid: int, within: float = 5.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


#: An engine that hangs once ready, deaf to SIGTERM and its input; given a file name, it
#: first starts a child of its own and writes the child's process id there.
HUNG = """
import json, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
if len(sys.argv) > 1:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    open(sys.argv[1], "w").write(str(child.pid))
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "hung"}), flush=True)
time.sleep(600)
"""


def test_closing_the_host_stops_the_engine_and_what_it_started(tmp_path: Path) -> None:
    bot = EngineBot([sys.executable, "-c", HUNG, str(tmp_path / "child")], 0, "seed")
    assert bot.start()
    engine = bot.pid
    assert engine is not None
    child = int((tmp_path / "child").read_text())
    assert not _gone(child, within=0.1)
    bot.close()
    assert _gone(engine)
    assert _gone(child)
    assert bot.pid is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's watch is Linux's")
def test_no_engine_outlives_a_host_killed_outright(tmp_path: Path) -> None:
    """The caller is killed with SIGKILL while its engine hangs in a decision."""
    caller = textwrap.dedent(
        f"""
        import sys, threading, time
        from hadara_rules import GameConfig, new_game
        from boardtable.engines import EngineBot
        bot = EngineBot([sys.executable, "-c", {HUNG!r}], 0, "seed", ms=600000)
        state = new_game(GameConfig(players=2, seed=1))
        threading.Thread(target=bot.choose, args=(state, state.to_act[0]), daemon=True).start()
        while bot.pid is None:
            time.sleep(0.01)
        print(bot.pid, flush=True)
        time.sleep(600)
        """
    )
    process = subprocess.Popen([sys.executable, "-c", caller], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    engine = int(process.stdout.readline())
    assert not _gone(engine, within=0.2)
    process.send_signal(signal.SIGKILL)
    process.wait()
    process.stdout.close()
    assert _gone(engine)
