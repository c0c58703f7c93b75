"""Fixtures of the browser tests: a real ``hadara serve`` process and headless Chromium.

The server runs as its own process on a free loopback port, over a fresh SQLite
file, and is stopped at the end. Chromium is the system's (Debian's ``chromium``),
driven by Playwright, started and closed with each test; nothing is downloaded. Where Chromium or Playwright is missing
the tests are skipped with the reason, except under CI (``CI`` set), where that fails
(Playwright itself comes with the ``dev`` extra).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright
from server.serving import ServerProcess

#: The names Debian and others give the Chromium command.
CHROMIUM_NAMES = ("chromium", "chromium-browser")


def _unavailable(reason: str) -> None:
    """Skip with ``reason``; under CI, fail with it instead."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: the browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a ``hadara serve`` process for the whole test run."""
    folder = tmp_path_factory.mktemp("serve")
    # every test's page creates from 127.0.0.1: the run is not held to a person's bound
    process = ServerProcess(
        folder / "matches.sqlite",
        folder / "server.log",
        [
            *("--create-per-minute", "100000", "--live-per-address", "100000"),
            *("--analysis-per-minute", "100000", "--sockets-per-minute", "100000"),
        ],
    )
    try:
        yield process.base
    finally:
        process.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Headless Chromium (the system's), for one test.

    Playwright's synchronous API runs an asyncio event loop in this thread for as long as
    it is open, so it is opened and closed with each test: a browser kept for the whole
    run would leave that loop running under every later test (``asyncio.run`` then
    refuses to start, as in the server's tests).
    """
    executable = next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)
    if executable is None:
        _unavailable("no Chromium installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox"], headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: ``$HADARA_SCREENSHOTS`` (CI keeps it), else a temporary folder."""
    named = os.environ.get("HADARA_SCREENSHOTS")
    folder = Path(named) if named else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
