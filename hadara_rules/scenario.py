"""Scenarios: the oracle's input format (DESIGN "Scenarios").

A scenario states a position (``config`` + ``components`` + ``given``), plays
``moves`` and states what must follow (``expect``). It is read by the
library's strict reader and structured by the same converter as game records,
so every key, type and value is checked before anything is played. The
position ``given`` describes must pass the checks of a loaded position
(:func:`~hadara_rules.wellformed.check_position`), every seat named must
exist (the players of the moves too), a scenario must expect something, and it
may cite only rule IDs of the rule index. A malformed file raises
:class:`~hadara_rules._errors.ScenarioError` naming the file and the field.

What a referee leaves out is completed the way a game would have it: a
start-card side left out after setup is side A, with its coins and tracks
except those ``given`` states (SETUP-6); after the draft the epoch's inner
decks are empty (WHEEL-2), the cards of them the scenario does not place lying
in the box, so that no automatic step loses a card.

:func:`run_scenario` never raises for a failed expectation: it reports each
one, and the :class:`ScenarioResult` carries the rules the scenario cites,
where the position stands after the moves and what happened on the way (the
events of the automatic steps after ``given`` and of every move).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NewType, NoReturn

import attrs
import cattrs
from attrs import evolve, frozen

from boardtable import reader as _reader
from boardtable.reader import Refusal, clip, shown
from boardtable.scenario import ScenarioReport
from boardtable.scenario import load_scenario_document as scenario_file

from ._config import GameConfig
from ._copy import copy_position
from ._engine import apply_move, check_move, legal_moves, new_game
from ._errors import CatalogueError, ConfigError, IllegalMove, NotationError, RecordError, ScenarioError
from ._flow import ORDER_OF_PLAY, automatic_step, narrate_step, settle
from ._model import CarvedStatue, ColonyHolding, GameState, PlayerState, TileOnCard
from ._moves import Move
from ._notation import parse_move
from ._rulebook import rules
from ._rules.scoring import ScoreSheet, score, winners
from ._text import event_lines, player_name
from ._tiles import add_tile, remove_tile
from ._vocabulary import COLORS, EPOCHS, ROMAN, TIERS, TRACKS, Color, Crest, Phase, Section, Side, Track
from .catalogue import Catalogue, extended, load_catalogue
from .events import Event, Events, apply_move_with_events
from .records import converter
from .wellformed import check_position

__all__ = [
    "FORMAT_VERSION",
    "ScenarioReport",
    "ScenarioResult",
    "load_scenario_document",
    "position_of",
    "run_document",
    "run_scenario",
]

#: The version of the scenario format (the ``scenario:`` key).
FORMAT_VERSION = 1

#: A seat number (0 is the first seat), written ``0`` or ``"0"`` as a key.
Seat = NewType("Seat", int)
#: A colony tier (SETUP-4), written ``9`` or ``"9"`` as a key.
Tier = NewType("Tier", int)
#: A category of the score pad (``colonies`` … ``total``).
Category = NewType("Category", str)
_CATEGORIES = tuple(name for name in attrs.fields_dict(ScoreSheet) if name != "player")

# --------------------------------------------------------------------------- the document


@frozen
class _Tracks:
    """Some of the four tracks; those left out are not changed (given) or not compared (expect)."""

    income: int | None = None
    military: int | None = None
    culture: int | None = None
    food: int | None = None


@frozen
class _Colony:
    id: str
    allied: bool = False

    def __str__(self) -> str:
        return f"{self.id} {'allied' if self.allied else 'plundered'}"


@frozen
class _Statue:
    statue: int
    tile: Track
    face_up: bool = True

    def __str__(self) -> str:
        return f"statue {self.statue}: {self.tile} {'face up' if self.face_up else 'face down'}"


@frozen
class _Player:
    """The player fields of ``given`` and ``expect``: each one optional."""

    crest: Crest | None = None
    start_card: str | None = None
    side: Side | None = None
    coins: int | None = None
    tracks: _Tracks | None = None
    cards: tuple[str, ...] | None = None
    colonies: tuple[_Colony, ...] | None = None
    statues: tuple[_Statue, ...] | None = None
    silver: tuple[Track, ...] | None = None
    gold: int | None = None
    free_tiles: tuple[Track, ...] | None = None
    tiles_on_cards: dict[str, Track] | None = None


@frozen
class _Table:
    """The position keys ``given`` sets and ``expect`` compares."""

    epoch: int | None = None
    phase: Phase | None = None
    section: Section | None = None
    first_player: Seat | None = None
    round: int | None = None
    wheel: int | None = None
    decks: dict[Color, tuple[str, ...]] | None = None
    outer_piles: dict[Color, tuple[str, ...]] | None = None
    colony_stacks: dict[Tier, tuple[str, ...]] | None = None


@frozen
class _Given(_Table):
    """Changes to the new game's position."""

    #: The seat to act in a sequential section.
    to_act: Seat | None = None
    players: dict[Seat, _Player] | None = None


