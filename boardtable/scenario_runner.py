"""Running a scenario of any game (DESIGN "Scenarios"): the format is
:mod:`boardtable.scenario`'s; here it is read and played through the game interface.

:func:`run_document` reads the keys every game shares, starts from the scenario's
``position:`` (:meth:`Game.read_position <boardtable.games.Game.read_position>`) or from the
game's own keys (:attr:`ScenarioRules.start <boardtable.scenario.ScenarioRules.start>`; a game
without a part of its own from ``config:``, :meth:`Game.read_options
<boardtable.games.Game.read_options>`), plays the moves (:meth:`Game.play
<boardtable.games.Game.play>`), checks for every game that the move ``illegal`` names is
refused for its rule and that refusing it changes nothing (the position's digest and
document before and after), and reports every expectation that does not hold, the game's own
beside the platform's. :func:`position_of` is the position a scenario leads to, its
expectations unchecked.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import cattrs
from attrs import frozen

from . import reader
from .errors import GameError, IllegalMove, ScenarioError
from .reader import clip, label, shown
from .scenario import FORMAT_VERSION, Check, Expect, Illegal, ScenarioReport, ScenarioRules, Source, converter

if TYPE_CHECKING:
    from .games import AnyGame, Game

#: A game's positions.
_S = TypeVar("_S")

__all__ = ["EXPECT_KEYS", "TOP_KEYS", "position_of", "run_document"]


@frozen(kw_only=True)
class _Head:
    """The keys of a scenario every game reads alike, but its position and moves."""

    scenario: int
    game: str | None = None
    title: str | None = None
    rules: tuple[str, ...] = ()
    notes: str | None = None


#: The top-level keys the platform reads.
TOP_KEYS = (*attrs.fields_dict(_Head), "position", "moves", "expect")
EXPECT_KEYS = tuple(attrs.fields_dict(Expect))


@functools.cache
def _converter() -> cattrs.Converter:
    """The converter of the keys every game reads, made when a scenario is first read."""
    return converter()


@frozen
class _Scenario:
    """A scenario read: the platform's part, and the game's."""

    head: _Head
    position: object
    moves: tuple[object, ...]
    expect: Expect
    own: dict[str, object]
    own_expect: dict[str, object]


def _split(
    document: Mapping[str, object], ours: Sequence[str], theirs: frozenset[str], where: str, source: Source
) -> tuple[dict[str, object], dict[str, object]]:
    """``document``'s keys split into the platform's and the game's; any other refused."""
    for key in document:
        if key not in ours and key not in theirs:
            known = ", ".join((*ours, *sorted(theirs)))
            source.fail(where or "top level", f"unknown key {label(key)} (expected {known})")
    return (
        {key: value for key, value in document.items() if key in ours},
        {key: value for key, value in document.items() if key not in ours},
    )


def _read(game: AnyGame, top: Mapping[str, object], rules: ScenarioRules | None, source: Source) -> _Scenario:
    """The platform's keys read and checked (the game's set aside for its part)."""
    if not isinstance(top, Mapping):
        source.fail("top level", f"expected a mapping, found {shown(top)}")
    ours, own = _split(top, TOP_KEYS, rules.keys if rules else frozenset({"config"}), "", source)
    head: _Head = reader.structure(
        _converter(),
        {k: v for k, v in ours.items() if k in attrs.fields_dict(_Head)},
        _Head,
        source.error,
        path="",
    )
    if head.scenario != FORMAT_VERSION:
        source.fail("scenario", f"the format version must be {FORMAT_VERSION}, not {shown(head.scenario)}")
    if head.game is not None and head.game != game.name:
        source.fail("game", f"a scenario of {shown(head.game)}, not of {game.name}")
    for index, rule in enumerate(head.rules):
        _known_rule(game, rule, f"rules[{index}]", source)
    expect_document = ours.get("expect")
    if expect_document is not None and not isinstance(expect_document, Mapping):
        source.fail("expect", f"expected a mapping, found {shown(expect_document)}")
    mine, own_expect = _split(
        expect_document or {}, EXPECT_KEYS, rules.expect_keys if rules else frozenset(), "expect", source
    )
    expect: Expect = reader.structure(
        _converter(), mine, Expect, lambda m: source.error(f"expect.{m}"), path=""
    )
    if expect.illegal is not None:
        _known_rule(game, expect.illegal.rule, "expect.illegal.rule", source)
    position = ours.get("position")
    if position is not None and own:
        source.fail(
            "position",
            f"a scenario starts from its position or from {', '.join(map(label, own))}, not from both",
        )
    return _Scenario(head, position, _moves(game, ours.get("moves", ()), source), expect, own, own_expect)


