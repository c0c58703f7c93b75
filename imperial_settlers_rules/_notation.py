"""The one-line move notation: ``str(move)`` writes it, :func:`parse_move` reads it back.

A move is ``P<seat> <tag>`` and the fields that differ from their defaults, each
``name=value``, separated by spaces::

    P0 pick card=com017
    P1 build card=jap005 pay=1wood,1gold discard=com031
    P0 activate location=com044 pay=2worker times=2
    P2 activate location=rom006 pay=1worker opponent=0 target=1
    P1 spend take=1wood,1card
    P0 draw deck=faction

Goods are ``<count><good>`` joined by commas (``none`` for none); lists of cards or goods
are joined by commas (``-`` for none); a deal is named by its place (a number), a card by
its printed id. ``parse_move(str(move)) == move`` for every move.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from boardtable.errors import NotationError
from boardtable.reader import clip, label, shown

from ._goods import SUPPLY
from ._model import Deck
from ._moves import MOVE_TAGS, TAKEN, Move

__all__ = ["MAX_LENGTH", "parse_move"]

#: The longest text read as a move.
MAX_LENGTH = 300
_NUMBER = re.compile(r"0|[1-9][0-9]{0,5}")
_WORD = re.compile(r"[a-z0-9_]{1,20}")
_AMOUNT = re.compile(r"(0|[1-9][0-9]{0,5})([a-z]+)")


def _matched(pattern: re.Pattern[str], what: str) -> Callable[[str], str]:
    """A reader of a text ``pattern`` matches whole, refusing any other as not ``what``."""

    def read(text: str) -> str:
        if pattern.fullmatch(text) is None:
            raise NotationError(f"expected {what}, not {shown(text)}")
        return text

    return read


_word = _matched(_WORD, "a card's printed id or a good")
_digits = _matched(_NUMBER, "a whole number")


def _number(text: str) -> int:
    return int(_digits(text))


def _words(text: str) -> tuple[str, ...]:
    return () if text == "-" else tuple(_word(part) for part in text.split(","))


def _counts(names: tuple[str, ...]) -> Callable[[str], tuple[int, ...]]:
    def read(text: str) -> tuple[int, ...]:
        counts = dict.fromkeys(names, 0)
        for part in () if text == "none" else text.split(","):
            found = _AMOUNT.fullmatch(part)
            if found is None or found.group(2) not in counts or counts[found.group(2)]:
                raise NotationError(f"expected goods such as 1wood,2stone, not {shown(text)}")
            counts[found.group(2)] = int(found.group(1))
        return tuple(counts.values())

    return read


def _target(text: str) -> str | int:
    return _number(text) if text[:1].isdigit() else _word(text)


def _deck(text: str) -> Deck:
    if text not in Deck._value2member_map_:
        raise NotationError(f"expected the deck common or faction, not {shown(text)}")
    return Deck(text)


#: How each field's value is read.
_READ: dict[str, Callable[[str], object]] = {
    "pay": _counts(SUPPLY),
    "take": _counts(TAKEN),
    "cards": _words,
    "goods": _words,
    "samurai": _words,
    "choice": lambda text: tuple(_number(part) for part in text.split(",")),
    "repeat": _word,
    "give": _words,
    "card": _word,
    "location": _word,
    "item": _word,
    "discard": _word,
    "opponent": _number,
    "option": _number,
    "times": _number,
    "mode": _number,
    "deal": _number,
    "target": _target,
    "deck": _deck,
}


def parse_move(text: str) -> Move:
    """The move ``text`` writes (:class:`~boardtable.errors.NotationError` naming the problem)."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        raise NotationError(f"a move is a line of at most {MAX_LENGTH} characters, not {clip(shown(text))}")
    words = text.split()
    if len(words) < 2 or not re.fullmatch(r"P(0|[1-9][0-9]?)", words[0]):
        raise NotationError(f"a move starts with its seat and kind (P0 pass), not {shown(text)}")
    kind = MOVE_TAGS.get(words[1])
    if kind is None:
        raise NotationError(f"unknown move {shown(words[1])} (expected one of {', '.join(MOVE_TAGS)})")
    fields = {f.name: f for f in attrs.fields(kind)[1:]}
    given: dict[str, object] = {}
    for word in words[2:]:
        name, equals, value = word.partition("=")
        if not equals or name not in fields or name in given:
            raise NotationError(
                f"{words[1]}: unexpected {shown(word)} (its fields: {', '.join(fields) or 'none'})"
            )
        given[name] = _READ[name](value)
    missing = [name for name, f in fields.items() if f.default is attrs.NOTHING and name not in given]
    if missing:
        raise NotationError(f"{words[1]}: missing {label(missing[0])}")
    return kind(int(words[0][1:]), **given)
