"""The architecture page's table of the order of play is the engine's own table."""

from __future__ import annotations

import re
from pathlib import Path

from hadara_rules._flow import ORDER_OF_PLAY

PAGE = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def _rows() -> list[tuple[str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    table = text.split("<!-- order-of-play: begin -->")[1].split("<!-- order-of-play: end -->")[0]
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.strip().splitlines()]
    return [(row[0], row[1]) for row in cells[2:]]


def test_epoch_1_the_page_shows_the_order_of_play_of_the_code() -> None:
    assert _rows() == [(str(phase), str(section)) for phase, section in ORDER_OF_PLAY]


def test_the_page_names_only_modules_that_exist() -> None:
    root = PAGE.parents[1]
    named = set(re.findall(r"`(hadara_rules/[\w/]+\.py)`", PAGE.read_text(encoding="utf-8")))
    assert named, "the page names the modules it describes"
    assert all((root / path).is_file() for path in named), named
