"""The screenshots of docs/disputes.md, made once and committed: a Stone Age match of two
random bots replayed to a point (its picture as the seat saw it), its analysis board with a
refused move (the position's picture), the position
editor refusing an edit at its field, and the dispute's page.

Usage (from the repository's root, Chromium and the server extra installed)::

    python tests/browser/shoot_disputes.py [FOLDER]

FOLDER defaults to ``docs/_static/disputes``; the pictures are drawn 1000 px wide.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import FloatRect, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from server.serving import ServerProcess  # noqa: E402

from browser.test_disputes import _finished, _stone_age_dispute  # noqa: E402

WIDTH, HEIGHT = 1000, 760


def shoot(page: Page, selector: str, path: Path) -> None:
    """The part of the page ``selector`` names, at most HEIGHT px of it, as a PNG."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    scrolled: float = page.evaluate("window.scrollY")
    clip: FloatRect = {
        "x": box["x"],
        "y": box["y"] + scrolled,
        "width": box["width"],
        "height": min(box["height"], HEIGHT),
    }
    page.screenshot(path=path, clip=clip, full_page=True)


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp())
    server = ServerProcess(work / "matches.sqlite", work / "server.log", [])
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        base = server.base
        match = _finished(base, "stone-age", seed=5)
        dispute = _stone_age_dispute(base, match)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            page.goto(f"{base}/?replay={match}&at={dispute.at}&seat={dispute.seat}")
            expect(page.locator("#replay")).to_have_attribute("data-at", str(dispute.at))
            expect(page.locator("#replay-picture")).to_have_attribute("data-at", str(dispute.at))
            shoot(page, "#replay", folder / "replay.png")
            page.click("#replay-analyse")
            page.fill("#try-move", json.dumps(dispute.disputed))
            page.click("#try-button")
            expect(page.locator("#verdict")).to_have_attribute("data-verdict", "illegal")
            expect(page.locator("#analysis-picture svg").first).to_be_visible()
            shoot(page, "#analysis", folder / "analysis.png")
            page.click("#edit-position")
            field = page.locator(f'input[name="data.players.{dispute.seat}.people"]')
            field.fill("4")
            field.dispatch_event("change")
            expect(page.locator(f'[data-for="data.players.{dispute.seat}.people"]')).not_to_be_empty()
            shoot(page, f'[data-path="data.players.{dispute.seat}"]', folder / "editor.png")
            field.fill(str(dispute.value))
            field.dispatch_event("change")
            expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
            page.click("#make-link")
            link = page.locator("#dispute-link").input_value()
            page.goto("about:blank")
            page.goto(link)
            expect(page.locator("#dispute-verdict")).to_have_attribute("data-verdict", "legal")
            shoot(page, "#dispute", folder / "dispute.png")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "_static" / "disputes")
