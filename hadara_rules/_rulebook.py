"""The formal specification's rule index (``spec/rules.yaml``): every rule ID with its text.

The index is read by the library's strict reader: every entry's keys and types
are checked, IDs are unique, texts are not empty and a ruling says why. Any
problem is a :class:`~hadara_rules._errors.CatalogueError` naming the file, the
entry and the field.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from types import MappingProxyType

from attrs import field, frozen

from . import _reader
from ._errors import CatalogueError
from ._reader import label
from ._resources import spec_dir

__all__ = ["Rule", "read_rules", "rules"]


@frozen
class Rule:
    """One rule of the digest: ID, rule area, rulebook page, summary and full text."""

    #: The stable rule ID, e.g. ``"COLONY-3"``.
    id: str
    #: The rule area (one of :data:`AREAS`), e.g. ``"colony"``.
    area: str
    #: The page of the German rulebook the rule is on.
    page: int
    #: The rule in one line.
    summary: str
    #: The rule in full, in this project's words.
    text: str
    #: True where the rule is a ruling: the rulebook leaves it open and this project decided.
    ruling: bool = False
    #: Why a ruling was decided so (None for a rule the rulebook states).
    why: str | None = None
    #: The name of the variant the rule belongs to, if any.
    variant: str | None = None
    #: Where the rule is enforced: importable ``module:qualname`` names.
    implemented_in: tuple[str, ...] = field(default=(), converter=tuple)
    #: The tests and scenarios that hold the code to the rule.
    tested_by: tuple[str, ...] = field(default=(), converter=tuple)

    @property
    def anchor(self) -> str:
        """The rule's HTML id on the documentation site: the rule ID in lower case."""
        return self.id.lower()


@frozen
class _Index:
    """The file: one ``rules`` list."""

    rules: tuple[Rule, ...]


#: The rule areas in the order of play, with the title of each area's page.
AREAS: tuple[tuple[str, str], ...] = (
    ("flow", "Flow of play"),
    ("setup", "Setup"),
    ("start", "First player and compensation"),
    ("epoch", "Epoch structure"),
    ("wheel", "The wheel"),
    ("draft", "Draft rounds"),
    ("buy", "Buying a card"),
    ("sell", "Selling a card"),
    ("track", "Tracks"),
    ("pick", "Phase B: picking"),
    ("income", "Income"),
    ("colony", "Colonies"),
    ("statue", "Statues"),
    ("feeding", "Feeding"),
    ("medals", "Medals"),
    ("scoring", "Final scoring and winner"),
    ("tile", "Bonus tiles"),
    ("purple", "Purple effects"),
    ("info", "Hidden information"),
)

_CONVERTER = _reader.converter()


def read_rules(path: str | os.PathLike[str]) -> Mapping[str, Rule]:
    """A rule index file's rules by ID, in the file's order, as a read-only mapping."""
    name = os.fspath(path)

    def error(message: str) -> CatalogueError:
        return CatalogueError(f"{name}: {message}")

    document = _reader.parse_yaml(_reader.read_text(path, CatalogueError), error)
    index: _Index = _reader.structure(_CONVERTER, document, _Index, error, path="")
    by_id: dict[str, Rule] = {}
    for rule in index.rules:
        entry = label(rule.id)
        if rule.id in by_id:
            raise error(f"{entry}: id: the rule appears twice")
        for key in ("id", "area", "summary", "text"):
            if not getattr(rule, key).strip():
                raise error(f"{entry}: {key}: empty")
        if rule.page < 1:
            raise error(f"{entry}: page: a rulebook page is 1 or more, not {rule.page}")
        if rule.ruling and not (rule.why or "").strip():
            raise error(f"{entry}: why: a ruling says why it was decided so")
        by_id[rule.id] = rule
    return MappingProxyType(by_id)


# global: the package's own digest, the same for every catalogue
@functools.cache
def rules() -> Mapping[str, Rule]:
    """Every rule of the bundled ``spec/rules.yaml`` by ID, in the digest's order (read once; read-only)."""
    return read_rules(spec_dir() / "rules.yaml")
