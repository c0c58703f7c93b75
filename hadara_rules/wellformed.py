"""Is a position loaded from a document one the game could be in?

Positions made by :func:`~hadara_rules.new_game` and :func:`~hadara_rules.apply_move`
always are. A position read from JSON or YAML may have been written by hand or
tampered with, so :func:`check_position` holds it to the structure every
settled position has: every card and colony of the catalogue in exactly one
place, the shape of the table, numbers in their ranges, a section of its phase,
draft choices that were legal when made, and each player's eight bonus tiles
(SETUP-1, TILE-1). The first problem found is a
:class:`~hadara_rules.errors.RecordError` naming the path of the field
(``$.data.players[1].gold``); nothing is changed.

These are checks of structure, not a replay: a position that passes may still
be one no sequence of legal moves reaches (say, with 90 coins in epoch I).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import RecordError
from .model import (
    COLORS,
    EPOCHS,
    TIERS,
    TRACKS,
    GameState,
    Phase,
    PlayerState,
    Section,
    Side,
)
from .moves import Draft
from .rules import draft

#: Where a document's position lives.
_ROOT = "$.data"
#: The sections of each phase that wait for decisions (EPOCH-1); the game ends in Phase B.
_SECTIONS_OF = {
    Phase.A: {Section.SETUP, Section.WHEEL, Section.DRAFT, Section.COLONY, Section.STATUE},
    Phase.B: {Section.PICK, Section.COLONY, Section.STATUE, Section.FEEDING, Section.MEDALS, Section.OVER},
}


def check_position(state: GameState) -> None:
    """Raise :class:`RecordError` for the first structural problem of ``state``."""
    _check_table(state)
    _check_components(state)
    for seat, player in enumerate(state.players):
        _check_player(state, seat, player)
    _check_flow(state)


def _fail(where: str, reason: str) -> RecordError:
    return RecordError(f"{_ROOT}.{where}: {reason}")


def _in_range(value: int, low: int, high: int, where: str) -> None:
    if not low <= value <= high:
        raise _fail(where, f"must be {low} to {high}, not {value}")


def _check_table(state: GameState) -> None:
    """The number of players (SETUP-1) and the shape of decks, piles and stacks."""
    if not 2 <= len(state.players) <= 5:
        raise _fail("players", f"a game has 2 to 5 players, found {len(state.players)}")
    _in_range(state.epoch, EPOCHS[0], EPOCHS[-1], "epoch")
    if sorted(state.board_order) != sorted(COLORS):
        raise _fail("board_order", "must name each of the 5 colours once")
    for name, rows, size in (
        ("decks", state.decks, len(COLORS)),
        ("outer_piles", state.outer_piles, len(COLORS)),
        ("colony_stacks", state.colony_stacks, len(TIERS)),
    ):
        if len(rows) != size:
            raise _fail(name, f"must hold {size} piles, found {len(rows)}")
    to_come = EPOCHS[-1] - state.epoch
    if len(state.later_decks) != to_come:
        raise _fail("later_decks", f"epoch {state.epoch} leaves {to_come} epoch(s) of decks to come")
    for e, decks in enumerate(state.later_decks):
        if len(decks) != len(COLORS):
            raise _fail(f"later_decks[{e}]", f"must hold {len(COLORS)} decks, found {len(decks)}")


def _check_flow(state: GameState) -> None:
    """Who acts next: section, seats and counters (EPOCH-1, START-1…4, WHEEL-1/2, DRAFT-3)."""
    n = len(state.players)
    if state.section is Section.INCOME:
        raise _fail("section", "income is paid automatically; no position waits in it")
    if state.section not in _SECTIONS_OF[state.phase]:
        raise _fail("section", f"phase {state.phase} has no {state.section} section")
    if state.section is Section.SETUP and state.epoch != EPOCHS[0]:
        raise _fail("section", "start-card sides are chosen before the first epoch")
    _in_range(state.first_player, 0, n - 1, "first_player")
    _in_range(state.turn, 0, n - 1, "turn")
    _in_range(state.wheel, 0, len(COLORS) - 1, "wheel")
    _in_range(state.round, 0, len(COLORS), "round")
    if state.ply < 0:
        raise _fail("ply", f"must be 0 or more, not {state.ply}")
    if state.viewer is not None:
        _in_range(state.viewer, 0, n - 1, "viewer")
    undecided = [seat for seat, p in enumerate(state.players) if p.side is None]
    if state.section is Section.SETUP:
        if not state.advanced or not undecided:
            raise _fail("section", "setup waits only for players of the advanced game choosing a side")
    elif undecided:
        raise _fail(
            f"players[{undecided[0]}].side", f"every side is chosen once the game is in {state.section}"
        )
    if state.section is Section.DRAFT:
        _check_pending(state)
    else:
        if state.pending:
            raise _fail("pending", f"draft choices wait only during a draft round, not in {state.section}")
        holding = [seat for seat, p in enumerate(state.players) if p.drawn]
        if holding:
            raise _fail(f"players[{holding[0]}].drawn", "cards are held drawn only during a draft round")


def _check_pending(state: GameState) -> None:
    """DRAFT-1…3: one slot per player, each empty or a legal choice of that player's."""
    if len(state.pending) != len(state.players):
        raise _fail("pending", f"a draft round keeps one choice per player, found {len(state.pending)}")
    for seat, (choice, player) in enumerate(zip(state.pending, state.players, strict=True)):
        if len(player.drawn) > 2:
            raise _fail(f"players[{seat}].drawn", f"a player draws 2 cards, not {len(player.drawn)}")
        if choice is None:
            continue
        if not isinstance(choice, Draft) or choice.player != seat:
            raise _fail(f"pending[{seat}]", f"must be player {seat}'s draft")
        refusal = draft.check(state, choice)
        if refusal is not None:
            raise _fail(f"pending[{seat}]", f"an illegal choice: {refusal.rule}: {refusal.reason}")


