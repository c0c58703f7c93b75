"""Imperial Settlers' rule index (``spec/rules.yaml`` in this package): every rule ID of the
rules digest with its text.

Read by the platform's strict reader (:func:`boardtable.rulebook.read_index`); any problem
is a :class:`~boardtable.errors.CatalogueError` naming the file, the entry and the field.
Outside the game's own context a rule is named with its game ("Imperial Settlers FLOW-1"),
since the other games have rule IDs of the same shape.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from attrs import field, frozen

from boardtable.rulebook import RuleEntry, read_index

__all__ = ["GAME", "RULES_FILE", "Rule", "rules"]

#: The game's title, as it prefixes a rule ID outside its own context.
GAME = "Imperial Settlers"
#: The bundled rule index.
RULES_FILE = Path(__file__).parent / "spec" / "rules.yaml"


@frozen
class Rule(RuleEntry):
    """One rule of the digest; ``source`` says where it comes from in a reader's words: the
    seed (the German rules summary), the rulebook (the English rulebook, cited by page in
    the text), the printed cards, the components, the engine, or a ruling of this project."""

    source: str = field(kw_only=True)

    GAME = GAME

    @property
    def anchor(self) -> str:
        """The rule's HTML id on the site: ``imperial-settlers-flow-1``."""
        return f"imperial-settlers-{self.id.lower()}"

    def citation(self) -> dict[str, str | int | None]:
        """Its sources in words (pages are cited in the text, several to a rule)."""
        return {"source": self.source, "page": None}

    def data(self) -> dict[str, object]:
        """The rule as JSON data, with its source."""
        return {**super().data(), "source": self.source}


@functools.cache
def rules() -> Mapping[str, Rule]:
    """Every rule of the bundled index by ID, in the digest's order (read once; read-only)."""
    return read_index(RULES_FILE, Rule)
