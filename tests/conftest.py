"""Shared fixtures, and ``run``: a scenario given as a mapping (format version filled in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from hadara_rules import load_catalogue
from hadara_rules.catalogue import Catalogue
from hadara_rules.scenario import ScenarioResult, run_document


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


def run(doc: Mapping[str, Any]) -> ScenarioResult:
    """Run a scenario given as a mapping (format version filled in)."""
    return run_document({"scenario": 1, **doc}, source="<test>")