@frozen
class _Illegal:
    """Move ``move`` (from 0) must be refused under ``rule``."""

    move: int
    rule: str


@frozen
class _Expect(_Table):
    """What must hold after the moves."""

    sold: tuple[str, ...] | None = None
    removed: tuple[str, ...] | None = None
    players: dict[Seat, _Player] | None = None
    to_act: tuple[Seat, ...] | None = None
    legal_count: dict[Seat, int] | None = None
    illegal: _Illegal | None = None
    score: dict[Seat, dict[Category, int]] | None = None
    over: bool | None = None
    winners: tuple[Seat, ...] | None = None


@frozen(kw_only=True)
class _Scenario:
    """A whole scenario file."""

    scenario: int
    title: str | None = None
    rules: tuple[str, ...] = ()
    notes: str | None = None
    config: GameConfig
    components: dict[str, Any] | None = None
    given: _Given | None = None
    moves: tuple[Move, ...] = ()
    expect: _Expect | None = None


def _keys(kind: type[Any]) -> frozenset[str]:
    return frozenset(attrs.fields_dict(kind))


#: The keys each part of a scenario accepts (the documentation lists the same).
_TOP_KEYS = _keys(_Scenario)
_CONFIG_KEYS = _keys(GameConfig) - {"catalogue"}
_GIVEN_KEYS = _keys(_Given)
_PLAYER_KEYS = _keys(_Player)
_EXPECT_KEYS = _keys(_Expect)


def _seat(value: object, _: object) -> int:
    if type(value) is str and re.fullmatch(r"[0-9]{1,2}", value):
        value = int(value)
    if type(value) is not int:
        raise Refusal(f"expected a seat number, found {shown(value)}")
    if value < 0:
        raise Refusal(f"seats are numbered from 0, not {shown(value)}")
    return value


def _tier(value: object, _: object) -> int:
    if type(value) is str and re.fullmatch(r"[0-9]{1,2}", value):
        value = int(value)
    if type(value) is not int or value not in TIERS:
        raise Refusal(f"expected a tier ({', '.join(map(str, TIERS))}), found {shown(value)}")
    return value


def _category(value: object, _: object) -> str:
    if type(value) is not str or value not in _CATEGORIES:
        raise Refusal(f"expected a score category ({', '.join(_CATEGORIES)}), found {shown(value)}")
    return value


def _no_catalogue(value: object, _: object) -> NoReturn:
    raise Refusal("a scenario's components are given under components:, not in its config")


def _scenario_converter() -> cattrs.Converter:
    conv = converter()
    as_document = conv.get_structure_hook(Move)

    def move(value: object, kind: object) -> Move:
        """A move as a document (``{type: pass, player: 0}``) or in move notation (``P0 pass``)."""
        if type(value) is not str:
            return as_document(value, kind)  # type: ignore[no-any-return]
        try:
            return parse_move(value)
        except NotationError as exc:
            raise Refusal(str(exc)) from None

    conv.register_structure_hook(Move, move)
    conv.register_structure_hook(Seat, _seat)
    conv.register_structure_hook(Tier, _tier)
    conv.register_structure_hook(Category, _category)
    conv.register_structure_hook(Catalogue, _no_catalogue)
    return conv


_CONVERTER = _scenario_converter()


