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

Resources are ``<count><kind>`` joined by commas (``none`` for no resources).
``parse_move(str(move)) == move`` for every move.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from boardtable.errors import NotationError
from boardtable.reader import shown

from ._goods import Kind, Resources
from ._model import Location
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools

__all__ = ["parse_move"]

#: The longest text read as a move.
MAX_LENGTH = 200
_NUMBER = re.compile(r"0|[1-9][0-9]{0,5}")
_AMOUNT = re.compile(r"(0|[1-9][0-9]{0,5})(wood|clay|stone|gold)")


def _number(word: str) -> int:
    if not _NUMBER.fullmatch(word):
        raise NotationError(f"expected a whole number, not {shown(word)}")
    return int(word)


def _numbers(word: str) -> tuple[int, ...]:
    return () if word == "-" else tuple(_number(part) for part in word.split(","))


def _location(word: str) -> Location:
    if word not in Location._value2member_map_:
        raise NotationError(f"unknown location {shown(word)} (expected one of {', '.join(Location)})")
    return Location(word)


def _resources(word: str) -> Resources:
    if word == "none":
        return Resources()
    counts: dict[Kind, int] = {}
    for part in word.split(","):
        match = _AMOUNT.fullmatch(part)
        if match is None or Kind(match.group(2)) in counts:
            raise NotationError(f"expected resources like 2wood,1clay (each kind once), not {shown(word)}")
        counts[Kind(match.group(2))] = int(match.group(1))
    return Resources(**{kind.value: n for kind, n in counts.items()})


def _act(seat: int, words: list[str]) -> Act:
    if len(words) == 2 and words[1].startswith("pay="):
        return Act(seat, _location(words[0]), _resources(words[1].removeprefix("pay=")))
    if len(words) != 1:
        raise NotationError("act takes a location and at most pay=…")
    return Act(seat, _location(words[0]))


#: Each word, how many fields it takes, and how the move is made from them.
_FORMS: dict[str, tuple[int | None, Callable[[int, list[str]], Move]]] = {
    "place": (2, lambda s, w: Place(s, _location(w[0]), _number(w[1]))),
    "act": (None, _act),
    "takeback": (1, lambda s, w: TakeBack(s, _location(w[0]))),
    "tools": (2, lambda s, w: UseTools(s, _numbers(w[0]), _numbers(w[1]))),
    "die": (1, lambda s, w: ChooseDie(s, _number(w[0]))),
    "take": (1, lambda s, w: TakeResources(s, _resources(w[0]))),
    "feed": (1, lambda s, w: Feed(s, _resources(w[0]))),
    "hungry": (0, lambda s, w: GoHungry(s)),
}


def parse_move(text: str) -> Move:
    """The move ``text`` writes; :class:`~boardtable.errors.NotationError` (one line) for anything else."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        raise NotationError(f"a move is a text of at most {MAX_LENGTH} characters, not {shown(text)}")
    words = text.split()
    if len(words) < 2 or not words[0].startswith("P"):
        raise NotationError(f"a move begins with P<seat> and a word, not {shown(text)}")
    seat = _number(words[0][1:])
    form = _FORMS.get(words[1])
    if form is None:
        raise NotationError(f"unknown move {shown(words[1])} (expected one of {', '.join(_FORMS)})")
    fields, make = form
    if fields is not None and len(words) - 2 != fields:
        raise NotationError(f"{words[1]} takes {fields} field(s), not {len(words) - 2}")
    try:
        return make(seat, words[2:])
    except (TypeError, ValueError) as exc:
        if isinstance(exc, NotationError):
            raise
        raise NotationError(f"not a move: {shown(text)}") from None
