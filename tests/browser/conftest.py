"""Fixtures of the browser tests: a real ``hadara serve`` process and headless Chromium.

The server runs as its own process on a free loopback port, over a fresh SQLite
file, and is stopped at the end. Chromium is the system's (Debian's ``chromium``),
driven by Playwright; nothing is downloaded. Where Chromium or Playwright is missing
the tests are skipped with the reason, except under CI (``CI`` set), where that fails
(Playwright itself comes with the ``dev`` extra).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, sync_playwright

#: The names Debian and others give the Chromium command.
CHROMIUM_NAMES = ("chromium", "chromium-browser")
#: How long the server may take to answer its first request.
START_SECONDS = 30.0


def _unavailable(reason: str) -> None:
    """Skip with ``reason``; under CI, fail with it instead."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: the browser tests must run)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a ``hadara serve`` process for the whole test run."""
    folder = tmp_path_factory.mktemp("serve")
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "hadara_rules.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        str(folder / "matches.sqlite"),
    ]
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if process.poll() is not None:
                raise AssertionError(
                    f"hadara serve exited with {process.returncode}: {(folder / 'server.log').read_text()}"
                )
            try:
                httpx.get(f"{base}/", timeout=1.0)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"hadara serve did not answer within {START_SECONDS:g} s") from None
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium (the system's), for the whole test run."""
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
