"""Sphinx extension of the hadara-rules documentation site.

It turns the formal specification ``spec/rules.yaml`` into the site's rules
section at build time, so the pages can never drift from the rule index:

``hadara-rules`` (directive, argument: a rule area)
    The whole page of one rule area: a title, an overview table, and one
    section per rule anchored by the rule ID in lower case (``id="colony-3"``)
    with its rulebook page, its text, a *Ruling* admonition (``why`` and
    ``variant``) where ``ruling: true``, links to the implementing code
    (``implemented_in``, on the viewcode pages) and the tests (``tested_by``).
``hadara-rulings`` (directive)
    Every ruling of the index in one place.
``hadara-rule-index`` (directive)
    The rule areas in the order of play, with their pages and rule IDs.
``rule`` (role)
    ``{rule}`COLONY-3``` (MyST) or ``:rule:`COLONY-3``` (reStructuredText)
    links to a rule's anchor; ``{rule}`the tier rule <COLONY-3>``` sets the
    text. An unknown rule ID is a build warning.

Two directives keep the guides honest by running code at build time:

``hadara-example``
    Runs its Python content (one namespace per page, like a notebook) and shows
    the code and what it printed. An exception is a build warning.
``hadara-command``
    Runs a ``hadara ...`` command line in-process and shows its output; an
    unexpected exit status is a build warning.

At the end of reading, the extension checks that every rule area and every
rule of the index is rendered on some page, and that every public name of the
modules listed in ``hadara_rules_api_coverage`` is documented.

The YAML is read with ``yaml.safe_load`` only. Nothing is written into the
source tree: every node is generated in memory.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import io
import os
import re
import shlex
import shutil
import traceback
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.directives.code import container_wrapper
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import ReferenceRole, SphinxDirective
from sphinx.util.nodes import make_refnode

from hadara_rules.rulebook import Rule

logger = logging.getLogger(__name__)

#: The rule areas in the order of play, with the title of each area's page.
AREAS: tuple[tuple[str, str], ...] = (
    ("flow", "Flow of play"),
    ("setup", "Setup"),
    ("start", "First player and compensation"),
    ("epoch", "Epoch structure"),
    ("wheel", "The wheel"),
    ("draft", "Draft rounds"),
    ("buy", "Buying a card"),
    ("sell", "Selling a card"),
    ("track", "Tracks"),
    ("pick", "Phase B: picking"),
    ("income", "Income"),
    ("colony", "Colonies"),
    ("statue", "Statues"),
    ("feeding", "Feeding"),
    ("medals", "Medals"),
    ("scoring", "Final scoring and winner"),
    ("tile", "Bonus tiles"),
    ("purple", "Purple effects"),
    ("info", "Hidden information"),
)
AREA_TITLES: Mapping[str, str] = dict(AREAS)

_KNOWN_KEYS = frozenset(
    {"id", "area", "page", "summary", "text", "ruling", "why", "variant", "implemented_in", "tested_by"}
)
_RULE_ID = re.compile(r"\b([A-Z]+-\d+)\b")
_INLINE = re.compile(r"`([^`]+)`|\*([^*\s][^*]*?)\*")
_VIEWCODE_PAGES = "_modules"
_ENTRY_LINE = re.compile(r"^\s*-\s*id:\s*['\"]?([^'\"\s#]+)")


# --------------------------------------------------------------------------- the rule index


@dataclass
class RuleIndex:
    """The parsed rule index, with every problem found while reading it."""

    path: Path
    rules: dict[str, Rule] = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (rule ID or "", message)
    unrendered_keys: set[str] = field(default_factory=set)
    lines: dict[str, int] = field(default_factory=dict)  # rule ID -> line of its entry

    def where(self, rule_id: str = "") -> str:
        """A warning location: the file and the line of a rule's entry (Sphinx keeps ``path:line`` as is)."""
        return f"{self.path}:{self.lines.get(rule_id, 1)}"

    def area(self, area: str) -> list[Rule]:
        """The rules of one area, in index order."""
        return [rule for rule in self.rules.values() if rule.area == area]

    @property
    def areas(self) -> list[str]:
        """Every area named in the index, in index order."""
        return list(dict.fromkeys(rule.area for rule in self.rules.values()))


