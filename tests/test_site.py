"""The site check (docs/check_site.py) finds horizontal overflow and pictures with text too small
or cut off, in a real headless Chromium (skipped where no Chromium is installed; CI installs it
from the distribution's packages); the site's extension names source files, not private code,
and lays out the parts of a picture.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
SCRIPT = DOCS / "check_site.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_site", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_site"] = module
    spec.loader.exec_module(module)
    return module


check_site = _load()
sys.path.insert(0, str(DOCS / "_ext"))
from hadara_rules_docs import tested  # noqa: E402
from hadara_rules_docs.code import CodeTarget, resolve_code  # noqa: E402
from hadara_rules_docs.pictures import part_index  # noqa: E402
from hadara_rules_docs.rule_pages import cited  # noqa: E402
from hadara_rules_docs.spec import all_rules, every_rule, games, keyed_rule, rule_heading, rule_key  # noqa: E402

BROWSER = check_site.find_browser(None)
needs_browser = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed")

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
<body style="margin:0">{body}</body></html>"""


def _site(tmp_path: Path, **pages: str) -> Path:
    for name, body in pages.items():
        (tmp_path / f"{name}.html").write_text(PAGE.format(body=body), encoding="utf-8")
    return tmp_path


@needs_browser
@pytest.mark.slow  # Chromium started: seconds
def test_overflow_is_found_and_scrolling_boxes_are_allowed(tmp_path: Path) -> None:
    site = _site(
        tmp_path,
        narrow="<p>Short text.</p>",
        wide='<div id="board" style="width:600px">too wide for a phone</div>',
        scrolled='<div style="overflow-x:auto"><table style="width:900px"><tr><td>x</td></tr></table></div>',
        fixed='<nav style="position:fixed;left:350px;width:300px">a drawer</nav>',
    )
    pages = ["narrow.html", "wide.html", "scrolled.html", "fixed.html"]
    reports = check_site.check_site(site, tmp_path / "shots", BROWSER, pages, widths=(1280, 390))
    overflowing = {(report.page, report.width) for report in reports if report.overflows}
    assert overflowing == {("wide.html", 390)}
    wide = next(report for report in reports if report.overflows)
    assert wide.scroll_width == 600
    assert any(text.startswith("div#board") for text in wide.wide), wide.wide
    assert all(report.screenshot.read_bytes().startswith(b"\x89PNG") for report in reports)


def _picture(tmp_path: Path, name: str, width: int, text: str) -> None:
    """An SVG picture ``width`` units wide holding ``text`` (its ``text`` elements)."""
    (tmp_path / name).write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="100" '
        f'viewBox="0 0 {width} 100">{text}</svg>',
        encoding="utf-8",
    )


@needs_browser
@pytest.mark.slow  # Chromium started: seconds
def test_text_is_measured_at_the_size_a_picture_is_shown(tmp_path: Path) -> None:
    _picture(tmp_path, "big.svg", 600, '<text x="10" y="50" font-size="24">readable at half size</text>')
    _picture(tmp_path, "small.svg", 600, '<text x="10" y="50" font-size="16">too small at half</text>')
    _picture(tmp_path, "cut.svg", 300, '<text x="250" y="50" font-size="14">past the edge</text>')
    site = _site(
        tmp_path,
        half='<img src="big.svg" style="width:300px"><img src="small.svg" style="width:300px">',
        whole='<img src="small.svg">',
        cut='<img src="cut.svg">',
        none="<p>No pictures.</p>",
    )
    pages = ["half.html", "whole.html", "cut.html", "none.html"]
    reports = {r.page: r for r in check_site.check_site(site, tmp_path / "shots", BROWSER, pages, (1280,))}
    half = reports["half.html"]
    assert half.illegible and not half.overflows
    assert half.smallest_text == pytest.approx(8.0, abs=0.05)
    assert half.small_text == ("small.svg: \u201ctoo small at half\u201d 8.0 px",)
    assert "ILLEGIBLE" in half.describe() and "text under 11 px" in half.describe()
    whole = reports["whole.html"]
    assert not whole.failed and whole.smallest_text == pytest.approx(16.0, abs=0.05)
    cut = reports["cut.html"]
    assert cut.cut_text == ("cut.svg: \u201cpast the edge\u201d runs past the picture's edge",)
    assert not cut.small_text and cut.failed
    assert reports["none.html"].smallest_text is None and not reports["none.html"].failed


def test_a_missing_page_or_site_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_site.main([str(tmp_path), "--page", "index.html"]) == 2
    assert "index.html" in capsys.readouterr().err


