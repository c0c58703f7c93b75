"""The architecture page's tables (the order of play, a section's fields) are the engine's own."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from attrs import fields
from helpers import package_modules

from hadara_rules._flow import ORDER_OF_PLAY
from hadara_rules._moves import MoveKind, kind
from hadara_rules._rules.section import Handler, SectionRules

PAGE = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def _rows(name: str) -> list[list[str]]:
    """The rows of the table between the page's ``name: begin`` and ``name: end`` marks."""
    text = PAGE.read_text(encoding="utf-8")
    table = text.split(f"<!-- {name}: begin -->")[1].split(f"<!-- {name}: end -->")[0]
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.strip().splitlines()]
    return cells[2:]


def test_epoch_1_the_page_shows_the_order_of_play_of_the_code() -> None:
    assert [(row[0], row[1]) for row in _rows("order-of-play")] == [
        (str(phase), str(section)) for phase, section in ORDER_OF_PLAY
    ]


def test_the_page_names_every_field_of_a_section_in_order() -> None:
    assert [row[0] for row in _rows("section-fields")] == [f"`{f.name}`" for f in fields(SectionRules)]


def test_the_move_kind_recipe_names_every_field_of_a_row_in_order() -> None:
    assert [row[0] for row in _rows("move-kind-fields")] == [f"`{f.name}`" for f in fields(MoveKind)]


def test_the_recipes_name_only_what_the_code_defines() -> None:
    """Every name a recipe gives in code type (``PURPLE_EFFECTS``, ``handles(...)``) is
    defined by a module of the package."""
    text = PAGE.read_text(encoding="utf-8")
    recipes = text.split("## Recipes")[1].split("\n## ")[0]
    names = set(re.findall(r"`([A-Za-z_]\w*)(?:\(.*?\))?`", recipes)) - {"RULES"}
    defined = {name for module in package_modules() for name in vars(module)}
    # and the fields and parameters the recipes name: a row's, a handler's, and those of kind(...)
    defined |= {f.name for f in (*fields(MoveKind), *fields(Handler))} | set(
        inspect.signature(kind).parameters
    )
    assert {"PURPLE_EFFECTS", "MOVE_KINDS", "kind", "handles", "EFFECTS"} <= names
    assert names <= defined, sorted(names - defined)


def test_the_page_names_only_modules_that_exist() -> None:
    root = PAGE.parents[1]
    named = set(re.findall(r"`(hadara_rules/[\w/]+\.py)`", PAGE.read_text(encoding="utf-8")))
    assert named, "the page names the modules it describes"
    assert all((root / path).is_file() for path in named), named
