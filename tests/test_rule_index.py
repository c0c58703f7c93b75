"""The rule digest is public and read-only: ``rules()`` gives every rule with its text."""

from __future__ import annotations

import pytest

import hadara_rules
from boardtable.reader import parse_yaml, read_text
from hadara_rules import Rule, rules
from hadara_rules._errors import CatalogueError
from hadara_rules._resources import spec_dir


def test_every_rule_is_there_by_its_id_with_page_text_and_ruling() -> None:
    index = rules()
    table = parse_yaml(read_text(spec_dir() / "rules.yaml", CatalogueError), CatalogueError)
    assert isinstance(table, dict)
    assert list(index) == [entry["id"] for entry in table["rules"]]  # every entry of the table, in order
    for rule_id, rule in index.items():
        assert isinstance(rule, Rule) and rule.id == rule_id
        assert rule.page >= 1 and rule.summary.strip() and rule.text.strip()
        assert (rule.why or "").strip() if rule.ruling else rule.why is None
    assert index["COLONY-3"].area == "colony" and index["COLONY-3"].page == 7


def test_the_index_cannot_be_changed() -> None:
    index = rules()
    with pytest.raises(TypeError):
        index["COLONY-3"] = index["COLONY-4"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        index["COLONY-3"].text = "anything"  # type: ignore[misc]
    assert rules() is index


def test_the_names_are_exported() -> None:
    assert {"rules", "Rule"} <= set(hadara_rules.__all__)