class _Source:
    """Where a scenario comes from: every error names it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(f"{self.name}: {message}")

    def fail(self, where: str, problem: str) -> NoReturn:
        raise self.error(f"{where}: {problem}")


# --------------------------------------------------------------------------- loading


def load_scenario_document(path: str | os.PathLike[str]) -> dict[str, object]:
    """A scenario file's top-level mapping, read by the strict reader (YAML, safe loader only)."""
    return scenario_file(path, ScenarioError)


def _read(top: object, source: _Source) -> _Scenario:
    scenario: _Scenario = _reader.structure(_CONVERTER, top, _Scenario, source.error, path="")
    if scenario.scenario != FORMAT_VERSION:
        source.fail(
            "scenario", f"the format version must be {FORMAT_VERSION}, not {shown(scenario.scenario)}"
        )
    known = rules()
    for index, rule in enumerate(scenario.rules):
        if rule not in known:
            source.fail(f"rules[{index}]", f"no rule {shown(rule)} in the rule index (see 'hadara rules')")
    expect = scenario.expect
    if expect is not None and expect.illegal is not None and expect.illegal.rule not in known:
        source.fail("expect.illegal.rule", f"no rule {shown(expect.illegal.rule)} in the rule index")
    return scenario


def _check_seats(scenario: _Scenario, source: _Source) -> None:
    """Every seat a scenario names exists in its game, the players of its moves too."""
    players = scenario.config.players
    named: list[tuple[str, int | None]] = []
    for part, table in (("given", scenario.given), ("expect", scenario.expect)):
        if table is None:
            continue
        named.append((f"{part}.first_player", table.first_player))
        named.extend((f"{part}.players.{seat}", seat) for seat in table.players or ())
    if scenario.given is not None:
        named.append(("given.to_act", scenario.given.to_act))
    if scenario.expect is not None:
        expect = scenario.expect
        for key, seats in (("score", expect.score), ("legal_count", expect.legal_count)):
            named.extend((f"expect.{key}.{seat}", seat) for seat in seats or ())
        for key, listed in (("to_act", expect.to_act), ("winners", expect.winners)):
            named.extend((f"expect.{key}[{i}]", seat) for i, seat in enumerate(listed or ()))
    named.extend((f"moves[{index}].player", move.player) for index, move in enumerate(scenario.moves))
    for where, seat in named:
        if seat is not None and not 0 <= seat < players:
            source.fail(where, f"no player {seat} in a {players}-player game (seats are 0 to {players - 1})")


# --------------------------------------------------------------------------- the position


def _start(scenario: _Scenario, source: _Source) -> tuple[GameState, GameState]:
    """The position ``config``, ``components`` and ``given`` describe: as given, and settled
    (checked)."""
    catalogue = load_catalogue()
    if scenario.components is not None:
        try:
            catalogue = extended(catalogue, scenario.components, source=source.name)
        except CatalogueError as exc:
            raise source.error(clip(str(exc), 300)) from None
    try:
        state = new_game(evolve(scenario.config, catalogue=catalogue))
    except ConfigError as exc:
        source.fail("config", clip(str(exc)))
    _check_seats(scenario, source)
    if scenario.given is not None:
        state = _apply_given(source, state, scenario.given)
    settled = settle(state)
    try:
        # set by hand: the tracks are as the board shows them
        check_position(settled, hand_set=True)
    except RecordError as exc:
        source.fail("given", clip(str(exc).removeprefix("$.data.")))
    return state, settled


def _settling_events(state: GameState) -> Events:
    """The events of the automatic steps that settle a position set by hand, told as
    :func:`~hadara_rules.events.apply_move_with_events` tells those after a move."""
    told: list[Event] = []
    while (changes := automatic_step(state)) is not None:
        following = copy_position(state, changes)
        told.extend(narrate_step(state, following))
        state = following
    return tuple(told)


