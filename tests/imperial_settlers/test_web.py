"""Imperial Settlers' part of the web table, read as files: the game serves its folder with its
module and style sheet, and the module leaves a move's words to the server (its legal entry's
``text``, the terminal's words: one place per wording)."""

from __future__ import annotations

from imperial_settlers_rules.game import GAME


def test_the_game_serves_its_module_and_style_sheet() -> None:
    folder = GAME.web_folder()
    assert folder is not None
    assert {path.name for path in folder.iterdir()} == {"game.js", "game.css"}
    module = (folder / "game.js").read_text(encoding="utf-8")
    assert 'style: new URL("./game.css", import.meta.url).href' in module
    assert "export default {" in module


def test_the_module_says_no_move_in_words_of_its_own() -> None:
    """The shell lists a move by its entry's ``text`` unless a module describes moves itself;
    every kind of move has its words in :mod:`imperial_settlers_rules.text` (``test_text``)."""
    folder = GAME.web_folder()
    assert folder is not None
    module = (folder / "game.js").read_text(encoding="utf-8")
    assert "describe:" not in module and "moveWords" not in module
