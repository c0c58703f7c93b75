"""Fast instances of frozen, slotted attrs records: generated copiers and makers.

Positions, players and track values are made on every move, so this is the hot
path of every playout. The attrs initializer of a frozen class sets each field
through ``object.__setattr__``, which costs several times what filling in an
instance needs. An instance is instead filled in as an instance of a private
class with the same slots (plain, fast slot stores), then given its real class:
the result is an ordinary frozen instance, equal to what the initializer or
:func:`attrs.evolve` gives (these records have no converters or validators to
skip; a test compares the two field by field). Its hash cache starts empty, as
attrs leaves it.

The functions are generated; their source is registered with :mod:`linecache`
(as attrs does for its generated methods), so tracebacks show it and a debugger
can step into it.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Mapping
from typing import Any

import attrs

#: ``(instance, changes) -> copy``.
Copier = Callable[[Any, Mapping[str, object]], Any]


def _layout(cls: type[object]) -> tuple[list[str], list[str], type[object]]:
    """The field names of ``cls``, its other slots (the hash cache), and a plain class
    with the same slots."""
    names = [a.name for a in attrs.fields(cls)]  # type: ignore[arg-type]
    slots = tuple(cls.__slots__)  # type: ignore[attr-defined]
    others = [s for s in slots if s not in names]
    if others not in ([], ["_attrs_cached_hash"]):  # e.g. a weakref slot: no same-layout builder
        raise TypeError(f"{cls.__name__} has slots a builder cannot fill: {others}")
    return names, others, type(f"_{cls.__name__}Builder", (), {"__slots__": slots})


def _generated(cls: type[object], builder: type[object], what: str, lines: list[str]) -> Callable[..., Any]:
    """Compile the function whose source is ``lines`` (named ``made``) for ``cls``."""
    source = "\n".join(lines) + "\n"
    filename = f"<hadara_rules {what} of {cls.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    namespace: dict[str, object] = {"cls": cls, "_Builder": builder, "_new": object.__new__, "_set": setattr}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["made"]  # type: ignore[return-value]


def copier(cls: type[object]) -> Copier:
    """A function ``(instance, changes) -> copy`` for one frozen, slotted attrs class."""
    names, others, builder = _layout(cls)
    lines = ["def made(instance, changes):", "    copy = _new(_Builder)"]
    lines += [f"    copy.{n} = instance.{n}" for n in names]
    lines += [f"    copy.{n} = None" for n in others]
    lines += ["    for name, value in changes.items():", "        _set(copy, name, value)"]
    lines += ["    copy.__class__ = cls", "    return copy"]
    return _generated(cls, builder, "copy", lines)


def maker(cls: type[object]) -> Callable[..., Any]:
    """A function taking every field of one frozen, slotted attrs class in order, positionally,
    and returning the instance."""
    names, others, builder = _layout(cls)
    lines = [f"def made({', '.join(names)}):", "    made = _new(_Builder)"]
    lines += [f"    made.{n} = {n}" for n in names]
    lines += [f"    made.{n} = None" for n in others]
    lines += ["    made.__class__ = cls", "    return made"]
    return _generated(cls, builder, "maker", lines)
