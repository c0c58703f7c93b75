"""Reading untrusted documents: bounded files, strict YAML and JSON, one converter, short messages.

Every document the library accepts (game records, positions, moves, scenarios,
catalogue files, the rule index) comes in through this module:

- :func:`read_text` reads regular files only (never a pipe, device or folder,
  so it cannot hang or fill the memory), at most :data:`MAX_BYTES`, as UTF-8.
- :func:`parse_yaml` and :func:`parse_json` turn text into plain data: only
  mappings, lists, text, whole numbers, floats, booleans and null. Aliases,
  anchors, merge keys and other tags are refused (an alias can multiply a tiny
  file into gigabytes), and so are duplicate keys, keys other than names and
  whole numbers, numbers beyond 64 bits and nesting deeper than
  :data:`MAX_DEPTH`. The C YAML parser is used where it is installed.
- :func:`converter` is the one cattrs converter every document is structured
  with: whole numbers, booleans, text and enum values are taken only as
  exactly that type, lists only as lists, records only from mappings with
  known keys; :func:`structure` reports the first problem with the path of
  the field (``$.moves[3].player``).
- :func:`shown` is the one renderer of a value read from a document in a
  message: a few dozen characters at most, whatever the value (it lives in
  :mod:`boardtable.renderer`, with :func:`label` and :func:`clip`, and is re-exported here).

Every failure raises the error class the caller passes in (one of
:mod:`boardtable.errors`), with a one-line message.
"""

from __future__ import annotations

import enum
import json
import operator
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar, NoReturn, get_args, get_origin

import attrs
import cattrs
import yaml
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from .errors import GameError
from .renderer import INT_LIMIT as _INT_LIMIT
from .renderer import clip, label, shown

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "Refusal",
    "clip",
    "converter",
    "envelope_data",
    "label",
    "parse_json",
    "parse_yaml",
    "read_text",
    "register_tagged",
    "shown",
    "structure",
]

#: How a caller's error is made from a one-line message (an error class of :mod:`boardtable.errors`).
ErrorType = Callable[[str], GameError]

#: The largest document read, in bytes: the rule index is about 60 kB, a five-player game
#: record 15 kB. YAML is read at about 4 µs a byte at worst, so no file costs a second.
MAX_BYTES = 256 * 1024
#: The deepest nesting of mappings and lists read (documents need fewer than 10 levels).
MAX_DEPTH = 32
# --------------------------------------------------------------------------- files


def read_text(path: str | os.PathLike[str], error: ErrorType) -> str:
    """The text of a regular file of at most :data:`MAX_BYTES` bytes, as UTF-8.

    Pipes, devices, sockets and folders are refused before they are opened
    (the file is then opened non-blocking and checked again), so reading
    never waits or reads without end. Every failure is ``error`` naming the file.
    """
    try:
        name = os.fspath(path)
    except TypeError:
        raise error(f"{shown(path)}: not a file name") from None

    def fail(problem: str) -> NoReturn:
        raise error(f"{name}: {problem}")

    try:
        info = Path(name).stat()
        _regular(info.st_mode, fail)
        descriptor = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        fail(f"cannot read the file ({exc.strerror or type(exc).__name__})")
    except ValueError:  # a NUL character in the name
        fail("not a file name")
    with os.fdopen(descriptor, "rb") as file:
        _regular(os.fstat(file.fileno()).st_mode, fail)
        try:
            data = file.read(MAX_BYTES + 1)
        except OSError as exc:
            fail(f"cannot read the file ({exc.strerror or type(exc).__name__})")
    if len(data) > MAX_BYTES:
        fail(f"the file is larger than {MAX_BYTES // 1024} kB; no document is that large")
    return _decode(data, fail)


def _regular(mode: int, fail: Callable[[str], NoReturn]) -> None:
    if stat.S_ISDIR(mode):
        fail("a folder, not a file")
    if not stat.S_ISREG(mode):
        fail("not a regular file (a pipe, device or socket is never read)")


