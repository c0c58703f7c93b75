"""The formal specification's rule index (``spec/rules.yaml``): every rule ID with its text."""

from __future__ import annotations

import functools

import yaml
from attrs import field, frozen

from .errors import CatalogueError
from .resources import spec_dir


@frozen
class Rule:
    """One rule of the digest: ID, rule area, rulebook page, summary and full text."""

    id: str
    area: str
    page: int
    summary: str
    text: str
    ruling: bool = False
    why: str | None = None
    variant: str | None = None
    implemented_in: tuple[str, ...] = field(default=(), converter=tuple)
    tested_by: tuple[str, ...] = field(default=(), converter=tuple)

    @property
    def anchor(self) -> str:
        """The rule's HTML id on the documentation site: the rule ID in lower case."""
        return self.id.lower()


@functools.cache
def rules() -> dict[str, Rule]:
    """Every rule of ``spec/rules.yaml`` by ID, in the digest's order."""
    path = spec_dir() / "rules.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return {entry["id"]: Rule(**entry) for entry in data["rules"]}
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        raise CatalogueError(f"{path}: the rule index cannot be read ({exc})") from None
