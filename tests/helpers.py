"""Helpers the tests share (plain functions; fixtures and Hypothesis profiles live in ``conftest.py``)."""

from __future__ import annotations

import hashlib
import importlib
import io
import pkgutil
import random
import signal
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any

import pytest

import hadara_rules
from boardtable.cli import main
from boardtable.games import names
from hadara_rules import GameConfig, GameState, apply_move, apply_move_with_events, legal_moves, new_game
from hadara_rules.records import GameRecord, to_json
from hadara_rules.scenario import ScenarioResult, position_of, run_document


def run(doc: Mapping[str, Any]) -> ScenarioResult:
    """Run a scenario given as a mapping (format version filled in) and check its expectations."""
    return run_document({"scenario": 1, **doc}, source="<test>")


def scenario_position(doc: Mapping[str, Any]) -> GameState:
    """The position a scenario given as a mapping describes (format version filled in; no expectations)."""
    return position_of({"scenario": 1, **doc}, source="<test>")


def told(record: GameRecord) -> dict[str, object]:
    """How many events replaying ``record`` tells, and the SHA-256 of them (each as JSON, one a line)."""
    state = new_game(record.config)
    digest, count = hashlib.sha256(), 0
    for move in record.moves:
        state, events = apply_move_with_events(state, move)
        for event in events:
            digest.update(to_json(event).encode() + b"\n")
            count += 1
    return {"events": count, "events_sha256": digest.hexdigest()}


def seeded_game(players: int, advanced: bool, seed: int) -> Iterator[GameState]:
    """Every position of a game of random legal moves, from the first to the last: the
    game's and the moves' randomness both drawn from ``seed``."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    while not state.is_over:
        yield state
        state = apply_move(state, rng.choice(legal_moves(state)))
    yield state


def package_modules() -> list[ModuleType]:
    """Every module of the package that imports here: one of an optional extra that is not
    installed is left out (its import fails for a missing module, or names the extra to
    install, caused by the missing module); any other failure to import is raised."""
    modules = []
    for info in pkgutil.walk_packages(hadara_rules.__path__, "hadara_rules."):
        try:
            modules.append(importlib.import_module(info.name))
        except ImportError as refused:
            if missing_module(refused) is None:
                raise
    return modules


def missing_module(refused: ImportError) -> str | None:
    """The module an import found missing, directly or as the cause of a module's own refusal
    (``hadara_rules.rl`` names the extra to install); None for any other import failure."""
    missing = refused if isinstance(refused, ModuleNotFoundError) else refused.__cause__
    return missing.name if isinstance(missing, ModuleNotFoundError) else None


def play_typed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str, *argv: str
) -> tuple[int, str, str]:
    """``hadara play ARGV`` with ``typed`` as its standard input: its status, output and errors."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused_in_one_line(
    command: Callable[[list[str]], int], argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``command(argv)`` (a ``main`` of the command line) exits with status 2 and says
    ``message`` in one line, with no traceback."""
    try:
        code = command(argv)
    except SystemExit as exc:  # argparse's refusals exit; the others return
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def hadara_first_others_slow() -> list[Any]:
    """Every game's name as a test parameter: Hadara's in the default run, the others' with
    the slow tests (for whole games through code that is the same for every game)."""
    return [name if name == "hadara" else pytest.param(name, marks=pytest.mark.slow) for name in names()]


def whole_log(get: Callable[[str], Any], match: str) -> list[dict[str, Any]]:
    """Every entry of a match's log, page after page (``GET …/log`` is paged); ``get`` takes
    a path from ``/api`` on and gives the answer (an httpx or test client's ``get``)."""
    entries: list[dict[str, Any]] = []
    since: int | None = 0
    while since is not None:
        page = get(f"/api/matches/{match}/log?since={since}&limit=500").json()
        entries += page["entries"]
        since = page["next"]
    return entries


def undescribed(node: object, where: str = "") -> Iterator[str]:
    """Every property of a JSON Schema without a description (conditions of if/then/else aside)."""
    if isinstance(node, dict):
        for name, value in node.get("properties", {}).items():
            if "description" not in value:
                yield f"{where}.{name}"
        for key, value in node.items():
            if key not in ("if", "then", "else"):
                yield from undescribed(value, f"{where}/{key}")
    elif isinstance(node, list):
        for value in node:
            yield from undescribed(value, where)


def interruptible() -> None:
    """A child process's ``preexec_fn``: Ctrl-C (SIGINT) as by default, even where the tests run
    with it ignored (a job started in the background by a shell that is not interactive), so
    that the child's Python raises ``KeyboardInterrupt`` on it, as a person's terminal has it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