def _check_components(state: GameState) -> None:
    """SETUP-3/4: every card and colony of the catalogue lies in exactly one place."""
    catalogue = state.catalogue
    cards, colonies = catalogue.cards, catalogue.colonies
    seen: dict[str, str] = {}

    def place(ids: Sequence[str], where: str, known: Mapping[str, object]) -> None:
        for item in ids:
            if item not in known:
                raise _fail(where, f"unknown id {item!r}")
            if item in seen:
                raise _fail(where, f"{item!r} is also in {_ROOT}.{seen[item]}")
            seen[item] = where

    for i, deck in enumerate(state.decks):
        place(deck, f"decks[{i}]", cards)
    for e, decks in enumerate(state.later_decks):
        for i, deck in enumerate(decks):
            place(deck, f"later_decks[{e}][{i}]", cards)
    for i, pile in enumerate(state.outer_piles):
        place(pile, f"outer_piles[{i}]", cards)
    for i, stack in enumerate(state.colony_stacks):
        place(stack, f"colony_stacks[{i}]", colonies)
    place(state.sold, "sold", cards)
    place(state.removed, "removed", cards)
    place(state.box, "box", {**cards, **colonies})
    for seat, player in enumerate(state.players):
        place(player.cards, f"players[{seat}].cards", cards)
        place(player.drawn, f"players[{seat}].drawn", cards)
        place(tuple(c.id for c in player.colonies), f"players[{seat}].colonies", colonies)
    missing = sorted(item for item in (*cards, *colonies) if item not in seen)
    if missing:
        raise _fail("box", f"every card and colony lies somewhere; {missing[0]!r} is nowhere")


def _check_player(state: GameState, seat: int, player: PlayerState) -> None:
    """Coins, tracks, medals, statues, colony tiers and bonus tiles of one player."""
    where = f"players[{seat}]"
    catalogue = state.catalogue
    reference = catalogue.reference
    if player.start_card not in catalogue.start_cards:
        raise _fail(f"{where}.start_card", f"unknown start card {player.start_card!r}")
    if player.side is Side.B and not state.advanced:
        raise _fail(f"{where}.side", "the basic game plays side A (SETUP-6)")
    for name, value in (
        ("coins", player.coins),
        ("section_takes", player.section_takes),
        ("section_paid", player.section_paid),
        *((f"tracks.{track}", value) for track, value in player.tracks.items()),
    ):
        if value < 0:
            raise _fail(f"{where}.{name}", f"must be 0 or more, not {value}")  # TRACK-1, BUY-2
    _in_range(player.gold, 0, reference.max_gold, f"{where}.gold")  # MEDAL-2
    if len(player.silver) > reference.max_silver:
        raise _fail(f"{where}.silver", f"at most {reference.max_silver} silver medals (MEDAL-2)")
    carved = [s.statue for s in player.statues]
    for statue in carved:
        if statue not in catalogue.statues:
            raise _fail(f"{where}.statues", f"unknown statue {statue}")
    if len(set(carved)) != len(carved):
        raise _fail(f"{where}.statues", "a statue is carved once (STATUE-2)")
    tiers = [catalogue.colonies[c.id].tier for c in player.colonies]
    if len(set(tiers)) != len(tiers):
        raise _fail(f"{where}.colonies", "one colony per tier (COLONY-3)")
    on_cards = [t.card for t in player.tiles_on_cards]
    if len(set(on_cards)) != len(on_cards) or not set(on_cards) <= set(player.cards):
        raise _fail(f"{where}.tiles_on_cards", "one tile per PURPLE-2 card of the tableau (TILE-1)")
    tiles = [
        *player.free_tiles,
        *(s.tile for s in player.statues),
        *player.silver,
        *(t.tile for t in player.tiles_on_cards),
    ]
    for track in TRACKS:
        if tiles.count(track) != reference.tiles_per_track:
            raise _fail(
                f"{where}.free_tiles",
                f"free, carved, silver-medal and card tiles hold {reference.tiles_per_track} {track} tiles "
                f"(TILE-1), found {tiles.count(track)}",
            )
