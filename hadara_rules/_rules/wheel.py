"""Setting the wheel (WHEEL-1) and where each crest points (WHEEL-2, WHEEL-3)."""

from __future__ import annotations

from collections.abc import Iterator

from boardtable.reader import shown

from .._errors import IllegalMove
from .._events import WheelSet
from .._model import Changes, GameState
from .._moves import Move, SetWheel, shared
from .._vocabulary import COLORS, Color
from .section import Narration, SectionRules, handles, one_turn_taken

_set_wheel = shared(SetWheel)

ROTATIONS = range(len(COLORS))


def deck_at(state: GameState, place: int, round: int | None = None) -> Color:
    """WHEEL-3: in draft round ``round`` (the position's own unless given), the crest at
    ``place`` on the wheel points at ``board_order[(place + wheel + round) mod 5]``."""
    order = state.board_order
    return order[(place + state.wheel + (state.round if round is None else round)) % len(order)]


def deck_color(state: GameState, seat: int) -> Color:
    """WHEEL-3: the deck the seat's crest points at: :func:`deck_at` the crest's place on
    the wheel, looked up in the catalogue's crest order."""
    return deck_at(state, state.catalogue.reference.wheel_place[state.players[seat].crest])


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """WHEEL-1: the five rotations."""
    for rotation in ROTATIONS:
        yield _set_wheel(seat, rotation)


def check_set_wheel(state: GameState, move: SetWheel) -> IllegalMove | None:
    """WHEEL-1: every crest points at exactly one deck, so a rotation is 0–4."""
    if move.rotation not in ROTATIONS:
        return IllegalMove("WHEEL-1", f"the wheel has rotations 0 to 4, not {shown(move.rotation)}")
    return None


def set_wheel(state: GameState, move: SetWheel) -> Changes:
    """The wheel is set for the epoch's first draft round; the first player's turn is over."""
    return {"wheel": move.rotation, "round": 0, "turn": state.turn + 1}


def narrate_set_wheel(before: GameState, move: SetWheel, after: GameState) -> Narration:
    """WHEEL-1: the rotation the wheel was set to."""
    yield WheelSet(rule="WHEEL-1", player=move.player, rotation=move.rotation)


#: The wheel (WHEEL-1): the epoch's first player sets it, in one turn.
WHEEL = SectionRules(
    moves=dict([handles(SetWheel, check_set_wheel, set_wheel, narrate_set_wheel)]),
    legal=legal,
    finished=one_turn_taken,
)
