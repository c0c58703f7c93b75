"""The rule index ``imperial_settlers_rules/spec/rules.yaml`` is complete and every trace in it
holds: one entry per rule ID of the rules digest, in its order; the rulings and variants are
the digest's; every ``implemented_in`` name imports and its code cites the rule; every
``tested_by`` test exists; every rule the package plays has both (and a test named for it:
``test_data.py``).

The checks are the other games' (``spec_index``); the index is read by the platform's strict
reader (:func:`boardtable.rulebook.read_index`, through
:func:`imperial_settlers_rules.rulebook.rules`), which refuses a missing field, an empty text and
a ruling without its reason. The digest (``../shared/imperial-settlers/RULES.md``) lives beside
the repository on developer machines; where it is absent the tests that read it are skipped.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import attrs
import pytest
import spec_index

from imperial_settlers_rules import GameConfig
from imperial_settlers_rules.rulebook import RULES_FILE, rules

ROOT = Path(__file__).resolve().parents[2]
DIGEST = ROOT.parent / "shared" / "imperial-settlers" / "RULES.md"
#: The rules of what the package does not play: the optional variants of the rulebook's last
#: page and the single player game (the digest: "Not implemented"). They name no code and no test.
NOT_PLAYED = frozenset({"VAR-1", "VAR-2", "VAR-3", "SOLO-1"})
#: The rulings marked *(variant)* and the configuration field that switches each.
VARIANTS = {"SETUP-6": "first_player", "GOODS-8": "faction_deck_reshuffle"}
#: A rule ID of this digest (``FAC-JAP-2`` has two words before its number).
_ID = re.compile(r"\*\*([A-Z]+(?:-[A-Z]+)?-\d+)\*\*")
_TEST_REF = re.compile(r"^(tests/imperial_settlers/\w+\.py)::(\w+)$")
RULE_IDS = tuple(rules())


def digest_paragraphs() -> dict[str, str]:
    """Each rule ID of the digest with its paragraph, up to the next rule or heading (skips when
    the digest is absent). ``- **FAC-ROM-1**, **FAC-BAR-1** …`` is one paragraph of two rules."""
    text = spec_index.digest_text(DIGEST)
    items = re.split(r"\n(?=- \*\*|#)", text)
    found: dict[str, str] = {}
    for item in items:
        head = re.match(r"- ((?:\*\*[A-Z]+(?:-[A-Z]+)?-\d+\*\*,? ?)+)", item)
        if head is not None:
            for rule_id in _ID.findall(head.group(1)):
                found[rule_id] = item[head.end() :]
    return found


def test_every_rule_of_the_digest_has_an_entry_in_its_order() -> None:
    assert list(digest_paragraphs()) == list(RULE_IDS)


def test_the_rulings_are_those_of_the_digest_with_their_variants() -> None:
    """A rule is a ruling where the digest marks one, and every engine ruling (ENG-1 to ENG-9:
    "every one is a Ruling (own)"); a variant ruling names the configuration field that
    switches it, whose default is the digest's."""
    paragraphs = digest_paragraphs()
    marked = {i for i, p in paragraphs.items() if "**Ruling" in p or i.startswith("ENG-")}
    assert {i for i, rule in rules().items() if rule.ruling} == marked
    assert {i for i, p in paragraphs.items() if "*(variant)*" in p} == set(VARIANTS)
    assert {i: rule.variant for i, rule in rules().items() if rule.variant} == VARIANTS
    defaults = {f.name: f.default for f in attrs.fields(GameConfig)}
    assert (defaults["first_player"], defaults["faction_deck_reshuffle"]) == (0, True)


def test_one_entry_per_rule_each_area_one_block() -> None:
    assert len(RULE_IDS) == 152 and len(set(RULE_IDS)) == 152
    areas = [rule.area for rule in rules().values()]
    runs = [area for before, area in zip([None, *areas], areas, strict=False) if area != before]
    assert len(runs) == len(set(runs)), "an area's rules are together, in the digest's order"


def _cites(code: object, rule_id: str) -> bool:
    """Whether ``code``'s source names ``rule_id``, alone or in a span (``SETUP-1 to SETUP-8``)."""
    if isinstance(code, property) and code.fget is not None:
        code = code.fget
    text = inspect.getsource(code)  # type: ignore[arg-type]
    if re.search(rf"(?<![\w-]){re.escape(rule_id)}(?!\d)", text):
        return True
    area, number = rule_id.rsplit("-", 1)
    spans = re.findall(rf"(?<![\w-]){re.escape(area)}-(\d+) to {re.escape(area)}-(\d+)", text)
    return any(int(low) <= int(number) <= int(high) for low, high in spans)


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_implemented_in_names_import_and_cite_the_rule(rule_id: str) -> None:
    names = rules()[rule_id].implemented_in
    assert bool(names) == (rule_id not in NOT_PLAYED), f"{rule_id}: names the code that plays it"
    spec_index.check_implemented_in(rule_id, names, "imperial_settlers_rules")
    for name in names:
        assert _cites(spec_index.resolve(name), rule_id), f"{rule_id}: {name} does not cite it"


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_tested_by_tests_exist(rule_id: str) -> None:
    tests = rules()[rule_id].tested_by
    assert bool(tests) == (rule_id not in NOT_PLAYED), f"{rule_id}: names at least one test"
    for ref in tests:
        match = _TEST_REF.match(ref)
        assert match is not None, f"{rule_id}: {ref!r} is not tests/imperial_settlers/...py::test_name"
        spec_index.check_test(rule_id, ROOT, match.group(1), match.group(2))


def test_the_rules_not_played_are_the_variants_and_the_solo_game() -> None:
    """What the package leaves out is what the digest says is optional or not implemented."""
    paragraphs = {rule_id: rules()[rule_id] for rule_id in NOT_PLAYED}
    assert paragraphs["SOLO-1"].text.startswith("Not implemented")
    assert {rule.area for rule in paragraphs.values()} == {"variants", "single player variant"}
    assert "peaceful" not in {f.name for f in attrs.fields(GameConfig)}


def test_the_checks_catch_broken_references() -> None:
    with pytest.raises(AttributeError):
        spec_index.resolve("imperial_settlers_rules._rules.flow:no_such_function")
    with pytest.raises(ImportError):
        spec_index.resolve("imperial_settlers_rules.no_such_module:check")
    assert not _cites(spec_index.resolve("imperial_settlers_rules._rules.flow:new_game"), "SETUP-9")
    assert _cites(spec_index.resolve("imperial_settlers_rules._rules.flow:new_game"), "SETUP-4")
    assert not _cites(spec_index.resolve("imperial_settlers_rules._rules.flow:new_game"), "FLOW-1")
    assert RULES_FILE.is_file()
