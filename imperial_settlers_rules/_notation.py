"""The one-line move notation, declared on :mod:`boardtable.notation`: ``str(move)`` writes
it, :func:`parse_move` reads it back.

A move is ``P<seat> <word>`` and its fields, each ``name=value``, separated by spaces; a
field with a default is left out at it::

    P0 pick card=com017
    P1 build card=jap005 pay=1wood,1gold discard=com031
    P0 build card=rom015 pay=2stone discard=com002 choice=1
    P0 build card=com008 pay=3wood deck=faction repeat=com012
    P0 activate location=com044 pay=2worker times=2
    P2 activate location=rom006 pay=1worker opponent=0 target=1 deck=common
    P1 spend take=1wood,1card deck=common
    P0 draw deck=faction

Goods are ``<count><good>`` joined by commas, each good once (``none`` for none); lists of
cards, goods, options or places are joined by commas (``-`` for none); a deal is named by
its place (a number), a card by its printed id. ``parse_move(str(move)) == move`` for every
move, and a text that is no move is a :class:`~boardtable.errors.NotationError` in one line
naming the word that is wrong.
"""

from __future__ import annotations

import re

import attrs

from boardtable.errors import NotationError
from boardtable.notation import ID, NUMBER, Form, Notation, Slot, Unreadable, Written, listed, named

from ._goods import SUPPLY
from ._model import Deck
from ._moves import MOVE_TAGS, TAKEN, Move

__all__ = ["MAX_LENGTH", "parse_move"]

#: The longest text read as a move.
MAX_LENGTH = 300
_AMOUNT = re.compile(r"(0|[1-9][0-9]{0,5})([a-z]+)")


def _amounts(names: tuple[str, ...]) -> Written:
    """Counts of the goods ``names``, in their order: ``1wood,2stone`` (``none`` for none)."""

    def write(counts: tuple[int, ...]) -> str:
        return ",".join(f"{n}{name}" for n, name in zip(counts, names, strict=True) if n) or "none"

    def read(word: str) -> tuple[int, ...]:
        counts = dict.fromkeys(names, 0)
        for part in () if word == "none" else word.split(","):
            found = _AMOUNT.fullmatch(part)
            if found is None or found.group(2) not in counts or counts[found.group(2)]:
                raise Unreadable
            counts[found.group(2)] = int(found.group(1))
        return tuple(counts.values())

    return Written(
        write, read, f"goods like 1{names[0]},2{names[1]} (each once, of {', '.join(names)}) or none"
    )


_PLACE = re.compile(r"0|[1-9][0-9]*")


def _write_target(value: str | int) -> str:
    write = ID.write
    assert write is not None  # an id has a writer of its own
    return str(value) if isinstance(value, int) else write(value)


def _read_target(word: str) -> object:
    """A deal's place (a whole number) or a card's printed id."""
    return int(word) if _PLACE.fullmatch(word) else ID.read(word)


#: How each field's value is written.
_WRITTEN: dict[str, Written] = {
    "pay": _amounts(SUPPLY),
    "take": _amounts(TAKEN),
    "deck": named(Deck),
    "target": Written(_write_target, _read_target, "a card's printed id or a deal's place (a number)"),
    **dict.fromkeys(("card", "location", "item", "discard", "repeat"), ID),
    **dict.fromkeys(("cards", "goods", "give", "samurai"), listed(ID, none="-")),
    **dict.fromkeys(("opponent", "option", "times", "mode", "deal"), NUMBER),
    "choice": listed(NUMBER, none="-"),
}


def _form(word: str, kind: type[Move]) -> Form:
    """``kind``'s form: every field keyed, in the class's order; one with a default is left
    out at it, one without is written always."""
    fields = attrs.fields(kind)[1:]
    slots = tuple(Slot(f.name, _WRITTEN[f.name], keyed=True) for f in fields)
    defaults = {f.name: f.default for f in fields if f.default is not attrs.NOTHING}
    return Form(word, kind, slots, defaults)


_NOTATION = Notation(
    (_form(word, kind) for word, kind in MOVE_TAGS.items()), error=NotationError, max_length=MAX_LENGTH
)


def parse_move(text: str) -> Move:
    """The move ``text`` writes; :class:`~boardtable.errors.NotationError` (one line, naming the
    word that is wrong) for anything else."""
    move: Move = _NOTATION.read(text)
    return move
