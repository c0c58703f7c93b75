"""Hadara's part of its scenarios: the oracle's input format (DESIGN "Scenarios").

The platform reads and runs every game's scenarios alike (:mod:`boardtable.scenario_runner`: the
format version, title, rules, a whole ``position:`` or this game's keys, the moves as
documents or in move notation, and the expectations every game shares: ``illegal``,
``to_act``, ``over``, ``winners``, ``legal_count``, ``digest``). Hadara adds its own
(:data:`SCENARIO_RULES`): a position stated by ``config`` + ``components`` + ``given``, and
its own expectations (``players``, ``score``, the table's keys, ``sold``, ``removed``).
Every key, type and value is read by the library's strict reader, structured by the same
converter as game records, before anything is played. The position ``given`` describes
must pass the checks of a loaded position
(:func:`~hadara_rules.wellformed.check_position`), every seat named must exist, and a
malformed file raises :class:`~hadara_rules._errors.ScenarioError` naming the file and the
field.

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

import functools
import os
import re
from collections.abc import Callable, Mapping
from typing import Any, NewType, NoReturn

import attrs
import cattrs
from attrs import evolve, frozen

from boardtable import reader as _reader
from boardtable import scenario as _platform
from boardtable import scenario_runner as _runner
from boardtable.games import game
from boardtable.reader import Refusal, clip, shown
from boardtable.scenario import FORMAT_VERSION, Check, Expect, ScenarioReport, ScenarioRules, Seat, Source

from ._config import GameConfig
from ._copy import copy_position
from ._engine import new_game
from ._errors import CatalogueError, ConfigError, RecordError, ScenarioError
from ._flow import ORDER_OF_PLAY, automatic_step, narrate_step, settle
from ._model import CarvedStatue, ColonyHolding, GameState, PlayerState, TileOnCard
from ._moves import Move
from ._rules.scoring import ScoreSheet, score
from ._text import event_lines, player_name
from ._tiles import add_tile, remove_tile
from ._vocabulary import COLORS, EPOCHS, ROMAN, TIERS, TRACKS, Color, Crest, Phase, Section, Side, Track
from .catalogue import Catalogue, extended, load_catalogue
from .events import Event, Events
from .records import converter
from .wellformed import check_position

__all__ = [
    "FORMAT_VERSION",
    "SCENARIO_RULES",
    "ScenarioReport",
    "ScenarioResult",
    "load_scenario_document",
    "position_of",
    "run_document",
    "run_scenario",
]

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
class _Expect(_Table):
    """What Hadara's scenarios may expect after the moves, beside what every game's may
    (:class:`boardtable.scenario.Expect`)."""

    sold: tuple[str, ...] | None = None
    removed: tuple[str, ...] | None = None
    players: dict[Seat, _Player] | None = None
    score: dict[Seat, dict[Category, int]] | None = None


@frozen(kw_only=True)
class _Start:
    """Hadara's keys of a scenario: the position they state."""

    config: GameConfig
    components: dict[str, Any] | None = None
    given: _Given | None = None


@frozen(kw_only=True)
class _Expected(_Expect, Expect):
    """Everything a Hadara scenario may expect (its file's schema)."""


@frozen(kw_only=True)
class _Scenario:
    """A whole Hadara scenario file, as its schema describes it (the platform reads the keys
    every game shares, Hadara its own: :data:`SCENARIO_RULES`)."""

    scenario: int
    game: str | None = None
    title: str | None = None
    rules: tuple[str, ...] = ()
    notes: str | None = None
    #: A whole position document instead of ``config``, ``components`` and ``given``.
    position: dict[str, Any] | None = None
    #: The game's configuration (without a ``position``).
    config: GameConfig | None = None
    components: dict[str, Any] | None = None
    given: _Given | None = None
    moves: tuple[Move, ...] = ()
    expect: _Expected | None = None


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


@functools.cache
def _scenario_converter() -> cattrs.Converter:
    """Hadara's scenario keys' converter, made when a scenario is first read (not on import)."""
    conv = _platform.converter(converter())
    conv.register_structure_hook(Tier, _tier)
    conv.register_structure_hook(Category, _category)
    conv.register_structure_hook(Catalogue, _no_catalogue)
    return conv


def load_scenario_document(path: str | os.PathLike[str]) -> dict[str, object]:
    """A scenario file's top-level mapping, read by the strict reader (YAML, safe loader only)."""
    return _platform.load_scenario_document(path, ScenarioError)


# --------------------------------------------------------------------------- the position


