"""Positions read quickly: a game's position document as the game writes it, or None.

A game's ``from_json`` reads every document with the strict reader and its converter
(:mod:`boardtable.reader`, :mod:`boardtable.records`), which check each value through a
chain of hooks. Bots and frontends read positions more than anything else, so
:func:`quick_reader` makes a reader that tries a shorter way first:

- the text is parsed by the :mod:`json` module's scanner, made once, keeping each
  object's key-value pairs, so a key written twice is seen, not silently dropped (white
  space around the document is declined: ``to_json`` writes none);
- the envelope is exactly ``schema_version``, ``kind``, ``data`` in that order;
- each record's keys must be exactly its fields, in the order they are written (a tagged
  record's ``type`` first, and a tag its union knows), and each value exactly of its
  field's type: whole numbers of at most 64 bits, texts, true or false, the value of an
  enum member, lists for tuples (of a fixed length where the tuple's is);
- any other type a field names (a game's own union, say) is read by the converter's own
  hook for it, so it accepts exactly what the careful path accepts;
- records are built by the generated makers of :mod:`boardtable.build` where they can be,
  else by their class (whose validators and converters then run as on the careful path).

It answers only with what the careful path reads to an equal value, and None for everything
else (another key order, a key missing or added, a value of another type, a NaN, a bytes
object, a document too large, any failure at all): the careful path then reads the
document, so every refusal keeps its own message. The game checks the position either way.
"""

from __future__ import annotations

import enum
import itertools
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

import attrs
import cattrs

from .build import compiled, maker
from .documents import SCHEMA_VERSION
from .errors import GameError
from .reader import MAX_BYTES

__all__ = ["QuickReader", "decline", "quick_reader"]

_T = TypeVar("_T")

#: Whole numbers read are of at most 64 bits, as the careful path reads them.
_LIMIT = 1 << 63
#: Reads one JSON value from a text at an index (the parser :func:`json.loads` makes on
#: every call, made once): objects as tuples of their pairs, so a key written twice is
#: seen; the value and the index after it, or StopIteration where no value begins.
#: (``scan_once`` is made by the decoder's ``__init__`` and missing from the type stubs.)
_scan: Callable[[str, int], tuple[object, int]] = json.JSONDecoder(object_pairs_hook=tuple).scan_once  # type: ignore[attr-defined]
#: What reading may raise on a document it does not take: the careful path then reads it.
_DECLINED = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    StopIteration,
    RecursionError,
    GameError,
)


class _Declined(Exception):
    """Something the quick path does not read."""


def decline() -> typing.NoReturn:
    """Give up on the document: the careful path reads it (for a game's readers of
    ``special`` fields, :func:`quick_reader`)."""
    raise _Declined


class QuickReader(Generic[_T]):
    """Reads a document of ``kind`` holding a ``cls`` the quick way (see the module)."""

    def __init__(self, kind: str, read: Callable[..., _T]) -> None:
        self._kind = kind
        self._read = read

    def __call__(self, text: object, *context: object) -> _T | None:
        """The value in the document ``text``, or None where the careful path must read it;
        ``context`` is passed on to the readers of ``special`` fields (:func:`quick_reader`)."""
        if type(text) is not str or len(text) > MAX_BYTES:
            return None
        try:
            document, end = _scan(text, 0)
            if end != len(text) or type(document) is not tuple or len(document) != 3:
                return None
            (version_key, version), (kind_key, kind), (data_key, data) = document
            if (version_key, kind_key, data_key, kind) != ("schema_version", "kind", "data", self._kind):
                return None
            if type(version) is not int or version != SCHEMA_VERSION:
                return None
            return self._read(data, *context)
        except (_Declined, *_DECLINED):
            return None


def quick_reader(
    cls: type[_T],
    kind: str,
    conv: cattrs.Converter | None = None,
    tagged: Iterable[tuple[object, Mapping[str, type[Any]]]] = (),
    special: Mapping[object, Callable[..., object]] | None = None,
    localns: Mapping[str, object] | None = None,
) -> QuickReader[_T]:
    """The quick reader of documents of ``kind`` holding a ``cls`` (an attrs record), for a
    game whose careful path reads them with ``conv`` (its hooks read the types this module
    does not; None: there are none). ``tagged``: each union of records told apart by their
    ``type`` tag, with its classes by tag (what :func:`boardtable.records.register_tagged`
    registers; a class alone is its own union). ``special``: the reader of each type read
    by the game's own rule, ``read(value, *context)`` (the scanner's value: a mapping as its
    pairs; :func:`decline` where the careful path must read it), for fields of ``cls`` and
    of the records it holds in line. ``localns``: names the classes' annotations use that
    their modules do not define."""
    generator = _Generator(conv, dict(tagged), dict(special or {}), dict(localns or {}))
    top = generator.reader(cls, top=True)
    read: Callable[..., _T] = compiled(
        generator.lines, f"quick reader of {cls.__qualname__}", generator.namespace, top
    )
    return QuickReader(kind, read)