def _strings(value: object) -> tuple[str, ...] | None:
    if value is None:
        return ()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def read_rule_index(path: Path) -> RuleIndex:
    """Read and check ``spec/rules.yaml`` (safe loader only); problems are collected, not raised."""
    index = RuleIndex(path)
    try:
        text = path.read_text(encoding="utf-8")
        document = yaml.safe_load(text)
    except (OSError, yaml.YAMLError) as exc:
        index.problems.append(("", f"cannot read the rule index: {exc}"))
        return index
    for number, line in enumerate(text.splitlines(), start=1):
        found = _ENTRY_LINE.match(line)
        if found:
            index.lines.setdefault(found.group(1), number)
    entries = document.get("rules") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        index.problems.append(("", "the rule index has no 'rules:' list"))
        return index
    for position, raw in enumerate(entries):
        where = f"rules[{position}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            index.problems.append(("", f"{where}: an entry needs an 'id'"))
            continue
        rule_id = raw["id"]
        where = rule_id
        if rule_id in index.rules:
            index.problems.append((rule_id, f"{where}: the ID appears twice"))
            continue
        index.unrendered_keys.update(set(raw) - _KNOWN_KEYS)
        problems = [
            f"'{key}' must be a text"
            for key in ("area", "summary", "text")
            if not isinstance(raw.get(key), str) or not raw[key].strip()
        ]
        if type(raw.get("page")) is not int:
            problems.append("'page' must be a whole number")
        if not isinstance(raw.get("ruling", False), bool):
            problems.append("'ruling' must be true or false")
        problems.extend(
            f"'{key}' must be a text"
            for key in ("why", "variant")
            if raw.get(key) is not None and not isinstance(raw[key], str)
        )
        implemented_in = _strings(raw.get("implemented_in"))
        tested_by = _strings(raw.get("tested_by"))
        if implemented_in is None:
            problems.append("'implemented_in' must be a list of module:qualname texts")
        if tested_by is None:
            problems.append("'tested_by' must be a list of tests/path.py::test_name texts")
        if raw.get("ruling") and not raw.get("why"):
            problems.append("a ruling needs a 'why'")
        if problems:
            index.problems.extend((rule_id, f"{where}: {problem}") for problem in problems)
            continue
        index.rules[rule_id] = Rule(
            id=rule_id,
            area=raw["area"],
            page=raw["page"],
            summary=raw["summary"].strip(),
            text=raw["text"].strip(),
            ruling=bool(raw.get("ruling", False)),
            why=(raw.get("why") or "").strip() or None,
            variant=(raw.get("variant") or "").strip() or None,
            implemented_in=implemented_in or (),
            tested_by=tested_by or (),
        )
    return index


_CACHE: dict[Path, tuple[float, RuleIndex]] = {}


def rule_index(config: Any) -> RuleIndex:
    """The rule index named by ``hadara_rules_spec``, re-read when the file changes."""
    path = Path(config.hadara_rules_spec).resolve()
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = -1.0
    cached = _CACHE.get(path)
    if cached is None or cached[0] != stamp:
        cached = (stamp, read_rule_index(path))
        _CACHE[path] = cached
    return cached[1]


def _pages(rules: Sequence[Rule]) -> str:
    pages = sorted({rule.page for rule in rules})
    if not pages:
        return ""
    if len(pages) == 1:
        return f"p. {pages[0]}"
    if pages == list(range(pages[0], pages[-1] + 1)):
        return f"pp. {pages[0]}–{pages[-1]}"
    return "pp. " + ", ".join(map(str, pages))


# --------------------------------------------------------------------------- the domain and the role


class HadaraDomain(Domain):
    """Where rules are rendered (``hadara:rule`` objects) and what code they cite."""

    name = "hadara"
    label = "Hadara rules"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    initial_data: ClassVar[dict[str, Any]] = {
        "rules": {},  # rule ID -> (docname, anchor)
        "areas": {},  # area -> docname
        "code": {},  # docname -> [(module, qualname), ...] cited by implemented_in
    }
    dangling_warnings: ClassVar[dict[str, str]] = {"rule": "rule %(target)s is not rendered on any page"}

    @property
    def rules(self) -> dict[str, tuple[str, str]]:
        return self.data.setdefault("rules", {})

    @property
    def areas(self) -> dict[str, str]:
        return self.data.setdefault("areas", {})

    @property
    def code(self) -> dict[str, list[tuple[str, str]]]:
        return self.data.setdefault("code", {})

    def note_rule(self, rule: Rule, docname: str, location: Any) -> None:
        if rule.id in self.rules and self.rules[rule.id][0] != docname:
            other = self.rules[rule.id][0]
            logger.warning(
                "rule %s is rendered twice (also in %s)",
                rule.id,
                other,
                location=location,
                type="hadara",
                subtype="duplicate",
            )
        self.rules[rule.id] = (docname, rule.anchor)

    def note_area(self, area: str, docname: str, location: Any) -> None:
        if area in self.areas and self.areas[area] != docname:
            logger.warning(
                "rule area %r is rendered twice (also in %s)",
                area,
                self.areas[area],
                location=location,
                type="hadara",
                subtype="duplicate",
            )
        self.areas[area] = docname

    def note_code(self, docname: str, modname: str, qualname: str) -> None:
        self.code.setdefault(docname, []).append((modname, qualname))

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _anchor) in list(self.rules.items()):
            if doc == docname:
                del self.rules[key]
        for key, doc in list(self.areas.items()):
            if doc == docname:
                del self.areas[key]
        self.code.pop(docname, None)

    def merge_domaindata(self, docnames: Any, otherdata: dict[str, Any]) -> None:
        for key, value in otherdata.get("rules", {}).items():
            if value[0] in docnames:
                self.rules[key] = value
        for key, doc in otherdata.get("areas", {}).items():
            if doc in docnames:
                self.areas[key] = doc
        for doc, refs in otherdata.get("code", {}).items():
            if doc in docnames:
                self.code[doc] = refs

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Any,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        found = self.rules.get(target.upper())
        if found is None:
            return None
        docname, anchor = found
        summary = rule_index(env.config).rules.get(target.upper())
        title = summary.summary if summary is not None else target
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Any,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        ref = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [] if ref is None else [("hadara:rule", ref)]

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for rule_id, (docname, anchor) in sorted(self.rules.items()):
            yield rule_id, rule_id, "rule", docname, anchor, 1


