"""The suite's Hypothesis profiles: a dear property runs a share of its examples in the
default run (``ci``) and all of them in the ``thorough`` profile that CI runs as well."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

from .strategies import DEAR_SHARE, suite_settings


@pytest.fixture
def profile_kept() -> Iterator[None]:
    """The active profile, loaded again after the test."""
    name = settings.get_current_profile_name()
    yield
    settings.load_profile(name)


@pytest.mark.usefixtures("profile_kept")
def test_a_dear_property_gives_up_examples_in_the_default_run_only() -> None:
    settings.load_profile("ci")
    assert suite_settings(0.5).max_examples == 50
    assert suite_settings(0.5, dear=True).max_examples == round(50 * DEAR_SHARE) < 50
    settings.load_profile("thorough")
    thorough = settings.get_profile("thorough").max_examples
    assert suite_settings(0.5, dear=True).max_examples == suite_settings(0.5).max_examples == thorough // 2
