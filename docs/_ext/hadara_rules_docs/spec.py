"""The rule indexes as the site shows them: every registered game's rules, by area.

A game's rules are those of its interface (``boardtable.games.game(NAME).commands().rules()``,
each a :class:`boardtable.rulebook.RuleEntry`, read and checked by the game itself). On the
site a rule is known by its key: its ID for the default game (Hadara's ``COLONY-3``), else
``GAME:ID`` (``stone-age:FLOW-1``), since several games have rules of the same ID.
Hadara's rule areas in the order of play give its index its order and its pages their titles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from sphinx.errors import ExtensionError

from boardtable.errors import GameError
from boardtable.games import DEFAULT, game, names
from boardtable.rulebook import RuleEntry
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
    except GameError as exc:
        raise ExtensionError(f"the rule index cannot be read: {exc}") from None


def index_areas() -> list[str]:
    """Every area named in the index, in index order."""
    return list(dict.fromkeys(rule.area for rule in all_rules().values()))


def pages(numbers: Sequence[int]) -> str:
    """Some rulebook pages, in order: ``p. 6``, ``pp. 5–7`` or ``pp. 3, 8``."""
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"p. {numbers[0]}"
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"pp. {numbers[0]}–{numbers[-1]}"
    return "pp. " + ", ".join(map(str, numbers))


def games() -> list[str]:
    """The registered games that have a rule index, the default game first."""
    return sorted((name for name in names() if game_rules(name)), key=lambda name: name != DEFAULT)


def game_rules(name: str) -> Mapping[str, RuleEntry]:
    """Every rule of the game ``name`` by ID, in its index's order (its interface's); a game or
    an index that cannot be read stops the build."""
    try:
        return game(name).commands().rules()
    except GameError as exc:
        raise ExtensionError(f"the rules of {name!r} cannot be read: {exc}") from None


def rule_key(name: str, rule_id: str) -> str:
    """How the site knows a rule of the game ``name``: its ID for the default game, else ``GAME:ID``."""
    return rule_id if name == DEFAULT else f"{name}:{rule_id}"


def keyed_rule(key: str) -> tuple[str, RuleEntry] | None:
    """The game and the rule a key names (any case), None for none."""
    name, _, rule_id = key.rpartition(":")
    name = name.lower() or DEFAULT
    if name not in names():
        return None
    found = game_rules(name).get(rule_id.upper())
    return None if found is None else (name, found)


def rule_source(name: str) -> str:
    """Where a game's rules come from, as a warning's location: Hadara's rule file, another
    game's rule index by title."""
    return str(rules_file()) if name == DEFAULT else f"the rule index of {game(name).title}"


def rule_heading(name: str, rule: RuleEntry) -> str:
    """A rule of the game ``name`` as its section is titled: its ID for the default game, named
    with its game for another (``Stone Age FLOW-1``)."""
    return rule.id if name == DEFAULT else rule.name


def every_rule() -> list[tuple[str, RuleEntry]]:
    """Every rule of every game with rules, with its game's name."""
    return [(name, rule) for name in games() for rule in game_rules(name).values()]


def area_order(name: str, known: Mapping[str, RuleEntry]) -> list[str]:
    """The areas of the rules ``known`` of the game ``name``: Hadara's in the order of play (any
    other after them), another game's in its index's order."""
    areas = list(dict.fromkeys(rule.area for rule in known.values()))
    if name != DEFAULT:
        return areas
    return [area for area, _title in AREAS if area in areas] + [
        area for area in areas if area not in AREA_TITLES
    ]