def _rule_xref(rule_id: str, text: str, docname: str, explicit: bool = False) -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        "",
        refdomain="hadara",
        reftype="rule",
        reftarget=rule_id,
        refexplicit=explicit,
        refwarn=True,
        refdoc=docname,
    )
    ref += nodes.inline(text, text, classes=["xref"] if explicit else ["xref", "hadara-rule"])
    return ref


class RuleRole(ReferenceRole):
    """``{rule}`COLONY-3``` and ``{rule}`text <COLONY-3>```: a link to a rule's anchor."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        index = rule_index(self.config)
        self.env.note_dependency(str(index.path))
        rule_id = self.target.strip().upper()
        if rule_id not in index.rules:
            logger.warning(
                "unknown rule ID %r in the rule role (see spec/rules.yaml)",
                self.target,
                location=self.get_location(),
                type="hadara",
                subtype="rule",
            )
            return [nodes.literal(self.rawtext, self.title, classes=["hadara-rule", "unknown"])], []
        text = self.title if self.has_explicit_title else rule_id
        return [_rule_xref(rule_id, text, _docname(self.env), self.has_explicit_title)], []


# --------------------------------------------------------------------------- rendering helpers


def _inline(
    text: str, known: Mapping[str, object], docname: str, skip: str | None = None
) -> list[nodes.Node]:
    """A rule text as inline nodes: ``*emphasis*``, ```code```, and links for the rule IDs it names."""
    out: list[nodes.Node] = []
    position = 0
    for match in _INLINE.finditer(text):
        out.extend(_linked_ids(text[position : match.start()], known, docname, skip))
        if match.group(1) is not None:
            out.append(nodes.literal(match.group(1), match.group(1)))
        else:
            out.append(nodes.emphasis("", "", *_linked_ids(match.group(2), known, docname, skip)))
        position = match.end()
    out.extend(_linked_ids(text[position:], known, docname, skip))
    return out


def _linked_ids(text: str, known: Mapping[str, object], docname: str, skip: str | None) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    position = 0
    for match in _RULE_ID.finditer(text):
        rule_id = match.group(1)
        if rule_id not in known or rule_id == skip:
            continue
        if match.start() > position:
            out.append(nodes.Text(text[position : match.start()]))
        out.append(_rule_xref(rule_id, rule_id, docname))
        position = match.end()
    if position < len(text):
        out.append(nodes.Text(text[position:]))
    return out


def _paragraph(*children: nodes.Node, classes: Sequence[str] = ()) -> nodes.paragraph:
    para = nodes.paragraph("", "", *children)
    para["classes"].extend(classes)
    return para


def _table(
    header: Sequence[str],
    rows: Sequence[Sequence[Sequence[nodes.Node]]],
    widths: Sequence[int],
    classes: Sequence[str] = (),
) -> nodes.table:
    table = nodes.table(classes=["hadara-table", *classes])
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in header:
        row += nodes.entry("", _paragraph(nodes.Text(text)))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            row += nodes.entry("", _paragraph(*cell))
        body += row
    return table


def _field(name: str, *body: nodes.Node) -> nodes.field:
    return nodes.field("", nodes.field_name(name, name), nodes.field_body("", *body))


class rule_code_ref(nodes.Inline, nodes.Element):
    """A citation of implementing code, resolved to a viewcode link when the builder has them."""


@dataclass(frozen=True)
class CodeTarget:
    """Where a ``module:qualname`` entry of ``implemented_in`` is defined."""

    entry: str
    modname: str
    qualname: str


def resolve_code(entry: str) -> CodeTarget | str:
    """Import an ``implemented_in`` entry; the place it is defined, or why it cannot be found."""
    modname, colon, qualname = entry.partition(":")
    if not colon:
        modname, _, qualname = entry.rpartition(".")
    if not modname or not qualname:
        return "expected module:qualname"
    try:
        obj: object = importlib.import_module(modname)
    except Exception as exc:
        return f"the module does not import ({type(exc).__name__}: {exc})"
    for part in qualname.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return f"{modname} has no {qualname}"
    if isinstance(obj, types.ModuleType):
        return CodeTarget(entry, obj.__name__, "")
    defining = getattr(obj, "__module__", None)
    defined_as = getattr(obj, "__qualname__", None)
    if (
        isinstance(defining, str)
        and isinstance(defined_as, str)
        and "<" not in defined_as
        and defining.split(".")[0] == modname.split(".")[0]
    ):
        return CodeTarget(entry, defining, defined_as)
    return CodeTarget(entry, modname, qualname)


# --------------------------------------------------------------------------- the rules directives


class RulesDirective(SphinxDirective):
    """``hadara-rules AREA``: the page of one rule area, generated from ``spec/rules.yaml``."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        area = self.arguments[0].strip()
        index = rule_index(self.config)
        self.env.note_dependency(str(index.path))
        docname = _docname(self.env)
        domain: HadaraDomain = self.env.get_domain("hadara")  # type: ignore[assignment]
        rules = index.area(area)
        if area not in AREA_TITLES and not rules:
            logger.warning(
                "no rule area %r in %s",
                area,
                index.path,
                location=self.get_location(),
                type="hadara",
                subtype="area",
            )
            return []
        domain.note_area(area, docname, self.get_location())
        title = AREA_TITLES.get(area, area.capitalize())
        page = nodes.section(ids=[nodes.make_id(f"rules {area}")], names=[nodes.fully_normalize_name(title)])
        page += nodes.title(title, title)
        count = f"{len(rules)} rule{'s' if len(rules) != 1 else ''}"
        page += _paragraph(
            nodes.Text(f"Rulebook {_pages(rules)} (German edition) · {count} · generated from "),
            nodes.literal("spec/rules.yaml", "spec/rules.yaml"),
            nodes.Text("."),
            classes=["hadara-area-meta"],
        )
        if not rules:
            return [page]
        rows = []
        for rule in rules:
            link = nodes.reference("", "", nodes.strong(rule.id, rule.id), internal=True, refid=rule.anchor)
            summary = _inline(rule.summary, index.rules, docname, skip=rule.id)
            if rule.ruling:
                summary.append(nodes.Text(" "))
                summary.append(nodes.inline("ruling", "ruling", classes=["hadara-badge"]))
            rows.append([[link], summary, [nodes.Text(str(rule.page))]])
        page += _table(["Rule", "Summary", "Page"], rows, [12, 76, 8], classes=["hadara-overview"])
        for rule in rules:
            page += self.render_rule(rule, index, docname, domain)
        return [page]

    def render_rule(self, rule: Rule, index: RuleIndex, docname: str, domain: HadaraDomain) -> nodes.section:
        domain.note_rule(rule, docname, self.get_location())
        section = nodes.section(ids=[rule.anchor], names=[rule.anchor], classes=["hadara-rule-entry"])
        section += nodes.title(rule.id, rule.id)
        entries = [("single", f"{rule.id} (rule)", rule.anchor, "", None)]
        if rule.ruling:
            entries.append(("pair", f"ruling; {rule.id}", rule.anchor, "", None))
        section += addnodes.index(entries=entries)
        section += _paragraph(
            *_inline(rule.text, index.rules, docname, skip=rule.id), classes=["hadara-rule-text"]
        )
        if rule.ruling:
            section += ruling_admonition(rule, index, docname)
        fields = nodes.field_list(classes=["hadara-rule-fields"])
        fields += _field("Rulebook", _paragraph(nodes.Text(f"p. {rule.page} (German edition)")))
        if rule.implemented_in:
            items = []
            for entry in rule.implemented_in:
                target = resolve_code(entry)
                if isinstance(target, str):
                    logger.warning(
                        "%s: implemented_in %r: %s",
                        rule.id,
                        entry,
                        target,
                        location=index.where(rule.id),
                        type="hadara",
                        subtype="code",
                    )
                    items.append(nodes.literal(entry, entry))
                    continue
                domain.note_code(docname, target.modname, target.qualname)
                items.append(
                    rule_code_ref(
                        "", nodes.literal(entry, entry), modname=target.modname, qualname=target.qualname
                    )
                )
            fields += _field("Implemented in", _comma_list(items))
        if rule.tested_by:
            fields += _field("Tested by", _comma_list([nodes.literal(t, t) for t in rule.tested_by]))
        section += fields
        return section


