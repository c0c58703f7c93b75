"""Helpers the tests share (plain functions; fixtures and Hypothesis profiles live in ``conftest.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hadara_rules import GameState
from hadara_rules.scenario import ScenarioResult, position_of, run_document


def run(doc: Mapping[str, Any]) -> ScenarioResult:
    """Run a scenario given as a mapping (format version filled in) and check its expectations."""
    return run_document({"scenario": 1, **doc}, source="<test>")


def scenario_position(doc: Mapping[str, Any]) -> GameState:
    """The position a scenario given as a mapping describes (format version filled in; no expectations)."""
    return position_of({"scenario": 1, **doc}, source="<test>")
