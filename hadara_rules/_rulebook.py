"""A game's rule index (Hadara's ``spec/rules.yaml``): every rule ID with its text.

The index is read by the library's strict reader: every entry's keys and types
are checked, IDs are unique, texts are not empty and a ruling says why. Any
problem is a :class:`~hadara_rules._errors.CatalogueError` naming the file, the
entry and the field. Every game's rules are a :class:`RuleEntry` with the game's own
citation of its rulebook (Hadara's :attr:`Rule.page`, Stone Age's ``source``), read by
:func:`read_index`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping

from attrs import field, frozen

from boardtable.reader import label
from boardtable.rulebook import RuleEntry, read_index

from ._errors import CatalogueError
from ._resources import spec_dir

__all__ = ["Rule", "RuleEntry", "read_index", "read_rules", "rules"]


@frozen
class Rule(RuleEntry):
    """One rule of Hadara's digest: ID, rule area, rulebook page, summary and full text."""

    #: The page of the German rulebook the rule is on.
    page: int = field(kw_only=True)

    def data(self) -> dict[str, object]:
        """The rule as JSON data, its page with it."""
        return {**super().data(), "page": self.page}

    def citation(self) -> str:
        """The rulebook's page: ``rulebook p. 7``."""
        return f"rulebook p. {self.page}"


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


def read_rules(path: str | os.PathLike[str]) -> Mapping[str, Rule]:
    """A rule index file's rules by ID, in the file's order, as a read-only mapping (see
    :func:`read_index`; a rulebook page is 1 or more)."""
    found = read_index(path, Rule, CatalogueError)
    for rule in found.values():
        if rule.page < 1:
            raise CatalogueError(
                f"{os.fspath(path)}: {label(rule.id)}: page: a rulebook page is 1 or more, not {rule.page}"
            )
    return found


# global: the package's own digest, the same for every catalogue
@functools.cache
def rules() -> Mapping[str, Rule]:
    """Every rule of the bundled ``spec/rules.yaml`` by ID, in the digest's order (read once; read-only)."""
    return read_rules(spec_dir() / "rules.yaml")
