"""A position no game could be in is refused naming the document's field and the rule it
breaks: each whole number of a real position's document, tampered to -1, is read back or
refused in one line; where the game's consistency check refuses it, the caller of
``read_position`` (an editor asking whether a position is possible) gets the
:class:`~boardtable.errors.Inconsistent` itself, naming that number (or the place holding it)
and a rule of the game's rules (or none: the document's structure), and for at least one
number it names the number itself and a rule."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

from boardtable.errors import GameError, Inconsistent, RecordError
from boardtable.games import AnyGame

from .support import as_sent, one_line, walk


def _numbers(data: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    """Each whole number of ``data`` (found at ``path``): its path, what holds it, its key."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        at = f"{path}.{key}" if isinstance(data, dict) else f"{path}[{key}]"
        if type(value) is int:
            yield at, data, key
        else:
            yield from _numbers(value, at)


def _names(field: str, path: str) -> bool:
    """Whether ``field`` names the number at ``path`` or the place holding it."""
    return path == field or path.startswith((f"{field}.", f"{field}["))


def _refusal(played: AnyGame, document: object) -> GameError | None:
    """What reading ``document`` as a position raises; None where it reads."""
    try:
        played.read_position(document)
    except GameError as refused:
        return refused
    return None


def test_a_number_tampered_out_of_range_is_inconsistent_naming_it_and_its_rule(played: AnyGame) -> None:
    state = walk(played, played.seats[0], 44).states[-1]
    document = as_sent(played.position_data(state))
    named: list[str] = []
    for path, holder, key in list(_numbers(document["data"], "$.data")):
        was, holder[key] = holder[key], -1
        found = _refusal(played, document)
        holder[key] = was
        assert found is None or one_line(str(found)), path
        if not isinstance(found, Inconsistent):
            continue
        assert isinstance(found, RecordError), path
        assert str(found).startswith(f"{found.field}: ") and _names(found.field, path), (path, found)
        assert found.rule is None or played.rule(found.rule) is not None, (path, found.rule)
        again = pickle.loads(pickle.dumps(found))
        assert (type(again), str(again), again.field, again.rule) == (
            type(found),
            str(found),
            found.field,
            found.rule,
        )
        if found.field == path and found.rule is not None:
            named.append(path)
    assert named, "no number tampered is refused naming it and a rule"
    assert played.read_position(document) == state
