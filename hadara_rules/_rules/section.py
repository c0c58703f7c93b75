"""What every section of the epoch is made of: its moves, each with its check and play.

A section (EPOCH-1) is a :class:`SectionRules` record. The order of play
(:mod:`hadara_rules._flow`) asks it only about itself: which moves it takes, whether
a player decides now when players decide together, whether it is finished, what
happens in it without a decision, and whether the player in turn is skipped. No
section names the section that follows it. A section also tells its own story:
each handler narrates its move, and ``narrate_step`` the section's automatic steps
(the events of :func:`~hadara_rules.apply_move_with_events`, which alone asks).

Every function of a section returns a :data:`~hadara_rules._model.Changes`: the
fields of the position it changes. The engine and the order of play make the next
position from it in one copy.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

from attrs import frozen

from .._errors import IllegalMove
from .._events import CoinReason, Event, Passed, coins
from .._model import Changes, GameState, PlayerState
from .._moves import Move, Pass, shared

M = TypeVar("M", bound=Move)


#: What a move or a step did, told: the events of ``(before, ..., after)``.
Narration = Iterator[Event]


@frozen
class Handler(Generic[M]):
    """How a section takes one kind of move: ``check`` says why it is refused, ``play``
    what it changes (no checks, no automatic steps), ``narrate`` what it did."""

    check: Callable[[GameState, M], IllegalMove | None]
    play: Callable[[GameState, M], Changes]
    #: The events of the move, from the position before it and the one ``play`` made
    #: (before any automatic step), in the order they happen.
    narrate: Callable[[GameState, M, GameState], Narration]
    #: Why the move is refused from a seated player who is not to act, when the
    #: section can say more than FLOW-1 (a take after the takes are used up).
    out_of_turn: Callable[[GameState, M], IllegalMove | None] | None = None


def handles(
    kind: type[M],
    check: Callable[[GameState, M], IllegalMove | None],
    play: Callable[[GameState, M], Changes],
    narrate: Callable[[GameState, M, GameState], Narration],
    out_of_turn: Callable[[GameState, M], IllegalMove | None] | None = None,
) -> tuple[type[object], Handler[Any]]:
    """One entry of :attr:`SectionRules.moves`: ``check``, ``play`` and ``narrate`` typed
    for ``kind`` (called when the rule modules are imported)."""
    return kind, Handler(check, play, narrate, out_of_turn)  # pragma: no mutate


def _not_finished(state: GameState) -> bool:
    return False


def not_taken(state: GameState, move: object) -> IllegalMove:
    """FLOW-2: a move of a kind the section does not take is refused."""
    name = getattr(move, "type", type(move).__name__)
    return IllegalMove("FLOW-2", f"a {name} move is not accepted in the {state.section} section")


@frozen
class Limits:
    """What a player who had their turn in a section may have taken and paid in it (the
    counters ``section_takes`` and ``section_paid``), and the rules that say so."""

    #: The most takes.
    takes: int
    #: The most coins paid.
    paid: int
    #: The coins of one payment: what is paid is a multiple of it.
    step: int
    #: The rules, as a message names them.
    rules: str


def nothing_taken(state: GameState, player: PlayerState) -> Limits | None:
    """A section in which nothing is taken or paid for."""
    return None


@frozen
class Flaw:
    """Something a position waiting in a section may not hold, and where it is."""

    #: The field, as a path below the position (``pending[1]``, ``players[0].drawn``).
    where: str
    #: Why it may not be so, with the rules that say so.
    reason: str
    #: The rule ID it breaks.
    rule: str


def nothing_drawn(state: GameState) -> Flaw | None:
    """Outside a draft round no draft choice waits and nobody holds drawn cards (DRAFT-1, DRAFT-3)."""
    if state.pending:
        return Flaw(
            "pending", f"draft choices wait only during a draft round, not in {state.section}", "DRAFT-3"
        )
    for seat, player in enumerate(state.players):
        if player.drawn:
            return Flaw(f"players[{seat}].drawn", "cards are held drawn only during a draft round", "DRAFT-1")
    return None


def untold(before: GameState, after: GameState) -> Narration:
    """A section without automatic steps has none to tell."""
    return iter(())


def nobody(state: GameState, seat: int) -> bool:
    """A section without decisions (income, the end of the game) waits for nobody."""
    return False


def no_moves(state: GameState, seat: int) -> Iterator[Move]:
    """A section without decisions offers no move."""
    return iter(())


def seat_in_turn(state: GameState) -> int:
    """START-4: the seat whose turn it is, counting clockwise from the epoch's first player."""
    return (state.first_player + state.turn) % len(state.players)


