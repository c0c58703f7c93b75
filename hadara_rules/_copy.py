"""Fast copies of positions: :func:`replace`, typed as :func:`attrs.evolve`.

Positions are copied on every move, so this is the hot path of every playout. The
attrs initializer of a frozen class sets each field through
``object.__setattr__``, which costs several times what a copy needs. A copy is
instead filled in as an instance of a private class with the same slots (plain,
fast slot stores), then given its real class: the result is an ordinary frozen
instance, equal to what :func:`attrs.evolve` returns (these records have no
converters or validators to skip; a test compares the two field by field). Its
hash cache starts empty, as attrs leaves it.

The copy functions are generated; their source is registered with :mod:`linecache`
(as attrs does for its generated methods), so tracebacks show it and a debugger
can step into it.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ._model import GameState, PlayerState
from ._vocabulary import Tracks

_Copier = Callable[[object, dict[str, object]], object]


def _copier(cls: type[object]) -> _Copier:
    """A function ``(instance, changes) -> copy`` for one frozen, slotted attrs class."""
    names = [a.name for a in attrs.fields(cls)]  # type: ignore[arg-type]
    slots = tuple(cls.__slots__)  # type: ignore[attr-defined]
    hash_cache = [s for s in slots if s not in names]
    if hash_cache not in ([], ["_attrs_cached_hash"]):  # e.g. a weakref slot: no same-layout builder
        raise TypeError(f"{cls.__name__} has slots a copy cannot fill: {hash_cache}")
    builder = type(f"_{cls.__name__}Builder", (), {"__slots__": slots})
    lines = ["def copy_of(instance, changes):", "    copy = _new(_Builder)"]
    lines += [f"    copy.{n} = instance.{n}" for n in names]
    lines += [f"    copy.{n} = None" for n in hash_cache]
    lines += ["    for name, value in changes.items():", "        _set(copy, name, value)"]
    lines += ["    copy.__class__ = cls", "    return copy"]
    source = "\n".join(lines) + "\n"
    filename = f"<hadara_rules copy of {cls.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    namespace: dict[str, object] = {"cls": cls, "_Builder": builder, "_new": object.__new__, "_set": setattr}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["copy_of"]  # type: ignore[return-value]


_COPIERS: dict[type[object], _Copier] = {cls: _copier(cls) for cls in (GameState, PlayerState, Tracks)}


if TYPE_CHECKING:
    replace = attrs.evolve
else:

    def replace(instance, /, **changes):
        """A copy of a position record with some fields changed (typed as :func:`attrs.evolve`)."""
        return _COPIERS[type(instance)](instance, changes)
