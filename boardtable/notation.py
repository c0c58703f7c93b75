"""A game's one-line move notation, declared as data: the platform writes and reads it.

A move is written ``P<player> <word>`` and its fields, separated by spaces: the fields
every move of its kind has, in a fixed order, then the keyed ones as ``field=value``
(left out at their defaults; a keyed field without a default is always written, its key
naming it). A game declares each kind of move as a :class:`Form` (its
word, its class and its :class:`Slot` s, each with how its value is :class:`Written`) and
makes a :class:`Notation` of its forms: :meth:`Notation.write` writes a move,
:meth:`Notation.read` reads exactly what it writes (``read(write(move)) == move``; it also
takes extra whitespace between words and an optional field written at its default). A
move class whose ``__str__`` is :func:`written` (or deriving from :class:`Notated`) is its
notation as ``str(move)``.

A text that is no move raises the game's
:class:`~boardtable.errors.NotationError` in one line, naming the word that is wrong
(by its place and, through :func:`~boardtable.reader.shown`, its text) and what was
expected there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from attrs import frozen

from .build import compiled, type_name
from .errors import NotationError
from .reader import shown

__all__ = [
    "ID",
    "NUMBER",
    "Form",
    "Notated",
    "Notation",
    "Slot",
    "Unreadable",
    "Written",
    "flag",
    "listed",
    "named",
    "written",
]


class Unreadable(ValueError):
    """A word that is no value of its field (:attr:`Written.read` raises it, with no message:
    the notation says what was expected)."""


@frozen
class Written:
    """How the values of a field are written, each as one word."""

    #: The word of a value; None: the value's own text (``format(value)``: a whole number,
    #: a member of a :class:`enum.StrEnum`).
    write: Callable[[Any], str] | None
    #: The value a word writes; :class:`Unreadable` for a word that writes none.
    read: Callable[[str], object]
    #: What a word must be, for a message (``a whole number``).
    expected: str
    #: The words, where there are only a few (``buy``, ``sell``): how a usage shows the field
    #: (by its name where there are none).
    words: tuple[str, ...] = ()


#: A whole number as ``str`` writes it: ASCII digits without a leading zero, of any length
#: (a text is at most its notation's ``max_length``), so that every move a number of any
#: size was built with reads back.
_NUMBER = re.compile(r"0|-?[1-9][0-9]*")


def _number(word: str) -> int:
    if not _NUMBER.fullmatch(word):
        raise Unreadable
    return int(word)


#: A whole number in decimal, without leading zeros (``9``, ``-1``).
NUMBER = Written(None, _number, "a whole number (without leading zeros or signs other than -)")

#: An id written bare: visible ASCII characters except ``"`` and ``=``.
_BARE_ID = re.compile(r"[!#-<>-~]+")


def _write_id(value: str) -> str:
    return value if _BARE_ID.fullmatch(value) else json.dumps(value)


def _read_id(word: str) -> str:
    if not word.startswith('"'):
        if not _BARE_ID.fullmatch(word):
            raise Unreadable
        return word
    try:
        value: str = json.loads(word)  # a quoted word is a JSON string (the word's pattern)
    except ValueError:
        raise Unreadable from None
    return value


#: An id (a card's): bare when it is visible ASCII without ``"`` and ``=``, else a JSON string.
ID = Written(_write_id, _read_id, 'an id: visible ASCII without " and =, or a JSON string')


def _either(words: tuple[str, ...]) -> str:
    return f"{', '.join(words[:-1])} or {words[-1]}"


#: The most words a usage shows for a field (``buy|sell|?``); a field of more shows its name.
_FEW = 6


def named(values: Iterable[Any]) -> Written:
    """One of a few values written by their own text (the members of a
    :class:`enum.StrEnum`: ``red``, ``food``, ``buy``); a word reads as the value."""
    by_word = {str(value): value for value in values}
    words = tuple(by_word)

    def read(word: str) -> object:
        found = by_word.get(word, by_word)
        if found is by_word:
            raise Unreadable
        return found

    return Written(None, read, _either(words), words if len(words) <= _FEW else ())


def flag(false: str, true: str) -> Written:
    """True or false, written as one of two words (``plunder``/``ally``)."""
    words = (false, true)
    by_word = {false: False, true: True}

    def read(word: str) -> bool:
        found = by_word.get(word)
        if found is None:
            raise Unreadable
        return found

    return Written(words.__getitem__, read, _either(words), words)


def listed(item: Written, *, none: str) -> Written:
    """A sequence of values written as ``item`` writes them, joined by commas (``0,2``);
    ``none`` for an empty one (``-``). It reads back as a tuple."""
    write_item = format if item.write is None else item.write
    read_item = item.read

    def write(values: Iterable[object]) -> str:
        return ",".join(map(write_item, values)) or none

    def read(word: str) -> tuple[object, ...]:
        return () if word == none else tuple(map(read_item, word.split(",")))

    return Written(write, read, f"{item.expected}s joined by commas, or {none} for none")


@frozen
class Slot:
    """One field of a move as the notation writes it."""

    #: The move's field (the keyword of its class).
    field: str
    #: How its value is written.
    written: Written
    #: True: written ``field=value`` after the other fields, and left out at the field's
    #: default (where its form gives one; without, it is written always).
    keyed: bool = False

    @property
    def shape(self) -> str:
        """How the field is written in a usage: its words (``plunder|ally``) or its name
        (``TIER``), in brackets with its key when optional (``[pay=PAY]``)."""
        return f"[{self.named}]" if self.keyed else self._value

    @property
    def named(self) -> str:
        """The field written with its key: ``pay=PAY``."""
        return f"{self.field}={self._value}"

    @property
    def _value(self) -> str:
        words = self.written.words
        return "|".join(words) if words else self.field.upper()


@frozen
class Form:
    """A kind of move as the notation writes it: ``P<player> <word> <fields…>``."""

    #: The word after the player, naming the kind of move.
    word: str
    #: The move class (called with the player and the fields by keyword).
    kind: Callable[..., Any]
    #: Its fields after the word, in the order written.
    slots: tuple[Slot, ...] = ()
    #: The defaults of the keyed fields: such a field is left out at its default; a keyed
    #: field without one is required (written always, and a text without it is no move).
    defaults: Mapping[str, object] = {}

    @property
    def usage(self) -> str:
        """What follows the move word, e.g. ``TIER plunder|ally [pay=PAY]`` (a required keyed
        field without brackets: ``card=CARD``)."""
        return " ".join(slot.named if self.required(slot) else slot.shape for slot in self.slots) or (
            "nothing more"
        )

    def required(self, slot: Slot) -> bool:
        """Whether ``slot`` is keyed and has no default: written always, by its key."""
        return slot.keyed and slot.field not in self.defaults


#: How a seat is written: ``P`` and its number (``P0``); the first word of every move.
_SEAT = "P and a seat number (P0, P1 …)"
#: A word: a JSON string (spaces allowed inside), or characters up to the next space or quote.
_WORD = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"|[^\s"]+')
#: The writer of each move class, by the notation that declares its form (:func:`written`).
_WRITERS: dict[Callable[..., Any], Callable[[Any], str]] = {}


def written(move: object) -> str:
    """The notation of ``move``: a move class's ``__str__``. The :class:`Notation` declaring
    the form of a class whose ``__str__`` is this function puts its writer there instead
    (one call fewer), and calls from elsewhere find it here."""
    return _WRITERS[type(move)](move)


class Notated:
    """A move class whose ``str`` is its notation (:func:`written`). A class whose instances
    are filled in by a generated maker (:func:`boardtable.build.maker`) has no base but
    ``object``, and sets ``__str__ = written`` instead."""

    __slots__ = ()

    __str__ = written


def _writer(form: Form) -> Callable[[Any], str]:
    """A function writing a move of ``form``: one f-string, generated (a move's text is made
    for each legal move a seat is offered)."""
    namespace: dict[str, object] = {}
    fixed = [f"P{{m.player}} {form.word}"]
    keyed: list[str] = []
    for i, slot in enumerate(form.slots):
        value = f"m.{slot.field}"
        if slot.written.write is not None:
            namespace[f"w{i}"] = slot.written.write
            value = f"w{i}({value})"
        if not slot.keyed:
            fixed.append(f"{{{value}}}")
            continue
        if form.required(slot):
            keyed.append(f' + f" {slot.field}={{{value}}}"')
            continue
        default = form.defaults[slot.field]
        namespace[f"d{i}"] = default
        test = f"m.{slot.field} is None" if default is None else f"m.{slot.field} == d{i}"
        keyed.append(f' + ("" if {test} else f" {slot.field}={{{value}}}")')
    body = 'f"' + " ".join(fixed).replace('"', '\\"') + '"' + "".join(keyed)
    lines = ["def write(m):", f"    return {body}"]
    return compiled(lines, f"notation of {form.word}", namespace, "write")


#: ``(words, text) -> move``: a form's reader of a text's words, its player's word read.
_Reader = Callable[[list[str], str], Any]


def _reader(form: Form, general: _Reader) -> _Reader:
    """A function reading the words of a move of ``form`` written with its fixed fields
    alone, each word read as its field is written (generated: a request's move is read
    from its notation); ``general`` reads any other, and says what is wrong with words
    that are no move."""
    namespace: dict[str, object] = {"kind": form.kind, "general": general}
    fields = ["player=int(words[0][1:])"]
    fixed = [slot for slot in form.slots if not slot.keyed]
    for i, slot in enumerate(fixed):
        namespace[f"r{i}"] = slot.written.read
        fields.append(f"{slot.field}=r{i}(words[{i + 2}])")
    lines = [
        "def read(words, text):",
        f"    if len(words) == {len(fixed) + 2}:",
        "        try:",
        f"            return kind({', '.join(fields)})",
        "        except (TypeError, ValueError):",  # a word none (Unreadable), or no move
        "            pass",
        "    return general(words, text)",
    ]
    return compiled(lines, f"reading of {form.word}", namespace, "read")


class Notation:
    """A game's notation: its forms, one per kind of move, each with a word of its own."""

    def __init__(self, forms: Iterable[Form], *, error: type[NotationError], max_length: int) -> None:
        #: The forms by their words.
        self.forms = {form.word: form for form in forms}
        #: The error a text that is no move raises (the game's).
        self.error = error
        #: The longest text read as a move.
        self.max_length = max_length
        self._words = ", ".join(self.forms)
        self._writers = {form.kind: _writer(form) for form in self.forms.values()}
        self._readers = {word: _reader(form, self._general) for word, form in self.forms.items()}
        _WRITERS.update(self._writers)
        kind: Any
        for kind, write in self._writers.items():
            if getattr(kind, "__str__", None) is written:
                kind.__str__ = write

    def write(self, move: object) -> str:
        """The notation of ``move``, a move of one of the forms' kinds."""
        return self._writers[type(move)](move)

    def read(self, text: str) -> Any:
        """The move ``text`` writes: ``read(write(move)) == move``; the game's
        :class:`~boardtable.errors.NotationError` naming the word that is wrong and what was
        expected there for a text that is no move. Whether the move is legal in a position is
        for the game's rules to say."""
        error = self.error
        if type(text) is not str:
            raise error(f"a move's notation is a text, not {type_name(text)}")
        if len(text) > self.max_length:
            raise error(f"{shown(text)}: {len(text)} characters; a move is at most {self.max_length}")
        words = _quoted_words(text, error) if '"' in text else text.split()
        if not words:
            raise error("an empty text is no move: expected P<player> and a move word")
        seat = words[0]
        if seat[:1] != "P" or not _NUMBER.fullmatch(seat[1:]):
            raise error(f"{shown(text)}: word 1 {shown(seat)}: player must be {_SEAT}")
        if len(words) < 2:
            raise error(f"{shown(text)}: the move word is missing after {seat}: expected {self._words}")
        reader = self._readers.get(words[1])
        if reader is None:
            raise error(f"{shown(text)}: word 2 {shown(words[1])} is no kind of move: expected {self._words}")
        return reader(words, text)

    def _general(self, words: list[str], text: str) -> Any:
        """The move of ``words`` (of ``text``; its player's word read) with its optional
        fields, or the error naming the first word that is wrong."""
        error, word = self.error, words[1]
        form = self.forms[word]
        fixed = [slot for slot in form.slots if not slot.keyed]
        keyed = {slot.field: slot for slot in form.slots if slot.keyed}
        rest = words[2:]
        if len(rest) < len(fixed):
            missing = " ".join(slot.shape for slot in fixed[len(rest) :])
            raise error(f"{shown(text)}: {word} needs {form.usage}; {missing} missing")
        values: dict[str, object] = {"player": int(words[0][1:])}
        for position, (slot, given) in enumerate(zip(fixed, rest, strict=False), start=3):
            values[slot.field] = self._value(slot, given, text, position)
        for position, given in enumerate(rest[len(fixed) :], start=3 + len(fixed)):
            key, equals, value = given.partition("=")
            option = keyed.get(key) if equals else None
            if option is None or option.field in values:
                raise error(
                    f"{shown(text)}: word {position} {shown(given)} is one too many: {word} takes {form.usage}"
                )
            values[option.field] = self._value(option, value, text, position)
        absent = [slot.named for slot in keyed.values() if form.required(slot) and slot.field not in values]
        if absent:
            raise error(f"{shown(text)}: {word} needs {form.usage}; {' '.join(absent)} missing")
        try:
            return form.kind(**values)
        except (TypeError, ValueError):
            raise error(f"{shown(text)}: the words make no {word} move") from None

    def _value(self, slot: Slot, word: str, text: str, position: int) -> object:
        """The value of ``slot`` written as ``word`` (the ``position``-th word of ``text``)."""
        try:
            return slot.written.read(word)
        except Unreadable:
            raise self.error(
                f"{shown(text)}: word {position} {shown(word)}: {slot.field} must be {slot.written.expected}"
            ) from None


def _quoted_words(text: str, error: type[NotationError]) -> list[str]:
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
            raise error(f"{shown(text)}: word {len(words) + 1} opens a quote it never closes")
        at = found.end()
        if at < len(text) and not text[at].isspace():
            raise error(
                f"{shown(text)}: word {len(words) + 1} {shown(found.group())} is not followed by a space"
            )
        words.append(found.group())
