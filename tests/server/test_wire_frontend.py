"""The JavaScript walkthrough of ``docs/frontend.md`` runs under Node against a real server,
as the page shows it (the code is read from the page, so the two cannot drift)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hadara_rules import load_catalogue

from .serving import ServerProcess

PAGE = Path(__file__).resolve().parents[2] / "docs" / "frontend.md"
#: A card as the walkthrough draws it: its id, price and points.
CARD = re.compile(r"\b([I]{1,3}-[a-z]+-\d\d) \(price (\d+), (\d+) points")


def snippet() -> str:
    """The page's one JavaScript block."""
    blocks: list[str] = re.findall(
        r"^```javascript\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.M | re.S
    )
    (code,) = blocks
    return code


def test_the_page_has_one_javascript_block_that_uses_no_package() -> None:
    assert "import " not in snippet()
    assert "require(" not in snippet()


def test_the_walkthrough_draws_a_table_from_the_view_and_the_catalogue_and_plays(tmp_path: Path) -> None:
    """Every pile labelled by its colour and tier, each card shown with the price and points
    the catalogue gives it, one move played and the table drawn again."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("Node is needed in CI to run the JavaScript walkthrough of docs/frontend.md")
        pytest.skip("node is not installed: the JavaScript walkthrough of docs/frontend.md is not run")
    script = tmp_path / "table.mjs"
    script.write_text(snippet(), encoding="utf-8")
    server = ServerProcess(tmp_path / "matches.sqlite", tmp_path / "server.log")
    try:
        ran = subprocess.run(
            [node, str(script)],
            env={**os.environ, "HADARA_URL": server.base},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        server.stop()
    assert ran.returncode == 0, ran.stderr
    out = ran.stdout
    for colour in ("yellow", "red", "blue", "green", "purple"):
        assert f"outer pile {colour}: " in out
    for tier in (3, 9, 15, 21, 30):
        assert f"colonies of tier {tier}: 2, top front-{tier}-" in out
    assert re.search(r"^played P0 \S+", out, re.M), out
    assert out.count("seq ") == 2
    cards = load_catalogue().cards
    drawn = CARD.findall(out)
    assert drawn, out
    for card, price, points in drawn:
        assert (int(price), int(points)) == (cards[card].cost, cards[card].points)
