"""Links from a rule to the tests that enforce it (``tested_by``), on source pages of the tests.

Every entry of ``tested_by`` is a pytest node ID (``tests/test_engine.py::test_x``,
or ``tests/f.py::TestClass::test_x``) or a scenario file
(``spec/scenarios/refusals/x.yaml``). The HTML builder gets one page per cited
test file (``_tests/tests/test_engine.html``: the file's source with an anchor
at each test) and one per cited scenario folder
(``_tests/spec/scenarios/refusals.html``: each scenario's text under an anchor
named after its file), each test and scenario listing the rules that cite it. A
``tested_by`` entry that names no test or scenario of the checkout is a build
warning, and is shown as plain text.
"""

from __future__ import annotations

import ast
import functools
import html
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from . import _sphinx
from .domain import hadara_domain
from .spec import every_rule, rule_heading, rule_key, rules_file

logger = logging.getLogger(__name__)

#: The folder of the generated source pages of tests and scenarios.
PAGES = "_tests"


class tested_ref(nodes.Inline, nodes.Element):
    """A ``tested_by`` entry, resolved to a link to its source page when the builder has them."""


@dataclass(frozen=True)
class Block:
    """One test or scenario on a source page: its anchor, its title and its lines (1-based, inclusive)."""

    anchor: str
    title: str
    start: int
    end: int


@dataclass(frozen=True)
class SourcePage:
    """A test file, or a folder of scenarios, as one page."""

    name: str  # the page name, under PAGES
    title: str
    files: tuple[Path, ...]
    language: str


def root() -> Path:
    """The checkout: the folder holding ``spec/`` and ``tests/``."""
    return rules_file().parent.parent


def _relative(path: Path) -> str:
    return path.relative_to(root()).as_posix()


def target(entry: str) -> tuple[str, str] | str:
    """The page and anchor of a ``tested_by`` entry, or why there is none."""
    if entry.startswith("spec/scenarios/") and entry.endswith(".yaml"):
        path = root() / entry
        if not path.is_file():
            return "no such scenario"
        return f"{PAGES}/{path.parent.relative_to(root()).as_posix()}", path.stem
    file, sep, name = entry.partition("::")
    if not sep or not file.endswith(".py"):
        return "expected tests/…py::test_name or spec/scenarios/….yaml"
    path = root() / file
    if not path.is_file():
        return "no such test file"
    if name not in test_blocks(path):
        return f"{file} defines no {name}"
    return f"{PAGES}/{file.removesuffix('.py')}", name.replace("::", ".")


