"""Positions read quickly: a position's document as :func:`~hadara_rules.to_json` writes it.

:func:`~hadara_rules.from_json` reads every document with the strict reader and the
one converter (:mod:`hadara_rules._reader`, :mod:`hadara_rules.records`), which check
each value through a chain of hooks. Bots and frontends read positions more than
anything else, so for a position :func:`quick_position` tries a shorter way first:

- the text is parsed by the :mod:`json` module's parser, made once, keeping each
  object's key-value pairs, so a key written twice is seen, not silently dropped
  (white space around the document is declined, as ``to_json`` writes none);
- each record's keys must be exactly its fields, in the order ``to_json`` writes
  them, and each value exactly of its field's type (the catalogue's ``source``, which
  names it only, a text) (whole numbers of at most 64
  bits, texts, true or false, the value of an enum member, lists for tuples);
- records are built by readers generated once from the fields' types.

It accepts only documents that the careful path reads to an equal position, and
answers None for everything else (another key order, a key missing or added, a
value of another type, a NaN, a bytes object, a document too large): the careful
path then reads the document, so every refusal keeps its own message. A test
holds the two paths to the same answers on random and tampered documents.
The position is then checked by :func:`~hadara_rules.wellformed.check_position`
either way.
"""

from __future__ import annotations

import enum
import itertools
import json
import types
import typing
from collections.abc import Callable
from typing import Any, TypeGuard

import attrs

from boardtable.build import compiled, maker
from boardtable.reader import MAX_BYTES

from ._components import Catalogue
from ._model import GameState
from ._moves import Draft

__all__ = ["quick_position"]

#: How a catalogue named in a document is found: by its digest, and the catalogue
#: passed in by the caller (None when none is); None when it is neither.
Resolver = Callable[[object, Catalogue | None], Catalogue | None]

#: Whole numbers read are of at most 64 bits, as the careful path reads them.
_LIMIT = 1 << 63
#: Reads one JSON value from a text at an index (the parser :func:`json.loads` makes on
#: every call, made once): objects as tuples of their pairs, so a key written twice is
#: seen; the value and the index after it, or StopIteration where no value begins.
#: (``scan_once`` is made by the decoder's ``__init__`` and missing from the type stubs.)
_scan: Callable[[str, int], tuple[object, int]] = json.JSONDecoder(object_pairs_hook=tuple).scan_once  # type: ignore[attr-defined]


class _Unexpected(Exception):
    """Something the quick path does not read: the careful path reads the document."""


def quick_position(text: object, resolve: Resolver, catalogue: Catalogue | None) -> GameState | None:
    """The position in a ``game_state`` document, or None where the careful path must read it.

    ``resolve`` finds the catalogue the document names (as the careful path does).
    """
    if type(text) is not str or len(text) > MAX_BYTES:
        return None
    try:
        document, end = _scan(text, 0)
        if end != len(text) or type(document) is not tuple or len(document) != 3:
            return None
        (version_key, version), (kind_key, kind), (data_key, data) = document
        if (version_key, kind_key, data_key, kind) != ("schema_version", "kind", "data", "game_state"):
            return None
        if type(version) is not int or version != 1:
            return None
        state: GameState = _read_position(data, resolve, catalogue)
    except (_Unexpected, StopIteration, ValueError, TypeError, KeyError, RecursionError):
        return None
    return state


def _unexpected() -> typing.NoReturn:
    raise _Unexpected


# --------------------------------------------------------------------------- generated readers
#
# A reader takes a value as json.loads gives it (objects as tuples of pairs) and returns the
# field's value, or raises. A record's reader tests its fields in line, those of the records
# and tuples it holds included; a record or value that is an item of a tuple gets a reader
# of its own, called for each item.


def _is_enum(kind: object) -> TypeGuard[type[enum.Enum]]:
    return isinstance(kind, type) and issubclass(kind, enum.Enum)


def _fields_of(cls: type[Any]) -> tuple[tuple[str, object], ...]:
    hints = typing.get_type_hints(cls, localns={"Draft": Draft, "Catalogue": Catalogue})
    return tuple((field.name, hints[field.name]) for field in attrs.fields(cls))


