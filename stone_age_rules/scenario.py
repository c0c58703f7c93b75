"""Stone Age's part of its scenarios (DESIGN "Scenarios").

The platform reads and runs every game's scenarios alike (:mod:`boardtable.scenario_runner`: the
format version, ``game: stone-age``, title, rules, a whole ``position:`` or this game's keys,
the moves in the notation or as data, and the expectations every game shares: ``illegal``,
``to_act``, ``over``, ``winners``, ``legal_count``, ``digest``). Stone Age adds its own
(:data:`SCENARIO_RULES`): a position stated by ``config`` and ``given`` (the round, phase and
turn, each player's board, the people placed, the display) with the faces of the next dice
rolled (``dice``, FLOW-4: rolled before the seed's), and its own expectations (the phase,
the round, players' counters). It is read by the library's strict reader: every key and type
is checked before anything is played, and a malformed file is a
:class:`~boardtable.errors.ScenarioError` naming the file and the field. :func:`run_scenario`
reports each expectation that does not hold, and what happened on the way, in words.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping

import attrs
import cattrs
from attrs import frozen

from boardtable import reader
from boardtable import scenario as _platform
from boardtable import scenario_runner as _runner
from boardtable.errors import GameError
from boardtable.games import game
from boardtable.scenario import Check, ScenarioReport, ScenarioRules, Source, load_scenario_document

from ._config import GameConfig
from ._events import Event
from ._goods import Kind, Resources
from ._model import GameState, Location, Phase
from ._rules.setup import new_game
from .records import converter
from .text import event_text

__all__ = ["FORMAT_VERSION", "GAME", "SCENARIO_RULES", "ScenarioResult", "run_document", "run_scenario"]

#: The version of the scenario format, and the game a Stone Age scenario names.
FORMAT_VERSION, GAME = _platform.FORMAT_VERSION, "stone-age"


@frozen(kw_only=True)
class _Player:
    """A player's board, given or expected: the counters stated (the others as they are)."""

    food: int | None = None
    wood: int | None = None
    clay: int | None = None
    stone: int | None = None
    gold: int | None = None
    agriculture: int | None = None
    people: int | None = None
    score: int | None = None
    tools: tuple[int, ...] | None = None
    one_time: tuple[int, ...] | None = None
    cards: tuple[str, ...] | None = None
    buildings: tuple[str, ...] | None = None
    #: CIV-12: pairs of resources of choice not yet taken.
    claims: int | None = None


@frozen(kw_only=True)
class _Given:
    round: int | None = None
    phase: Phase | None = None
    turn: int | None = None
    start: int | None = None
    players: dict[int, _Player] = attrs.field(factory=dict)
    #: People standing at each location, by seat.
    placed: dict[Location, dict[int, int]] = attrs.field(factory=dict)
    display: tuple[str | None, ...] | None = None


@frozen(kw_only=True)
class _Expect:
    """What Stone Age's scenarios may expect beside what every game's may."""

    phase: Phase | None = None
    round: int | None = None
    players: dict[int, _Player] = attrs.field(factory=dict)


@frozen(kw_only=True)
class _Start:
    """Stone Age's keys of a scenario: the position they state."""

    config: GameConfig
    given: _Given = attrs.field(factory=_Given)
    dice: tuple[int, ...] = ()


@frozen
class ScenarioResult(ScenarioReport[GameState, tuple[Event, ...]]):
    """What running one Stone Age scenario found: what each move did, in words."""

    @property
    def standing(self) -> str:
        """Where the position stands: the round, the phase and who is to act."""
        state = self.state
        if state.is_over:
            return f"round {state.round}, the game is over"
        return f"round {state.round}, {state.phase}, P{state.to_act[0]} to act"

    def lines(self, told: tuple[Event, ...]) -> list[str]:
        """Each event of a step in words."""
        return [event_text(event) for event in told]


@functools.cache
def _converter() -> cattrs.Converter:
    """The scenario's own keys' converter, made when a scenario is first read (not on import)."""
    return _platform.converter(converter())


