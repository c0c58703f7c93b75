"""Is a position loaded from a document one the game could be in?

Positions made by :func:`~hadara_rules.new_game` and :func:`~hadara_rules.apply_move`
always are. A position read from JSON or YAML may have been written by hand or
tampered with, so :func:`check_position` holds it to the structure every
settled position has: every card and colony of the catalogue in exactly one
place, and each in a place of its colour, epoch or tier; as many cards and
colonies out of the box as setup lays out, and as many left in each deck as the
draft rounds so far leave; the shape of the table, numbers in their ranges, a
section of its phase, draft choices that were legal when made; each player's
own start card and crest of the wheel, tracks that add up to what the player's
components give, bonus tiles where they can lie, medals only once the player
could buy them, and counters of the current section within what it allows
(SETUP-1…6, START-1/2, WHEEL-3, DRAFT-1, TILE-1, TRACK-1, MEDAL-1). The first problem found is a
:class:`~hadara_rules._errors.Inconsistent` (a ``RecordError``) naming the path of the
field (``$.data.players[1].gold``) and the rule the position breaks
(:mod:`boardtable.consistency`); nothing is changed. A value read from the
document appears in a message only through the bounded renderer.

Each check first tests whole places at once, in C loops, against sets made once per
catalogue (:class:`_Allowed`: the cards that may lie in each deck, pile and tableau,
the pools the box is counted by); only where such a test fails does it look item by
item for the first problem, to name it. A test holds the two to the same answers.

These are checks of structure, not a replay: a position that passes may still
be one no sequence of legal moves reaches (say, with 90 coins in epoch I), but
every position of a game passes, and play from a position that passes never
reaches one that fails.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from itertools import chain, product, repeat
from operator import attrgetter
from typing import NamedTuple

from boardtable.consistency import ROOT, Consistency, Places, first_rule
from boardtable.reader import shown

from . import _effects as effects
from ._components import Catalogue
from ._copy import replace
from ._errors import Inconsistent
from ._flow import ORDER_OF_PLAY, SECTIONS
from ._kept import Part
from ._model import GameState, PlayerState
from ._rules import draft, setup
from ._rules.section import Limits
from ._rules.tracks import track_sources
from ._rules.wheel import deck_color
from ._vocabulary import (
    COLOR_INDEX,
    COLORS,
    EPOCHS,
    MAX_PLAYERS,
    ROMAN,
    TIERS,
    TRACK_INDEX,
    TRACKS,
    Phase,
    Section,
    Side,
    Track,
)

#: The sections of each phase, from the order of play (EPOCH-1); the game is over in
#: the phase of the last section (EPOCH-3).
_SECTIONS_OF = {
    phase: {section for p, section in ORDER_OF_PLAY if p is phase}
    | ({Section.OVER} if phase is ORDER_OF_PLAY[-1][0] else set())
    for phase in Phase
}


#: Read once: an enum member read from its class costs ten times a global's read, and
#: every check of a position reads these.
_SETUP, _WHEEL, _DRAFT, _PICK, _MEDALS, _OVER = (
    Section.SETUP,
    Section.WHEEL,
    Section.DRAFT,
    Section.PICK,
    Section.MEDALS,
    Section.OVER,
)
_PHASE_A, _PHASE_B, _SIDE_B = Phase.A, Phase.B, Side.B
#: The sections in which the draft rounds so far are told apart (:func:`_draft_rounds`).
_DEALING = frozenset({_SETUP, _WHEEL, _DRAFT})

#: The colours, sorted: what a board order sorted must be.
_SORTED_COLORS = sorted(COLORS)
#: The path of each seat's player (a game has at most 5, SETUP-1: checked first).
_PLAYERS = tuple(f"players[{seat}]" for seat in range(MAX_PLAYERS))


def check_position(state: GameState, *, hand_set: bool = False) -> None:
    """Raise :class:`Inconsistent` (its field and rule) for the first structural problem of ``state``.

    ``hand_set`` is for a position set up by hand, as a scenario's ``given`` is: what
    only its history decides is then not checked (the draft rounds so far, what came out
    of the box, tracks equal to their sources, medals before the first medal section,
    outer piles holding only cards of the current epoch); everything else is.
    """
    if state.viewer is not None:
        raise _fail(
            "viewer", "INFO-1", "a position is loaded whole; a player's view is made from it (INFO-1)"
        )
    _check_table(state)
    _check_sellers(state)
    allowed, held = _allowed(state.catalogue, state.advanced), _held(state)
    places = allowed.card_places(state.epoch, len(state.players), hand_set)
    whole = _WHOLE_FIRST and _whole_places_pass(held, allowed, places)
    if not whole:
        _check_components(state, held, allowed)
    _check_flow(state)
    if not whole:
        _check_places(state, held, places)
    if not hand_set:
        _check_box(state, allowed)
    starts = [p.start_card for p in state.players]
    crests = [p.crest for p in state.players]
    shared = len(set(starts)) != len(starts) or len(set(crests)) != len(crests)
    for seat, player in enumerate(state.players):
        if shared and player.start_card in starts[:seat]:
            raise _fail(
                f"players[{seat}].start_card",
                "SETUP-6",
                "each player is dealt a start card of their own (SETUP-6)",
            )
        if shared and player.crest in crests[:seat]:
            raise _fail(
                f"players[{seat}].crest",
                "SETUP-1",
                f"{player.crest} is also the crest of player {crests.index(player.crest)}; "
                "each player chooses a board with a crest of their own (SETUP-1, WHEEL-3)",
            )
        _check_player(state, seat, player, hand_set)
        _check_turn_taken(state, seat, player, hand_set)
    if not hand_set:
        _check_first_player(state)
        _check_draft_progress(state)


#: How the check tells the first problem it finds: Hadara's :class:`Inconsistent`.
_CHECK = Consistency(Inconsistent)
_fail = _CHECK.fail


def _in_range(value: int, low: int, high: int, where: str, rule: str) -> None:
    if not low <= value <= high:
        raise _CHECK.out_of_range(value, low, high, where, rule, cited=False)


def _check_table(state: GameState) -> None:
    """The number of players (SETUP-1) and the shape of decks, piles and stacks."""
    if not 2 <= len(state.players) <= 5:
        raise _fail("players", "SETUP-1", f"a game has 2 to 5 players, found {len(state.players)}")
    _in_range(state.epoch, EPOCHS[0], EPOCHS[-1], "epoch", "EPOCH-1")
    if sorted(state.board_order) != _SORTED_COLORS:
        raise _fail("board_order", "SETUP-2", "must name each of the 5 colours once")
    for name, rule, rows, size in (
        ("decks", "SETUP-3", state.decks, len(COLORS)),
        ("outer_piles", "DRAFT-2", state.outer_piles, len(COLORS)),
        ("colony_stacks", "SETUP-4", state.colony_stacks, len(TIERS)),
    ):
        if len(rows) != size:
            raise _fail(name, rule, f"must hold {size} piles, found {len(rows)}")
    to_come = EPOCHS[-1] - state.epoch
    if len(state.later_decks) != to_come:
        raise _fail(
            "later_decks", "EPOCH-2", f"epoch {state.epoch} leaves {to_come} epoch(s) of decks to come"
        )
    for e, decks in enumerate(state.later_decks):
        if len(decks) != len(COLORS):
            raise _fail(f"later_decks[{e}]", "EPOCH-2", f"must hold {len(COLORS)} decks, found {len(decks)}")


def _check_sellers(state: GameState) -> None:
    """SELL-1: who sold each sold card, a seat of the game, and whether openly (PICK-1)."""
    sold = len(state.sold)
    for name, rule, told, what in (
        ("sellers", "SELL-1", state.sellers, "who sold it, SELL-1"),
        ("sold_openly", "PICK-1", state.sold_openly, "whether it was picked from a pile, PICK-1"),
    ):
        if len(told) != sold:
            raise _fail(
                name, rule, f"one entry per sold card, in order ({what}): {sold} sold, found {len(told)}"
            )
    seats = range(len(state.players))
    if state.sellers and not (min(state.sellers) >= 0 and max(state.sellers) < len(seats)):
        i, seller = next((i, s) for i, s in enumerate(state.sellers) if s not in seats)
        raise _fail(
            f"sellers[{i}]", "SELL-1", f"must be a seat of the game (0 to {seats[-1]}), not {shown(seller)}"
        )


def _check_flow(state: GameState) -> None:
    """Who acts next: section, seats and counters (EPOCH-1, START-1…4, WHEEL-1/2, DRAFT-3)."""
    n = len(state.players)
    never_waits = SECTIONS[state.section].never_waits
    if never_waits is not None:
        raise _fail("section", "EPOCH-1", f"{never_waits}; no position waits in it")
    if state.section not in _SECTIONS_OF[state.phase]:
        raise _fail("section", "EPOCH-1", f"phase {state.phase} has no {state.section} section")
    if state.section is _SETUP and state.epoch != EPOCHS[0]:
        raise _fail("section", "SETUP-6", "start-card sides are chosen before the first epoch")
    if state.section is _OVER and state.epoch != EPOCHS[-1]:
        raise _fail(
            "section",
            "EPOCH-3",
            f"the game ends after epoch {ROMAN[EPOCHS[-1]]} (EPOCH-3), not in epoch {ROMAN[state.epoch]}",
        )
    _in_range(state.first_player, 0, n - 1, "first_player", "START-1")
    _in_range(state.turn, 0, n - 1, "turn", "START-4")
    _in_range(state.wheel, 0, len(COLORS) - 1, "wheel", "WHEEL-1")
    _in_range(state.round, 0, len(COLORS), "round", "WHEEL-2")
    if state.ply < 0:
        raise _fail("ply", None, f"must be 0 or more, not {state.ply}")
    undecided = [seat for seat, p in enumerate(state.players) if p.side is None]
    if state.section is _SETUP:
        if not state.advanced or not undecided:
            raise _fail(
                "section", "SETUP-6", "setup waits only for players of the advanced game choosing a side"
            )
    elif undecided:
        raise _fail(
            f"players[{undecided[0]}].side",
            "SETUP-6",
            f"every side is chosen once the game is in {state.section}",
        )
    flaw = SECTIONS[state.section].check_waiting(state)
    if flaw is not None:
        raise _fail(flaw.where, flaw.rule, flaw.reason)


def _check_first_player(state: GameState) -> None:
    """START-1/2: the epoch's first player follows from the start cards' initiative."""
    order = setup.initiative_order(state)
    first = setup.first_player(order, state.epoch)
    if state.first_player != first:
        raise _fail(
            "first_player",
            "START-1",
            f"epoch {ROMAN[state.epoch]} is begun by player {first}, by the start cards' initiative "
            f"(START-1, START-2), not by player {state.first_player}",
        )


#: The places are tested whole first, in C loops (:func:`_whole_places_pass`), and
#: searched item by item only when that fails, to name the first problem; a test
#: switches this off to hold the two to the same answers.
_WHOLE_FIRST = True


def _whole_places_pass(held: list[Sequence[str]], allowed: _Allowed, places: _CardPlaces) -> bool:
    """True exactly when :func:`_check_components` and :func:`_check_places` both pass,
    tested by C loops: every place holds only ids that may lie there (each within what
    :func:`_check_components` allows there, so all are the catalogue's), as many ids
    are held as the catalogue has and as many different ones (so each is held once),
    and the later epochs' decks are of their sizes."""
    count = len(allowed.everything)
    return (
        sum(map(len, held)) == count
        and all(map(frozenset.issuperset, places.cards, held))
        and len(set(chain.from_iterable(held))) == count
        and tuple(map(len, held[places.sized_at])) == places.sized
    )


def _held(state: GameState) -> list[Sequence[str]]:
    """What every place of cards and colonies holds, in the order of :meth:`_Allowed.places`:
    the decks, the later epochs' decks, the outer piles, the colony stacks, the sold and
    removed cards, the box, and each player's cards, drawn cards and colonies."""
    return [
        *state.decks,
        *chain(*state.later_decks),
        *state.outer_piles,
        *state.colony_stacks,
        state.sold,
        state.removed,
        state.box,
        *chain.from_iterable((p.cards, p.drawn, tuple([c.id for c in p.colonies])) for p in state.players),
    ]


def _check_components(state: GameState, held: list[Sequence[str]], allowed: _Allowed) -> None:
    """SETUP-3/4: every card and colony of the catalogue lies in exactly one place: none
    unknown (a card where cards lie, a colony where colonies lie), none in two places,
    none nowhere; ``held`` is :func:`_held`."""
    paths, known = allowed.places(state.epoch, len(state.players))
    places = Places()
    for where, ids, may_lie in zip(paths, held, known, strict=True):
        found = places.walk(where, ids, may_lie)
        if found is not None:
            rule = "SETUP-4" if found.item in allowed.colonies else "SETUP-3"
            if found.first is None:
                raise _fail(where, rule, f"unknown id {shown(found.item)}")
            raise _fail(where, rule, f"{shown(found.item)} is also in {ROOT}.{found.first[0]}")
    missing = sorted(allowed.everything.difference(places.first))
    if missing:
        rule = "SETUP-4" if missing[0] in allowed.colonies else "SETUP-3"
        raise _fail("box", rule, f"every card and colony lies somewhere; {shown(missing[0])} is nowhere")


def _check_player(state: GameState, seat: int, player: PlayerState, hand_set: bool) -> None:
    """Coins, tracks, medals, statues, colony tiers and bonus tiles of one player."""
    where = _PLAYERS[seat]
    catalogue = state.catalogue
    reference = catalogue.reference
    if player.start_card not in catalogue.start_cards:
        raise _fail(f"{where}.start_card", "SETUP-6", f"unknown start card {shown(player.start_card)}")
    if player.crest not in reference.wheel_place:
        raise _fail(
            f"{where}.crest", "WHEEL-3", f"{shown(player.crest)} is not a crest of the wheel (WHEEL-3)"
        )
    if player.side is _SIDE_B and not state.advanced:
        raise _fail(f"{where}.side", "SETUP-6", "the basic game plays side A (SETUP-6)")
    tracks = player.tracks
    lowest = min(
        player.coins,
        player.section_takes,
        player.section_paid,
        tracks.income,
        tracks.military,
        tracks.culture,
        tracks.food,
    )
    if lowest < 0:
        for name, rule, value in (
            ("coins", "BUY-2", player.coins),
            ("section_takes", None, player.section_takes),
            ("section_paid", None, player.section_paid),
            *((f"tracks.{track}", "TRACK-1", value) for track, value in tracks.items()),
        ):
            if value < 0:
                raise _fail(f"{where}.{name}", rule, f"must be 0 or more, not {value}")
    if not 0 <= player.gold <= reference.max_gold:
        _in_range(player.gold, 0, reference.max_gold, f"{where}.gold", "MEDAL-2")
    if len(player.silver) > reference.max_silver:
        raise _fail(f"{where}.silver", "MEDAL-2", f"at most {reference.max_silver} silver medals (MEDAL-2)")
    if player.statues:
        carved = [s.statue for s in player.statues]
        for statue in carved:
            if statue not in catalogue.statues:
                raise _fail(f"{where}.statues", "STATUE-1", f"unknown statue {statue}")
        if len(set(carved)) != len(carved):
            raise _fail(f"{where}.statues", "STATUE-2", "a statue is carved once (STATUE-2)")
    if len(player.colonies) > 1:
        tiers = [catalogue.colonies[c.id].tier for c in player.colonies]
        if len(set(tiers)) != len(tiers):
            raise _fail(f"{where}.colonies", "COLONY-3", "one colony per tier (COLONY-3)")
    if player.tiles_on_cards:
        on_cards = [t.card for t in player.tiles_on_cards]
        if (
            len(set(on_cards)) != len(on_cards)
            or not set(on_cards) <= set(player.cards)
            or not all(effects.places_tile(catalogue.cards[card]) for card in on_cards)
        ):
            raise _fail(
                f"{where}.tiles_on_cards", "TILE-1", "one tile per PURPLE-2 card of the tableau (TILE-1)"
            )
    tiles = _tiles(reference.tiles_per_track)
    if _misplaced_tiles(player, tiles):
        free = player.free_tiles
        if free not in tiles.in_order and list(free) != sorted(free, key=TRACK_INDEX.__getitem__):
            raise _fail(
                f"{where}.free_tiles", "TILE-1", f"free tiles are kept in track order ({', '.join(TRACKS)})"
            )
        held = _held_tiles(player)
        for track in TRACKS:
            if held.count(track) != reference.tiles_per_track:
                raise _fail(
                    f"{where}.free_tiles",
                    "TILE-1",
                    f"free, carved, silver-medal and card tiles hold {reference.tiles_per_track} {track} "
                    f"tiles (TILE-1), found {held.count(track)}",
                )
    if hand_set:
        return
    sources = track_sources(state, seat)
    if sources != tracks:
        for track, value in tracks.items():
            if value != sources.get(track):
                raise _fail(
                    f"{where}.tracks.{track}",
                    "TRACK-1",
                    f"the start card, cards, allied colonies, face-up statue tiles and purple effects "
                    f"give {sources.get(track)}, not {value} (TRACK-1, BUY-3, COLONY-4, STATUE-3)",
                )


class _Tiles:
    """A player's bonus tiles when each track has ``per_track`` of them (TILE-1)."""

    __slots__ = ("all", "in_order", "sorted")

    def __init__(self, per_track: int) -> None:
        #: All of them, in track order (all free, as at the start of the game).
        self.all = tuple(track for track in TRACKS for _ in range(per_track))
        #: Every selection of them in track order (what free tiles may be).
        self.in_order = frozenset(
            tuple(chain.from_iterable(map(repeat, TRACKS, counts)))
            for counts in product(range(per_track + 1), repeat=len(TRACKS))
        )
        #: All of them, sorted as texts.
        self.sorted = sorted(self.all)


@functools.cache  # global: by a number of tiles per track only, whatever the catalogue
def _tiles(per_track: int) -> _Tiles:
    return _Tiles(per_track)


def _held_tiles(player: PlayerState) -> list[Track]:
    """The player's free, carved, silver-medal and card tiles."""
    return [
        *player.free_tiles,
        *map(_TILE, player.statues),
        *player.silver,
        *map(_TILE, player.tiles_on_cards),
    ]


#: The tile of a carved statue or of a card.
_TILE = attrgetter("tile")


def _misplaced_tiles(player: PlayerState, tiles: _Tiles) -> bool:
    """True unless the free tiles are in track order and, with the carved, silver-medal
    and card tiles, make up all tiles (TILE-1)."""
    if not (player.statues or player.silver or player.tiles_on_cards):
        return player.free_tiles != tiles.all
    return player.free_tiles not in tiles.in_order or sorted(_held_tiles(player)) != tiles.sorted


def _check_places(state: GameState, held: list[Sequence[str]], places: _CardPlaces) -> None:
    """Each card in a place of its colour and epoch, each colony on the stack of its tier
    (SETUP-3, SETUP-4), the advanced game's star cards only in the advanced game
    (SETUP-3); the later epochs' decks as setup lays them out. ``held`` is :func:`_held`,
    and every id it holds is one of the catalogue's (:func:`_check_components` passed);
    ``places`` is what the game's places may hold (:meth:`_Allowed.card_places`)."""
    catalogue = state.catalogue
    cards, colonies = catalogue.cards, catalogue.colonies
    for where, ids, epochs, color, size in zip(
        places.paths, held, places.epochs, places.colors, places.sizes, strict=True
    ):
        if epochs is None:
            continue
        for card_id in ids:
            card = cards[card_id]
            if card.epoch not in epochs:
                raise _fail(where, "SETUP-3", f"{shown(card_id)} is a card of epoch {ROMAN[card.epoch]}")
            if color is not None and COLOR_INDEX[card.color] != color:
                raise _fail(where, "SETUP-3", f"{shown(card_id)} is a {card.color} card, not {COLORS[color]}")
            if card.star and not state.advanced:
                raise _fail(
                    where,
                    "SETUP-3",
                    f"{shown(card_id)} is a star card, played only in the advanced game (SETUP-3)",
                )
        if size is not None and size != len(ids):
            raise _fail(where, "SETUP-3", f"SETUP-3 lays {size} cards, found {len(ids)}")
    for i, stack in enumerate(state.colony_stacks):
        for colony_id in stack:
            if colonies[colony_id].tier != TIERS[i]:
                raise _fail(
                    f"colony_stacks[{i}]",
                    "SETUP-4",
                    f"{shown(colony_id)} is a colony of tier {colonies[colony_id].tier}, not {TIERS[i]}",
                )


def _check_box(state: GameState, allowed: _Allowed) -> None:
    """As many cards of each epoch and colour, and colonies of each tier, out of the box
    as setup lays out (SETUP-3, SETUP-4)."""
    catalogue, n = state.catalogue, len(state.players)
    # by now every id in the box is the catalogue's: the whole test or _check_components found so
    if _WHOLE_FIRST and sorted(map(allowed.pool_of.__getitem__, state.box)) == allowed.boxed(n):
        return
    boxed = set(state.box)
    for epoch in EPOCHS:
        for i, color in enumerate(COLORS):
            out = sum(1 for c in catalogue.deck_pool(epoch, color, state.advanced) if c not in boxed)
            if out != _laid_out(state, epoch, i):
                raise _fail(
                    "box",
                    "SETUP-3",
                    f"SETUP-3 lays out {_laid_out(state, epoch, i)} {color} cards of epoch {ROMAN[epoch]}, "
                    f"found {out} out of the box",
                )
    for tier in TIERS:
        out = sum(1 for c in catalogue.tier_pool(tier) if c not in boxed)
        expected = setup.colonies_laid_out(len(catalogue.tier_pool(tier)), n)
        if out != expected:
            raise _fail("box", "SETUP-4", f"SETUP-4 lays out {expected} colonies of tier {tier}, found {out}")


def _laid_out(state: GameState, epoch: int, color: int) -> int:
    """SETUP-3: the cards of one epoch and colour laid out in ``state``'s game."""
    pool = state.catalogue.deck_pool(epoch, COLORS[color], state.advanced)
    return setup.cards_laid_out(len(pool), len(state.players))


class _Allowed:
    """Where the cards and colonies of one catalogue may lie in the basic or the advanced
    game, as sets that whole places are tested against in C loops; made once."""

    __slots__ = (
        "_boxed",
        "_by_epoch",
        "_card_places",
        "_later_sizes",
        "_places",
        "cards",
        "colonies",
        "everything",
        "pool_of",
        "stacks",
    )

    def __init__(self, catalogue: Catalogue, advanced: bool) -> None:
        self.cards = frozenset(catalogue.cards)
        self.colonies = frozenset(catalogue.colonies)
        self.everything = self.colonies.union(self.cards)
        #: The cards of each epoch and colour that go into play (SETUP-3).
        pools = {
            epoch: tuple(frozenset(catalogue.deck_pool(epoch, c, advanced)) for c in COLORS)
            for epoch in EPOCHS
        }
        tiers = {tier: catalogue.tier_pool(tier) for tier in TIERS}
        #: The colonies of each stack's tier (SETUP-4).
        self.stacks = tuple(frozenset(tiers[tier]) for tier in TIERS)
        #: The pools cards and colonies are laid out from: none (the cards that do not go
        #: into play, the basic game's star cards), each epoch and colour, each tier.
        laid_out_from: list[tuple[frozenset[str], Callable[[int], int]]] = [
            (self.everything.difference(*(p for e in EPOCHS for p in pools[e]), *self.stacks), lambda n: 0),
            *(
                (pool, functools.partial(setup.cards_laid_out, len(pool)))
                for e in EPOCHS
                for pool in pools[e]
            ),
            *((pool, functools.partial(setup.colonies_laid_out, len(pool))) for pool in self.stacks),
        ]
        #: The index of the pool of each card and colony in ``laid_out_from``.
        self.pool_of = {item: i for i, (pool, _) in enumerate(laid_out_from) for item in pool}
        #: For each number of players, the pools of the box's cards and colonies, sorted.
        self._boxed = {
            players: sorted(
                i for i, (pool, laid) in enumerate(laid_out_from) for _ in range(len(pool) - laid(players))
            )
            for players in range(2, 6)
        }
        self._by_epoch = {epoch: _EpochPools(pools, epoch) for epoch in EPOCHS}
        self._later_sizes = {
            (epoch, players): tuple(
                setup.cards_laid_out(len(pool), players)
                for later in self._by_epoch[epoch].later
                for pool in later
            )
            for epoch in EPOCHS
            for players in range(2, 6)
        }

        self._places: dict[tuple[int, int], tuple[tuple[str, ...], tuple[frozenset[str], ...]]] = {}
        self._card_places: dict[tuple[int, int, bool], _CardPlaces] = {}

    def places(self, epoch: int, players: int) -> tuple[tuple[str, ...], tuple[frozenset[str], ...]]:
        """The path of each place of :func:`_held` in a game of ``players`` in ``epoch``,
        and the ids of what may lie there: a card, a colony, or either in the box."""
        key = epoch, players
        if key not in self._places:
            cards, colonies, later = self.cards, self.colonies, EPOCHS[-1] - epoch
            self._places[key] = (
                _paths(players, later),
                (
                    *(cards,) * len(COLORS) * (1 + later + 1),
                    *(colonies,) * len(TIERS),
                    cards,
                    cards,
                    self.everything,
                    *(cards, cards, colonies) * players,
                ),
            )
        return self._places[key]

    def card_places(self, epoch: int, players: int, hand_set: bool) -> _CardPlaces:
        """What the places of :func:`_held` may hold in a game of ``players`` in ``epoch``."""
        key = epoch, players, hand_set
        if key not in self._card_places:
            self._card_places[key] = _CardPlaces(self, epoch, players, hand_set)
        return self._card_places[key]

    def of_epoch(self, epoch: int) -> _EpochPools:
        """Where the cards may lie in ``epoch``."""
        return self._by_epoch[epoch]

    def later_sizes(self, epoch: int, players: int) -> tuple[int, ...]:
        """The sizes of the later epochs' decks as setup lays them out (SETUP-3)."""
        return self._later_sizes[epoch, players]

    def boxed(self, players: int) -> list[int]:
        """The pools (:attr:`pool_of`) of the cards and colonies setup puts in the box, sorted."""
        return self._boxed[players]


@functools.cache  # global: by table size only, whatever the catalogue
def _paths(players: int, later: int) -> tuple[str, ...]:
    """The path of each place of :func:`_held`, for ``players`` and ``later`` epochs to come."""
    return (
        *(f"decks[{i}]" for i in range(len(COLORS))),
        *(f"later_decks[{e}][{i}]" for e in range(later) for i in range(len(COLORS))),
        *(f"outer_piles[{i}]" for i in range(len(COLORS))),
        *(f"colony_stacks[{i}]" for i in range(len(TIERS))),
        "sold",
        "removed",
        "box",
        *(f"players[{seat}].{place}" for seat in range(players) for place in ("cards", "drawn", "colonies")),
    )


class _CardPlaces:
    """What each place of :func:`_held` may hold of cards in one epoch of a game, as
    :func:`_check_places` holds it to SETUP-3: the ids of what may lie there, the epochs
    and colour (an index of ``COLORS``, None for any) of its cards, and how many cards it
    holds as setup laid it out. Places that are not held to epochs here (the colony
    stacks, the box, the players' colonies) have None for epochs."""

    __slots__ = ("cards", "colors", "epochs", "paths", "sized", "sized_at", "sizes")

    def __init__(self, allowed: _Allowed, epoch: int, players: int, hand_set: bool) -> None:
        pools = allowed.of_epoch(epoch)
        later = EPOCHS[-1] - epoch
        now, played = range(epoch, epoch + 1), range(EPOCHS[0], epoch + 1)
        colors = range(len(COLORS))
        later_sizes = iter(allowed.later_sizes(epoch, players))
        # set by hand, a pile may hold an older card (SELL-1: a card is sold by its own epoch)
        piles, pile_epochs = (pools.piles, played) if hand_set else (pools.decks, now)
        rows: list[tuple[frozenset[str], range | None, int | None, int | None]] = [
            *((pools.decks[i], now, i, None) for i in colors),
            *(
                (
                    pools.later[e][i],
                    range(epoch + 1 + e, epoch + 2 + e),
                    i,
                    None if hand_set else next(later_sizes),
                )
                for e in range(later)
                for i in colors
            ),
            *((piles[i], pile_epochs, i, None) for i in colors),
            *((stack, None, None, None) for stack in allowed.stacks),
            (pools.played, played, None, None),
            (pools.played, played, None, None),
            (allowed.everything, None, None, None),
            *(
                (pools.played, played, None, None),
                (pools.dealt, now, None, None),
                (allowed.colonies, None, None, None),
            )
            * players,
        ]
        self.paths = _paths(players, later)
        self.cards, self.epochs, self.colors, self.sizes = (
            tuple(column) for column in zip(*rows, strict=True)
        )
        #: The places whose size is checked (the later epochs' decks, one after another)
        #: and their sizes.
        sized = [i for i, size in enumerate(self.sizes) if size is not None]
        self.sized_at = slice(sized[0], sized[-1] + 1) if sized else slice(0)
        self.sized = tuple(self.sizes[self.sized_at])


class _EpochPools:
    """Where the cards may lie in one epoch, as sets (SETUP-3, SELL-1)."""

    __slots__ = ("dealt", "decks", "later", "piles", "played")

    def __init__(self, pools: Mapping[int, tuple[frozenset[str], ...]], epoch: int) -> None:
        #: The pools of the epoch's decks, in ``COLORS`` order.
        self.decks = pools[epoch]
        #: Those of the later epochs' decks, epoch by epoch.
        self.later = tuple(pools[later] for later in EPOCHS if later > epoch)
        #: The cards of the epoch (what a player may hold drawn).
        self.dealt = frozenset().union(*pools[epoch])
        #: The cards of the epochs so far (what may have been bought, sold or removed).
        self.played = frozenset().union(
            *(pools[e][i] for e in EPOCHS if e <= epoch for i in range(len(COLORS)))
        )
        #: Those of each colour, in ``COLORS`` order (what an outer pile set by hand may hold).
        self.piles = tuple(
            frozenset().union(*(pools[e][i] for e in EPOCHS if e <= epoch)) for i in range(len(COLORS))
        )


#: What each catalogue allows where, for the basic and the advanced game, kept by it.
_ALLOWED: Part[bool, _Allowed] = Part("what lies where, by basic or advanced game", bound=2)


def _allowed(catalogue: Catalogue, advanced: bool) -> _Allowed:
    return catalogue.kept.made(_ALLOWED, advanced, lambda: _Allowed(catalogue, advanced))


class _Rounds(NamedTuple):
    """The epoch's draft so far, in numbers of cards."""

    #: The cards left in each deck, in ``COLORS`` order.
    left: tuple[int, ...]
    #: The cards each seat drew, round by round.
    drawn: tuple[tuple[int, ...], ...]
    #: The cards the finished rounds passed on to the outer piles.
    passed: int


#: The draft rounds of the positions checked, by what decides them besides the catalogue
#: (:func:`_draft_rounds`): a few dozen a game, kept by the catalogue.
_ROUNDS: Part[tuple[object, ...], _Rounds] = Part("the draft rounds of the positions checked", bound=4096)


def _draft_rounds(state: GameState) -> _Rounds:
    """The epoch's draft so far (SETUP-3, DRAFT-1, WHEEL-2/3): the cards left in each deck,
    how many each seat drew in each round dealt, and how many cards the rounds finished
    passed on to the outer piles. No round is dealt before the wheel is set; during the
    draft, the rounds up to the current one; after it, every round until the decks were
    empty.

    Kept by what decides them: the game (the catalogue keeps them; players' crests, basic or advanced),
    the epoch, the board and wheel, and how far the draft is.
    """
    section = state.section
    key = (
        state.advanced,
        tuple(p.crest for p in state.players),
        state.epoch,
        state.board_order,
        state.wheel,
        section if section in _DEALING else None,
        state.round if section is _DRAFT else None,
    )
    return state.catalogue.kept.made(_ROUNDS, key, lambda: _deal_rounds(state))


def _deal_rounds(state: GameState) -> _Rounds:
    """:func:`_draft_rounds`, dealt round by round as the draft deals them
    (:func:`~hadara_rules._rules.draft.dealt`), from decks of stand-in cards as many as
    setup lays out."""
    decks = tuple(("",) * _laid_out(state, state.epoch, i) for i in range(len(COLORS)))
    rounds: list[tuple[int, ...]] = []
    if state.section in (_SETUP, _WHEEL):
        return _Rounds(tuple(map(len, decks)), (), 0)

    def dealing() -> bool:
        return len(rounds) <= state.round if state.section is _DRAFT else any(decks)

    while dealing():
        drawn, decks = draft.dealt(replace(state, decks=decks), len(rounds))
        rounds.append(tuple(map(len, drawn)))
    finished = rounds[:-1] if state.section is _DRAFT else rounds
    return _Rounds(tuple(map(len, decks)), tuple(rounds), _passed_on(finished))


def _passed_on(rounds: list[tuple[int, ...]]) -> int:
    """DRAFT-2: the cards the players put on the outer piles in these rounds."""
    return sum(draft.passed_on(drew) for dealt in rounds for drew in dealt)


def _check_draft_progress(state: GameState) -> None:
    """The decks hold what the draft rounds so far left (DRAFT-1, WHEEL-2), each player
    holds the cards drawn this round from the deck their crest points at (WHEEL-3), and
    the outer piles hold the cards passed on (DRAFT-2) until picking empties them (PICK-1)."""
    left, rounds, passed = _draft_rounds(state)
    if tuple(map(len, state.decks)) != left:
        for i, (deck, expected) in enumerate(zip(state.decks, left, strict=True)):
            if len(deck) != expected:
                raise _fail(
                    f"decks[{i}]",
                    "DRAFT-1",
                    f"{expected} {COLORS[i]} cards are left after {len(rounds)} draft round(s) "
                    f"(SETUP-3, DRAFT-1), found {len(deck)}",
                )
    if state.section is _DRAFT:
        for seat, player in enumerate(state.players):
            color = deck_color(state, seat)
            if len(player.drawn) != rounds[-1][seat]:
                raise _fail(
                    f"players[{seat}].drawn",
                    "DRAFT-1",
                    f"the player drew {rounds[-1][seat]} cards this round (DRAFT-1), found {len(player.drawn)}",
                )
            for card_id in player.drawn:
                if state.catalogue.cards[card_id].color is not color:
                    raise _fail(
                        f"players[{seat}].drawn",
                        "WHEEL-3",
                        f"{shown(card_id)} is not from the {color} deck the player's crest points at (WHEEL-3)",
                    )
    on_piles = sum(map(len, state.outer_piles))
    if state.phase is _PHASE_A and on_piles != passed:
        rule, reason = "DRAFT-2", f"the draft rounds so far passed {passed} cards on to them (DRAFT-2)"
    elif state.section is _PICK and not 0 < on_piles <= passed:
        rule, reason = (
            "PICK-1",
            f"picking takes the {passed} cards passed on one by one while a pile holds one (PICK-1)",
        )
    elif state.phase is _PHASE_B and state.section is not _PICK and on_piles:
        rule, reason = "PICK-1", "picking empties them (PICK-1)"
    else:
        return
    raise _fail("outer_piles", rule, f"{reason}; they hold {on_piles}")


def _check_turn_taken(state: GameState, seat: int, player: PlayerState, hand_set: bool) -> None:
    """What a player holds only once their turn in a section came: medals (MEDAL-1: bought
    in the medal sections), and this section's takes and payments, which start at 0 with
    every section (COLONY-1, STATUE-1, PURPLE-6, -13, -15)."""
    where = _PLAYERS[seat]
    had_turn = (seat - state.first_player) % len(state.players) <= state.turn
    medal_turn = state.epoch > EPOCHS[0] or (state.section is _MEDALS and had_turn)
    if (player.gold or player.silver) and not medal_turn and not hand_set:
        raise _fail(
            f"{where}.{'gold' if player.gold else 'silver'}",
            "MEDAL-1",
            "medals are bought in the medal section; the player has had no turn there yet (MEDAL-1)",
        )
    if not (player.section_takes or player.section_paid):
        return  # nothing taken or paid for yet is within what every section allows
    limits = SECTIONS[state.section].limits(state, player)
    rule = None  # the section's limits: the first rule they cite
    if limits is None:  # no move of this section takes or pays (FLOW-2)
        limits, rule = (
            Limits(0, 0, 1, f"nothing is taken or paid for in the {state.section} section"),
            "FLOW-2",
        )
    elif not had_turn:  # turns go in turn order (START-4)
        limits, rule = Limits(0, 0, 1, "the player's turn in this section has not come"), "START-4"
    if player.section_takes > limits.takes:
        raise _fail(
            f"{where}.section_takes",
            rule or first_rule(limits.rules),
            f"at most {limits.takes} ({limits.rules}), not {player.section_takes}",
        )
    if player.section_paid > limits.paid or player.section_paid % limits.step:
        raise _fail(
            f"{where}.section_paid",
            rule or first_rule(limits.rules),
            f"at most {limits.paid} coins in steps of {limits.step} ({limits.rules}), not {player.section_paid}",
        )