def _set_up(own: Mapping[str, object], source: Source) -> tuple[GameState, GameState]:
    """The position ``config``, ``components`` and ``given`` (``own``) describe: as given, and
    settled (checked)."""
    start: _Start = _reader.structure(_scenario_converter(), own, _Start, source.error, path="")
    catalogue = load_catalogue()
    if start.components is not None:
        try:
            catalogue = extended(catalogue, start.components, source=source.name)
        except CatalogueError as exc:
            raise source.error(clip(str(exc), 300)) from None
    try:
        state = new_game(evolve(start.config, catalogue=catalogue))
    except ConfigError as exc:
        source.fail("config", clip(str(exc)))
    if start.given is not None:
        _check_given_seats(start.given, start.config.players, source)
        state = _apply_given(source, state, start.given)
    settled = settle(state)
    try:
        # set by hand: the tracks are as the board shows them
        check_position(settled, hand_set=True)
    except RecordError as exc:
        source.fail("given", clip(str(exc).removeprefix("$.data.")))
    return state, settled


def _start(own: Mapping[str, object], source: Source) -> tuple[GameState, Events]:
    """The position Hadara's keys state, settled, with the events of the automatic steps that
    settled it."""
    given, settled = _set_up(own, source)
    return settled, _settling_events(given)


def _check_given_seats(given: _Given, players: int, source: Source) -> None:
    """Every seat ``given`` names exists in a game of ``players`` seats."""
    _check_table_seats(given, "given", players, source)
    if given.to_act is not None:
        source.no_seat("given.to_act", given.to_act, players)


def _check_table_seats(table: _Given | _Expect, part: str, players: int, source: Source) -> None:
    if table.first_player is not None:
        source.no_seat(f"{part}.first_player", table.first_player, players)
    for seat in table.players or ():
        source.no_seat(f"{part}.players.{seat}", seat, players)


def _settling_events(state: GameState) -> Events:
    """The events of the automatic steps that settle a position set by hand, told as
    :func:`~hadara_rules.events.apply_move_with_events` tells those after a move."""
    told: list[Event] = []
    while (changes := automatic_step(state)) is not None:
        following = copy_position(state, changes)
        told.extend(narrate_step(state, following))
        state = following
    return tuple(told)


def _apply_given(source: Source, state: GameState, given: _Given) -> GameState:
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


def _player(source: Source, state: GameState, seat: int, given: _Player) -> PlayerState:
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


def _free_tiles(source: Source, state: GameState, player: PlayerState, where: str) -> tuple[Track, ...]:
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
    source: Source,
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


def _expect(own: Mapping[str, object], source: Source, players: int) -> Check | None:
    """Hadara's own expectations read (``expect``'s keys beside the platform's): their check,
    or None when they state nothing."""
    expect: _Expect = _reader.structure(
        _scenario_converter(), own, _Expect, lambda message: source.error(f"expect.{message}"), path=""
    )
    _check_table_seats(expect, "expect", players, source)
    for seat in expect.score or ():
        source.no_seat(f"expect.score.{seat}", seat, players)
    if not any(value is not None for value in attrs.astuple(expect, recurse=False)):
        return None
    return lambda state: _check_expectations(state, expect)


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
    if expect.score is not None:
        sheets = score(state)
        for seat, categories in expect.score.items():
            for category, points in categories.items():
                compare(f"score of player {seat}: {category}", getattr(sheets[seat], category), points)
    for seat, fields in (expect.players or {}).items():
        _compare_player(compare, f"player {seat}", state.players[seat], fields)
    return failures


#: Hadara's part of its scenarios (:attr:`Commands.scenario <boardtable.games.commands.Commands.scenario>`).
SCENARIO_RULES = ScenarioRules(_Start, _start, _Expect, _expect, ScenarioResult, ScenarioError)


def run_scenario(path: str | os.PathLike[str]) -> ScenarioResult:
    """Run one scenario file and report every expectation that does not hold."""
    return run_document(load_scenario_document(path), os.fspath(path))


def run_document(top: Mapping[str, object], source: str = "<scenario>") -> ScenarioResult:
    """Run a scenario already parsed into a mapping (``source`` names it in messages)."""
    result = _runner.run_document(game("hadara"), top, source)
    assert isinstance(result, ScenarioResult)  # the report SCENARIO_RULES names
    return result


def position_of(top: Mapping[str, object], source: str = "<scenario>") -> GameState:
    """The position a scenario's start (``config``, ``components``, ``given``, or a whole
    ``position``) and ``moves`` lead to.

    Every move must be legal (a refusal is a :class:`ScenarioError` naming the
    move and the rule); ``expect`` is not checked. This is how a fixed position
    is described for a test or a tool without stating expectations.
    """
    state: GameState = _runner.position_of(game("hadara"), top, source)
    return state


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
