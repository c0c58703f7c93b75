"""Requirements of colonies and statues, and the effects that change them.

Shared by COLONY-1/2 and STATUE-1/2: how many a player may take in one section
(PURPLE-13), how much lower requirements are (PURPLE-14) and what paying coins
buys (PURPLE-15: exactly 3 coins per missing point, at most 30 coins per section;
paying for points not missing is refused, a ruling).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .._effects import COINS_PER_REQUIREMENT_POINT, EffectTotals, effect_totals
from .._errors import IllegalMove
from .._model import Changes, GameState, PlayerState
from .._moves import Move
from .section import Limits, next_turn, only_pass


def takes_left(player: PlayerState, totals: EffectTotals) -> int:
    """How many more colonies (statues) the player may take in this section (PURPLE-13).

    ``totals`` is the player's :func:`~hadara_rules._effects.effect_totals`.
    """
    return totals.takes_per_section - player.section_takes


def skip_taker(
    legal: Callable[[GameState, int], Iterable[Move]], state: GameState, seat: int
) -> Changes | None:
    """COLONY-1, STATUE-1: the seat in turn is passed over when their takes are used up or
    their only move (from the section's ``legal``) would be ``Pass``; None when they decide."""
    player = state.players[seat]
    if takes_left(player, effect_totals(player.cards, state.catalogue)) <= 0 or only_pass(legal, state, seat):
        return next_turn(state)
    return None


def taker_limits(held: int, player: PlayerState, state: GameState) -> Limits:
    """COLONY-1, STATUE-1: a player takes at most their takes per section (PURPLE-13), no more
    than they hold (``held``: their colonies or statues), and pays only with a take (PURPLE-15)."""
    totals = effect_totals(player.cards, state.catalogue)
    return Limits(
        takes=min(held, totals.takes_per_section),
        paid=totals.requirement_pay_cap if player.section_takes else 0,
        step=COINS_PER_REQUIREMENT_POINT,
        rules="COLONY-1, STATUE-1, PURPLE-13, PURPLE-15",
    )


def missing(totals: EffectTotals, value: int, requirement: int) -> int:
    """Requirement points the track lacks after PURPLE-14 (0 when it suffices)."""
    lacking = requirement - totals.requirement_cut - value
    return lacking if lacking > 0 else 0  # not max(): a call that parses keywords


def pay_needed(player: PlayerState, totals: EffectTotals, value: int, requirement: int) -> int | None:
    """The ``pay`` that meets the requirement, or None when nothing can (PURPLE-15)."""
    lacking = requirement - totals.requirement_cut - value  # missing(), less its call
    if lacking <= 0:
        return 0
    pay = lacking * COINS_PER_REQUIREMENT_POINT
    if pay > totals.requirement_pay_cap - player.section_paid or pay > player.coins:
        return None
    return pay


def check_requirement(
    player: PlayerState,
    totals: EffectTotals,
    value: int,
    requirement: int,
    pay: int,
    rule: str,
    what: str,
) -> IllegalMove | None:
    """Why ``value`` with ``pay`` coins does not meet ``requirement`` (``rule``), or None.

    ``pay`` is a whole number: a move's fields are checked when it is built.
    """
    if pay < 0:
        return IllegalMove("PURPLE-15", f"pay is a number of coins, 0 or more, not {pay}")
    lacking = missing(totals, value, requirement)
    if pay:
        cap = totals.requirement_pay_cap
        if cap == 0:
            return IllegalMove("PURPLE-15", "only a PURPLE-15 card lets a player pay to lower a requirement")
        if pay % COINS_PER_REQUIREMENT_POINT:
            return IllegalMove(
                "PURPLE-15", f"requirements drop by 1 per 3 coins; {pay} is not a multiple of 3"
            )
        if pay > lacking * COINS_PER_REQUIREMENT_POINT:
            return IllegalMove(
                "PURPLE-15",
                f"{what} lacks {lacking} point(s), so at most {lacking * COINS_PER_REQUIREMENT_POINT} coins may be paid, not {pay}",
            )
        if player.section_paid + pay > cap:
            return IllegalMove(
                "PURPLE-15",
                f"at most {cap} coins per section; {player.section_paid} already paid, {pay} more is too much",
            )
        if pay > player.coins:
            return IllegalMove("PURPLE-15", f"paying {pay} coins needs them; the player has {player.coins}")
    if lacking * COINS_PER_REQUIREMENT_POINT > pay:
        return IllegalMove(rule, f"{what} needs {requirement}, the player has {value}")
    return None
