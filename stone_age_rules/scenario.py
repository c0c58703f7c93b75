"""Stone Age scenarios: Hadara's scenario format (``spec/scenarios``) for Stone Age's rules.

A scenario (``scenario: 1`` and ``game: stone-age``) states a position (``config`` and
``given``: the round, phase and turn, each player's board, the people placed, the
display), the faces of the next dice rolled (``dice``, FLOW-4: rolled before the
seed's), plays ``moves`` (in the notation) and states what must follow (``expect``:
a refused move and its rule, who is to act, players' counters, the phase and round).
It is read by the library's strict reader: every key and type is checked before
anything is played, and a malformed file is a :class:`~boardtable.errors.ScenarioError`
naming the file and the field. :func:`run_scenario` reports each expectation that does
not hold, and what happened on the way, in words.
"""

from __future__ import annotations

import os

import attrs
from attrs import frozen

from boardtable import reader
from boardtable.errors import GameError, IllegalMove, ScenarioError
from boardtable.scenario import ScenarioReport, load_scenario_document

from ._config import GameConfig
from ._engine import apply_move_with_events
from ._goods import Kind, Resources
from ._model import LOCATIONS, GameState, Location, Phase
from ._notation import parse_move
from ._rules.setup import new_game
from .records import converter
from .rulebook import rules
from .text import event_text

__all__ = ["FORMAT_VERSION", "GAME", "ScenarioResult", "run_document", "run_scenario"]

#: The version of the scenario format, and the game a Stone Age scenario names.
FORMAT_VERSION, GAME = 1, "stone-age"


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


@frozen
class _Illegal:
    #: The index of the move refused (the moves after it are not played).
    move: int
    rule: str


@frozen(kw_only=True)
class _Expect:
    illegal: _Illegal | None = None
    to_act: tuple[int, ...] | None = None
    phase: Phase | None = None
    round: int | None = None
    players: dict[int, _Player] = attrs.field(factory=dict)


@frozen(kw_only=True)
class _Scenario:
    scenario: int
    game: str
    title: str
    rules: tuple[str, ...]
    notes: str | None = None
    config: GameConfig
    given: _Given = attrs.field(factory=_Given)
    dice: tuple[int, ...] = ()
    moves: tuple[str, ...] = ()
    expect: _Expect


@frozen
class ScenarioResult(ScenarioReport[GameState, tuple[str, ...]]):
    """What running one Stone Age scenario found: what each move did, in words."""

    @property
    def standing(self) -> str:
        """Where the position stands: the round, the phase and who is to act."""
        state = self.state
        if state.is_over:
            return f"round {state.round}, the game is over"
        return f"round {state.round}, {state.phase}, P{state.to_act[0]} to act"


_CONVERTER = converter()


def _read(document: object, path: str) -> _Scenario:
    def error(message: str) -> ScenarioError:
        return ScenarioError(f"{path}: {message}")

    scenario: _Scenario = reader.structure(_CONVERTER, document, _Scenario, error, path="")
    if scenario.scenario != FORMAT_VERSION or scenario.game != GAME:
        raise error(f"scenario: expected format {FORMAT_VERSION} of game {GAME}")
    unknown = [rule for rule in scenario.rules if rule not in rules()]
    if unknown:
        raise error(f"rules: {reader.shown(unknown[0])} is no Stone Age rule ID")
    if not all(1 <= face <= 6 for face in scenario.dice):
        raise error("dice: a die shows 1 to 6")
    seats = {*scenario.given.players, *scenario.expect.players}
    seats |= {seat for people in scenario.given.placed.values() for seat in people}
    if not seats <= set(range(scenario.config.players)):
        raise error(f"no seat {max(seats)} in a {scenario.config.players}-player game")
    return scenario


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


def _position(scenario: _Scenario) -> GameState:
    """The position ``given`` states, from a new game of ``config``."""
    given = scenario.given
    state = new_game(scenario.config)
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
        stated=scenario.dice,
        **fields,
    )
    for seat, board in given.players.items():
        state = _board(state, seat, board)
    return state


def _counter(state: GameState, seat: int, name: str) -> object:
    player = state.players[seat]
    if name in Kind._value2member_map_:
        return player.resources.count(Kind(name))
    return getattr(player, name)


def _check(expect: _Expect, state: GameState, refused: tuple[int, IllegalMove] | None) -> list[str]:
    failures = []
    if expect.illegal is not None:
        if refused is None:
            failures.append(
                f"move {expect.illegal.move} was expected to be refused by {expect.illegal.rule}; it was played"
            )
        elif (refused[0], refused[1].rule) != (expect.illegal.move, expect.illegal.rule):
            failures.append(
                f"expected move {expect.illegal.move} refused by {expect.illegal.rule}; "
                f"move {refused[0]} was refused by {refused[1].rule}: {refused[1].reason}"
            )
    elif refused is not None:
        failures.append(f"move {refused[0]} was refused by {refused[1].rule}: {refused[1].reason}")
    for name in ("to_act", "phase", "round"):
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


def run_document(document: object, path: str) -> ScenarioResult:
    """Run a scenario document read from ``path`` (see the module)."""
    scenario = _read(document, path)
    try:
        state = _position(scenario)
    except (GameError, TypeError, ValueError) as exc:
        raise ScenarioError(f"{path}: given: {exc}") from None
    log: list[tuple[str, tuple[str, ...]]] = []
    refused: tuple[int, IllegalMove] | None = None
    for index, written in enumerate(scenario.moves):
        try:
            move = parse_move(written)
        except GameError as exc:
            raise ScenarioError(f"{path}: moves[{index}]: {exc}") from None
        try:
            state, events = apply_move_with_events(state, move)
        except IllegalMove as exc:
            refused = (index, exc)
            log.append((f"move {index}: {written}", (f"refused by {exc.rule}: {exc.reason}",)))
            break
        log.append((f"move {index}: {written}", tuple(event_text(event) for event in events)))
    failures = _check(scenario.expect, state, refused)
    return ScenarioResult(path, scenario.title, tuple(failures), state, scenario.rules, tuple(log))


def run_scenario(path: str | os.PathLike[str]) -> ScenarioResult:
    """Run one Stone Age scenario file and report every expectation that does not hold."""
    return run_document(load_scenario_document(path), os.fspath(path))


LOCATION_NAMES = tuple(location.value for location in LOCATIONS)
