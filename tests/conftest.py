"""Shared fixtures and helpers: positions built from scenario-style mappings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from hadara_rules import GameState, load_catalogue
from hadara_rules.catalogue import Catalogue
from hadara_rules.scenario import ScenarioResult, run_document


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


def run(doc: Mapping[str, Any]) -> ScenarioResult:
    """Run a scenario given as a mapping (format version filled in)."""
    return run_document({"scenario": 1, **doc}, source="<test>")


def position(players: int = 3, seed: int = 0, advanced: bool = False, **given: Any) -> GameState:
    """The settled position after applying ``given`` to ``new_game``."""
    result = run({"config": {"players": players, "seed": seed, "advanced": advanced}, "given": given})
    return result.state


def holds(doc: Mapping[str, Any]) -> None:
    """Assert that every expectation of the scenario holds."""
    result = run(doc)
    assert result.passed, "\n".join(result.failures)
