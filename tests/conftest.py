"""Shared fixtures, Hypothesis profiles, and ``run``: a scenario given as a mapping.

Hypothesis profiles: ``ci`` (the default) is derandomized, so every run of the
suite checks the same examples; ``thorough`` runs 10 times as many examples,
drawn at random (``HYPOTHESIS_PROFILE=thorough python -m pytest``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from hadara_rules import load_catalogue
from hadara_rules.catalogue import Catalogue
from hadara_rules.effects import effect_totals
from hadara_rules.rules.table import color_counts
from hadara_rules.scenario import ScenarioResult, run_document

#: Examples per property in the ``ci`` profile (``thorough``: 10 times as many).
_CI_EXAMPLES = 100

_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=_CI_EXAMPLES,
    print_blob=True,
    suppress_health_check=_SLOW,
)
settings.register_profile(
    "thorough",
    derandomize=False,
    deadline=None,
    max_examples=10 * _CI_EXAMPLES,
    print_blob=True,
    suppress_health_check=_SLOW,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session", autouse=True)
def _cold_caches() -> None:
    """Start every session with empty tableau caches, so no result computed before it counts."""
    effect_totals.cache_clear()
    color_counts.cache_clear()


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


def run(doc: Mapping[str, Any]) -> ScenarioResult:
    """Run a scenario given as a mapping (format version filled in)."""
    return run_document({"scenario": 1, **doc}, source="<test>")