def _comma_list(items: Sequence[nodes.Node]) -> nodes.Node:
    if len(items) == 1:
        return _paragraph(items[0])
    bullets = nodes.bullet_list(classes=["simple"])
    for item in items:
        bullets += nodes.list_item("", _paragraph(item))
    return bullets


def ruling_admonition(rule: Rule, index: RuleIndex, docname: str) -> nodes.admonition:
    """The *Ruling* box of a rule: why the project decided so, and the variant switch if any."""
    title = "Ruling (variant)" if rule.variant else "Ruling"
    box = nodes.admonition(classes=["hadara-ruling", "important"])
    box += nodes.title(title, title)
    if rule.why:
        box += _paragraph(
            nodes.strong("Why:", "Why:"),
            nodes.Text(" "),
            *_inline(rule.why, index.rules, docname, skip=rule.id),
        )
    if rule.variant:
        box += _paragraph(
            nodes.strong("Variant:", "Variant:"),
            nodes.Text(" the other reading is switched on with "),
            nodes.literal(rule.variant, rule.variant),
            nodes.Text("."),
        )
    return box


class RulingsDirective(SphinxDirective):
    """``hadara-rulings``: every ruling of the rule index in one place, in the order of play."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        index = rule_index(self.config)
        self.env.note_dependency(str(index.path))
        docname = _docname(self.env)
        order = {area: i for i, (area, _title) in enumerate(AREAS)}
        rulings = sorted(
            (rule for rule in index.rules.values() if rule.ruling),
            key=lambda rule: order.get(rule.area, len(order)),
        )
        out: list[nodes.Node] = []
        if not rulings:
            out.append(_paragraph(nodes.Text("The rule index has no rulings.")))
            return out
        rows = [
            [
                [_rule_xref(rule.id, rule.id, docname)],
                [nodes.Text(AREA_TITLES.get(rule.area, rule.area))],
                _inline(rule.summary, index.rules, docname, skip=rule.id),
                [nodes.literal(rule.variant, rule.variant)] if rule.variant else [nodes.Text("—")],
            ]
            for rule in rulings
        ]
        out.append(_table(["Rule", "Area", "Summary", "Variant switch"], rows, [12, 16, 48, 24]))
        for rule in rulings:
            anchor = f"ruling-{rule.anchor}"
            heading = f"{rule.id} — {AREA_TITLES.get(rule.area, rule.area)}"
            section = nodes.section(ids=[anchor], names=[anchor])
            section += nodes.title(heading, heading)
            section += _paragraph(
                nodes.Text(f"Rulebook p. {rule.page} · the rule on its page: "),
                _rule_xref(rule.id, rule.id, docname),
                classes=["hadara-area-meta"],
            )
            section += _paragraph(
                *_inline(rule.text, index.rules, docname, skip=rule.id), classes=["hadara-rule-text"]
            )
            section += ruling_admonition(rule, index, docname)
            out.append(section)
        return out


class RuleIndexDirective(SphinxDirective):
    """``hadara-rule-index``: the rule areas in the order of play with their pages and rule IDs."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        index = rule_index(self.config)
        self.env.note_dependency(str(index.path))
        docname = _docname(self.env)
        areas = [area for area, _title in AREAS if index.area(area)]
        areas += [area for area in index.areas if area not in AREA_TITLES]
        rows = []
        for area in areas:
            rules = index.area(area)
            ids: list[nodes.Node] = []
            for rule in rules:
                if ids:
                    ids.append(nodes.Text(" "))
                ids.append(_rule_xref(rule.id, rule.id, docname))
            title = AREA_TITLES.get(area, area)
            ref = addnodes.pending_xref(
                "",
                refdomain="std",
                reftype="doc",
                reftarget=f"/rules/{area}",
                refexplicit=True,
                refwarn=True,
                refdoc=docname,
            )
            ref += nodes.inline(title, title)
            rows.append([[ref], [nodes.Text(_pages(rules))], ids])
        total = len(index.rules)
        rulings = sum(rule.ruling for rule in index.rules.values())
        return [
            _paragraph(nodes.Text(f"{total} rules in {len(areas)} areas, {rulings} of them rulings.")),
            _table(["Area", "Rulebook", "Rules"], rows, [24, 14, 62], classes=["hadara-index"]),
        ]


