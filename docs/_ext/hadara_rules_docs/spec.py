"""The rule index as the site shows it: the rules of :mod:`hadara_rules._rulebook`, by area.

The rules are read by the package itself (``hadara_rules._rulebook.rules()``, which
checks ``spec/rules.yaml``); this module only orders them by the rule areas of
the order of play and gives each area its page title.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from sphinx.errors import ExtensionError

from hadara_rules._errors import HadaraError
from hadara_rules._resources import spec_dir
from hadara_rules._rulebook import AREAS as AREAS
from hadara_rules._rulebook import Rule, rules

AREA_TITLES: Mapping[str, str] = dict(AREAS)


def rules_file() -> Path:
    """The rule index the package reads (every page generated from it depends on it)."""
    return spec_dir() / "rules.yaml"


def all_rules() -> Mapping[str, Rule]:
    """Every rule by ID, in the index's order; a rule index the package refuses stops the build."""
    try:
        return rules()
    except HadaraError as exc:
        raise ExtensionError(f"the rule index cannot be read: {exc}") from None


def area_rules(area: str) -> list[Rule]:
    """The rules of one area, in index order."""
    return [rule for rule in all_rules().values() if rule.area == area]


def index_areas() -> list[str]:
    """Every area named in the index, in index order."""
    return list(dict.fromkeys(rule.area for rule in all_rules().values()))


def pages(rules: Sequence[Rule]) -> str:
    """The rulebook pages of some rules: ``p. 6``, ``pp. 5–7`` or ``pp. 3, 8``."""
    numbers = sorted({rule.page for rule in rules})
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"p. {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"pp. {numbers[0]}–{numbers[-1]}"
    return "pp. " + ", ".join(map(str, numbers))
