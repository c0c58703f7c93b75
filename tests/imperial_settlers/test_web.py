"""Imperial Settlers' part of the web table, read as files: the game serves its folder with its
module and style sheet, and the module says every kind of move in words (a kind added to the
moves, or taken away, shows here before a page lists it by its notation)."""

from __future__ import annotations

import re

from imperial_settlers_rules._moves import MOVE_TAGS
from imperial_settlers_rules.game import GAME


def test_the_game_serves_its_module_and_style_sheet() -> None:
    folder = GAME.web_folder()
    assert folder is not None
    assert {path.name for path in folder.iterdir()} == {"game.js", "game.css"}
    module = (folder / "game.js").read_text(encoding="utf-8")
    assert 'style: new URL("./game.css", import.meta.url).href' in module
    assert "export default {" in module


def test_the_module_says_every_kind_of_move_in_words() -> None:
    folder = GAME.web_folder()
    assert folder is not None
    module = (folder / "game.js").read_text(encoding="utf-8")
    words = module.split("function moveWords", 1)[1].split("\n}\n", 1)[0]
    assert set(re.findall(r'case "([a-z_]+)":', words)) == set(MOVE_TAGS)
