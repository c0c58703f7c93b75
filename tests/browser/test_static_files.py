"""The web table's files, read without a browser: everything they load is their own (no
CDN, no build step), and text reaches the page only as text (no HTML parsing of it); each
game's own part is a module in its package's folder, loading only its own files and the
shell's."""

from __future__ import annotations

import re
from pathlib import Path

from boardtable.games import game, names
from boardtable.server.app import STATIC
from hadara_rules import load_catalogue

#: Each game's folder of its own part of the table, by name (every registered game has one).
FOLDERS = {name: folder for name in names() if (folder := game(name).web_folder()) is not None}
#: The shell's scripts, and each game's.
SHELL = sorted((STATIC / "js").glob("*.js"))
SCRIPTS = SHELL + sorted(path for folder in FOLDERS.values() for path in folder.glob("*.js"))
#: Where the page's own files are named: HTML attributes and module imports.
_LOADED = re.compile(r'(?:src|href)="([^"#][^"]*)"|from "([^"]+)"')
#: The ways a script could parse a string as HTML.
_HTML_SINKS = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment")


def _loads(path: Path) -> list[str]:
    return [a or b for a, b in _LOADED.findall(path.read_text(encoding="utf-8"))]


def test_the_page_loads_only_its_own_files() -> None:
    named = _loads(STATIC / "index.html")
    assert "/table.css" in named and "/js/main.js" in named
    for name in named:
        if name.startswith(("data:", "/?")) or name == "/":  # "/?…": the page itself
            continue
        assert name.startswith("/"), name
        assert (STATIC / name.lstrip("/")).is_file(), name
    for script in SHELL:
        for name in _loads(script):
            assert name.startswith("./"), f"{script.name} imports {name}"
            assert (script.parent / name).is_file(), f"{script.name} imports {name}"


def test_each_games_module_loads_only_its_own_files_and_the_shells() -> None:
    """A game's module (``/games/GAME/game.js``) imports its folder's files (``./``) and the
    shell's modules by their address (``/js/…``); its style sheet is a file of its folder."""
    assert set(FOLDERS) == {"hadara", "imperial-settlers", "stone-age"}
    for name, folder in FOLDERS.items():
        assert (folder / "game.js").is_file(), name
        for script in sorted(folder.glob("*.js")):
            for loaded in _loads(script):
                if loaded.startswith("/js/"):
                    assert (STATIC / loaded.lstrip("/")).is_file(), f"{name}: {script.name} imports {loaded}"
                else:
                    assert loaded.startswith("./"), f"{name}: {script.name} imports {loaded}"
                    assert (folder / loaded).is_file(), f"{name}: {script.name} imports {loaded}"
            for style in re.findall(r'new URL\("([^"]+)", import\.meta\.url\)', script.read_text("utf-8")):
                assert style.startswith("./") and (folder / style).is_file(), f"{name}: {style}"


def test_no_script_parses_text_as_html() -> None:
    assert SCRIPTS
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        assert not [sink for sink in _HTML_SINKS if sink in text], script.name
    # the one parser used is the SVG document parser, for the server's own picture
    picture = (STATIC / "js" / "picture.js").read_text(encoding="utf-8")
    assert 'parseFromString(text, "image/svg+xml")' in picture


def test_the_wheel_knows_the_catalogues_crest_order() -> None:
    """WHEEL-3: the page reads each seat's first colour with the bundled catalogue's crest order."""
    script = (FOLDERS["hadara"] / "wheel.js").read_text(encoding="utf-8")
    found = re.search(r"export const CREST_ORDER = \[([^\]]*)\];", script)
    assert found is not None
    assert re.findall(r'"([a-z]+)"', found.group(1)) == [
        str(crest) for crest in load_catalogue().reference.crest_order
    ]
