"""Every scenario in spec/scenarios holds: the rulebook's worked examples and the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from hadara_rules.rulebook import rules
from hadara_rules.scenario import load_scenario_document, run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "spec" / "scenarios").rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 1


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_holds(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, "\n".join(result.failures)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_names_its_rules_and_expects_something(path: Path) -> None:
    doc = load_scenario_document(path)
    assert doc.get("rules"), "a scenario names the rule IDs it is about"
    assert doc.get("expect"), "a scenario that expects nothing proves nothing"


def test_scenarios_name_only_known_rules() -> None:
    named = {str(r) for path in SCENARIOS for r in load_scenario_document(path).get("rules", []) or []}  # type: ignore[union-attr]
    assert named
    assert not named - set(rules())