def _apply_given(source: _Source, state: GameState, given: _Given) -> GameState:
    """Apply ``given``, keeping every card and colony in exactly one place."""
    changes: dict[str, object] = {}
    if given.epoch is not None:
        if given.epoch not in EPOCHS:
            source.fail("given.epoch", f"an epoch is 1, 2 or 3, not {shown(given.epoch)}")
        changes.update(_epoch_changes(state, given.epoch))
    if given.phase is not None:
        changes["phase"] = given.phase
    if given.section is not None:
        if given.section is Section.OVER:
            source.fail("given.section", "a scenario cannot start after the game")
        changes["section"] = given.section
        changes["turn"] = 0
    for key, last in (("round", len(COLORS) - 1), ("wheel", len(COLORS) - 1)):
        value = getattr(given, key)
        if value is not None and not 0 <= value <= last:
            source.fail(f"given.{key}", f"must be 0 to {last}, not {shown(value)} (WHEEL-1, WHEEL-2)")
    for key in ("first_player", "round", "wheel"):
        value = getattr(given, key)
        if value is not None:
            changes[key] = value
    state = evolve(state, **changes)  # type: ignore[arg-type]
    if (state.phase, state.section) not in ORDER_OF_PLAY:
        where = "given.section" if given.section is not None else "given.phase"
        source.fail(where, f"phase {state.phase} has no {state.section} section (EPOCH-1)")
    if state.section is Section.SETUP and (state.epoch != EPOCHS[0] or not state.advanced):
        source.fail("given.section", "sides are chosen in setup of an advanced game only (SETUP-6)")
    drafted = _draft_over(state)
    if drafted and any(given.decks.values() if given.decks else ()):
        source.fail(
            "given.decks",
            f"the inner decks are empty once the draft is over, in the {state.section} section of phase "
            f"{state.phase} (WHEEL-2); place the cards on the outer piles or in a tableau",
        )
    players = list(state.players)
    for seat, fields in (given.players or {}).items():
        players[seat] = _player(source, state, seat, fields)
    if state.section is not Section.SETUP:
        players = [
            _side_a(state, player, (given.players or {}).get(Seat(seat))) if player.side is None else player
            for seat, player in enumerate(players)
        ]
    places = {
        "decks": {COLORS.index(color): ids for color, ids in (given.decks or {}).items()},
        "outer_piles": {COLORS.index(color): ids for color, ids in (given.outer_piles or {}).items()},
        "colony_stacks": {TIERS.index(tier): ids for tier, ids in (given.colony_stacks or {}).items()},
    }
    state = _relocate(source, state, places, tuple(players))
    if drafted and any(state.decks):
        # what the draft drew and the scenario does not place is out of play, seen by nobody
        left = (card for deck in state.decks for card in deck)
        state = evolve(state, decks=((),) * len(COLORS), box=tuple(sorted((*state.box, *left))))
    if given.to_act is not None:
        state = evolve(state, turn=(given.to_act - state.first_player) % len(state.players))
    return state


def _draft_over(state: GameState) -> bool:
    """WHEEL-2: whether the epoch's draft rounds are over (the rest of Phase A, and Phase B),
    so that the inner decks are empty."""
    return ORDER_OF_PLAY.index((state.phase, state.section)) > ORDER_OF_PLAY.index((Phase.A, Section.DRAFT))


def _side_a(state: GameState, player: PlayerState, given: _Player | None) -> PlayerState:
    """SETUP-6: a start card's side left out once setup is over is side A, the basic game's:
    its coins and track values, except the coins and tracks ``given`` states."""
    side = state.catalogue.start_cards[player.start_card].side(Side.A)
    coins = player.coins if given is not None and given.coins is not None else player.coins + side.coins
    tracks = side.values
    if given is not None and given.tracks is not None:
        tracks = evolve(tracks, **{k: v for k, v in attrs.asdict(given.tracks).items() if v is not None})
    return evolve(player, side=Side.A, coins=coins, tracks=tracks)


def _epoch_changes(state: GameState, epoch: int) -> dict[str, object]:
    """A later epoch lays out its decks; the decks of the epochs skipped go back to the box."""
    if epoch <= state.epoch:
        return {"epoch": epoch}
    skipped = state.later_decks[: epoch - state.epoch]
    unused = (*(c for d in state.decks for c in d), *(c for e in skipped[:-1] for d in e for c in d))
    return {
        "epoch": epoch,
        "decks": skipped[-1],
        "later_decks": state.later_decks[epoch - state.epoch :],
        "box": tuple(sorted((*state.box, *unused))),
    }