def _known_rule(game: AnyGame, rule: str, where: str, source: Source) -> None:
    found = game.rule(rule)
    if found is None or found.get("id") != rule:
        source.fail(
            where,
            f"no rule {shown(rule)} in the rule index of {game.title} (see 'hadara rules --game {game.name}')",
        )


def _moves(game: AnyGame, given: object, source: Source) -> tuple[object, ...]:
    """Each move as the game reads it (its data, or its notation)."""
    if not isinstance(given, list | tuple):
        source.fail("moves", f"expected a list of moves, found {shown(given)}")
    moves = []
    for index, item in enumerate(given):
        try:
            moves.append(game.read_move(item))
        except GameError as exc:
            text = str(exc)
            path, problem = "", text
            if text.startswith("$.data"):  # the game reads a move's data as a move document's
                path, _, problem = text.removeprefix("$.data").partition(": ")
            source.fail(f"moves[{index}]{path}", clip(problem))
    return tuple(moves)


# --------------------------------------------------------------------------- the position


def _start(
    game: AnyGame, scenario: _Scenario, rules: ScenarioRules | None, source: Source
) -> tuple[Any, tuple[object, ...]]:
    """The position the scenario starts from, and what the game did on its own to settle it."""
    if scenario.position is not None:
        try:
            return game.read_position(scenario.position), ()
        except GameError as exc:
            source.fail("position", clip(str(exc), 300))
    if rules is not None and scenario.own:
        return rules.start(scenario.own, source)
    config = scenario.own.get("config")
    if not isinstance(config, Mapping):
        source.fail("config", "a scenario starts from a position: or from a config: (players, seed, options)")
    players, seed = config.get("players"), config.get("seed", 0)
    if type(players) is not int or type(seed) is not int:
        source.fail("config", "players and seed are whole numbers")
    try:
        options = game.read_options(
            {k: v for k, v in config.items() if k not in ("players", "seed")}, players, seed
        )
        return game.new(options), ()
    except GameError as exc:
        source.fail("config", clip(str(exc)))


def _seats(game: AnyGame, state: object) -> int:
    """How many seats the game at ``state`` has (one score each)."""
    return len(game.totals(state))


def _check_seats(game: AnyGame, scenario: _Scenario, players: int, source: Source) -> None:
    """Every seat the platform's keys name exists in the game, the players of the moves too."""
    expect = scenario.expect
    for key in ("to_act", "winners"):
        for index, seat in enumerate(getattr(expect, key) or ()):
            source.no_seat(f"expect.{key}[{index}]", seat, players)
    for seat in expect.legal_count or ():
        source.no_seat(f"expect.legal_count.{seat}", seat, players)
    for index, move in enumerate(scenario.moves):
        source.no_seat(f"moves[{index}].player", game.mover(move), players)
    if expect.illegal is not None and expect.illegal.move >= len(scenario.moves):
        source.fail("expect.illegal.move", f"there is no move {shown(expect.illegal.move)}")


# --------------------------------------------------------------------------- running


@frozen
class _Report(ScenarioReport[Any, tuple[object, ...]]):
    """The report of a game without one of its own: in the words of its interface."""

    played: AnyGame | None = None

    @property
    def standing(self) -> str:
        """Who is to act, or that the game is over."""
        assert self.played is not None
        acting = self.played.to_act(self.state)
        return ", ".join(f"P{seat}" for seat in acting) + " to act" if acting else "the game is over"

    def lines(self, told: tuple[object, ...]) -> list[str]:
        """Each event's text (:meth:`Game.event_data <boardtable.games.Game.event_data>`)."""
        assert self.played is not None
        return [str(self.played.event_data(event).get("text")) for event in told]


def run_document(
    game: Game[Any, _S, Any, Any, Any], top: Mapping[str, object], source: str = "<scenario>"
) -> ScenarioReport[_S, Any]:
    """Run a scenario of ``game`` already read into a mapping (``source`` names it in
    messages): its report, whose failures are every expectation that does not hold."""
    rules = game.commands().scenario
    where = Source(source, rules.error if rules else ScenarioError)
    scenario = _read(game, top, rules, where)
    state, settling = _start(game, scenario, rules, where)
    players = _seats(game, state)
    own: Check | None = None
    if rules is not None:
        own = rules.expect(scenario.own_expect, where, players)
    if own is None and not any(value is not None for value in attrs.astuple(scenario.expect, recurse=False)):
        where.fail(
            "expect", "a scenario states at least one expectation (one that expects nothing proves nothing)"
        )
    _check_seats(game, scenario, players, where)
    log: list[tuple[str, tuple[object, ...]]] = [("given", settling)]
    state, failures, refused = _play(game, state, scenario.moves, scenario.expect.illegal, log)
    failures.extend(_expected(game, state, scenario.expect))
    if own is not None:
        failures.extend(own(state))
    head = scenario.head
    title = head.title if head.title is not None else Path(source).name
    found = (source, title, tuple(failures), state, head.rules, tuple(log), refused)
    return rules.report(*found) if rules else _Report(*found, played=game)


