"""The game loop: legal moves, checked moves, and the automatic steps between decisions.

Each section of the epoch (EPOCH-1) is handled by one rule module offering
``legal``, ``check`` and ``play`` (see :mod:`hadara_rules.rules`). ``legal``
builds each legal move from the same predicates that ``check`` applies to any
move (price, requirement, tiles, limits), so enumeration never re-validates
what it built; the test suite proves that the two agree on every move of every
kind at positions of random games. :func:`check_move` is what
:func:`apply_move` runs before it plays a move.

After every move the position is *settled*: income is paid, draft rounds are
dealt and resolved, fed players and players whose only move would be ``Pass``
are skipped, and epochs change, until some player must decide or the game is
over (FLOW, EPOCH-1…3).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import Protocol

from attrs import fields

from .errors import IllegalMove
from .model import Changes, Color, GameState, Phase, Section, Side, Track, replace
from .moves import (
    MOVE_TYPES,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
)
from .rules import colony, draft, feeding, income, medals, pick, setup, statue, wheel
from .rules.requirement import takes_left
from .rules.table import end_turn, start_section


class SectionRules(Protocol):
    """What each section's rule module offers (see :mod:`hadara_rules.rules`)."""

    def legal(self, state: GameState, seat: int) -> Iterator[Move]: ...

    def check(self, state: GameState, move: Move) -> IllegalMove | None: ...

    def play(self, state: GameState, move: Move) -> Changes: ...


#: The rule module and the move kinds of each section that waits for decisions (FLOW-2).
SECTIONS: dict[Section, tuple[SectionRules, tuple[type[Move], ...]]] = {
    Section.SETUP: (setup, (ChooseSide,)),
    Section.WHEEL: (wheel, (SetWheel,)),
    Section.DRAFT: (draft, (Draft,)),
    Section.PICK: (pick, (Pick,)),
    Section.COLONY: (colony, (TakeColony, Pass)),
    Section.STATUE: (statue, (CarveStatue, Pass)),
    Section.FEEDING: (feeding, (RemoveCard, FeedWithCoins)),
    Section.MEDALS: (medals, (BuySilver, BuyGold, Pass)),
}

#: What follows a sequential section once every player has had their turn (EPOCH-1).
_AFTER: dict[tuple[Phase, Section], Callable[[GameState], GameState]] = {
    (Phase.A, Section.COLONY): lambda s: start_section(s, Section.STATUE),
    (Phase.B, Section.COLONY): lambda s: start_section(s, Section.STATUE),
    (Phase.A, Section.STATUE): lambda s: start_section(replace(s, phase=Phase.B), Section.PICK),
    (Phase.B, Section.STATUE): lambda s: start_section(s, Section.FEEDING),
    (Phase.B, Section.FEEDING): lambda s: start_section(s, Section.MEDALS),
    (Phase.B, Section.MEDALS): setup.next_epoch,
}


# --------------------------------------------------------------------------- checking


def check_move(state: GameState, move: Move) -> IllegalMove | None:
    """Why ``move`` is illegal in ``state`` (with the rule it breaks), or None if it is legal."""
    section = state.section
    if section is Section.OVER:
        return IllegalMove("FLOW-3", "the game is over; no move is accepted after final scoring")
    handler, kinds = SECTIONS[section]
    if not isinstance(move, kinds):
        kind = getattr(move, "type", type(move).__name__)
        return IllegalMove("FLOW-2", f"a {kind} move is not accepted in the {section} section")
    seat = move.player
    if seat not in state.to_act:
        used_up = _turn_used_up(state, move)
        if used_up is not None:
            return used_up
        waiting = ", ".join(map(str, state.to_act))
        return IllegalMove("FLOW-1", f"player {seat!r} is not to act; waiting for player(s) {waiting}")
    if state.viewer is not None and seat != state.viewer:
        return IllegalMove(
            "INFO-1", f"player {state.viewer}'s view hides what player {seat} holds; check the whole position"
        )
    return handler.check(state, move)


def _turn_used_up(state: GameState, move: Move) -> IllegalMove | None:
    """COLONY-1/STATUE-1 rather than FLOW-1 for a player whose takes this section are used up."""
    if not isinstance(move, TakeColony | CarveStatue) or not 0 <= move.player < len(state.players):
        return None
    player = state.players[move.player]
    if isinstance(move, TakeColony):
        return colony.turn_used_up(state, player)
    return statue.turn_used_up(state, player)