def everyone_had_a_turn(state: GameState) -> bool:
    """A section played in turn ends once every player has had their turn (EPOCH-1)."""
    return state.turn >= len(state.players)


def one_turn_taken(state: GameState) -> bool:
    """A section of one turn (the first player's wheel, the table's income) has had it."""
    return state.turn >= 1


@frozen
class SectionRules:
    """One section of the epoch (EPOCH-1), as the order of play sees it."""

    #: The move kinds the section takes, each with its handler (FLOW-2).
    moves: Mapping[type[object], Handler[Any]]
    #: Every legal move of a seated player, built legal, in ``move_key`` order.
    legal: Callable[[GameState, int], Iterable[Move]]
    #: Whether a seated player decides now, when the players decide together; None when
    #: they take turns (START-4).
    deciding: Callable[[GameState, int], bool] | None = None
    #: True once nothing is left to do in the section.
    finished: Callable[[GameState], bool] = _not_finished
    #: The step that happens without a decision (dealing, resolving, income), which
    #: returns None to wait for one; None for a section where nothing happens by itself.
    automatic: Callable[[GameState], Changes | None] | None = None
    #: Sections played in turn: how the seat in turn is passed over when there is
    #: nothing for them to decide, or None when they decide.
    skip: Callable[[GameState, int], Changes | None] | None = None
    #: The events of one step of ``automatic`` or ``skip``, from the positions before
    #: and after it.
    narrate_step: Callable[[GameState, GameState], Narration] = untold
    #: Why a move of a kind the section does not take is refused.
    refuse: Callable[[GameState, object], IllegalMove] = not_taken
    #: Why no position waits in the section (its automatic step always happens); None
    #: when one may.
    never_waits: str | None = None
    #: What a player who had their turn may have taken and paid in the section, the
    #: counters a position waiting in it may hold; None when nothing is taken or paid.
    limits: Callable[[GameState, PlayerState], Limits | None] = nothing_taken
    #: The first thing a position waiting in the section may not hold of what the
    #: players keep for it (draft choices, drawn cards), or None.
    check_waiting: Callable[[GameState], Flaw | None] = nothing_drawn


def players_with(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players of ``state`` with the one at ``seat`` replaced by ``player``."""
    players = state.players
    return (*players[:seat], player, *players[seat + 1 :])


def next_turn(state: GameState) -> Changes:
    """The player's turn in this section ends: the next player in turn order follows (START-4)."""
    return {"turn": state.turn + 1}


def _check_pass(state: GameState, move: Pass) -> IllegalMove | None:
    """A player may always end their colony, statue or medal section."""
    return None


def _play_pass(state: GameState, move: Pass) -> Changes:
    return next_turn(state)


def _narrate_pass(rule: str, before: GameState, move: Pass, after: GameState) -> Narration:
    yield Passed(rule=rule, player=move.player)


def passing(rule: str) -> tuple[type[object], Handler[Any]]:
    """``Pass``, which ends the player's turn in the colony, statue and medal sections
    (under the section's ``rule``; called when the rule modules are imported)."""
    return handles(Pass, _check_pass, _play_pass, functools.partial(_narrate_pass, rule))  # pragma: no mutate


def _narrate_passed_over(rule: str, before: GameState, after: GameState) -> Narration:
    seat = seat_in_turn(before)
    yield Passed(rule=rule, player=seat, automatic=True)
    gained = after.players[seat].coins - before.players[seat].coins
    yield from coins(seat, gained, CoinReason.BONUS, "PURPLE-7")


def passed_over(rule: str) -> Callable[[GameState, GameState], Narration]:
    """The ``narrate_step`` of a section played in turn: the seat in turn was passed over
    (its ``skip``, under ``rule``), with the coins the skip gave them (PURPLE-7); called
    when the rule modules are imported."""
    return functools.partial(_narrate_passed_over, rule)  # pragma: no mutate


pass_move = shared(Pass)


def only_pass(legal: Callable[[GameState, int], Iterable[Move]], state: GameState, seat: int) -> bool:
    """True when the player's only legal move (from a section's ``legal``) is ``Pass``: in
    the sections that ask, ``Pass`` is always legal, so when it is the only move there
    is no second one."""
    moves = iter(legal(state, seat))
    next(moves)
    return next(moves, None) is None