def _board(state: GameState, seat: int, given: _Player) -> GameState:
    player = state.players[seat]
    counts = {kind.value: getattr(given, kind.value) for kind in Kind}
    resources = Resources(
        **{k: player.resources.count(Kind(k)) if v is None else v for k, v in counts.items()}
    )
    changed = {
        name: value
        for name in (
            "food",
            "agriculture",
            "people",
            "score",
            "tools",
            "one_time",
            "cards",
            "buildings",
            "claims",
        )
        if (value := getattr(given, name)) is not None
    }
    if "tools" in changed:
        changed["used"] = (False,) * len(given.tools or ())
    boards = list(state.players)
    boards[seat] = attrs.evolve(player, resources=resources, **changed)
    return attrs.evolve(state, players=tuple(boards))


def _start(own: Mapping[str, object], source: Source) -> tuple[GameState, tuple[Event, ...]]:
    """The position ``config`` and ``given`` state from a new game, with ``dice`` to be rolled
    first (nothing happens on its own to settle it)."""
    start: _Start = reader.structure(_converter(), own, _Start, source.error, path="")
    if not all(1 <= face <= 6 for face in start.dice):
        source.fail("dice", "a die shows 1 to 6")
    given = start.given
    players = start.config.players
    for seat in sorted({*given.players, *(seat for people in given.placed.values() for seat in people)}):
        source.no_seat("given", seat, players)
    try:
        state = new_game(start.config)
        fields = {
            name: getattr(given, name)
            for name in ("round", "phase", "turn", "start")
            if getattr(given, name) is not None
        }
        placed = [list(row) for row in state.placed]
        for location, people in given.placed.items():
            for seat, count in people.items():
                placed[location.row][seat] = count
        state = attrs.evolve(
            state,
            placed=tuple(tuple(row) for row in placed),
            display=state.display if given.display is None else given.display,
            stated=start.dice,
            **fields,
        )
        for seat, board in given.players.items():
            state = _board(state, seat, board)
    except (GameError, TypeError, ValueError) as exc:
        source.fail("given", str(exc))
    return state, ()


def _counter(state: GameState, seat: int, name: str) -> object:
    player = state.players[seat]
    if name in Kind._value2member_map_:
        return player.resources.count(Kind(name))
    return getattr(player, name)


def _expect(own: Mapping[str, object], source: Source, players: int) -> Check | None:
    """Stone Age's own expectations read: their check, or None when they state nothing."""
    expect: _Expect = reader.structure(
        _converter(), own, _Expect, lambda message: source.error(f"expect.{message}"), path=""
    )
    for seat in expect.players:
        source.no_seat(f"expect.players.{seat}", seat, players)
    if expect.phase is None and expect.round is None and not expect.players:
        return None
    return lambda state: _check(expect, state)


def _check(expect: _Expect, state: GameState) -> list[str]:
    failures = []
    for name in ("phase", "round"):
        wanted = getattr(expect, name)
        if wanted is not None and getattr(state, name) != wanted:
            failures.append(
                f"{name}: expected {reader.shown(wanted)}, found {reader.shown(getattr(state, name))}"
            )
    for seat, board in expect.players.items():
        for name, wanted in attrs.asdict(board, recurse=False).items():
            found = None if wanted is None else _counter(state, seat, name)
            if wanted is not None and found != wanted:
                failures.append(
                    f"P{seat} {name}: expected {reader.shown(wanted)}, found {reader.shown(found)}"
                )
    return failures


#: Stone Age's part of its scenarios (:attr:`Commands.scenario <boardtable.games.commands.Commands.scenario>`).
SCENARIO_RULES = ScenarioRules(_Start, _start, _Expect, _expect, ScenarioResult)


def run_document(document: Mapping[str, object], path: str) -> ScenarioResult:
    """Run a scenario document read from ``path`` (see the module)."""
    result = _runner.run_document(game(GAME), document, path)
    assert isinstance(result, ScenarioResult)  # the report SCENARIO_RULES names
    return result


def run_scenario(path: str | os.PathLike[str]) -> ScenarioResult:
    """Run one Stone Age scenario file and report every expectation that does not hold."""
    return run_document(load_scenario_document(path), os.fspath(path))
