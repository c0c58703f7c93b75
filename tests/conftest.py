"""Shared fixtures and Hypothesis profiles (plain helpers are in ``helpers.py``).

Hypothesis profiles: ``ci`` (the default) is derandomized, so every run of the
suite checks the same examples; ``thorough`` runs 10 times as many examples,
drawn at random (``HYPOTHESIS_PROFILE=thorough python -m pytest tests/properties -m ''``: every
property, the ones marked slow included).
``HYPOTHESIS_THOROUGH_FACTOR`` sets another factor than 10: ``.ci/run`` runs the
properties with ``thorough`` at a smaller factor, to stay within its time.
The dearest properties run only a share of their examples with ``ci``, to keep the
default run quick, and all of them with ``thorough`` (``suite_settings(dear=True)`` in
``properties/strategies.py``); ``.ci/run`` runs ``thorough`` over every file that holds one.
The default run stays under 90 s of CPU (user and system, its child processes included):
a test dearer than about a second of CPU is marked ``slow`` (CI runs ``-m slow``) or, for
a property, gives up examples to ``thorough``.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from hadara_rules import load_catalogue
from hadara_rules._kept import forget
from hadara_rules.catalogue import Catalogue

#: The project's folder.
ROOT = Path(__file__).resolve().parent.parent

#: Examples per property in the ``ci`` profile.
_CI_EXAMPLES = 100
#: ``thorough`` runs this many times the examples of ``ci``.
_THOROUGH_FACTOR = int(os.environ.get("HYPOTHESIS_THOROUGH_FACTOR", "10"))

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
    max_examples=_THOROUGH_FACTOR * _CI_EXAMPLES,
    print_blob=True,
    suppress_health_check=_SLOW,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _no_event_loop_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test, with its fixtures, leaves no asyncio event loop running in this thread:
    one left running (a fixture that keeps Playwright's synchronous API open, say) makes
    every later ``asyncio.run`` fail, in tests that have nothing to do with it."""
    yield
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return  # none is running
    pytest.fail(f"{request.node.nodeid} left an asyncio event loop running", pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def _nothing_left_in_the_working_folder() -> Iterator[None]:
    """The tests write only to their own temporary folders: a file left in the folder they
    run from (a game saved by a test that forgot to run in a folder of its own, say) fails
    the session."""

    def entries() -> set[str]:
        return {p.name for p in Path.cwd().iterdir() if not p.name.startswith((".", "__"))}

    before = entries()
    yield
    left = sorted(entries() - before)
    if left:
        pytest.fail(f"the tests left {', '.join(left)} in {Path.cwd()}", pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def _cold_caches() -> None:
    """Start every session with empty caches (what every catalogue keeps), so no result
    computed before it counts."""
    forget()


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once for the tests that read it (marked slow: it takes seconds)."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
        ],
        check=True,
    )
    (found,) = out.glob("hadara_rules-*.whl")
    return found
