"""What the conformance tests share: random games played through the game interface, what a
game offers beside the interface, and the suite's Hypothesis settings."""

from __future__ import annotations

import importlib
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from attrs import frozen
from hypothesis import settings
from toy_game import ENVIRONMENT as TOY

from boardtable.games import ENVIRONMENT, AnyGame

#: The tests' folder, where a process of its own finds the toy (``toy_game``).
TESTS = Path(__file__).resolve().parents[1]
#: Moves of the random games of the default run: enough to reach the second part of a
#: game (a Hadara epoch's picking, a Stone Age round's feeding), few enough to keep each
#: game's default run cheap; the slow tests play whole games.
STEPS = 40


@frozen
class Walk:
    """A game of random moves: its options, every position (the first before any move), the
    moves, and the events of each move."""

    options: Any
    states: list[Any]
    moves: list[Any]
    events: list[tuple[Any, ...]]


def walk(played: AnyGame, players: int, seed: int, steps: int | None = STEPS) -> Walk:
    """A game of ``players`` seats dealt from ``seed``, played by random moves of random seats
    to act (drawn from ``seed``) for ``steps`` moves or to its end (None: to its end)."""
    options = played.read_options({}, players, seed)
    state = played.new(options)
    rng = random.Random(seed)
    found = Walk(options, [state], [], [])
    while not played.is_over(state) and (steps is None or len(found.moves) < steps):
        seat = rng.choice(played.to_act(state))
        move = rng.choice(played.moves(state, seat))
        state, events = played.play(state, move)
        found.states.append(state)
        found.moves.append(move)
        found.events.append(events)
    return found


def toy_environment() -> dict[str, str]:
    """What a process of its own needs to find the toy: ``BOARDTABLE_GAMES`` naming it, and the
    tests' folder on ``PYTHONPATH``."""
    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
    return {ENVIRONMENT: TOY, "PYTHONPATH": path}


def sizes(played: AnyGame) -> tuple[int, ...]:
    """The fewest and the most seats of a game (once where they are the same)."""
    return tuple(sorted(set(played.seats)))


def beside(played: AnyGame, attribute: str, submodule: str | None = None) -> Any:
    """What a game offers beside the interface, where every game here keeps it: in the module
    that defines its :class:`~boardtable.games.Game`, else at the top of its package or in the
    package's ``submodule`` (``hadara_rules.sample_world``, ``stone_age_rules.schema.SCHEMAS``,
    the toy's both in its one file); None where it has none."""
    home = type(played).__module__
    package = home.partition(".")[0]
    for place in (home, package if submodule is None else f"{package}.{submodule}"):
        try:
            module = importlib.import_module(place)
        except ImportError:
            continue
        if hasattr(module, attribute):
            return getattr(module, attribute)
    return None


def as_sent(document: object) -> Any:
    """A document as it travels: written as JSON text and read back."""
    return json.loads(json.dumps(document))


def rule_ids(data: object) -> Iterator[str]:
    """Every rule ID a document names: the value of each ``rule`` field and the items of each
    ``rules`` list, wherever they lie in it."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "rule" and isinstance(value, str):
                yield value
            elif key == "rules" and isinstance(value, list):
                yield from (item for item in value if isinstance(item, str))
            else:
                yield from rule_ids(value)
    elif isinstance(data, list):
        for item in data:
            yield from rule_ids(item)


def one_line(text: object) -> bool:
    """Whether ``text`` is a text of one line, not empty."""
    return isinstance(text, str) and bool(text.strip()) and "\n" not in text


def examples(share: float) -> settings:
    """The active Hypothesis profile (``tests/conftest.py``) with ``share`` of its examples."""
    base = settings.get_profile(settings.get_current_profile_name())
    return settings(base, max_examples=max(1, round(base.max_examples * share)))
