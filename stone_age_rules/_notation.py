"""The one-line move notation: ``str(move)`` writes it, :func:`parse_move` reads it back.

A move is ``P<seat> <word>`` and its fields, separated by spaces::

    P0 place forest 3            Place (location, people)
    P1 act building2 pay=2wood,1clay
    P1 act hunting               Act (location, optional pay=…)
    P0 takeback card3            TakeBack (location)
    P0 tools 0,2 3               UseTools (tool places, one-time tool values; "-" for none)
    P2 die 5                     ChooseDie (face)
    P0 take 1wood,1gold          TakeResources (resources)
    P0 feed 2clay                Feed (resources)
    P0 hungry                    GoHungry

Resources are ``<count><kind>`` joined by commas (``none`` for no resources). The forms
below are read and written by :class:`boardtable.notation.Notation`:
``parse_move(str(move)) == move`` for every move.
"""

from __future__ import annotations

import re

from boardtable.errors import NotationError
from boardtable.notation import NUMBER, Form, Notation, Slot, Unreadable, Written, listed, named

from ._goods import Kind, Resources
from ._model import LOCATIONS
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools

__all__ = ["parse_move"]

#: The longest text read as a move.
MAX_LENGTH = 200
_AMOUNT = re.compile(r"(0|[1-9][0-9]{0,5})(wood|clay|stone|gold)")


def _read_resources(word: str) -> Resources:
    if word == "none":
        return Resources()
    counts: dict[str, int] = {}
    for part in word.split(","):
        match = _AMOUNT.fullmatch(part)
        if match is None or match.group(2) in counts:
            raise Unreadable
        counts[match.group(2)] = int(match.group(1))
    return Resources(**counts)


def _write_resources(resources: Resources) -> str:
    return resources.notation


#: A bundle of resources: ``2wood,1clay`` (each kind once), ``none`` for none.
_RESOURCES = Written(
    _write_resources,
    _read_resources,
    f"resources like 2wood,1clay (each kind once, of {', '.join(Kind)}) or none",
)
_LOCATION = Slot("location", named(LOCATIONS))
_NUMBERS = listed(NUMBER, none="-")

_NOTATION = Notation(
    (
        Form("place", Place, (_LOCATION, Slot("people", NUMBER))),
        Form("act", Act, (_LOCATION, Slot("pay", _RESOURCES, keyed=True)), {"pay": None}),
        Form("takeback", TakeBack, (_LOCATION,)),
        Form("tools", UseTools, (Slot("tools", _NUMBERS), Slot("one_time", _NUMBERS))),
        Form("die", ChooseDie, (Slot("face", NUMBER),)),
        Form("take", TakeResources, (Slot("take", _RESOURCES),)),
        Form("feed", Feed, (Slot("pay", _RESOURCES),)),
        Form("hungry", GoHungry),
    ),
    error=NotationError,
    max_length=MAX_LENGTH,
)


def parse_move(text: str) -> Move:
    """The move ``text`` writes; :class:`~boardtable.errors.NotationError` (one line, naming the
    word that is wrong) for anything else."""
    move: Move = _NOTATION.read(text)
    return move
