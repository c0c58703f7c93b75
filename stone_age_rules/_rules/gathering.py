"""Rolling for food and resources (ACT-3, CIV-7), with tools added after the roll (TOOL-2, TOOL-4)."""

from __future__ import annotations

from .._dice import roll
from .._goods import Kind, Resources
from .._model import SLOTS, Location, Roll
from .._moves import UseTools
from .._table import Table
from .tools import can_use_tools, use_tools


def next_faces(table: Table, dice: int) -> tuple[int, ...]:
    """FLOW-4: the faces of the next ``dice`` dice: those stated in advance first (a
    scenario's), then drawn from the seed and the roll counter, which counts them all."""
    state = table.state
    stated = state.stated[:dice]
    faces = stated + roll(state.config.seed, state.rolls + len(stated), dice - len(stated))
    table.update(rolls=state.rolls + dice, stated=state.stated[len(stated) :])
    return faces


def start_roll(table: Table, seat: int, location: Location, kind: Kind | None, dice: int) -> None:
    """FLOW-4: roll ``dice`` dice now (:func:`next_faces`); then wait for the player's tools
    (TOOL-2) if they have any to add, else take the yield at once."""
    faces = next_faces(table, dice)
    waiting = Roll(seat, location, kind, faces)
    if table.recording:
        table.note(_rule(waiting), "rolled", seat, dice=faces, item=location.value)
    if can_use_tools(table.state, seat):
        table.update(roll=waiting)
    else:
        _take_yield(table, waiting, sum(faces))


def add_tools(table: Table, move: UseTools) -> None:
    """TOOL-2: the tools chosen are added to the waiting roll, whose yield is then taken."""
    waiting = table.state.roll
    assert waiting is not None
    table.update(roll=None)
    _take_yield(table, waiting, sum(waiting.dice) + use_tools(table, move))


def _rule(waiting: Roll) -> str:
    return "CIV-7" if waiting.location in SLOTS else "ACT-3"


def _take_yield(table: Table, waiting: Roll, total: int) -> None:
    """ACT-3, CIV-7: the total divided by the value, rounded down; the remainder is lost."""
    amount = total // waiting.divisor
    player = table.player(waiting.player)
    if waiting.kind is None:
        table.change(waiting.player, "ACT-3", "hunted", food=player.food + amount)
    else:
        gained = Resources.of(waiting.kind, amount)
        table.change(waiting.player, _rule(waiting), "gathered", resources=player.resources + gained)
