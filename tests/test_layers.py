"""The package's modules depend one way only: no import cycle, not even one made for type
checking only or inside a function."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The platform and the games, each a top-level package of the distribution.
PLATFORM = ROOT / "boardtable"
GAMES = (ROOT / "hadara_rules", ROOT / "stone_age_rules", ROOT / "imperial_settlers_rules")
#: The web table's shell, served at ``/``: every game's, and none's own.
STATIC = PLATFORM / "server" / "static"
PACKAGE = GAMES[0]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, package: str) -> list[str]:
    """Every module name ``path`` imports, wherever it does (a function's body, a type check)."""
    targets: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            stem = node.module or ""
            start = f"{base}.{stem}".strip(".") if node.level else stem
            targets += [f"{start}.{alias.name}" for alias in node.names] + [start]
    return targets


def _imports() -> dict[str, set[str]]:
    """Every module of the platform and the games with the project's modules it imports."""
    paths = [path for top in (PLATFORM, *GAMES) for path in top.rglob("*.py")]
    modules = {_module_name(p): p for p in paths}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for target in _imported(path, package):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                graph[name].add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycle() -> None:
    graph = _imports()
    assert "hadara_rules._flow" in graph["hadara_rules._engine"]
    assert "boardtable.reader" in graph["stone_age_rules.records"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_core_imports_no_optional_extra() -> None:
    optional = ("numpy", "gymnasium", "pettingzoo", "ray", "matplotlib")
    for top in (PLATFORM, *GAMES):
        for path in top.rglob("*.py"):
            if path.parent.name == "rl" or path.stem in ("arena", "search"):
                continue
            names = _imported(path, _module_name(path))
            assert not any(n.split(".")[0] in optional for n in names), (path.name, names)


def test_the_platform_imports_no_game() -> None:
    """No module of the platform imports a game's package, wherever it does; games are found
    through the registry (``boardtable.games``) alone."""
    graph = _imports()
    games = tuple(top.name for top in GAMES)
    for name, imported in graph.items():
        if name.startswith("boardtable"):
            assert not {target for target in imported if target.split(".")[0] in games}, name


def test_the_platform_names_no_game_but_its_default() -> None:
    """No text of the platform's code is a game's name, but the one setting that makes Hadara
    the ``hadara`` command's default game (``boardtable.gamelist.DEFAULT``) and the command's own
    name (``boardtable.cli.COMMAND``, the name of the game it was first written for)."""
    from boardtable.games import names

    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in PLATFORM.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in names()
    ]
    assert sorted(found) == [_line("cli.py", "COMMAND = "), _line("gamelist.py", "DEFAULT = ")]


def _named(text: str) -> re.Pattern[str]:
    """A game's name or title as a word of any text: in any case, its words joined by nothing,
    a space, a hyphen or an underscore (``stone-age``, ``Stone Age``, ``stone_age``,
    ``stoneAge``), with no letter or digit right before or after it (``hadara.css``,
    ``hadara_rules`` and ``"hadara"`` name the game; ``hadaras`` does not)."""
    words = re.split(r"[-_ ]+", text)
    return re.compile(
        r"(?<![a-z0-9])" + r"[-_ ]?".join(map(re.escape, words)) + r"(?![a-z0-9])", re.IGNORECASE
    )


def test_the_web_shell_names_no_game() -> None:
    """No file of the web table's shell (``boardtable/server/static/``: its page, style sheet and
    scripts, comments included) names a registered game, by its name or its title, as a word
    (:func:`_named`). No exception: the page's title and header are the game's own title at a
    table (set from ``/api/games``) and a neutral "Board games" in the lobby; the browser keeps
    its seats under ``table.`` keys; the default game is the first of ``/api/games``. A game's
    own part of the table is in its package (``Game.web_folder``), served at ``/games/GAME/``."""
    from boardtable.games import game, names

    patterns = {text: _named(text) for name in names() for text in (name, game(name).title)}
    found = [
        f"{path.relative_to(ROOT)}:{number}: {text}"
        for path in sorted(STATIC.rglob("*"))
        if path.is_file()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for text, pattern in patterns.items()
        if pattern.search(line)
    ]
    assert found == []
    assert {"hadara", "Hadara", "stone-age", "Stone Age"} <= set(patterns)


def test_the_names_of_a_game_are_found_as_words() -> None:
    """The check above finds what it should, and only that."""
    assert _named("stone-age").search("import { stoneAge } from './stone_age.js'")
    assert _named("Stone Age").search("// Stone Age's part")
    assert _named("hadara").search('<link href="/hadara.css">')
    assert _named("hadara").search('const KEY = "hadara.seats";')
    assert not _named("hadara").search("hadaras and shadarak")
    assert not _named("stone-age").search("a stone, an age")


def _line(module: str, start: str) -> str:
    """Where the line of the platform's ``module`` that starts with ``start`` is."""
    source = (PLATFORM / module).read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(source, 1) if line.startswith(start))
    return f"boardtable/{module}:{number}"


def test_every_game_is_registered_by_its_entry_point() -> None:
    import importlib
    import tomllib
    from importlib.metadata import entry_points

    from boardtable.games import GROUP, names

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][GROUP]
    assert declared == {
        "hadara": "hadara_rules.game:GAME",
        "stone-age": "stone_age_rules.game:GAME",
        "imperial-settlers": "imperial_settlers_rules.game:GAME",
    }
    installed = {point.name: point.value for point in entry_points(group=GROUP)}
    assert installed.items() <= declared.items()  # an install made before the last entry point lacks it
    assert names()[0] == "hadara" and set(installed) <= set(names())
    titles = {"hadara": "Hadara", "stone-age": "Stone Age", "imperial-settlers": "Imperial Settlers"}
    for name, where in declared.items():
        module, _, attribute = where.partition(":")
        found = getattr(importlib.import_module(module), attribute)
        assert (found.name, found.title) == (name, titles[name])


def test_stone_age_imports_nothing_of_hadara() -> None:
    graph = _imports()
    for name, imported in graph.items():
        if name.startswith("stone_age_rules"):
            assert not {target for target in imported if target.startswith("hadara_rules")}, name


#: What the server may import of the platform: the game interface and the one bounded renderer;
#: and its door to the engine host, that door only.
_SERVER_MAY_IMPORT = {"boardtable.games", "boardtable.reader", "boardtable.errors"}
_SERVER_ENGINES = ("boardtable.server.engines", "boardtable.engines")


def test_the_server_reaches_its_games_only_through_the_game_interface() -> None:
    """No module of the server imports anything of the platform beside the game interface
    (``boardtable.games``), its errors and the bounded renderer (``boardtable.reader``);
    ``boardtable.server.engines`` alone reaches the engine host (``boardtable.engines``)."""
    graph = _imports()
    for name, imported in graph.items():
        if name.startswith("boardtable.server"):
            outside = {target for target in imported if not target.startswith("boardtable.server")}
            outside -= {_SERVER_ENGINES[1]} if name == _SERVER_ENGINES[0] else set()
            assert outside <= _SERVER_MAY_IMPORT, (name, sorted(outside - _SERVER_MAY_IMPORT))


def test_importing_a_game_loads_no_other_game() -> None:
    """A game's package loads the platform's pieces it stands on, never another game."""
    import subprocess
    import sys

    for top, other in (("stone_age_rules", "hadara_rules"), ("hadara_rules", "stone_age_rules")):
        code = f"import sys, {top}; print(any(m.split('.')[0] == {other!r} for m in sys.modules))"
        ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert ran.stdout.strip() == "False", top
