"""The formal specification ``spec/rules.yaml`` is complete and every reference in it resolves.

One entry per rule ID of the rules digest, in the digest's order, with the
required fields; every ``implemented_in`` name imports; every ``tested_by`` test
exists (a test function in a test file, or a scenario file whose ``rules:`` list
names the rule); every ruling says why.

The digest ``RULES.md`` lives beside the repository (``../shared/RULES.md``) on
developer machines and in CI. The ID list is also kept here as a constant, so
the completeness check does not depend on that file being present.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from spec_index import (
    DIGEST_ID,
    check_fields,
    check_implemented_in,
    check_test,
    defined_tests,
    digest_text,
    entries_by_id,
    required_fields,
    resolve,
    spec_entries,
)

from hadara_rules._errors import CatalogueError
from hadara_rules._resources import spec_dir
from hadara_rules._rulebook import AREAS as RULE_AREAS
from hadara_rules._rulebook import Rule, read_rules, rules
from hadara_rules.scenario import load_scenario_document

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "rules.yaml"
DIGEST = ROOT.parent / "shared" / "RULES.md"

#: Every rule ID of the digest, in its order.
RULE_IDS: tuple[str, ...] = (
    "FLOW-1",
    "FLOW-2",
    "FLOW-3",
    "SETUP-1",
    "SETUP-2",
    "SETUP-3",
    "SETUP-4",
    "SETUP-5",
    "SETUP-6",
    "START-1",
    "START-2",
    "START-3",
    "START-4",
    "EPOCH-1",
    "EPOCH-2",
    "EPOCH-3",
    "WHEEL-1",
    "WHEEL-2",
    "WHEEL-3",
    "DRAFT-1",
    "DRAFT-2",
    "DRAFT-3",
    "BUY-1",
    "BUY-2",
    "BUY-3",
    "SELL-1",
    "TRACK-1",
    "TRACK-2",
    "PICK-1",
    "INCOME-1",
    "COLONY-1",
    "COLONY-2",
    "COLONY-3",
    "COLONY-4",
    "COLONY-5",
    "STATUE-1",
    "STATUE-2",
    "STATUE-3",
    "FEED-1",
    "FEED-2",
    "FEED-3",
    "MEDAL-1",
    "MEDAL-2",
    "MEDAL-3",
    "MEDAL-4",
    "SCORE-1",
    "SCORE-2",
    "SCORE-3",
    "SCORE-4",
    "SCORE-5",
    "SCORE-6",
    "SCORE-7",
    "TILE-1",
    "TILE-2",
    "PURPLE-1",
    "PURPLE-2",
    "PURPLE-3",
    "PURPLE-4",
    "PURPLE-5",
    "PURPLE-6",
    "PURPLE-7",
    "PURPLE-8",
    "PURPLE-9",
    "PURPLE-10",
    "PURPLE-11",
    "PURPLE-12",
    "PURPLE-13",
    "PURPLE-14",
    "PURPLE-15",
    "PURPLE-16",
    "INFO-1",
    "INFO-2",
)
#: Rules the digest marks **Ruling**, and the one this project decided itself (PURPLE-15).
RULINGS = frozenset({"WHEEL-3", "SCORE-7", "TILE-2", "PURPLE-6", "PURPLE-12", "PURPLE-15", "PURPLE-16"})
#: Rulings the digest marks *(variant)*: switchable through the game configuration.
VARIANTS = frozenset({"SCORE-7"})
#: The rulings of the project that the digest does not mark as such.
PROJECT_RULINGS = frozenset({"PURPLE-15"})
#: The rule areas, one docs page each, in the order of play.
AREAS = tuple(area for area, _title in RULE_AREAS)

REQUIRED = required_fields("page", int)
RULEBOOK_PAGES = range(1, 13)
MAX_TESTS_PER_RULE = 6

_TEST_REF = re.compile(r"^(tests/[\w/]+\.py)::(\w+(?:::\w+)?)$")
_SCENARIO_REF = re.compile(r"^spec/scenarios/[\w/.-]+\.yaml$")


def digest_ids() -> list[str]:
    """The rule IDs of ``RULES.md`` in order of first appearance (skips when the file is absent)."""
    return list(dict.fromkeys(DIGEST_ID.findall(digest_text(DIGEST))))


def digest_rulings() -> set[str]:
    """The rule IDs whose paragraph in ``RULES.md`` says **Ruling**."""
    text = DIGEST.read_text(encoding="utf-8")
    marks = list(DIGEST_ID.finditer(text))
    found = set()
    for mark, following in zip(marks, [*marks[1:], None], strict=False):
        end = following.start() if following is not None else len(text)
        if "**Ruling**" in text[mark.end() : end]:
            found.add(mark.group(1))
    return found


@functools.cache
def scenario_rules(path: Path) -> frozenset[str]:
    listed = load_scenario_document(path).get("rules")
    return frozenset(str(r) for r in listed) if isinstance(listed, list) else frozenset()


# --------------------------------------------------------------------------- completeness


def test_the_id_constant_lists_distinct_rules() -> None:
    assert RULE_IDS
    assert len(set(RULE_IDS)) == len(RULE_IDS)
    assert set(RULE_IDS) >= RULINGS
    assert VARIANTS <= RULINGS


def test_one_entry_per_rule_id_in_the_digest_order() -> None:
    ids = [str(e.get("id")) for e in spec_entries(SPEC)]
    assert len(ids) == len(set(ids)), f"duplicate entries: {sorted({i for i in ids if ids.count(i) > 1})}"
    missing = [i for i in RULE_IDS if i not in ids]
    assert not missing, f"rule IDs without an entry: {missing}"
    assert ids == list(RULE_IDS), "the entries follow the digest's order"


def test_every_rule_of_the_digest_has_an_entry() -> None:
    digest = digest_ids()
    ids = [str(e.get("id")) for e in spec_entries(SPEC)]
    missing = [i for i in digest if i not in ids]
    assert not missing, f"rule IDs of RULES.md without an entry in spec/rules.yaml: {missing}"
    assert ids[: len(digest)] == digest, "the entries follow the order of RULES.md"
    assert digest == list(RULE_IDS), "RULE_IDS in this test is out of date with RULES.md"


def test_the_rulings_are_those_of_the_digest_and_the_project() -> None:
    assert digest_ids()
    assert digest_rulings() | PROJECT_RULINGS == RULINGS


def test_rulings_and_variants_are_marked() -> None:
    marked = {e["id"] for e in spec_entries(SPEC) if e.get("ruling") is True}
    assert marked == RULINGS
    assert {e["id"] for e in spec_entries(SPEC) if e.get("variant")} == VARIANTS


# --------------------------------------------------------------------------- fields


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_fields_are_present_and_well_typed(rule_id: str) -> None:
    entry = entries_by_id(SPEC).get(rule_id)
    assert entry is not None, f"{rule_id} has no entry"
    check_fields(rule_id, entry, REQUIRED)
    assert entry["area"] in AREAS, f"{rule_id}: unknown area {entry['area']!r}"
    assert entry["page"] in RULEBOOK_PAGES, f"{rule_id}: the rulebook has pages 1 to 12, not {entry['page']}"
    for key in ("implemented_in", "tested_by"):
        assert all(isinstance(v, str) and v for v in entry[key]), f"{rule_id}: '{key}' lists texts"
        assert len(set(entry[key])) == len(entry[key]), f"{rule_id}: '{key}' repeats an entry"
    assert entry["implemented_in"], f"{rule_id}: 'implemented_in' names no code"
    assert 1 <= len(entry["tested_by"]) <= MAX_TESTS_PER_RULE, (
        f"{rule_id}: 'tested_by' lists 1 to {MAX_TESTS_PER_RULE} tests, not {len(entry['tested_by'])}"
    )


def test_each_area_is_one_block_in_the_order_of_play() -> None:
    areas = [e["area"] for e in spec_entries(SPEC)]
    blocks = list(dict.fromkeys(areas))
    assert blocks == list(AREAS)
    assert areas == sorted(areas, key=AREAS.index), "the entries of an area stand together"
    for entry in spec_entries(SPEC):
        assert {
            e["area"] for e in spec_entries(SPEC) if e["id"].split("-")[0] == entry["id"].split("-")[0]
        } == {entry["area"]}, f"{entry['id']}: all rules of one ID prefix share an area"


def test_texts_are_folded_block_scalars() -> None:
    lines = SPEC.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("#"), "the file opens with a header comment explaining the fields"
    texts = [line for line in lines if re.match(r"^\s+text:", line)]
    assert len(texts) == len(RULE_IDS)
    assert all(line.strip() == "text: >-" for line in texts), "every 'text:' is a folded block scalar (>-)"


# --------------------------------------------------------------------------- references


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_implemented_in_names_import(rule_id: str) -> None:
    check_implemented_in(rule_id, entries_by_id(SPEC)[rule_id]["implemented_in"], "hadara_rules")


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_tested_by_tests_exist(rule_id: str) -> None:
    for ref in entries_by_id(SPEC)[rule_id]["tested_by"]:
        test = _TEST_REF.match(ref)
        if test is not None:
            check_test(rule_id, ROOT, test.group(1), test.group(2))
        elif _SCENARIO_REF.match(ref):
            path = ROOT / ref
            assert path.is_file(), f"{rule_id}: the scenario {ref} does not exist"
            assert rule_id in scenario_rules(path), (
                f"{rule_id}: the scenario {ref} does not list it under rules:"
            )
        else:
            pytest.fail(f"{rule_id}: {ref!r} is neither tests/…py::test_name nor spec/scenarios/….yaml")


def test_the_checks_catch_broken_references(tmp_path: Path) -> None:
    with pytest.raises(AttributeError):
        resolve("hadara_rules._rules.colony:no_such_function")
    with pytest.raises(ImportError):
        resolve("hadara_rules.no_such_module:check")
    for elsewhere in (
        "stone_age_rules._rules.placement:check",
        "hadara_rules_extra:check",
        "hadara_rules.check",
    ):
        with pytest.raises(AssertionError, match="is not hadara_rules module:qualname"):
            check_implemented_in("FLOW-1", [elsewhere], "hadara_rules")
    with pytest.raises(pytest.fail.Exception, match="does not import"):
        check_implemented_in("FLOW-1", ["hadara_rules._flow:no_such_function"], "hadara_rules")
    check_implemented_in(
        "FLOW-1", ["hadara_rules:new_game", "hadara_rules._flow:ORDER_OF_PLAY"], "hadara_rules"
    )
    assert "test_flow_1_only_players_to_act_may_move" in defined_tests(ROOT / "tests" / "test_engine.py")
    fake = tmp_path / "test_fake.py"
    fake.write_text(
        "class TestX:\n    def test_a(self):\n        pass\n\ndef helper():\n    def test_inner():\n        pass\n"
    )
    assert defined_tests(fake) >= {"TestX::test_a", "test_a"}
    assert "test_inner" not in defined_tests(fake)
    assert "COLONY-3" in scenario_rules(
        ROOT / "spec" / "scenarios" / "refusals" / "colony-tier-already-held.yaml"
    )


# --------------------------------------------------------------------------- the loader


def test_the_loader_reads_the_same_file() -> None:
    assert (spec_dir() / "rules.yaml").read_text(encoding="utf-8") == SPEC.read_text(encoding="utf-8")
    loaded = rules()
    assert list(loaded) == list(RULE_IDS)
    for entry in spec_entries(SPEC):
        rule = loaded[entry["id"]]
        assert isinstance(rule, Rule)
        assert (rule.area, rule.page, rule.summary, rule.text, rule.ruling) == (
            entry["area"],
            entry["page"],
            entry["summary"],
            entry["text"],
            entry["ruling"],
        )
        assert rule.why == entry.get("why")
        assert rule.variant == entry.get("variant")
        assert rule.implemented_in == tuple(entry["implemented_in"])
        assert rule.tested_by == tuple(entry["tested_by"])


def test_the_rule_index_is_read_only() -> None:
    index = rules()
    with pytest.raises(TypeError):
        index["FLOW-1"] = index["FLOW-2"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        index.pop("FLOW-1")  # type: ignore[attr-defined]
    assert rules() is index
    assert "FLOW-1" in rules()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda e: e[1].update(id=e[0]["id"]), r"FLOW-1: id: the rule appears twice"),
        (lambda e: e[0].update(page="3"), r"rules\[0\]\.page: expected a whole number, found '3'"),
        (lambda e: e[0].update(page=0), r"FLOW-1: page: a rulebook page is 1 or more"),
        (lambda e: e[0].pop("summary"), r"rules\[0\]\.summary: missing"),
        (lambda e: e[0].update(colour="red"), r"rules\[0\]: unknown key colour \(expected id, area"),
        (lambda e: e[0].update(text="  "), r"FLOW-1: text: empty"),
        (lambda e: e[0].update(ruling=True, why=None), r"FLOW-1: why: a ruling says why"),
        (lambda e: e[0].update(tested_by="tests/x.py::test_y"), r"rules\[0\]\.tested_by: expected a list"),
    ],
)
def test_a_broken_rule_index_is_refused_naming_the_entry_and_field(
    tmp_path: Path, edit: Callable[[list[dict[str, Any]]], object], message: str
) -> None:
    document = {"rules": [dict(entry) for entry in spec_entries(SPEC)]}
    edit(document["rules"])
    path = tmp_path / "rules.yaml"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CatalogueError, match=f"^{re.escape(str(path))}: {message}"):
        read_rules(path)