def position_of(
    game: Game[Any, _S, Any, Any, Any], top: Mapping[str, object], source: str = "<scenario>"
) -> _S:
    """The position a scenario's start and ``moves`` lead to, its ``expect`` unchecked: how
    a fixed position is described for a test or a tool. Every move must be legal (a refusal is
    the game's scenario error naming the move and the rule)."""
    rules = game.commands().scenario
    where = Source(source, rules.error if rules else ScenarioError)
    scenario = _read(game, top, rules, where)
    state: _S = _start(game, scenario, rules, where)[0]
    players = _seats(game, state)
    for index, move in enumerate(scenario.moves):
        where.no_seat(f"moves[{index}].player", game.mover(move), players)
        try:
            state = game.play(state, move)[0]
        except IllegalMove as exc:
            where.fail(f"moves[{index}]", f"refused: {exc.rule}: {clip(exc.reason)}")
    return state


def _play(
    game: AnyGame,
    state: object,
    moves: Sequence[object],
    illegal: Illegal | None,
    log: list[tuple[str, tuple[object, ...]]],
) -> tuple[object, list[str], tuple[str, str] | None]:
    """Play the moves, adding what each did to ``log``, up to the first the rules refuse: the
    position before it, what is wrong, and the refused move (its heading and its refusal in
    a line). The one ``illegal`` names must be refused, and refusing it change nothing."""
    for index, move in enumerate(moves):
        heading = f"move {index}: {move}"
        expected = illegal is not None and index == illegal.move
        refusal = game.refusal(state, move) if expected else None
        if illegal is not None and expected:
            failures = _refused(game, state, move, index, illegal, refusal)
            if refusal is None:
                return state, failures, None
            return state, failures, (heading, f"refused by {refusal.rule}: {clip(refusal.reason, 300)}")
        try:
            state, events = game.play(state, move)
        except IllegalMove as exc:
            failed = f"move {index} ({move}) was refused: {exc.rule}: {clip(exc.reason)}"
            return state, [failed], (heading, f"refused by {exc.rule}: {clip(exc.reason, 300)}")
        log.append((heading, events))
    return state, [], None


def _refused(
    game: AnyGame, state: object, move: object, index: int, illegal: Illegal, refusal: IllegalMove | None
) -> list[str]:
    """What is wrong with move ``index``, which must be refused under ``illegal.rule``: its
    ``refusal`` (:meth:`Game.refusal <boardtable.games.Game.refusal>`) and playing it
    (:meth:`Game.play <boardtable.games.Game.play>`) must name that rule, and leave the
    position's digest and document as they were."""
    if refusal is None:
        return [f"move {index} was expected to be refused by {illegal.rule}; it was played"]
    before = (game.digest(state), game.position_data(state))
    failures = []
    if refusal.rule != illegal.rule:
        failures.append(
            f"move {index} was refused under {refusal.rule} ({clip(refusal.reason)}); expected {illegal.rule}"
        )
    try:
        game.play(state, move)
        failures.append(f"move {index} was refused under {refusal.rule}, yet playing it was not")
    except IllegalMove as exc:
        if exc.rule != refusal.rule:
            failures.append(f"move {index} was refused under {refusal.rule}, yet playing it under {exc.rule}")
    if (game.digest(state), game.position_data(state)) != before:
        failures.append(f"refusing move {index} changed the position")
    return failures


def _expected(game: AnyGame, state: object, expect: Expect) -> list[str]:
    """The expectations of the platform's keys that do not hold at ``state``."""
    found: list[tuple[str, object, object]] = []
    if expect.over is not None:
        found.append(("over", game.is_over(state), expect.over))
    if expect.to_act is not None:
        found.append(("to_act", game.to_act(state), expect.to_act))
    if expect.winners is not None:
        found.append(("winners", game.winners(state), expect.winners))
    for seat, count in (expect.legal_count or {}).items():
        found.append((f"legal moves of player {seat}", len(game.moves(state, seat)), count))
    failures = [
        f"{what}: expected {shown(wanted)}, found {shown(actual)}"
        for what, actual, wanted in found
        if actual != wanted
    ]
    digest = game.digest(state)
    if expect.digest is not None and digest != expect.digest:
        # the digest found whole (the game's own), to be copied into the scenario
        failures.append(f"digest: expected {shown(expect.digest)}, found {digest}")
    return failures
