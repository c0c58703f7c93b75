"""The game loop: a new game, legal moves, checked moves, and applying them.

Each section of the epoch (EPOCH-1) is a :class:`~hadara_rules._rules.section.SectionRules`
record: its moves, each with a ``check`` and a ``play``, and ``legal``, which builds
each legal move from the same predicates that ``check`` applies to any move (price,
requirement, tiles, limits), so enumeration never re-validates what it built; the
test suite proves that the two agree on every move of every kind at positions of
random games. :func:`check_move` is what :func:`apply_move` runs before it plays a
move. The order of play, and the automatic steps after every move, are
:mod:`hadara_rules._flow`'s.
"""

from __future__ import annotations

import enum
from itertools import chain

from attrs import fields

from boardtable.reader import shown

from ._config import GameConfig
from ._copy import copy_position
from ._errors import IllegalMove
from ._flow import SECTIONS, settle_in_place
from ._model import SPECTATOR, GameState
from ._moves import MOVE_TYPES, WELL_TYPED, Action, Move, malformed
from ._rules.section import seat_in_turn
from ._rules.setup import lay_out
from ._vocabulary import Color, Side, Track


def new_game(config: GameConfig) -> GameState:
    """The position before the first decision: SETUP-1…6 and START-1…4, then the
    automatic steps (in the basic game, the first player sets the wheel).

    Deterministic in ``config``: the same config gives equal, equally hashing states.
    """
    return settle_in_place(lay_out(config))


# --------------------------------------------------------------------------- checking


def check_move(state: GameState, move: Move) -> IllegalMove | None:
    """Why ``move`` is illegal in ``state`` (with the rule it breaks), or None if it is legal.

    Any object at all may be passed: one that is no well-formed move is refused too
    (FLOW-2). A move of a kind the section takes is given the quick test of its field
    types; :func:`malformed` judges every other object, and says why a move fails it.
    """
    kind = type(move)
    rules = SECTIONS[state.section]
    handler = rules.moves.get(kind)
    if handler is None or not WELL_TYPED[kind](move):
        refusal = malformed(move)
        if refusal is not None:
            return refusal
        if handler is None:
            return rules.refuse(state, move)
    seat = move.player
    deciding = rules.deciding
    # FLOW-1: in a section played in turn only the seat in turn acts (START-4); where the
    # players decide together, each seated player the section names
    if deciding is None:
        acts = seat == seat_in_turn(state)
    else:
        acts = 0 <= seat < len(state.players) and deciding(state, seat)
    if not acts:
        if handler.out_of_turn is not None and 0 <= seat < len(state.players):
            refusal = handler.out_of_turn(state, move)
            if refusal is not None:
                return refusal
        waiting = ", ".join(map(str, state.to_act))
        return IllegalMove("FLOW-1", f"player {shown(seat)} is not to act; waiting for player(s) {waiting}")
    if state.viewer is not None and seat != state.viewer:
        whose = "the spectator's" if state.viewer == SPECTATOR else f"player {state.viewer}'s"
        return IllegalMove("INFO-1", f"{whose} view hides what player {seat} holds; check the whole position")
    return handler.check(state, move)


def legal_moves(state: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of the players to act (or of ``player`` only), in :func:`move_key` order."""
    rules = SECTIONS[state.section]
    if player is None:
        seats = state.to_act
    elif rules.deciding is None:  # START-4: in a section played in turn only the seat in turn acts
        seats = (player,) if player == seat_in_turn(state) else ()
    else:
        seats = (player,) if player in range(len(state.players)) and rules.deciding(state, player) else ()
    if state.viewer is not None:  # INFO-1: a view knows only its own player's options
        seats = tuple(s for s in seats if s == state.viewer)
    legal = rules.legal
    if len(seats) == 1:
        return tuple(legal(state, seats[0]))
    return tuple(chain.from_iterable([legal(state, seat) for seat in seats]))


_TYPE_INDEX = {kind: i for i, kind in enumerate(MOVE_TYPES)}
_FIELDS = {kind: tuple(f.name for f in fields(kind)) for kind in MOVE_TYPES}


def move_key(move: Move) -> tuple[object, ...]:
    """The order of :func:`legal_moves`: player, kind of move, then its fields in turn.

    Colours, tracks and sides sort in board order, ids alphabetically, None first.
    Each section's generator yields its moves in this order, so nothing is sorted
    on the hot path; a test holds the generators to it.
    """
    kind = type(move)
    values = tuple(_sortable(getattr(move, name)) for name in _FIELDS[kind])
    return (move.player, _TYPE_INDEX[kind], *values)


def _sortable(value: object) -> tuple[int, object]:
    """None first, then names of the game in their board order, then ids, then numbers."""
    if value is None:
        return (0, 0)
    if isinstance(value, enum.Enum):
        return (1, _ORDINALS[value])
    if isinstance(value, str):
        return (2, value)
    return (3, value)


_ORDINALS: dict[enum.Enum, int] = {
    member: i for kind in (Color, Track, Side, Action) for i, member in enumerate(kind)
}


# --------------------------------------------------------------------------- applying


def apply_move(state: GameState, move: Move, check: bool = True) -> GameState:
    """The position after ``move``, with every automatic step that follows it.

    Raises :class:`IllegalMove` (and leaves ``state`` untouched, as always) when
    ``check`` is true and the move breaks a rule. ``check=False`` is the fast path
    for moves taken from :func:`legal_moves`.
    """
    return settle_in_place(played(state, move, check))


def played(state: GameState, move: Move, check: bool = True) -> GameState:
    """The position right after ``move``, before the automatic steps that follow it
    (checked as :func:`apply_move` checks)."""
    if state.viewer is not None:
        raise IllegalMove("INFO-1", "a player view hides cards; apply moves to the whole position")
    if check:
        refusal = check_move(state, move)
        if refusal is not None:
            raise refusal
    changes = SECTIONS[state.section].moves[type(move)].play(state, move)
    changes["ply"] = state.ply + 1
    return copy_position(state, changes)
