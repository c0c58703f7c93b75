"""Every rule ID of the digest is proven somewhere: by a scenario naming it or a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

from hadara_rules.rulebook import rules
from hadara_rules.scenario import load_scenario_document

ROOT = Path(__file__).resolve().parent.parent
#: Rules whose proof lives with the player views (hidden information).
NOT_YET = {"INFO-1", "INFO-2"}

def scenario_rules() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "spec" / "scenarios").rglob("*.yaml"):
        found.update(str(r) for r in load_scenario_document(path).get("rules", []) or [])  # type: ignore[union-attr]
    return found

def named_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for match in re.finditer(r"def (test_[a-z]+_\d+)_", path.read_text(encoding="utf-8")):
            area, number = match.group(1)[5:].rsplit("_", 1)
            names.add(f"{area.upper()}-{number}")
    return names

def test_every_rule_is_proven_by_a_scenario_or_a_test() -> None:
    proven = scenario_rules() | named_tests()
    missing = sorted(set(rules()) - proven - NOT_YET)
    assert not missing, f"rules without a scenario or test: {missing}"

def test_scenarios_name_only_known_rules() -> None:
    unknown = scenario_rules() - set(rules())
    assert not unknown