def test_a_page_report_says_what_overflows(tmp_path: Path) -> None:
    report = check_site.PageReport("a.html", 390, 612, ("div#board (0–612 px)",), tmp_path / "a-390.png")
    assert report.overflows
    assert "OVERFLOW" in report.describe() and "div#board" in report.describe()
    fine = check_site.PageReport("a.html", 390, 390, (), tmp_path / "a-390.png")
    assert not fine.overflows and fine.describe().endswith("ok (a-390.png)")
    small = check_site.PageReport("a.html", 390, 390, (), tmp_path / "a-390.png", 7.5, ("p.svg: “x” 7.5 px",))
    assert small.failed and not small.overflows
    assert small.describe().splitlines() == [
        "a.html at 390 px: ILLEGIBLE, smallest picture text 7.5 px",
        "    text under 11 px: p.svg: “x” 7.5 px",
    ]


# --------------------------------------------------------------------------- the extension


PUBLIC = ["hadara_rules", "hadara_rules.records"]


@pytest.mark.parametrize(
    ("entry", "path", "public"),
    [
        ("hadara_rules._engine:legal_moves", "hadara_rules/_engine.py", "hadara_rules.legal_moves"),
        ("hadara_rules._model:GameState.to_act", "hadara_rules/_model.py", "hadara_rules.GameState.to_act"),
        ("hadara_rules._rules.setup:_board_order", "hadara_rules/_rules/setup.py", ""),
        ("hadara_rules.records:replay", "hadara_rules/records.py", "hadara_rules.replay"),
    ],
)
def test_code_is_cited_by_its_file_and_public_name(entry: str, path: str, public: str) -> None:
    target = resolve_code(entry, PUBLIC)
    assert isinstance(target, CodeTarget)
    assert (target.path, target.public) == (path, public)


def test_every_rule_is_enforced_in_a_file_of_its_game_s_package() -> None:
    root = DOCS.parent
    assert games() == ["hadara", "imperial-settlers", "stone-age"]
    for _name, rule in every_rule():
        package = type(rule).__module__.split(".")[0]
        for entry in rule.implemented_in:
            target = resolve_code(entry, PUBLIC)
            assert isinstance(target, CodeTarget), f"{rule.name}: {entry}: {target}"
            assert target.path.startswith(f"{package}/") and (root / target.path).is_file()
            assert target.public == "" or not any(part.startswith("_") for part in target.public.split("."))


def test_the_site_knows_a_rule_by_its_game_and_id() -> None:
    """The default game's rules by their IDs, another game's named with it (several games have
    rules of the same ID); a key names a rule in any case."""
    assert rule_key("hadara", "FLOW-1") == "FLOW-1" and rule_key("stone-age", "FLOW-1") == "stone-age:FLOW-1"
    hadara, stone_age = keyed_rule("flow-1"), keyed_rule("Stone-Age:flow-1")
    assert hadara is not None and stone_age is not None
    assert (hadara[0], hadara[1].name, stone_age[0], stone_age[1].name) == (
        "hadara",
        "Hadara FLOW-1",
        "stone-age",
        "Stone Age FLOW-1",
    )
    assert keyed_rule("FLOW-99") is None and keyed_rule("chess:FLOW-1") is None
    assert [rule_heading(name, rule) for name, rule in (hadara, stone_age)] == ["FLOW-1", "Stone Age FLOW-1"]


def test_an_area_page_cites_its_rulebook_pages_or_its_sources() -> None:
    """Hadara's rules are cited by the rulebook's page, Stone Age's by their sources."""
    hadara = [rule for rule in all_rules().values() if rule.area == "setup"]
    assert cited(hadara) == "Rulebook pp. 2–3"
    stone_age = [rule for name, rule in every_rule() if name == "stone-age" and rule.area == "act"]
    assert cited(stone_age) == "Sources: rules summary, project ruling"


def test_tests_are_listed_by_file() -> None:
    rule = all_rules()["FLOW-1"]
    tests = [entry.partition("::")[2] for entry in rule.tested_by if "::" in entry]
    scenarios = [entry for entry in rule.tested_by if "::" not in entry]
    assert len(tests) >= 2 and scenarios
    items = [node.astext() for node in tested.tested_links(rule.id, rule.tested_by, "spec/rules.yaml")]
    assert items == [f"tests/test_engine.py: {', '.join(tests)}", *scenarios]
    # a file's tests are gathered under its first mention
    first, second = (entry for entry in rule.tested_by if "::" in entry)
    items = [
        node.astext()
        for node in tested.tested_links(rule.id, [first, scenarios[0], second], "spec/rules.yaml")
    ]
    assert items == [f"tests/test_engine.py: {', '.join(tests)}", scenarios[0]]


@pytest.mark.parametrize(
    ("name", "players", "index"),
    [
        ("wheel", 3, 0),
        ("supply", 3, 1),
        ("P0", 3, 2),
        ("P2", 3, 4),
        ("P3", 3, None),
        ("P", 3, None),
        ("x", 2, None),
    ],
)
def test_a_picture_s_parts_are_named(name: str, players: int, index: int | None) -> None:
    assert part_index(name, players) == index
