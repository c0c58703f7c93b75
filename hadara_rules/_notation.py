"""Reading the move notation back: :func:`parse_move` (docs/notation.md).

The notation is written by ``str(move)``, each kind of move by the form of its row
of :data:`hadara_rules._moves.MOVE_KINDS`. A move is ``P<player> <word>`` followed by
its fields, separated by spaces: the fields every move of the kind has, in a
fixed order, then the optional one as ``field=value`` (left out at its
default). :func:`parse_move` reads exactly what ``str`` writes, so
``parse_move(str(move)) == move`` for every move; it also takes extra spaces
between words and ``pay=0``.
"""

from __future__ import annotations

import json
import re

from boardtable.reader import shown

from ._errors import NotationError
from ._moves import BARE_ID, NOTATION, PLAYER, Form, Move, Slot, Written

__all__ = ["MAX_LENGTH", "parse_move"]

#: The longest text read as a move (moves with the bundled catalogue's ids are shorter than 40).
MAX_LENGTH = 1000
#: A whole number as ``str`` writes it: ASCII digits without a leading zero, of any length
#: (the text is at most :data:`MAX_LENGTH` characters), so that every move a seat number,
#: rotation, tier, statue or payment of any size was built with reads back.
_NUMBER = re.compile(r"0|-?[1-9][0-9]*")
#: A word: a JSON string (spaces allowed inside), or characters up to the next space or quote.
_WORD = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"|[^\s"]+')

_FORMS: dict[str, Form] = {form.word: form for form in NOTATION.values()}
_WORDS = ", ".join(_FORMS)


def _words(text: str) -> list[str]:
    """The words of ``text``: separated by whitespace, a quoted id counting as one."""
    words: list[str] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return words
        found = _WORD.match(text, at)
        if found is None:
            raise NotationError(f"{shown(text)}: word {len(words) + 1} opens a quote it never closes")
        at = found.end()
        if at < len(text) and not text[at].isspace():
            raise NotationError(
                f"{shown(text)}: word {len(words) + 1} {shown(found.group())} is not followed by a space"
            )
        words.append(found.group())


def _read(slot: Slot, word: str, text: str, position: int) -> object:
    """The value of ``slot`` written as ``word`` (the ``position``-th word of ``text``)."""

    def refuse(expected: str) -> NotationError:
        return NotationError(f"{shown(text)}: word {position} {shown(word)}: {slot.field} must be {expected}")

    kind = slot.written
    if kind is Written.PLAYER:
        if word[:1] != "P" or not _NUMBER.fullmatch(word[1:]):
            raise refuse("P and a seat number (P0, P1 …)")
        return int(word[1:])
    if kind is Written.NUMBER:
        if not _NUMBER.fullmatch(word):
            raise refuse("a whole number (without leading zeros or signs other than -)")
        return int(word)
    if kind is Written.ID:
        if not word.startswith('"'):
            if not BARE_ID.fullmatch(word):
                raise refuse('an id: visible ASCII without " and =, or a JSON string')
            return word
        try:
            value = json.loads(word)
        except ValueError:
            raise refuse("an id, bare or as a JSON string") from None
        return value
    if word not in slot.words:
        raise refuse(_either(slot.words))
    return word if kind is Written.NAME else bool(slot.words.index(word))


def _either(words: tuple[str, ...]) -> str:
    return f"{', '.join(words[:-1])} or {words[-1]}"


def parse_move(text: str) -> Move:
    """The move ``text`` writes in the notation: ``parse_move(str(move)) == move``.

    A text that is no move raises :class:`~hadara_rules._errors.NotationError`
    naming the word that is wrong and what was expected there. Whether the move
    is legal in a position is for :func:`~hadara_rules.check_move` to say.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move's notation is a text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"{shown(text)}: {len(text)} characters; a move is at most {MAX_LENGTH}")
    words = _words(text)
    if not words:
        raise NotationError("an empty text is no move: expected P<player> and a move word")
    player = _read(PLAYER, words[0], text, 1)
    if len(words) < 2:
        raise NotationError(f"{shown(text)}: the move word is missing after {words[0]}: expected {_WORDS}")
    form = _FORMS.get(words[1])
    if form is None:
        raise NotationError(f"{shown(text)}: word 2 {shown(words[1])} is no kind of move: expected {_WORDS}")
    fixed = [slot for slot in form.slots if not slot.keyed]
    keyed = {slot.field: slot for slot in form.slots if slot.keyed}
    rest = words[2:]
    if len(rest) < len(fixed):
        missing = " ".join(_shape(slot) for slot in fixed[len(rest) :])
        raise NotationError(f"{shown(text)}: {form.word} needs {_usage(form)}; {missing} missing")
    values = {"player": player}
    for position, (slot, word) in enumerate(zip(fixed, rest, strict=False), start=3):
        values[slot.field] = _read(slot, word, text, position)
    for position, word in enumerate(rest[len(fixed) :], start=3 + len(fixed)):
        key, equals, value = word.partition("=")
        option = keyed.get(key) if equals else None
        if option is None or option.field in values:
            raise NotationError(
                f"{shown(text)}: word {position} {shown(word)} is one too many: {form.word} takes {_usage(form)}"
            )
        values[option.field] = _read(option, value, text, position)
    return form.kind(**values)


def _shape(slot: Slot) -> str:
    """How a field is written: its words (``plunder|ally``) or its name (``TIER``)."""
    shape = "|".join(slot.words) if slot.words else slot.field.upper()
    return f"[{slot.field}={shape}]" if slot.keyed else shape


def _usage(form: Form) -> str:
    """What follows a move word, e.g. ``TIER plunder|ally [pay=PAY]``."""
    return " ".join(_shape(slot) for slot in form.slots) or "nothing more"