# --------------------------------------------------------------------------- code links (viewcode)


def _app_of(env: BuildEnvironment) -> Sphinx:
    """The application of an environment (``env._app`` since Sphinx 8.2, ``env.app`` before)."""
    app = env.__dict__.get("_app")
    return app if app is not None else env.app


def _docname(env: BuildEnvironment) -> str:
    """The document being read or written."""
    current = getattr(env, "current_document", None)
    return str(current.docname if current is not None else env.docname)


def _viewcode_enabled(app: Sphinx) -> bool:
    """True when viewcode makes source pages for this builder (its own rule, restated)."""
    if "sphinx.ext.viewcode" not in app.extensions:
        return False
    builder = app.builder
    return (
        builder.format == "html"
        and builder.name != "singlehtml"
        and (not builder.name.startswith("epub") or bool(app.config.viewcode_enable_epub))
    )


def register_viewcode_pages(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Make viewcode highlight every module cited by ``implemented_in`` (and anchor the cited names)."""
    if "sphinx.ext.viewcode" not in app.extensions:
        return []
    domain: HadaraDomain = env.get_domain("hadara")  # type: ignore[assignment]
    modules: dict[str, Any] = env.__dict__.setdefault("_viewcode_modules", {})
    for docname, refs in sorted(domain.code.items()):
        for modname, qualname in refs:
            entry = modules.get(modname)
            if entry is False:
                continue
            found = app.events.emit_firstresult("viewcode-find-source", modname)
            if found is None:
                try:
                    analyzer = ModuleAnalyzer.for_module(modname)
                    analyzer.find_tags()
                except Exception:
                    modules[modname] = False
                    continue
                code, tags = analyzer.code, analyzer.tags
            else:
                code, tags = found
            if entry is None or entry[0] != code:
                entry = (code, tags, {}, modname)
                modules[modname] = entry
            used: dict[str, str] = entry[2]
            if qualname in entry[1] and qualname not in used:
                used[qualname] = docname
    return []


class ResolveCodeRefs(SphinxPostTransform):
    """``rule_code_ref`` → a link to the highlighted source, or plain code text for other builders."""

    default_priority = 90

    def run(self, **kwargs: Any) -> None:
        app = _app_of(self.env)
        linked = _viewcode_enabled(app)
        modules: dict[str, Any] = getattr(self.env, "_viewcode_modules", {})
        docname = _docname(self.env)
        placed: set[str] = set(self.document.ids)
        for node in list(self.document.findall(rule_code_ref)):
            content = node.children[0].deepcopy()
            entry = modules.get(node["modname"])
            if not linked or not entry:
                node.replace_self(content)
                continue
            _code, tags, used, refname = entry
            qualname = node["qualname"]
            anchor = qualname if qualname in tags else ""
            page = f"{_VIEWCODE_PAGES}/{node['modname'].replace('.', '/')}"
            ref = make_refnode(app.builder, docname, page, anchor, content, f"source of {node['modname']}")
            backlink = f"{refname}.{qualname}"
            if used.get(qualname) == docname and backlink not in placed:
                placed.add(backlink)
                ref = nodes.inline("", "", ref, ids=[backlink])
            node.replace_self(ref)


# --------------------------------------------------------------------------- running code at build time


def _package_files() -> list[str]:
    spec = importlib.util.find_spec("hadara_rules")
    if spec is None or spec.origin is None:
        return []
    return sorted(str(p) for p in Path(spec.origin).parent.rglob("*.py"))


def _note_package(env: BuildEnvironment) -> None:
    """Re-read a page that shows output of the package whenever the package's code changes."""
    for path in _package_files():
        env.note_dependency(path)


@contextlib.contextmanager
def _terminal(width: int) -> Iterator[None]:
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = saved


@contextlib.contextmanager
def _workdir(folder: Path) -> Iterator[None]:
    """Run in ``folder`` (the scratch folder, where ``spec/`` and ``examples/`` are at hand)."""
    saved = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(saved)


def _elide(text: str, head: int | None, tail: int | None) -> str:
    lines = text.rstrip("\n").split("\n")
    if head is None and tail is None:
        return "\n".join(lines)
    keep_head = lines[: head or 0]
    keep_tail = lines[len(lines) - tail :] if tail else []
    if (head or 0) + (tail or 0) >= len(lines):
        return "\n".join(lines)
    skipped = len(lines) - len(keep_head) - len(keep_tail)
    return "\n".join([*keep_head, f"… ({skipped} more lines) …", *keep_tail])


def _output_block(directive: SphinxDirective, text: str, language: str, caption: str | None) -> nodes.Node:
    block = nodes.literal_block(text, text, language=language, classes=["hadara-output"])
    directive.set_source_info(block)
    if caption:
        return container_wrapper(directive, block, caption)
    return block


class ExampleDirective(SphinxDirective):
    """``hadara-example``: run Python code at build time; show the code and what it printed."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "hide-code": directives.flag,
        "hide-output": directives.flag,
        "reset": directives.flag,
        "output": directives.unchanged,
        "caption": directives.unchanged,
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        _note_package(self.env)
        code = "\n".join(self.content)
        namespace: dict[str, Any] | None = self.env.temp_data.get("hadara_namespace")
        if "reset" in self.options or namespace is None:
            namespace = {"__name__": "__hadara_docs__"}
            self.env.temp_data["hadara_namespace"] = namespace
        captured = io.StringIO()
        source, line = self.get_source_info()
        with (
            _workdir(_scratch(self.env)),
            contextlib.redirect_stdout(captured),
            contextlib.redirect_stderr(captured),
            _terminal(88),
        ):
            try:
                exec(compile(code, f"{source}:{line}", "exec"), namespace)
            except BaseException as exc:
                lines = traceback.format_exception_only(type(exc), exc)
                logger.warning(
                    "the example raised %s",
                    "".join(lines).strip(),
                    location=self.get_location(),
                    type="hadara",
                    subtype="example",
                )
        out: list[nodes.Node] = []
        if "hide-code" not in self.options:
            block = nodes.literal_block(code, code, language="python", classes=["hadara-example"])
            self.set_source_info(block)
            out.append(block)
        printed = _elide(captured.getvalue(), self.options.get("head"), self.options.get("tail"))
        if printed.strip() and "hide-output" not in self.options:
            out.append(
                _output_block(
                    self, printed, self.options.get("output", "text"), self.options.get("caption", "Output")
                )
            )
        return out


class CommandDirective(SphinxDirective):
    """``hadara-command hadara ARGS``: run the ``hadara`` command in-process and show its output."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "status": directives.nonnegative_int,
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        _note_package(self.env)
        line = self.arguments[0]
        argv = shlex.split(line)
        if not argv or argv[0] != "hadara":
            logger.warning(
                "hadara-command runs 'hadara ...' command lines only, not %r",
                line,
                location=self.get_location(),
                type="hadara",
                subtype="command",
            )
            return []
        from hadara_rules.cli import main

        captured = io.StringIO()
        with (
            _workdir(_scratch(self.env)),
            contextlib.redirect_stdout(captured),
            contextlib.redirect_stderr(captured),
            _terminal(88),
        ):
            try:
                status = main(argv[1:])
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
            except BaseException as exc:
                status = -1
                captured.write("".join(traceback.format_exception_only(type(exc), exc)))
        expected = self.options.get("status", 0)
        if status != expected:
            logger.warning(
                "%r exited with status %s (expected %s): %s",
                line,
                status,
                expected,
                captured.getvalue().strip()[-300:],
                location=self.get_location(),
                type="hadara",
                subtype="command",
            )
        text = f"$ {line}\n" + _elide(captured.getvalue(), self.options.get("head"), self.options.get("tail"))
        if status:
            text += f"\n$ echo $?\n{status}"
        block = nodes.literal_block(text, text, language="console", classes=["hadara-command"])
        self.set_source_info(block)
        return [block]


def _scratch(env: BuildEnvironment) -> Path:
    """The working folder of examples and commands: ``spec`` and ``examples`` of the project are in it."""
    folder = Path(env.doctreedir) / "hadara-scratch"
    folder.mkdir(parents=True, exist_ok=True)
    root = Path(env.config.hadara_rules_root)
    for name in ("spec", "examples"):
        link = folder / name
        if link.exists() or not (root / name).exists():
            continue
        try:
            link.symlink_to(root / name, target_is_directory=True)
        except OSError:
            shutil.copytree(root / name, link)
    return folder


# --------------------------------------------------------------------------- checks at the end of reading


def report_index_problems(app: Sphinx) -> None:
    index = rule_index(app.config)
    for rule_id, problem in index.problems:
        logger.warning("%s", problem, location=index.where(rule_id), type="hadara", subtype="spec")
    for area in index.areas:
        if area not in AREA_TITLES:
            first = next(rule.id for rule in index.rules.values() if rule.area == area)
            logger.warning(
                "rule area %r is not one of the areas in the order of play (%s)",
                area,
                ", ".join(AREA_TITLES),
                location=index.where(first),
                type="hadara",
                subtype="area",
            )
    if index.unrendered_keys:
        logger.info(
            "hadara: keys of spec/rules.yaml the site does not render: %s",
            ", ".join(sorted(index.unrendered_keys)),
        )


def check_consistency(app: Sphinx, env: BuildEnvironment) -> None:
    index = rule_index(app.config)
    domain: HadaraDomain = env.get_domain("hadara")  # type: ignore[assignment]
    for area in index.areas:
        if area not in domain.areas:
            first = next(rule.id for rule in index.rules.values() if rule.area == area)
            logger.warning(
                "rule area %r has no page: add one containing a hadara-rules directive for it",
                area,
                location=index.where(first),
                type="hadara",
                subtype="area",
            )
    missing = [rule_id for rule_id in index.rules if rule_id not in domain.rules]
    if missing:
        logger.warning(
            "rules not rendered on any page: %s",
            ", ".join(missing),
            location=index.where(missing[0]),
            type="hadara",
            subtype="area",
        )
    _check_api_coverage(app, env)


def _public_names(modname: str) -> list[str]:
    """``__all__``, or else every public name the module's own source defines at top level."""
    module = importlib.import_module(modname)
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    tree = ast.parse(ModuleAnalyzer.for_module(modname).code)
    defined: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.append(statement.name)
        elif isinstance(statement, ast.Assign):
            defined.extend(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            defined.append(statement.target.id)
    return sorted({name for name in defined if not name.startswith("_")})


def _lookup(fullname: str) -> object:
    """The object a documented dotted name stands for (module, then attributes); a sentinel if none."""
    parts = fullname.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:  # not a module: try a shorter prefix
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            return _MISSING
        return obj
    return _MISSING


_MISSING = object()


def _has_identity(obj: object) -> bool:
    return obj is not _MISSING and isinstance(obj, type | types.FunctionType)


def _check_api_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    """Every public name of ``hadara_rules_api_coverage``'s modules is documented (under any name)."""
    coverage: Mapping[str, Sequence[str]] = app.config.hadara_rules_api_coverage
    if not coverage:
        return
    documented_names = set(env.get_domain("py").objects)  # type: ignore[attr-defined]
    # a class or function documented under another name (hadara_rules.X for hadara_rules.catalogue.X)
    # counts; data must be documented under its own name (two constants may be the same small int)
    objects = (_lookup(name) for name in documented_names if name.startswith(tuple(coverage)))
    documented = {id(obj) for obj in objects if _has_identity(obj)}
    for modname, excluded in coverage.items():
        try:
            module = importlib.import_module(modname)
            names = _public_names(modname)
        except Exception as exc:
            logger.warning(
                "cannot import %s to check its documentation: %s", modname, exc, type="hadara", subtype="api"
            )
            continue
        missing = [
            name
            for name in names
            if name not in excluded
            and f"{modname}.{name}" not in documented_names
            and not (
                _has_identity(getattr(module, name, _MISSING)) and id(getattr(module, name)) in documented
            )
        ]
        if missing:
            logger.warning(
                "public names of %s without documentation: %s",
                modname,
                ", ".join(missing),
                type="hadara",
                subtype="api",
            )


# --------------------------------------------------------------------------- setup


_FORWARD_REF = re.compile(r"TypeAliasForwardRef\('([^']+)'\)")


def tidy_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    """Show ``autodoc_type_aliases`` names inside generics as the alias (not ``TypeAliasForwardRef(...)``)
    and an ``attrs`` factory default as ``<factory>`` (not ``NOTHING``)."""

    def tidy(text: str | None) -> str | None:
        if text is None:
            return None
        return _FORWARD_REF.sub(r"\1", text).replace("= NOTHING", "= <factory>")

    return tidy(signature), tidy(return_annotation)


def _default_root(config: Any) -> str:
    return str(Path(config.hadara_rules_spec).resolve().parent.parent)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the role, the domain and the checks."""
    app.add_config_value(
        "hadara_rules_spec",
        str(Path(app.confdir).parent / "spec" / "rules.yaml"),
        "env",
        types=frozenset({str}),
    )
    app.add_config_value("hadara_rules_root", _default_root, "env", types=frozenset({str}))
    app.add_config_value("hadara_rules_api_coverage", {}, "env", types=frozenset({dict}))
    app.setup_extension("sphinx.ext.autodoc")
    app.connect("autodoc-process-signature", tidy_signature)
    app.add_domain(HadaraDomain)
    app.add_role("rule", RuleRole())
    app.add_directive("hadara-rules", RulesDirective)
    app.add_directive("hadara-rulings", RulingsDirective)
    app.add_directive("hadara-rule-index", RuleIndexDirective)
    app.add_directive("hadara-example", ExampleDirective)
    app.add_directive("hadara-command", CommandDirective)
    app.add_node(rule_code_ref)
    app.add_post_transform(ResolveCodeRefs)
    app.connect("builder-inited", report_index_problems)
    app.connect("env-updated", register_viewcode_pages)
    app.connect("env-check-consistency", check_consistency)
    return {"version": "1", "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
