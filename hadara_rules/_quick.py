"""Positions read quickly: a position's document as :func:`~hadara_rules.to_json` writes it.

:func:`~hadara_rules.from_json` reads every document with the strict reader and the
one converter (:mod:`hadara_rules._reader`, :mod:`hadara_rules.records`), which check
each value through a chain of hooks. Bots and frontends read positions more than
anything else, so for a position :func:`quick_position` tries the platform's shorter way
first (:mod:`boardtable.quick`: the keys exactly a record's fields in the order
``to_json`` writes them, each value exactly of its field's type; the catalogue, which a
position names by ``{source, digest}``, found as the careful path finds it).

It accepts only documents that the careful path reads to an equal position, and
answers None for everything else: the careful path then reads the document, so every
refusal keeps its own message. A test holds the two paths to the same answers on random
and tampered documents. The position is then checked by
:func:`~hadara_rules.wellformed.check_position` either way.
"""

from __future__ import annotations

from collections.abc import Callable

from boardtable.quick import decline, quick_reader

from ._components import Catalogue
from ._model import GameState
from ._moves import Draft

__all__ = ["quick_position"]

#: How a catalogue named in a document is found: by its digest, and the catalogue
#: passed in by the caller (None when none is); None when it is neither.
Resolver = Callable[[object, Catalogue | None], Catalogue | None]


def quick_position(text: object, resolve: Resolver, catalogue: Catalogue | None) -> GameState | None:
    """The position in a ``game_state`` document, or None where the careful path must read it.

    ``resolve`` finds the catalogue the document names (as the careful path does).
    """
    return _READ(text, resolve, catalogue)


def _named(value: object, resolve: Resolver, catalogue: Catalogue | None) -> Catalogue:
    """The catalogue a position names by ``{source, digest}``, found as the careful path finds it."""
    if type(value) is not tuple or len(value) != 2:
        decline()
    (source_key, source), (digest_key, digest) = value
    if type(source) is not str:  # any other value, a NaN or a nesting too deep included: careful
        decline()
    found = resolve(digest, catalogue) if (source_key, digest_key) == ("source", "digest") else None
    return found if found is not None else decline()


#: The position reader, and the readers of everything a position holds (a draft, a move,
#: is written with its type first).
_READ = quick_reader(
    GameState,
    "game_state",
    tagged=[(Draft, {Draft.type: Draft})],
    special={Catalogue: _named},
    localns={"Draft": Draft, "Catalogue": Catalogue},
)