def _decode(data: bytes, fail: Callable[[str], NoReturn]) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})")
    return text.removeprefix("\ufeff")


def _text_of(text: str | bytes, fail: Callable[[str], NoReturn]) -> str:
    """Text given directly: bounded like a file, bytes decoded as UTF-8."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            fail(f"the document is larger than {MAX_BYTES // 1024} kB")
        return _decode(bytes(text), fail)
    if not isinstance(text, str):
        fail(f"expected text, found {shown(text)}")
    if len(text) > MAX_BYTES:
        fail(f"the document is larger than {MAX_BYTES // 1024} kB")
    return text


# --------------------------------------------------------------------------- YAML

_YAML = "tag:yaml.org,2002:"
#: The only YAML types read: plain data.
_PLAIN_TAGS = frozenset(_YAML + kind for kind in ("str", "int", "float", "bool", "null", "seq", "map"))
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Refused(Exception):
    """A YAML or JSON document the reader does not take (the message says why)."""


class _Loader(_Base):  # type: ignore[misc,valid-type]
    """The safe loader without aliases, dates, duplicate keys or keys other than names and numbers."""

    # Dates stay text (a record's date is a string); every other implicit type is kept.
    yaml_implicit_resolvers: ClassVar[dict[Any, list[tuple[str, re.Pattern[str]]]]] = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag != _YAML + "timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[object, object]:
        mapping: dict[object, object] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if not (type(key) is str or type(key) is int):
                raise _Refused(
                    f"line {key_node.start_mark.line + 1}: a key is a name or a whole number, "
                    f"not {shown(key)}"
                )
            if key in mapping:
                raise _Refused(f"line {key_node.start_mark.line + 1}: the key {shown(key)} appears twice")
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        if len(node.value) > 70:
            raise _Refused(f"line {node.start_mark.line + 1}: the number {shown(node.value)} is too large")
        value: int = super().construct_yaml_int(node)
        return _bounded(value)


_Loader.add_constructor(_YAML + "int", _Loader.construct_yaml_int)


def _bounded(value: int) -> int:
    if abs(value) >= _INT_LIMIT:
        raise _Refused(f"the number {shown(value)} is too large (at most 64 bits)")
    return value


def _plain_nodes(root: yaml.Node) -> None:
    """Refuse aliases (a node met twice), other tags and deep nesting, before anything is built."""
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        line = node.start_mark.line + 1
        if id(node) in seen:
            raise _Refused(
                f"line {line}: the value anchored here is used again by an alias; aliases are not read"
            )
        seen.add(id(node))
        if node.tag not in _PLAIN_TAGS:
            tag = node.tag.replace(_YAML, "!!")
            what = "merge keys (<<)" if tag == "!!merge" else f"values tagged {shown(tag)}"
            raise _Refused(f"line {line}: {what} are not read")
        if depth > MAX_DEPTH:
            raise _Refused(f"line {line}: nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend((part, depth + 1) for pair in node.value for part in pair)


def parse_yaml(text: str | bytes, error: ErrorType) -> object:
    """The plain data of one YAML document (safe loader only; see the module docstring)."""

    def fail(problem: str) -> NoReturn:
        raise error(f"malformed YAML: {problem}")

    source = _text_of(text, fail)
    loader = _Loader(source)
    try:
        node = loader.get_single_node()
        if node is None:
            fail("the document is empty")
        _plain_nodes(node)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}: " if mark is not None else ""
        fail(where + clip(" ".join(p for p in (exc.context, exc.problem) if p)))
    except yaml.YAMLError as exc:
        fail(clip(str(exc)))
    except _Refused as exc:
        fail(str(exc))
    except RecursionError:
        fail(f"nested more than {MAX_DEPTH} levels deep")
    except ValueError as exc:  # a number YAML reads but Python will not convert
        fail(clip(str(exc)))
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- JSON


def _json_object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    mapping: dict[str, object] = {}
    for key, value in pairs:
        if key in mapping:
            raise _Refused(f"the key {shown(key)} appears twice")
        mapping[key] = value
    return mapping


def _json_int(digits: str) -> int:
    if len(digits) > 20:
        raise _Refused(f"the number {shown(digits)} is too large")
    return _bounded(int(digits))


def _json_constant(name: str) -> NoReturn:
    raise _Refused(f"{name} is not a JSON value")


def parse_json(text: str | bytes, error: ErrorType) -> object:
    """The plain data of one JSON document (strict: no duplicate keys, NaN or huge numbers)."""

    def fail(problem: str) -> NoReturn:
        raise error(f"malformed JSON: {problem}")

    source = _text_of(text, fail)
    if not source.strip():
        fail("the document is empty")
    try:
        document = json.loads(
            source, object_pairs_hook=_json_object, parse_int=_json_int, parse_constant=_json_constant
        )
    except json.JSONDecodeError as exc:
        fail(f"{exc.msg} at line {exc.lineno}, column {exc.colno}")
    except _Refused as exc:
        fail(str(exc))
    except RecursionError:
        fail(f"nested more than {MAX_DEPTH} levels deep")
    _shallow(document, fail)
    return document


def _shallow(document: object, fail: Callable[[str], NoReturn]) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` (without recursion)."""
    stack: list[tuple[object, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                fail(f"nested more than {MAX_DEPTH} levels deep")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


# --------------------------------------------------------------------------- the converter


class Refusal(ValueError):
    """A value that does not fit its field; the message shows values only through :func:`shown`."""


def _strict_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise Refusal(f"expected a whole number, found {shown(value)}")
    if abs(value) >= _INT_LIMIT:
        raise Refusal(f"expected a whole number of at most 64 bits, found {shown(value)}")
    return value


def _strict_bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise Refusal(f"expected true or false, found {shown(value)}")
    return value


def _strict_str(value: object, _: object) -> str:
    if type(value) is not str:
        raise Refusal(f"expected a text, found {shown(value)}")
    return value


def _strict_enum(value: object, kind: type[enum.Enum]) -> enum.Enum:
    """An enum member named by its value (``"food"``) or given as itself, never by anything else."""
    if type(value) is kind:
        return value
    for member in kind:
        if type(value) is type(member.value) and value == member.value:
            return member
    names = ", ".join(str(member.value) for member in kind)
    raise Refusal(f"expected one of {names}, found {shown(value)}")


def _tuple_args(kind: object) -> tuple[object, ...] | None:
    """The item types of ``tuple[X, ...]`` (one) or ``tuple[X, Y]`` (each); None for other types."""
    if get_origin(kind) is not tuple:
        return None
    return get_args(kind)


#: The item types written as they are (JSON's own).
_PLAIN = (str, int, bool)


def _is_homogeneous_tuple(kind: object) -> bool:
    args = _tuple_args(kind)
    return args is not None and len(args) == 2 and args[1] is Ellipsis


def _list_hook(conv: cattrs.Converter, kind: object) -> Callable[[tuple[object, ...]], list[object]]:
    """``tuple[X, ...]`` written as the list of its items, each written once by X's own hook
    (found once, not asked for item by item; a plain X's items as they are): a position
    holds dozens of such tuples."""
    item = (_tuple_args(kind) or (object,))[0]
    if item in _PLAIN:
        return list
    write = conv.get_unstructure_hook(item)
    return lambda value: list(map(write, value))


def _item_failed(exc: Exception, index: object, kind: object) -> cattrs.IterableValidationError:
    """The failure of one item, noted with its index or key as cattrs notes it.

    Only the first bad item is reported: a list of a million bad items costs one error.
    """
    exc.__notes__ = [*getattr(exc, "__notes__", []), cattrs.IterableValidationNote("", index, kind)]  # type: ignore[arg-type]
    return cattrs.IterableValidationError("a list or mapping item does not fit", [exc], tuple)


def _tuple_hook(conv: cattrs.Converter, kind: object) -> Callable[[object, object], tuple[object, ...]]:
    """A tuple from a list only (never from a text or a mapping), each item with its index on failure."""
    args: tuple[Any, ...] = _tuple_args(kind) or ()
    same = len(args) == 2 and args[1] is Ellipsis

    def structure(value: object, _: object) -> tuple[object, ...]:
        if not isinstance(value, list | tuple):
            raise Refusal(f"expected a list, found {shown(value)}")
        if not same and len(value) != len(args):
            raise Refusal(f"expected a list of {len(args)}, found a list of {len(value)}")
        out: list[object] = []
        for index, item in enumerate(value):
            item_kind = args[0] if same else args[index]
            try:
                out.append(conv.structure(item, item_kind))
            except Exception as exc:
                raise _item_failed(exc, index, item_kind) from None
        return tuple(out)

    return structure


def _mapping_hook(conv: cattrs.Converter, kind: object) -> Callable[[object, object], dict[object, object]]:
    """A mapping from a mapping only, keys and values structured, each with its key on failure."""
    key_kind, value_kind = get_args(kind) or (Any, Any)

    def structure(value: object, _: object) -> dict[object, object]:
        if not isinstance(value, Mapping):
            raise Refusal(f"expected a mapping, found {shown(value)}")
        out: dict[object, object] = {}
        for key, item in value.items():
            try:
                out[conv.structure(key, key_kind)] = conv.structure(item, value_kind)
            except Exception as exc:
                raise _item_failed(exc, label(key), value_kind) from None
        return out

    return structure


def _record_hook(conv: cattrs.Converter, kind: type[Any]) -> Callable[[object, object], object]:
    """An attrs record from a mapping with known names as keys (cattrs does the fields)."""
    fields = make_dict_structure_fn(kind, conv, _cattrs_forbid_extra_keys=True)

    def structure(value: object, _: object) -> object:
        if not isinstance(value, Mapping):
            raise Refusal(f"expected a mapping, found {shown(value)}")
        for key in value:
            if type(key) is not str:
                raise Refusal(f"unknown key {shown(key)} (expected {', '.join(_names(kind))})")
        return fields(value, kind)

    return structure


def _names(kind: type[Any]) -> list[str]:
    return [field.alias or field.name for field in attrs.fields(kind) if field.init]


def _is_mapping_type(kind: object) -> bool:
    return get_origin(kind) in (dict, Mapping) or kind in (dict, Mapping)


#: A member's value (``member.value``, read without the descriptor of :mod:`enum`: a position
#: document writes dozens of members).
_VALUE = operator.attrgetter("_value_")


def converter() -> cattrs.Converter:
    """A new converter with the strict hooks: the base every document is structured with."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)
    # StrEnum before str: a colour is never read as any text, nor written as a member
    for base in (enum.Enum, enum.StrEnum):
        conv.register_structure_hook(base, _strict_enum)
        conv.register_unstructure_hook(base, _VALUE)
    conv.register_structure_hook_factory(
        lambda kind: _tuple_args(kind) is not None, lambda k: _tuple_hook(conv, k)
    )
    conv.register_unstructure_hook_factory(_is_homogeneous_tuple, lambda k: _list_hook(conv, k))
    conv.register_structure_hook_factory(_is_mapping_type, lambda k: _mapping_hook(conv, k))
    conv.register_structure_hook_factory(attrs.has, lambda k: _record_hook(conv, k))
    return conv


def register_tagged(conv: cattrs.Converter, kind: type[Any], tag: str, what: str) -> None:
    """Hooks for a record written as its fields plus a ``type`` tag, which must match on loading
    (a move or an event of a game: ``what`` names the kind of document in messages)."""
    to_dict: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(kind, conv)
    from_dict = make_dict_structure_fn(kind, conv, _cattrs_forbid_extra_keys=True)
    keys = ("type", *attrs.fields_dict(kind))

    def unstructure(value: object) -> dict[str, Any]:
        return {"type": tag, **to_dict(value)}

    def structure(value: object, _: object) -> object:
        if not isinstance(value, Mapping):
            raise Refusal(f"a {what} is a mapping, not {shown(value)}")
        if value.get("type") != tag:
            raise Refusal(f"expected a {tag} {what}, found type {shown(value.get('type'))}")
        for key in value:
            if key not in keys:
                raise Refusal(f"unknown key {label(key)} (expected {', '.join(keys)})")
        return from_dict({k: v for k, v in value.items() if k != "type"}, kind)

    conv.register_unstructure_hook(kind, unstructure)
    conv.register_structure_hook(kind, structure)


#: The keys of every document's envelope.
ENVELOPE = ("schema_version", "kind", "data")


def envelope_data(document: object, kind: str, version: int, error: ErrorType) -> object:
    """The ``data`` of an envelope ``{"schema_version": version, "kind": kind, "data": …}``;
    ``error`` naming the first problem of the envelope."""
    if not isinstance(document, Mapping):
        raise error(f"$: expected a document (a mapping), found {shown(document)}")
    extra = [key for key in document if key not in ENVELOPE]
    if extra:
        raise error(f"$: unknown key {shown(extra[0])} (expected {', '.join(ENVELOPE)})")
    if document.get("schema_version") != version or type(document.get("schema_version")) is not int:
        raise error(f"$.schema_version: expected {version}, found {shown(document.get('schema_version'))}")
    if document.get("kind") != kind:
        raise error(f"$.kind: expected {kind!r}, found {shown(document.get('kind'))}")
    if "data" not in document:
        raise error("$.data: missing")
    return document["data"]


# --------------------------------------------------------------------------- structuring


def structure(conv: cattrs.Converter, data: object, kind: Any, error: ErrorType, path: str = "$") -> Any:
    """``data`` as a ``kind``; ``error`` naming the path of the first field that does not fit.

    Paths start at ``path``: ``$.data.moves[3]``; with ``path=""`` the fields are
    named bare (``moves[3].player``), and the document itself is the "top level".
    """
    try:
        return conv.structure(data, kind)
    except (
        cattrs.BaseValidationError,
        GameError,
        ValueError,
        TypeError,
        KeyError,
        AttributeError,
        IndexError,
    ) as exc:
        problems = list(_problems(exc, path))
        where, first = problems[0]
        where = where if path else where.removeprefix(".") or "top level"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise error(f"{where}: {first}{more}") from None
    except RecursionError:
        raise error(f"{path}: nested too deeply") from None


def _problems(exc: BaseException, path: str) -> Iterator[tuple[str, str]]:
    """``(path, message)`` of every leaf failure under ``exc``, in document order."""
    if isinstance(exc, cattrs.BaseValidationError):
        for inner in exc.exceptions:
            yield from _problems(inner, path + _step(inner))
        return
    yield path, _message(exc)


def _step(exc: BaseException) -> str:
    """The path step a cattrs note attaches to a failure: ``.name`` or ``[index]``."""
    for note in getattr(exc, "__notes__", ()):
        if isinstance(note, cattrs.AttributeValidationNote):
            return f".{note.name}"
        if isinstance(note, cattrs.IterableValidationNote):
            index = note.index  # a list index, or a mapping key as :func:`label` shows it
            return f"[{index}]" if type(index) is int else f".{index}"
    return ""


def _message(exc: BaseException) -> str:
    if isinstance(exc, Refusal | GameError):
        return clip(str(exc), 200)
    if isinstance(exc, KeyError):
        return "missing"
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        extra = sorted(exc.extra_fields, key=str)
        listed = ", ".join(label(key) for key in extra[:3]) + (" …" if len(extra) > 3 else "")
        return f"unknown key {listed} (expected {', '.join(_names(exc.cl))})"
    return clip(f"{type(exc).__name__}: {exc}", 80)