def _player(source: _Source, state: GameState, seat: int, given: _Player) -> PlayerState:
    where = f"given.players.{seat}"
    player = state.players[seat]
    catalogue = state.catalogue
    changes: dict[str, object] = {}
    for key in ("crest", "start_card", "side", "coins", "cards", "silver", "gold"):
        value = getattr(given, key)
        if value is not None:
            changes[key] = value
    if given.start_card is not None and given.start_card not in catalogue.start_cards:
        source.fail(f"{where}.start_card", f"unknown start card {shown(given.start_card)}")
    for index, card in enumerate(given.cards or ()):
        if card not in catalogue.cards:
            source.fail(f"{where}.cards[{index}]", f"unknown card {shown(card)}")
    if given.tracks is not None:
        known = {name: value for name, value in attrs.asdict(given.tracks).items() if value is not None}
        changes["tracks"] = evolve(player.tracks, **known)
    if given.colonies is not None:
        for index, colony in enumerate(given.colonies):
            if colony.id not in catalogue.colonies:
                source.fail(f"{where}.colonies[{index}]", f"unknown colony {shown(colony.id)}")
        changes["colonies"] = tuple(ColonyHolding(c.id, c.allied) for c in given.colonies)
    if given.statues is not None:
        for index, carved in enumerate(given.statues):
            if carved.statue not in catalogue.statues:
                source.fail(f"{where}.statues[{index}]", f"unknown statue {shown(carved.statue)}")
        changes["statues"] = tuple(CarvedStatue(s.statue, s.tile, s.face_up) for s in given.statues)
    if given.tiles_on_cards is not None:
        changes["tiles_on_cards"] = tuple(
            TileOnCard(card, tile) for card, tile in given.tiles_on_cards.items()
        )
    player = evolve(player, **changes)  # type: ignore[arg-type]
    if given.free_tiles is not None:
        return evolve(player, free_tiles=given.free_tiles)
    return evolve(player, free_tiles=_free_tiles(source, state, player, where))


def _free_tiles(source: _Source, state: GameState, player: PlayerState, where: str) -> tuple[Track, ...]:
    """TILE-1: every tile not on a statue, a silver medal or a PURPLE-2 card."""
    free: tuple[Track, ...] = ()
    for track in TRACKS:
        for _ in range(state.catalogue.reference.tiles_per_track):
            free = add_tile(free, track)
    placed = [*(s.tile for s in player.statues), *player.silver, *(t.tile for t in player.tiles_on_cards)]
    for tile in placed:
        if tile not in free:
            source.fail(where, f"more {tile} bonus tiles are placed than a player has (TILE-1)")
        free = remove_tile(free, tile)
    return free


