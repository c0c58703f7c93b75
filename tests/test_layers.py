"""The package's modules depend one way only: no import cycle, not even one made for type
checking only or inside a function."""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hadara_rules"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Every module of the package with the package modules it imports, wherever it does."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                stem = node.module or ""
                start = f"{base}.{stem}".strip(".") if node.level else stem
                targets = [f"{start}.{alias.name}" for alias in node.names] + [start]
            for target in targets:
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
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_core_imports_no_optional_extra() -> None:
    optional = ("numpy", "gymnasium", "pettingzoo", "ray", "matplotlib")
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "rl" or path.stem in ("arena", "search"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n.split(".")[0] in optional for n in names), (path.name, names)


#: What the server may import of the library: the game interface and the one bounded renderer;
#: and its door to the engine host (Hadara's engine protocol), that door only.
_SERVER_MAY_IMPORT = {"hadara_rules.games", "hadara_rules.reading"}
_SERVER_ENGINES = ("hadara_rules.server.engines", "hadara_rules.engines")


def test_the_server_reaches_its_games_only_through_the_game_interface() -> None:
    """No module of the server imports a game's modules, private or public, or anything of the
    library beside the game interface (``hadara_rules.games``) and ``hadara_rules.reading``;
    ``hadara_rules.server.engines`` alone reaches the engine host (``hadara_rules.engines``)."""
    graph = _imports()
    for name, imported in graph.items():
        if name.startswith("hadara_rules.server"):
            outside = {target for target in imported if not target.startswith("hadara_rules.server")}
            outside -= {_SERVER_ENGINES[1]} if name == _SERVER_ENGINES[0] else set()
            assert outside <= _SERVER_MAY_IMPORT, (name, sorted(outside - _SERVER_MAY_IMPORT))
    for path in (PACKAGE / "server").rglob("*.py"):  # nor another game's package, by its own name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n.startswith("stone_age_rules") for n in names), (path.name, names)


STONE_AGE = PACKAGE.parent / "stone_age_rules"


def _private_imports_of_hadara(tree: ast.AST) -> list[str]:
    """What a module imports of :mod:`hadara_rules` that is private: a module or a name whose
    own part starts with an underscore."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "hadara_rules" and any(part.startswith("_") for part in parts[1:]):
                found.append(name)
    return found


def test_a_private_import_of_hadara_is_found() -> None:
    tree = ast.parse("from hadara_rules import _reader\nfrom hadara_rules.schema import _Maker, KINDS\n")
    assert _private_imports_of_hadara(tree) == ["hadara_rules._reader", "hadara_rules.schema._Maker"]
    assert _private_imports_of_hadara(ast.parse("import hadara_rules._errors")) == ["hadara_rules._errors"]
    assert _private_imports_of_hadara(ast.parse("from hadara_rules.foundations import shown")) == []


def test_stone_age_imports_only_public_names_of_hadara() -> None:
    """Stone Age stands on the shared foundations (:mod:`hadara_rules.foundations` and the
    other public modules), never on a private module or name of Hadara's package."""
    private = {
        str(path.relative_to(STONE_AGE.parent)): found
        for path in sorted(STONE_AGE.rglob("*.py"))
        if (found := _private_imports_of_hadara(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert private == {}


def test_the_foundations_are_hadara_s_own_pieces() -> None:
    """What :mod:`hadara_rules.foundations` names is what Hadara itself uses (not a copy), so
    that an error Stone Age raises is caught as Hadara's and a digest is taken the same way."""
    import hadara_rules
    from hadara_rules import foundations, records
    from stone_age_rules import records as stone_age_records

    assert all(hasattr(foundations, name) for name in foundations.__all__)
    for name in ("HadaraError", "IllegalMove", "RecordError", "ScenarioError", "CatalogueError"):
        assert getattr(foundations, name) is getattr(hadara_rules, name)
    assert stone_age_records.GameInfo is records.GameInfo
    assert stone_age_records.SCHEMA_VERSION == records.SCHEMA_VERSION
    envelope = b'{"data":{"a":1},"kind":"move","schema_version":1}'
    assert foundations.digest("move", {"a": 1}) == hashlib.sha256(envelope).hexdigest()
