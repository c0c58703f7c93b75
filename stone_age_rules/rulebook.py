"""Stone Age's rule index (``spec/stone_age/rules.yaml``): every rule ID with its text.

Read by the library's strict reader; any problem is a
:class:`~boardtable.errors.CatalogueError` naming the file and the field. Outside
Stone Age's own context a rule is named with its game (:func:`qualified`: "Stone Age
FLOW-1"), since Hadara has rule IDs of the same shape.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from attrs import field, frozen

from boardtable.rulebook import RuleEntry, read_index

from ._resources import spec_dir

__all__ = ["GAME", "Rule", "qualified", "rules"]

#: The game's name, as it prefixes a rule ID outside its own context.
GAME = "Stone Age"


@frozen
class Rule(RuleEntry):
    """One rule of Stone Age's digest; a variant names the GameConfig field that switches it."""

    #: Where the rule comes from, in a reader's words: the rules summary (the German summary
    #: of the base game the digest follows), the rulebook, the card sheet, the components,
    #: or a ruling of this project.
    source: str = field(kw_only=True)

    @property
    def anchor(self) -> str:
        """The rule's HTML id on the site: the game and the rule ID in lower case (``stone-age-flow-1``)."""
        return f"stone-age-{self.id.lower()}"

    GAME = GAME

    def citation(self) -> dict[str, str | int | None]:
        """Its sources in words; none is cited by page (the rules summary has none)."""
        return {"source": self.source, "page": None}

    def data(self) -> dict[str, object]:
        """The rule as JSON data, with its source as before its citation said it."""
        return {**super().data(), "source": self.source}

    def heading(self) -> str:
        """The rule named with its game, its area and its source: ``Stone Age FLOW-1 (flow;
        source: the rules summary)``."""
        return f"{qualified(self.id)} ({self.area}; source: {self.source})"


def qualified(rule_id: str) -> str:
    """A rule ID as it is named outside Stone Age's own context: ``Stone Age FLOW-1``."""
    return f"{GAME} {rule_id}"


@functools.cache
def rules() -> Mapping[str, Rule]:
    """Every rule of the bundled ``spec/stone_age/rules.yaml`` by ID, in the digest's order
    (read once; read-only): :func:`~boardtable.rulebook.read_index` checks every entry."""
    return read_index(spec_dir() / "rules.yaml", Rule)
