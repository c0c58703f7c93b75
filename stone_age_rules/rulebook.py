"""Stone Age's rule index (``spec/stone_age/rules.yaml``): every rule ID with its text.

Read by the library's strict reader; any problem is a
:class:`~hadara_rules.foundations.CatalogueError` naming the file and the field. Outside
Stone Age's own context a rule is named with its game (:func:`qualified`: "Stone Age
FLOW-1"), since Hadara has rule IDs of the same shape.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

from attrs import field, frozen

from hadara_rules import foundations
from hadara_rules.foundations import CatalogueError, spec_dir

__all__ = ["GAME", "Rule", "qualified", "rules"]

#: The game's name, as it prefixes a rule ID outside its own context.
GAME = "Stone Age"


@frozen
class Rule:
    """One rule of Stone Age's digest."""

    id: str
    area: str
    #: Where the rule comes from (the seed, the printed rulebook, a ruling of this project).
    source: str
    summary: str
    text: str
    ruling: bool = False
    why: str | None = None
    #: The GameConfig field that switches a variant ruling.
    variant: str | None = None
    implemented_in: tuple[str, ...] = field(default=(), converter=tuple)
    tested_by: tuple[str, ...] = field(default=(), converter=tuple)

    @property
    def anchor(self) -> str:
        """The rule's HTML id on the site: the game and the rule ID in lower case (``stone-age-flow-1``)."""
        return f"stone-age-{self.id.lower()}"


@frozen
class _Index:
    rules: tuple[Rule, ...]


def qualified(rule_id: str) -> str:
    """A rule ID as it is named outside Stone Age's own context: ``Stone Age FLOW-1``."""
    return f"{GAME} {rule_id}"


@functools.cache
def rules() -> Mapping[str, Rule]:
    """Every rule of the bundled ``spec/stone_age/rules.yaml`` by ID, in the digest's order."""
    path = spec_dir() / "stone_age" / "rules.yaml"

    def error(message: str) -> CatalogueError:
        return CatalogueError(f"{path.name}: {message}")

    document = foundations.parse_yaml(foundations.read_text(path, CatalogueError), error)
    index: _Index = foundations.structure(foundations.converter(), document, _Index, error, path="")
    return MappingProxyType({rule.id: rule for rule in index.rules})