def _relocate(
    source: _Source,
    state: GameState,
    places: Mapping[str, Mapping[int, tuple[str, ...]]],
    players: tuple[PlayerState, ...],
) -> GameState:
    """Put named cards and colonies where ``given`` says; whatever they displace goes to the box."""
    catalogue = state.catalogue
    named: list[str] = [c for lists in places.values() for ids in lists.values() for c in ids]
    for seat, player in enumerate(players):
        if player.cards != state.players[seat].cards:
            named.extend(player.cards)
        if player.colonies != state.players[seat].colonies:
            named.extend(c.id for c in player.colonies)
    if len(set(named)) != len(named):
        twice = next(item for item in named if named.count(item) > 1)
        source.fail("given", f"{shown(twice)} is placed twice")
    for key, lists in places.items():
        known = catalogue.colonies if key == "colony_stacks" else catalogue.cards
        for ids in lists.values():
            for item in ids:
                if item not in known:
                    source.fail(f"given.{key}", f"unknown id {shown(item)}")
    moved = set(named)
    displaced: list[str] = []

    def take(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(i for i in ids if i not in moved)

    def replace(
        current: tuple[tuple[str, ...], ...], new: Mapping[int, tuple[str, ...]]
    ) -> tuple[tuple[str, ...], ...]:
        out = []
        for i, ids in enumerate(current):
            if i in new:
                displaced.extend(take(ids))
                out.append(new[i])
            else:
                out.append(take(ids))
        return tuple(out)

    final_players = []
    for seat, player in enumerate(players):
        before = state.players[seat]
        if player.cards != before.cards:
            displaced.extend(c for c in before.cards if c not in moved)
        else:
            player = evolve(player, cards=take(player.cards))
        if player.colonies != before.colonies:
            displaced.extend(c.id for c in before.colonies if c.id not in moved)
        else:
            player = evolve(player, colonies=tuple(c for c in player.colonies if c.id not in moved))
        final_players.append(evolve(player, drawn=take(player.drawn)))
    state = evolve(
        state,
        players=tuple(final_players),
        decks=replace(state.decks, places["decks"]),
        later_decks=tuple(tuple(take(d) for d in epoch) for epoch in state.later_decks),
        outer_piles=replace(state.outer_piles, places["outer_piles"]),
        colony_stacks=replace(state.colony_stacks, places["colony_stacks"]),
        sold=take(state.sold),
        removed=take(state.removed),
    )
    return evolve(state, box=tuple(sorted((*take(state.box), *displaced))))


# --------------------------------------------------------------------------- running


@frozen
class ScenarioResult(ScenarioReport[GameState, Events]):
    """What running one scenario found: its events are Hadara's."""

    @property
    def standing(self) -> str:
        """Where the position stands: epoch, phase, section and who is to act (EPOCH-1)."""
        state = self.state
        if state.is_over:
            return f"epoch {ROMAN[state.epoch]}, the game is over"
        acting = ", ".join(player_name(state, seat) for seat in state.to_act) or "nobody"
        return f"epoch {ROMAN[state.epoch]}, phase {state.phase}, {state.section} section, {acting} to act"

    def lines(self, told: Events) -> list[str]:
        """A step's events as players read them: a line per action, with its coins and track
        steps and the rules that made it happen."""
        return [str(line) for line in event_lines(told)]


def run_scenario(path: str | os.PathLike[str]) -> ScenarioResult:
    """Run one scenario file and report every expectation that does not hold."""
    return run_document(load_scenario_document(path), os.fspath(path))


def run_document(top: Mapping[str, object], source: str = "<scenario>") -> ScenarioResult:
    """Run a scenario already parsed into a mapping (``source`` names it in messages)."""
    where = _Source(source)
    scenario = _read(top, where)
    expect = scenario.expect
    if expect is None or not any(value is not None for value in attrs.astuple(expect, recurse=False)):
        where.fail(
            "expect", "a scenario states at least one expectation (one that expects nothing proves nothing)"
        )
    given, state = _start(scenario, where)
    if expect.illegal is not None and expect.illegal.move >= len(scenario.moves):
        where.fail("expect.illegal.move", f"there is no move {shown(expect.illegal.move)}")
    log = [("given", _settling_events(given))]
    state, failures = _play(state, scenario.moves, expect.illegal, log)
    failures.extend(_check_expectations(state, expect))
    title = scenario.title if scenario.title is not None else Path(source).name
    return ScenarioResult(source, title, tuple(failures), state, scenario.rules, tuple(log))


def position_of(top: Mapping[str, object], source: str = "<scenario>") -> GameState:
    """The position a scenario's ``config``, ``components``, ``given`` and ``moves`` lead to.

    Every move must be legal (a refusal is a :class:`ScenarioError` naming the
    move and the rule); ``expect`` is not checked. This is how a fixed position
    is described for a test or a tool without stating expectations.
    """
    where = _Source(source)
    scenario = _read(top, where)
    state = _start(scenario, where)[1]
    for index, move in enumerate(scenario.moves):
        try:
            state = apply_move(state, move)
        except IllegalMove as exc:
            where.fail(f"moves[{index}]", f"refused: {exc.rule}: {clip(exc.reason)}")
    return state


def _said(move: Move) -> str:
    return f"{move.type} by player {move.player}"


def _play(
    state: GameState, moves: Sequence[Move], illegal: _Illegal | None, log: list[tuple[str, Events]]
) -> tuple[GameState, list[str]]:
    """Play the moves, adding what each did to ``log``; the one ``illegal`` names must be
    refused and change nothing."""
    failures: list[str] = []
    for index, move in enumerate(moves):
        if illegal is not None and index == illegal.move:
            refusal = check_move(state, move)
            if refusal is None:
                failures.append(
                    f"move {index} ({_said(move)}) was accepted; expected a refusal under {illegal.rule}"
                )
            elif refusal.rule != illegal.rule:
                failures.append(
                    f"move {index} was refused under {refusal.rule} ({clip(refusal.reason)}); expected {illegal.rule}"
                )
            before = state
            with contextlib.suppress(IllegalMove):
                apply_move(state, move)
            if state != before:
                failures.append(f"refusing move {index} changed the position")
            break
        try:
            state, events = apply_move_with_events(state, move)
        except IllegalMove as exc:
            failures.append(f"move {index} ({_said(move)}) was refused: {exc.rule}: {clip(exc.reason)}")
            break
        log.append((f"move {index}: {move}", events))
    return state, failures


def _check_expectations(state: GameState, expect: _Expect) -> list[str]:
    failures: list[str] = []

    def compare(what: str, actual: object, wanted: object) -> None:
        if actual != wanted:
            failures.append(f"{what}: expected {shown(wanted)}, found {shown(actual)}")

    for key in ("epoch", "phase", "section", "round", "wheel", "first_player"):
        wanted = getattr(expect, key)
        if wanted is not None:
            compare(key, getattr(state, key), wanted)
    for key, index in (
        ("decks", COLORS.index),
        ("outer_piles", COLORS.index),
        ("colony_stacks", TIERS.index),
    ):
        lists: Mapping[Any, tuple[str, ...]] = getattr(expect, key) or {}
        current = getattr(state, key)
        for name, ids in lists.items():
            compare(f"{key}.{name}", current[index(name)], ids)
    for key in ("sold", "removed"):
        wanted_ids = getattr(expect, key)
        if wanted_ids is not None:
            compare(key, sorted(getattr(state, key)), sorted(wanted_ids))
    if expect.over is not None:
        compare("over", state.is_over, expect.over)
    if expect.to_act is not None:
        compare("to_act", state.to_act, expect.to_act)
    if expect.winners is not None:
        compare("winners", winners(state), expect.winners)
    for seat, count in (expect.legal_count or {}).items():
        compare(f"legal moves of player {seat}", len(legal_moves(state, seat)), count)
    if expect.score is not None:
        sheets = score(state)
        for seat, categories in expect.score.items():
            for category, points in categories.items():
                compare(f"score of player {seat}: {category}", getattr(sheets[seat], category), points)
    for seat, fields in (expect.players or {}).items():
        _compare_player(compare, f"player {seat}", state.players[seat], fields)
    return failures


def _compare_player(
    compare: Callable[[str, object, object], None], who: str, player: PlayerState, wanted: _Player
) -> None:
    """Each player field ``expect`` names, compared as the scenario writes it."""
    if wanted.tracks is not None:
        for track, value in attrs.asdict(wanted.tracks).items():
            if value is not None:
                compare(f"{who} tracks.{track}", getattr(player.tracks, track), value)
    if wanted.colonies is not None:
        compare(
            f"{who} colonies",
            [str(_Colony(c.id, c.allied)) for c in player.colonies],
            [str(c) for c in wanted.colonies],
        )
    if wanted.statues is not None:
        compare(
            f"{who} statues",
            [str(_Statue(s.statue, s.tile, s.face_up)) for s in player.statues],
            [str(s) for s in wanted.statues],
        )
    if wanted.tiles_on_cards is not None:
        compare(
            f"{who} tiles_on_cards", {t.card: t.tile for t in player.tiles_on_cards}, wanted.tiles_on_cards
        )
    for key in ("crest", "start_card", "side", "coins", "cards", "silver", "gold", "free_tiles"):
        value = getattr(wanted, key)
        if value is not None:
            compare(f"{who} {key}", getattr(player, key), value)