# --------------------------------------------------------------------------- generated readers
#
# A reader takes a value as the scanner gives it (objects as tuples of pairs) and returns the
# field's value, or raises. A record's reader tests its fields in line, those of the records
# it holds included; a record or value that is an item of a tuple gets a reader of its own.


def _is_enum(kind: object) -> typing.TypeGuard[type[enum.Enum]]:
    return isinstance(kind, type) and issubclass(kind, enum.Enum)


def _builder(cls: type[Any]) -> Callable[..., object]:
    """The quickest way to make an instance equal to what the careful path makes: the
    generated maker, or the class itself where fields have converters or validators, or a
    maker cannot fill its slots (a weakref slot, fields in a base class's slots)."""
    fields = attrs.fields(cls)
    if any(field.converter or field.validator for field in fields):
        return cls
    if not {field.name for field in fields} <= set(getattr(cls, "__slots__", ())):
        return cls
    try:
        return maker(cls)
    except TypeError:
        return cls


class _Generator:
    """Writes the readers of one record type and of everything it holds."""

    def __init__(
        self,
        conv: cattrs.Converter | None,
        tagged: dict[object, Mapping[str, type[Any]]],
        special: dict[object, Callable[..., object]],
        localns: dict[str, object],
    ) -> None:
        self.conv = conv
        self.tagged = tagged
        self.tags = {cls: tag for classes in tagged.values() for tag, cls in classes.items()}
        self.special = special
        self.localns = localns
        #: Whether the lines being written are the top record's, which has the context.
        self.top = False
        self.namespace: dict[str, object] = {
            "_decline": decline,
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

    def members(self, kind: type[enum.Enum]) -> tuple[str, str] | None:
        """The names of the table of ``kind``'s members by value and of their values' one
        type; None for an enum whose values are of several types, or flags."""
        value_types = {type(member.value) for member in kind}
        if len(value_types) != 1 or bool in value_types:
            return None
        table = self.name(("members", kind), {member.value: member for member in kind}, kind.__name__)
        return table, self.name(("type", kind), value_types.pop(), "type")

    def check(self, v: str, kind: object, indent: str) -> list[str]:
        """Lines that test (and where needed convert) ``v`` as a value of ``kind``."""
        if kind is int:
            return [f"{indent}if type({v}) is not int or not _LOW < {v} < _LIMIT: _decline()"]
        if kind is bool or kind is str:
            return [f"{indent}if type({v}) is not {kind.__name__}: _decline()"]
        if _is_enum(kind):
            members = self.members(kind)
            if members is None:
                return self.hooked(v, kind, indent)
            table, plain = members
            return [f"{indent}if type({v}) is not {plain}: _decline()", f"{indent}{v} = {table}[{v}]"]
        if typing.get_origin(kind) in (typing.Union, types.UnionType) and kind not in self.tagged:
            options = typing.get_args(kind)
            if len(options) != 2 or type(None) not in options:
                return self.hooked(v, kind, indent)
            (option,) = (k for k in options if k is not type(None))
            return [f"{indent}if {v} is not None:", *self.check(v, option, indent + "    ")]
        if typing.get_origin(kind) is tuple:
            return [f"{indent}{line}" for line in self.tuple_lines(v, kind)]
        if kind in self.tagged or (isinstance(kind, type) and attrs.has(kind)):
            return [f"{indent}{v} = {self.reader(kind)}({v})"]
        return self.hooked(v, kind, indent)

    def hooked(self, v: str, kind: object, indent: str) -> list[str]:
        """Lines reading ``v`` by the converter's own hook for ``kind``: only a text, a flag,
        null or a whole number the strict parser takes (of at most 64 bits), never a float
        or a mapping (the hook does not read the scanner's pairs)."""
        if self.conv is None:
            raise TypeError(f"no quick reader for {kind}")
        hook = self.name(("hook", kind), self.conv.get_structure_hook(kind), "hook")
        plain = self.name("plain", frozenset({str, int, bool, type(None)}), "plain")
        return [
            f"{indent}if type({v}) not in {plain}: _decline()",
            f"{indent}if type({v}) is int and not _LOW < {v} < _LIMIT: _decline()",
            f"{indent}{v} = {hook}({v}, None)",
        ]

    def tuple_lines(self, v: str, kind: object) -> list[str]:
        """A list read as a tuple, its items tested by C loops where they can be (the set of
        their types; texts by joining them, which refuses anything else with a TypeError)
        rather than a Python call each."""
        items = typing.get_args(kind)
        lines = [f"if type({v}) is not list: _decline()"]
        if len(items) != 2 or items[1] is not Ellipsis:  # a fixed length: each item in line
            lines.append(f"if len({v}) != {len(items)}: _decline()")
            parts = [f"{v}_{i}" for i in range(len(items))]
            lines.append(f"{', '.join(parts)}, = {v}")
            for part, item in zip(parts, items, strict=True):
                lines += self.check(part, item, "")
            return [*lines, f"{v} = ({', '.join(parts)},)"]
        item = items[0]
        if item is str:
            return [*lines, f"_texts_only({v})", f"{v} = tuple({v})"]
        if item is bool:
            return [*lines, f"if not _BOOL.issuperset(map(type, {v})): _decline()", f"{v} = tuple({v})"]
        if item is int:
            return [
                *lines,
                f"if not _INT.issuperset(map(type, {v})): _decline()",
                f"if {v} and not (_LOW < min({v}) and max({v}) < _LIMIT): _decline()",
                f"{v} = tuple({v})",
            ]
        if item == tuple[str, ...]:
            return [
                *lines,
                f"if not _LIST.issuperset(map(type, {v})): _decline()",
                f"_texts_only(_chain(*{v}))",
                f"{v} = tuple(map(tuple, {v}))",
            ]
        members = self.members(item) if _is_enum(item) else None
        if members is not None:  # each item a value of the members' type, then looked up
            table, plain = members
            return [
                *lines,
                f"if not {{{plain}}}.issuperset(map(type, {v})): _decline()",
                f"{v} = tuple(map({table}.__getitem__, {v}))",
            ]
        return [*lines, f"{v} = tuple(map({self.reader(item)}, {v}))"]

    def reader(self, kind: object, top: bool = False) -> str:
        """The name of the reader function of ``kind``: a record, a tagged union, or any
        other value read as an item of a tuple (``top``: the document's record, whose reader
        takes the context)."""
        if kind in self.names:
            return self.names[kind]
        name = self.names[kind] = f"_read{len(self.names)}"
        outer, self.top = self.top, top
        self.write(name, kind)
        self.top = outer
        return name

    def write(self, name: str, kind: object) -> None:
        """The lines of the reader function ``name`` of ``kind``."""
        if kind in self.tagged and kind not in self.tags:
            readers = {tag: self.reader(cls) for tag, cls in self.tagged[kind].items()}
            table = "{" + ", ".join(f"{tag!r}: {reader}" for tag, reader in readers.items()) + "}"
            self.lines += [
                f"def {name}(pairs):",
                "    if type(pairs) is not tuple or not pairs or pairs[0][0] != 'type': _decline()",
                f"    return {name}_by_tag[pairs[0][1]](pairs)",
                f"{name}_by_tag = {table}",
            ]
        elif isinstance(kind, type) and attrs.has(kind):
            signature = "pairs, *context" if self.top else "pairs"
            self.lines += [
                f"def {name}({signature}):",
                *self.record_lines("pairs", kind, "    "),
                "    return pairs",
            ]
        else:
            self.lines += [f"def {name}(value):", *self.check("value", kind, "    "), "    return value"]

    def record_lines(self, v: str, cls: type[Any], indent: str) -> list[str]:
        """Lines that read the pairs in ``v`` as a ``cls`` into ``v``: its keys, in order,
        then each field; records it holds are read in line too. The pairs are unpacked
        into keys and values at once (as many pairs as keys, or a ValueError)."""
        hints = typing.get_type_hints(cls, localns=self.localns)
        fields = [(field.name, hints[field.name]) for field in attrs.fields(cls)]
        tag = self.tags.get(cls)
        keys = (*(("type",) if tag else ()), *(field for field, _ in fields))
        variables = [f"{v}_{field}" for field, _ in fields]
        values = [*([f"{v}_tag"] if tag else []), *variables]
        names = [f"{v}_key{i}" for i in range(len(keys))]
        lines = [
            f"if type({v}) is not tuple: _decline()",
            "".join(f"({key}, {value}), " for key, value in zip(names, values, strict=True)) + f"= {v}",
            f"if ({', '.join(names)},) != {keys!r}: _decline()",
            *([f"if type({v}_tag) is not str or {v}_tag != {tag!r}: _decline()"] if tag else []),
        ]
        for variable, (_, kind) in zip(variables, fields, strict=True):
            if kind in self.special:
                if not self.top:
                    raise TypeError(f"{kind} is read by its own rule in the top record only")
                read = self.name(("special", kind), self.special[kind], "special")
                lines.append(f"{variable} = {read}({variable}, *context)")
            elif isinstance(kind, type) and attrs.has(kind) and kind not in self.tagged:
                lines += self.record_lines(variable, kind, "")
            else:
                lines += self.check(variable, kind, "")
        make = self.name(("make", cls), _builder(cls), "make")
        lines.append(f"{v} = {make}({', '.join(variables)})")
        return [indent + line for line in lines]
