"""Setting the wheel (WHEEL-1) and where each crest points (WHEEL-2, WHEEL-3)."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import IllegalMove
from ..model import COLORS, Changes, Color, GameState, Section
from ..moves import Move, SetWheel, shared

_set_wheel = shared(SetWheel)

ROTATIONS = range(len(COLORS))


def deck_color(state: GameState, seat: int) -> Color:
    """WHEEL-3 (ruling): seat *i* draws from ``board_order[(i + wheel + round) mod 5]``."""
    order = state.board_order
    return order[(seat + state.wheel + state.round) % len(order)]


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """WHEEL-1: the five rotations."""
    for rotation in ROTATIONS:
        yield _set_wheel(seat, rotation)


def check(state: GameState, move: Move) -> IllegalMove | None:
    """WHEEL-1: every crest points at exactly one deck, so a rotation is 0–4."""
    assert isinstance(move, SetWheel)
    if move.rotation not in ROTATIONS:
        return IllegalMove("WHEEL-1", f"the wheel has rotations 0 to 4, not {move.rotation!r}")
    return None


def play(state: GameState, move: Move) -> Changes:
    """The wheel is set; the first draft round follows."""
    assert isinstance(move, SetWheel)
    return {"wheel": move.rotation, "round": 0, "section": Section.DRAFT}
