"""The formal specification ``spec/stone_age/rules.yaml`` is complete and every reference in it resolves.

One entry per rule ID of Stone Age's rules digest, in the digest's order, with
the required fields; every ``implemented_in`` name imports; every
``tested_by`` test exists; rulings say why and variants name their switch.

The digest (``../shared/stone-age/RULES.md``) lives beside the repository on
developer machines; the ID list is also kept here, so the completeness check
does not depend on that file being present.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import spec_index

from boardtable.errors import CatalogueError
from boardtable.rulebook import read_index
from stone_age_rules import GameConfig
from stone_age_rules.rulebook import Rule, rules

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "stone_age" / "rules.yaml"
DIGEST = ROOT.parent / "shared" / "stone-age" / "RULES.md"

#: Every rule ID of the digest, in its order.
RULE_IDS: tuple[str, ...] = (
    "FLOW-1",
    "FLOW-2",
    "FLOW-3",
    "FLOW-4",
    "FLOW-5",
    "FLOW-6",
    "SETUP-1",
    "SETUP-2",
    "SETUP-3",
    "SETUP-4",
    "SETUP-5",
    "SETUP-6",
    "SETUP-7",
    "PLACE-1",
    "PLACE-2",
    "PLACE-3",
    "PLACE-4",
    "PLACE-5",
    "PLACE-6",
    "PLACE-7",
    "PLACE-8",
    "ACT-1",
    "ACT-2",
    "ACT-3",
    "ACT-4",
    "ACT-5",
    "ACT-6",
    "ACT-7",
    "TOOL-1",
    "TOOL-2",
    "TOOL-3",
    "TOOL-4",
    "TOOL-5",
    "TOOL-6",
    "BUILD-1",
    "BUILD-2",
    "BUILD-3",
    "BUILD-4",
    "BUILD-5",
    "BUILD-6",
    "CIV-1",
    "CIV-2",
    "CIV-3",
    "CIV-4",
    "CIV-5",
    "CIV-6",
    "CIV-7",
    "CIV-8",
    "CIV-9",
    "CIV-10",
    "CIV-11",
    "CIV-12",
    "CIV-13",
    "CIV-14",
    "FEED-1",
    "FEED-2",
    "FEED-3",
    "FEED-4",
    "FEED-5",
    "FEED-6",
    "END-1",
    "END-2",
    "END-3",
    "END-4",
    "END-5",
    "SCORE-1",
    "SCORE-2",
    "SCORE-3",
    "SCORE-4",
    "SCORE-5",
    "SCORE-6",
    "SCORE-7",
    "SCORE-8",
    "INFO-1",
    "INFO-2",
    "INFO-3",
)
#: The rulings marked *(variant)* and the configuration field that switches each.
VARIANTS = {"FLOW-6": "max_rounds", "SETUP-7": "start_player", "CIV-12": "any_two_resources"}
REQUIRED = spec_index.required_fields("source", str)

_TEST_REF = re.compile(r"^(tests/stone_age/[\w/]+\.py)::(\w+)$")


def digest_paragraphs() -> dict[str, str]:
    """Each rule ID of the digest with its paragraph (skips when the digest is absent)."""
    text = spec_index.digest_text(DIGEST)
    marks = [m for m in spec_index.DIGEST_ID.finditer(text) if text[m.start() - 2 : m.start()] == "- "]
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return {m.group(1): text[m.end() : end] for m, end in zip(marks, ends, strict=True)}


def test_one_entry_per_rule_id_in_the_digest_order() -> None:
    assert len(RULE_IDS) == 76 and len(set(RULE_IDS)) == 76
    assert [e.get("id") for e in spec_index.spec_entries(SPEC)] == list(RULE_IDS)


def test_every_rule_of_the_digest_has_an_entry() -> None:
    assert list(digest_paragraphs()) == list(RULE_IDS), "RULE_IDS is out of date with the digest"


def test_rulings_and_variants_are_those_of_the_digest() -> None:
    paragraphs = digest_paragraphs()
    assert {i for i, p in paragraphs.items() if "**Ruling" in p} == {
        e["id"] for e in spec_index.spec_entries(SPEC) if e["ruling"]
    }
    assert {i for i, p in paragraphs.items() if "*(variant)*" in p} == set(VARIANTS)


def test_each_variant_names_a_configuration_field() -> None:
    fields = {f.name for f in attrs.fields(GameConfig)}
    assert {e["id"]: e["variant"] for e in spec_index.spec_entries(SPEC) if e.get("variant")} == VARIANTS
    assert set(VARIANTS.values()) <= fields


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_fields_are_present_and_well_typed(rule_id: str) -> None:
    entry = spec_index.entries_by_id(SPEC)[rule_id]
    spec_index.check_fields(rule_id, entry, REQUIRED)
    assert entry["area"] == rule_id.split("-")[0].lower(), f"{rule_id}: the area is its ID's prefix"
    assert entry["implemented_in"] and entry["tested_by"], f"{rule_id}: names code and tests"


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_implemented_in_names_import(rule_id: str) -> None:
    spec_index.check_implemented_in(
        rule_id, spec_index.entries_by_id(SPEC)[rule_id]["implemented_in"], "stone_age_rules"
    )


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_tested_by_tests_exist(rule_id: str) -> None:
    for ref in spec_index.entries_by_id(SPEC)[rule_id]["tested_by"]:
        match = _TEST_REF.match(ref)
        assert match is not None, f"{rule_id}: {ref!r} is not tests/stone_age/...py::test_name"
        spec_index.check_test(rule_id, ROOT, match.group(1), match.group(2))
        prefix = "test_" + rule_id.lower().replace("-", "_") + "_"
        assert match.group(2).startswith(prefix), f"{rule_id}: {match.group(2)} is named for its rule"


def test_the_checks_catch_broken_references() -> None:
    with pytest.raises(AttributeError):
        spec_index.resolve("stone_age_rules._rules.placement:no_such_function")
    with pytest.raises(ImportError):
        spec_index.resolve("stone_age_rules.no_such_module:check")
    assert "test_flow_1_a_player_not_to_act_is_refused_and_nothing_changes" in spec_index.defined_tests(
        ROOT / "tests" / "stone_age" / "test_flow.py"
    )


def test_the_loader_reads_every_entry_with_its_source() -> None:
    loaded = rules()
    assert list(loaded) == list(RULE_IDS)
    for entry in spec_index.spec_entries(SPEC):
        rule = loaded[entry["id"]]
        assert (rule.area, rule.source, rule.summary, rule.ruling, rule.variant) == (
            entry["area"],
            entry["source"],
            entry["summary"],
            entry["ruling"],
            entry.get("variant"),
        )
    assert loaded["ACT-3"].data() == {
        "id": "ACT-3",
        "area": "act",
        "summary": loaded["ACT-3"].summary,
        "text": loaded["ACT-3"].text,
        "ruling": False,
        "why": None,
        "game": "Stone Age",
        "name": "Stone Age ACT-3",
        "citation": {"source": loaded["ACT-3"].source, "page": None},
        "source": loaded["ACT-3"].source,
    }


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda e: e[1].update(id=e[0]["id"]), r"FLOW-1: id: the rule appears twice"),
        (lambda e: e[0].pop("source"), r"rules\[0\]\.source: missing"),
        (lambda e: e[0].update(page=3), r"rules\[0\]: unknown key page"),
        (lambda e: e[0].update(summary=" "), r"FLOW-1: summary: empty"),
        (lambda e: e[0].update(ruling=True, why=None), r"FLOW-1: why: a ruling says why"),
    ],
)
def test_a_broken_rule_index_is_refused_naming_the_entry_and_field(
    tmp_path: Path, edit: Callable[[list[dict[str, Any]]], object], message: str
) -> None:
    document = {"rules": [dict(entry) for entry in spec_index.spec_entries(SPEC)]}
    edit(document["rules"])
    path = tmp_path / "rules.yaml"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CatalogueError, match=f"^{re.escape(str(path))}: {message}"):
        read_index(path, Rule)
