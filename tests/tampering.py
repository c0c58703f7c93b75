"""Documents tampered with at random, for the tests that hold a game's readers to the same
answers whatever is changed (plain functions; no game named)."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence

from hypothesis import strategies as st


def places(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The path of every value in a document, the document itself excluded."""
    found: list[tuple[object, ...]] = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += places(value, (*path, index))
    return found


def tampered(document: object, rng: random.Random, value: object, how: int) -> str:
    """The JSON text of ``document`` (changed in place) with one value at a place drawn by
    ``rng`` changed ``how`` (0 to 5): ``value`` put there, the key removed, a key ``extra``
    added, the key moved to the end, written twice (``value`` first) or misspelt."""
    *steps, key = rng.choice(places(document))
    container = document
    for step in steps:
        container = container[step]  # type: ignore[index]
    if how == 0 or not isinstance(container, dict):
        container[key] = value  # type: ignore[index]
    elif how == 1:
        del container[key]
    elif how == 2:
        container["extra"] = value
    elif how == 3:  # the key moved to the end
        container[key] = container.pop(key)
    text = json.dumps(document, separators=(",", ":"))
    if how == 4 and isinstance(container, dict):  # the key written twice
        text = text.replace(f'"{key}":', f'"{key}":{json.dumps(value)},"{key}":', 1)
    if how == 5 and isinstance(container, dict):  # the key misspelt, in its place
        text = text.replace(f'"{key}":', f'"{key}s":', 1)
    return text


def outcome(read: Callable[[], object], error: type[Exception]) -> object:
    """What ``read`` gives, or the message of the ``error`` it raises: two readers agree when
    their outcomes are equal."""
    try:
        return read()
    except error as exc:
        return str(exc)


def values(texts: Sequence[str], items: Sequence[object]) -> st.SearchStrategy[object]:
    """JSON values to put in place of another: null, flags, small and out-of-range numbers,
    floats, the game's ``texts``, empty containers and short lists of ``items``."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 12),
        st.sampled_from([2**63 - 1, 2**63, -(2**63), 10**30, 1.0, 0.5, math.nan, math.inf]),
        st.sampled_from(texts),
        st.just([]),
        st.just({}),
        st.lists(st.sampled_from(items), max_size=2),
    )