class _Generator:
    """Writes the readers of one record type and of everything it holds."""

    def __init__(self) -> None:
        self.namespace: dict[str, object] = {
            "_unexpected": _unexpected,
            "_LIMIT": _LIMIT,
            "_LOW": -_LIMIT,
            "_INT": frozenset({int}),
            "_BOOL": frozenset({bool}),
            "_LIST": frozenset({list}),
            "_chain": itertools.chain,
            "_texts_only": "".join,
        }
        self.lines: list[str] = []
        self.names: dict[object, str] = {}

    def name(self, key: object, value: object, prefix: str) -> str:
        """The name of ``value`` (known by ``key``) in the generated code's namespace."""
        if key not in self.names:
            self.names[key] = f"_{prefix}{len(self.names)}"
            self.namespace[self.names[key]] = value
        return self.names[key]

    def members(self, kind: type[enum.Enum]) -> str:
        """The name of the table of ``kind``'s members by value."""
        return self.name(kind, {member.value: member for member in kind}, kind.__name__)

    def check(self, variable: str, kind: object, indent: str) -> list[str]:
        """Lines that test (and where needed convert) ``variable`` as a value of ``kind``."""
        v = variable
        if kind is int:
            return [f"{indent}if type({v}) is not int or not _LOW < {v} < _LIMIT: _unexpected()"]
        if kind is bool or kind is str:
            return [f"{indent}if type({v}) is not {kind.__name__}: _unexpected()"]
        if _is_enum(kind):
            return [f"{indent}{v} = {self.members(kind)}[{v}]"]
        if typing.get_origin(kind) in (typing.Union, types.UnionType):
            options = [k for k in typing.get_args(kind) if k is not type(None)]
            if len(options) != 1 or len(typing.get_args(kind)) != 2:
                raise TypeError(f"no quick reader for {kind}")
            return [f"{indent}if {v} is not None:", *self.check(v, options[0], indent + "    ")]
        if typing.get_origin(kind) is tuple:
            return [f"{indent}{line}" for line in self.tuple_lines(v, kind)]
        if isinstance(kind, type) and attrs.has(kind):
            return [f"{indent}{v} = {self.reader(kind)}({v})"]
        raise TypeError(f"no quick reader for {kind}")

    def tuple_lines(self, v: str, kind: object) -> list[str]:
        """A list read as a tuple, its items tested by C loops where they can be (the set of
        their types, a mapping's look-up; texts by joining them, which refuses anything
        else with a TypeError) rather than a Python call each."""
        item, *more = typing.get_args(kind)
        if more != [Ellipsis]:
            raise TypeError(f"no quick reader for {kind}")
        lines = [f"if type({v}) is not list: _unexpected()"]
        if item is str:  # ids: the parser makes texts of no subclass of str
            return [*lines, f"_texts_only({v})", f"{v} = tuple({v})"]
        if item is bool:  # who saw each sale
            return [*lines, f"if not _BOOL.issuperset(map(type, {v})): _unexpected()", f"{v} = tuple({v})"]
        if item is int:  # who sold each card: whole numbers within 64 bits, tested by C loops
            return [
                *lines,
                f"if not _INT.issuperset(map(type, {v})): _unexpected()",
                f"if {v} and not (_LOW < min({v}) and max({v}) < _LIMIT): _unexpected()",
                f"{v} = tuple({v})",
            ]
        if item == tuple[str, ...]:  # piles and decks of ids
            return [
                *lines,
                f"if not _LIST.issuperset(map(type, {v})): _unexpected()",
                f"_texts_only(_chain(*{v}))",
                f"{v} = tuple(map(tuple, {v}))",
            ]
        if _is_enum(item):
            return [*lines, f"{v} = tuple(map({self.members(item)}.__getitem__, {v}))"]
        return [*lines, f"{v} = tuple(map({self.reader(item)}, {v}))"]

    def reader(self, kind: object) -> str:
        """The name of the reader function of ``kind``: a record, or any other value read as
        an item of a tuple."""
        if kind in self.names:
            return self.names[kind]
        name = self.names[kind] = f"_read{len(self.names)}"
        if isinstance(kind, type) and attrs.has(kind):
            self.write_record(name, kind)
        else:
            self.lines += [f"def {name}(value):", *self.check("value", kind, "    "), "    return value"]
        return name

    def write_record(self, name: str, cls: type[Any]) -> None:
        self.lines += [
            f"def {name}(pairs, resolve=None, catalogue=None):",
            *self.record_lines("pairs", cls, "    "),
            "    return pairs",
        ]

    def record_lines(self, v: str, cls: type[Any], indent: str) -> list[str]:
        """Lines that read the pairs in ``v`` as a ``cls`` into ``v``: its keys, in order,
        then each field; records it holds are read in line too. The pairs are unpacked
        into keys and values at once (as many pairs as keys, or a ValueError)."""
        fields = _fields_of(cls)
        tag = cls.__dict__.get("type")  # a move is written with its type first
        keys = (*(("type",) if tag else ()), *(field for field, _ in fields))
        variables = [f"{v}_{field}" for field, _ in fields]
        values = [*([f"{v}_tag"] if tag else []), *variables]
        names = [f"{v}_key{i}" for i in range(len(keys))]
        lines = [
            f"if type({v}) is not tuple: _unexpected()",
            "".join(f"({name}, {value}), " for name, value in zip(names, values, strict=True)) + f"= {v}",
            f"if ({', '.join(names)},) != {keys!r}: _unexpected()",
            *([f"if {v}_tag != {tag!r}: _unexpected()"] if tag else []),
        ]
        for variable, (_, kind) in zip(variables, fields, strict=True):
            if kind is Catalogue:
                lines.append(f"{variable} = _named({variable}, resolve, catalogue)")
            elif isinstance(kind, type) and attrs.has(kind):
                lines += self.record_lines(variable, kind, "")
            else:
                lines += self.check(variable, kind, "")
        make = self.name(("make", cls), _builder(cls), "make")
        lines.append(f"{v} = {make}({', '.join(variables)})")
        return [indent + line for line in lines]


def _builder(cls: type[Any]) -> Callable[..., object]:
    """The quickest way to make an instance equal to what the careful path makes: the
    generated maker, or the class itself where fields have converters or validators
    (or the class has slots a maker cannot fill)."""
    if any(field.converter or field.validator for field in attrs.fields(cls)):
        return cls
    try:
        return maker(cls)
    except TypeError:
        return cls


def _named(value: object, resolve: Resolver, catalogue: Catalogue | None) -> Catalogue:
    """The catalogue a position names by ``{source, digest}``, found as the careful path finds it."""
    if type(value) is not tuple or len(value) != 2:
        _unexpected()
    (source_key, source), (digest_key, digest) = value
    if type(source) is not str:  # any other value, a NaN or a nesting too deep included: careful
        _unexpected()
    found = resolve(digest, catalogue) if (source_key, digest_key) == ("source", "digest") else None
    return found if found is not None else _unexpected()


def _generate() -> Callable[[object, Resolver, Catalogue | None], GameState]:
    """The position reader, and the readers of everything a position holds."""
    generator = _Generator()
    generator.namespace["_named"] = _named
    top = generator.reader(GameState)
    return compiled(generator.lines, "quick position reader", generator.namespace, top)


_read_position = _generate()
