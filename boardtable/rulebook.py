"""A game's rule index (its ``spec/rules.yaml``): every rule ID with its text.

The index is read by the platform's strict reader: every entry's keys and types are
checked, IDs are unique, texts are not empty and a ruling says why. Any problem is the
game's catalogue error (:class:`~boardtable.errors.CatalogueError` by default) naming the
file, the entry and the field. Every game's rules are a :class:`RuleEntry` with the game's
own citation of its sources (a page of its rulebook, or its ``source`` in words), told in one shape
(:meth:`RuleEntry.data`), read by :func:`read_index`.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import ClassVar, Generic, TypeVar

from attrs import field, frozen

from . import reader as _reader
from .errors import CatalogueError
from .reader import label

__all__ = ["RuleEntry", "read_index"]


@frozen
class RuleEntry(ABC):
    """One rule of a game's digest: ID, rule area, summary and full text, and whether it is a
    ruling; each game's rule adds its game's title and where in its sources the rule comes
    from (:meth:`citation`)."""

    #: The title of the game whose digest holds the rule (each game's rules say it).
    GAME: ClassVar[str]

    #: The stable rule ID, e.g. ``"COLONY-3"``.
    id: str
    #: The rule area, e.g. ``"colony"``.
    area: str
    #: The rule in one line.
    summary: str
    #: The rule in full, in this project's words.
    text: str
    #: True where the rule is a ruling: the rulebook leaves it open and this project decided.
    ruling: bool = False
    #: Why a ruling was decided so (None for a rule the rulebook states).
    why: str | None = None
    #: The name of the variant the rule belongs to, if any (the configuration field that switches it).
    variant: str | None = None
    #: Where the rule is enforced: importable ``module:qualname`` names.
    implemented_in: tuple[str, ...] = field(default=(), converter=tuple)
    #: The tests and scenarios that hold the code to the rule.
    tested_by: tuple[str, ...] = field(default=(), converter=tuple)

    @property
    def anchor(self) -> str:
        """The rule's HTML id on the documentation site: the rule ID in lower case."""
        return self.id.lower()

    @property
    def name(self) -> str:
        """The rule named with its game, as it is named outside the game's own context
        (``"GAME FLOW-1"``: several games have rules of the same ID)."""
        return f"{self.GAME} {self.id}"

    @abstractmethod
    def citation(self) -> dict[str, str | int | None]:
        """Where the rule comes from: ``source``, the game's sources in words (``"rulebook"``,
        ``"rules summary, project ruling"``…), and ``page``, the rulebook's page (None where
        the sources are not cited by page)."""

    def cited(self) -> str:
        """:meth:`citation` in words, as ``hadara explain`` cites it: ``rulebook p. 7``."""
        found = self.citation()
        page = found.get("page")
        return f"{found.get('source') or ''}{f' p. {page}' if page is not None else ''}"

    def heading(self) -> str:
        """The first line ``hadara explain`` prints of the rule: its ID, its area and its
        citation."""
        cited = self.cited()
        return f"{self.id} ({self.area}{', ' + cited if cited else ''})"

    def data(self) -> dict[str, object]:
        """The rule as JSON data, the same shape for every game (the wire's ``rule``): its ID,
        area, texts, why a ruling was decided so, its game, its name and its citation."""
        return {
            "id": self.id,
            "area": self.area,
            "summary": self.summary,
            "text": self.text,
            "ruling": self.ruling,
            "why": self.why,
            "game": self.GAME,
            "name": self.name,
            "citation": self.citation(),
        }


R = TypeVar("R", bound=RuleEntry)


def read_index(
    path: str | os.PathLike[str], kind: type[R], catalogue_error: type[CatalogueError] = CatalogueError
) -> Mapping[str, R]:
    """A rule index file (one ``rules`` list of ``kind``) by rule ID, in the file's order, as a
    read-only mapping; the catalogue error (``catalogue_error``) naming the file, the entry
    and the field for a malformed entry, an ID given twice, an empty text or a ruling that does
    not say why."""
    error = _naming(path, catalogue_error)
    document = _reader.parse_yaml(_reader.read_text(path, catalogue_error), error)
    index: _Index[R] = _reader.structure(_CONVERTER, document, _Index[kind], error, path="")  # type: ignore[valid-type]
    by_id: dict[str, R] = {}
    for rule in index.rules:
        entry = label(rule.id)
        if rule.id in by_id:
            raise error(f"{entry}: id: the rule appears twice")
        for key in ("id", "area", "summary", "text"):
            if not getattr(rule, key).strip():
                raise error(f"{entry}: {key}: empty")
        if rule.ruling and not (rule.why or "").strip():
            raise error(f"{entry}: why: a ruling says why it was decided so")
        by_id[rule.id] = rule
    return MappingProxyType(by_id)


def _naming(path: str | os.PathLike[str], error: type[CatalogueError]) -> Callable[[str], CatalogueError]:
    """The error of a problem with the file at ``path``, naming it."""
    name = os.fspath(path)
    return lambda message: error(f"{name}: {message}")


@frozen
class _Index(Generic[R]):
    """The file: one ``rules`` list."""

    rules: tuple[R, ...]


_CONVERTER = _reader.converter()