@functools.cache
def test_blocks(path: Path) -> dict[str, Block]:
    """The tests a file defines (``test_x``, ``TestClass::test_x``) with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[str, Block] = {}

    def start(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> int:
        return min([node.lineno, *(d.lineno for d in node.decorator_list)])

    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef) and statement.name.startswith(
            "test"
        ):
            end = statement.end_lineno or statement.lineno
            found[statement.name] = Block(statement.name, statement.name, start(statement), end)
        elif isinstance(statement, ast.ClassDef) and statement.name.startswith("Test"):
            for item in statement.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name.startswith("test"):
                    name = f"{statement.name}::{item.name}"
                    end = item.end_lineno or item.lineno
                    found[name] = Block(f"{statement.name}.{item.name}", name, start(item), end)
    return found


def cited_pages() -> list[SourcePage]:
    """The source pages of every test file and scenario folder that some rule cites."""
    files: set[Path] = set()
    folders: set[Path] = set()
    for _name, rule in every_rule():
        for entry in rule.tested_by:
            if isinstance(target(entry), str):
                continue
            path = root() / entry.partition("::")[0]
            (folders.add(path.parent) if path.suffix == ".yaml" else files.add(path))
    out = [
        SourcePage(f"{PAGES}/{_relative(path).removesuffix('.py')}", _relative(path), (path,), "python")
        for path in sorted(files)
    ]
    out += [
        SourcePage(
            f"{PAGES}/{_relative(folder)}",
            f"{_relative(folder)}/",
            tuple(sorted(folder.glob("*.yaml"))),
            "yaml",
        )
        for folder in sorted(folders)
    ]
    return out


def citing_rules() -> dict[str, list[tuple[str, str]]]:
    """For each test or scenario (as written in ``tested_by``): the rules of every game that
    cite it, each by its key and as its section is titled."""
    found: dict[str, list[tuple[str, str]]] = {}
    for name, rule in every_rule():
        for entry in rule.tested_by:
            found.setdefault(entry, []).append((rule_key(name, rule.id), rule_heading(name, rule)))
    return found


# --------------------------------------------------------------------------- on the rule pages


def tested_link(rule_id: str, entry: str, shown: str, source: str) -> nodes.Node:
    """A ``tested_by`` entry of a rule (its key) of the rule index ``source`` (where a warning
    points), shown as ``shown``: a link to its source (resolved when written), or plain text
    and a warning."""
    found = target(entry)
    if isinstance(found, str):
        logger.warning(
            "%s: tested_by %r: %s",
            rule_id,
            entry,
            found,
            location=source,
            type="hadara",
            subtype="tests",
        )
        return nodes.literal(shown, shown)
    page, anchor = found
    return tested_ref("", nodes.literal(shown, shown), page=page, anchor=anchor)


def tested_links(rule_id: str, entries: Sequence[str], source: str) -> list[nodes.Node]:
    """The ``tested_by`` entries by file: a scenario file as itself; a test file once, linked to
    its source page, with its tests after it (``tests/test_colony.py: test_a, test_b``)."""
    files: dict[str, list[str]] = {}
    for entry in entries:
        files.setdefault(entry.partition("::")[0], []).append(entry)
    out: list[nodes.Node] = []
    for file, cited in files.items():
        tests = [entry for entry in cited if "::" in entry]
        if not tests:
            out.append(tested_link(rule_id, file, file, source))
            continue
        found = [target(entry) for entry in tests]
        pages = [place[0] for place in found if not isinstance(place, str)]
        head: nodes.Node = nodes.literal(file, file)
        if pages:
            head = tested_ref("", head, page=pages[0], anchor="")
        item = nodes.inline("", "", head, nodes.Text(": "))
        for index, entry in enumerate(tests):
            if index:
                item += nodes.Text(", ")
            item += tested_link(rule_id, entry, entry.partition("::")[2], source)
        out.append(item)
    return out


class ResolveTestRefs(SphinxPostTransform):
    """``tested_ref`` → a link to the test's source page (HTML), or the plain entry for other builders."""

    default_priority = 90

    def run(self, **kwargs: Any) -> None:
        app = _sphinx.app_of(self.env)
        linked = _sphinx.viewcode_enabled(app)
        docname = _sphinx.docname(self.env)
        for node in list(self.document.findall(tested_ref)):
            content = node.children[0].deepcopy()
            if not linked:
                node.replace_self(content)
                continue
            ref = make_refnode(
                app.builder, docname, node["page"], node["anchor"], content, "the test's source"
            )
            node.replace_self(ref)


# --------------------------------------------------------------------------- the source pages


def collect_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """The source page of every cited test file and scenario folder (HTML builders only)."""
    if not _sphinx.viewcode_enabled(app):
        return
    builder: Any = app.builder
    highlighter = builder.highlighter
    citing = citing_rules()
    rule_pages = hadara_domain(app.env).rules
    for page in cited_pages():
        parts: list[str] = [f"<h1>Source of <code>{html.escape(page.title)}</code></h1>"]
        parts.append(
            "<p>As it was when this site was built. Each test or scenario names the rules that cite it "
            "under <em>Tested in</em>.</p>"
        )
        for path in page.files:
            text = path.read_text(encoding="utf-8")
            lines = text.splitlines()
            if page.language == "yaml":
                blocks = [Block(path.stem, path.name, 1, len(lines))]
                keys = {path.stem: _relative(path)}
            else:
                blocks = list(test_blocks(path).values())
                keys = {b.anchor: f"{_relative(path)}::{name}" for name, b in test_blocks(path).items()}
            position = 1
            for block in blocks:
                if page.language == "python" and block.start > position:
                    parts.append(
                        highlighter.highlight_block(
                            "\n".join(lines[position - 1 : block.start - 1]), "python"
                        )
                    )
                rules = citing.get(keys[block.anchor], [])
                links = ", ".join(
                    f'<a href="{builder.get_relative_uri(page.name, rule_pages[key][0])}#{rule_pages[key][1]}">'
                    f"{html.escape(title)}</a>"
                    for key, title in rules
                    if key in rule_pages
                )
                cited = f" · tests {links}" if links else ""
                parts.append(
                    f'<div class="hadara-test-block" id="{html.escape(block.anchor)}">'
                    f'<p class="hadara-test-title"><code>{html.escape(block.title)}</code>{cited}</p>'
                )
                parts.append(
                    highlighter.highlight_block("\n".join(lines[block.start - 1 : block.end]), page.language)
                )
                parts.append("</div>")
                position = block.end + 1
            if page.language == "python" and position <= len(lines):
                parts.append(highlighter.highlight_block("\n".join(lines[position - 1 :]), "python"))
        context = {"title": page.title, "body": "\n".join(parts)}
        yield page.name, context, "page.html"


def setup_tested(app: Sphinx) -> None:
    app.add_node(tested_ref)
    app.add_post_transform(ResolveTestRefs)
    app.connect("html-collect-pages", collect_pages)