def legal_moves(state: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of the players to act (or of ``player`` only), in :func:`move_key` order."""
    rules = SECTIONS.get(state.section)
    if rules is None:  # the game is over
        return ()
    seats = state.to_act
    if player is not None:
        seats = (player,) if player in seats else ()
    if state.viewer is not None:  # INFO-1: a view knows only its own player's options
        seats = tuple(s for s in seats if s == state.viewer)
    legal = rules[0].legal
    if len(seats) == 1:
        return tuple(legal(state, seats[0]))
    return tuple(m for seat in seats for m in legal(state, seat))


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
    member: i for kind in (Color, Track, Side) for i, member in enumerate(kind)
}


# --------------------------------------------------------------------------- applying


def apply_move(state: GameState, move: Move, check: bool = True) -> GameState:
    """The position after ``move``, with every automatic step that follows it.

    Raises :class:`IllegalMove` (and leaves ``state`` untouched, as always) when
    ``check`` is true and the move breaks a rule. ``check=False`` is the fast path
    for moves taken from :func:`legal_moves`.
    """
    if state.viewer is not None:
        raise IllegalMove("INFO-1", "a player view hides cards; apply moves to the whole position")
    if check:
        refusal = check_move(state, move)
        if refusal is not None:
            raise refusal
    handler, _kinds = SECTIONS[state.section]
    return settle(replace(state, ply=state.ply + 1, **handler.play(state, move)))


def settle(state: GameState) -> GameState:
    """Run the automatic steps until a player must decide or the game is over."""
    while True:
        step = _AUTOMATIC[state.section](state)
        if step is None:
            return state
        state = step


def _waits(state: GameState) -> None:
    """Setup and the wheel always wait for a decision; nothing follows the end of the game."""


def _turn(state: GameState) -> GameState | None:
    """A sequential section: the next section once everyone had their turn (EPOCH-1), else
    the player to act, whose turn is skipped when they have nothing to decide (a player
    whose only move would be ``Pass`` makes none; FEED-1: a fed player is done)."""
    if state.turn >= len(state.players):
        return _AFTER[(state.phase, state.section)](state)
    return _SKIP[state.section](state, (state.first_player + state.turn) % len(state.players))


def _skip_taker(state: GameState, seat: int) -> GameState | None:
    """Colony and statue sections: a player whose takes are used up, or who could only pass."""
    if takes_left(state, state.players[seat]) <= 0 or _only_pass(state, seat):
        return end_turn(state)
    return None


def _skip_buyer(state: GameState, seat: int) -> GameState | None:
    """Medal section: a player who could only pass."""
    return end_turn(state) if _only_pass(state, seat) else None


def _skip_fed(state: GameState, seat: int) -> GameState | None:
    """FEED-1: a player whose food suffices is fed without a move."""
    return feeding.fed(state, seat) if feeding.hunger(state.players[seat]) == 0 else None


#: How a sequential section skips the player to act, or None when that player decides.
_SKIP: dict[Section, Callable[[GameState, int], GameState | None]] = {
    Section.COLONY: _skip_taker,
    Section.STATUE: _skip_taker,
    Section.MEDALS: _skip_buyer,
    Section.FEEDING: _skip_fed,
}


#: The automatic step of each section (FLOW, EPOCH-1…3): a new position, or None to wait.
_AUTOMATIC: dict[Section, Callable[[GameState], GameState | None]] = {
    Section.SETUP: _waits,
    Section.WHEEL: _waits,
    Section.OVER: _waits,
    Section.DRAFT: draft.automatic,
    Section.PICK: pick.automatic,
    Section.INCOME: income.take_income,
    Section.COLONY: _turn,
    Section.STATUE: _turn,
    Section.FEEDING: _turn,
    Section.MEDALS: _turn,
}


def _only_pass(state: GameState, seat: int) -> bool:
    """True when the player's only legal move in this section is ``Pass``."""
    handler, _kinds = SECTIONS[state.section]
    return not any(not isinstance(m, Pass) for m in handler.legal(state, seat))
