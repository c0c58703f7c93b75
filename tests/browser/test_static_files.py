"""The web table's files, read without a browser: everything they load is their own (no
CDN, no build step), and text reaches the page only as text (no HTML parsing of it)."""

from __future__ import annotations

import re
from pathlib import Path

from boardtable.server.app import STATIC
from hadara_rules import load_catalogue

SCRIPTS = sorted((STATIC / "js").glob("*.js"))
#: Where the page's own files are named: HTML attributes and module imports.
_LOADED = re.compile(r'(?:src|href)="([^"#][^"]*)"|from "([^"]+)"')
#: The ways a script could parse a string as HTML.
_HTML_SINKS = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment")


def _loads(path: Path) -> list[str]:
    return [a or b for a, b in _LOADED.findall(path.read_text(encoding="utf-8"))]


def test_the_page_loads_only_its_own_files() -> None:
    named = _loads(STATIC / "index.html")
    assert "/hadara.css" in named and "/js/main.js" in named
    for name in named:
        if name.startswith("data:") or name == "/":
            continue
        assert name.startswith("/"), name
        assert (STATIC / name.lstrip("/")).is_file(), name
    for script in SCRIPTS:
        for name in _loads(script):
            assert name.startswith("./"), f"{script.name} imports {name}"
            assert (script.parent / name).is_file(), f"{script.name} imports {name}"


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
    script = (STATIC / "js" / "wheel.js").read_text(encoding="utf-8")
    found = re.search(r"export const CREST_ORDER = \[([^\]]*)\];", script)
    assert found is not None
    assert re.findall(r'"([a-z]+)"', found.group(1)) == [
        str(crest) for crest in load_catalogue().reference.crest_order
    ]
