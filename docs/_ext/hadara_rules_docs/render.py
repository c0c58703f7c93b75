"""docutils nodes the generated pages are built from: paragraphs, tables, fields, rule links."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from docutils import nodes
from sphinx import addnodes

from boardtable.games import DEFAULT

from .spec import rule_key

_RULE_ID = re.compile(r"\b([A-Z]+-\d+)\b")
_INLINE = re.compile(r"`([^`]+)`|\*([^*\s][^*]*?)\*")


def rule_xref(key: str, text: str, docname: str, explicit: bool = False) -> addnodes.pending_xref:
    """A link to a rule's anchor (``key``: the rule's ID for the default game, else
    ``GAME:ID``), resolved by the ``hadara`` domain once every page is read."""
    return domain_xref("rule", key, text, docname, explicit)


def area_xref(name: str, area: str, docname: str) -> addnodes.pending_xref:
    """A link to the page of the game ``name``'s rule ``area``, shown by the page's title."""
    return domain_xref("area", f"{name}:{area}", area, docname)


def domain_xref(
    kind: str, target: str, text: str, docname: str, explicit: bool = False
) -> addnodes.pending_xref:
    """A link to something the ``hadara`` domain knows: a rule, a rule area's page."""
    ref = addnodes.pending_xref(
        "",
        refdomain="hadara",
        reftype=kind,
        reftarget=target,
        refexplicit=explicit,
        refwarn=True,
        refdoc=docname,
    )
    ref += nodes.inline(text, text, classes=["xref"] if explicit else ["xref", "hadara-rule"])
    return ref


def inline(
    text: str, known: Mapping[str, object], docname: str, skip: str | None = None, game: str = DEFAULT
) -> list[nodes.Node]:
    """A rule text as inline nodes: ``*emphasis*``, ```code```, and links for the rule IDs it names
    (those in ``known``, the rules of ``game``, except ``skip``: the rule the text belongs to)."""
    out: list[nodes.Node] = []
    position = 0
    for match in _INLINE.finditer(text):
        out.extend(_linked_ids(text[position : match.start()], known, docname, skip, game))
        if match.group(1) is not None:
            out.append(nodes.literal(match.group(1), match.group(1)))
        else:
            out.append(nodes.emphasis("", "", *_linked_ids(match.group(2), known, docname, skip, game)))
        position = match.end()
    out.extend(_linked_ids(text[position:], known, docname, skip, game))
    return out


def _linked_ids(
    text: str, known: Mapping[str, object], docname: str, skip: str | None, game: str
) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    position = 0
    for match in _RULE_ID.finditer(text):
        rule_id = match.group(1)
        if rule_id not in known or rule_id == skip:
            continue
        if match.start() > position:
            out.append(nodes.Text(text[position : match.start()]))
        out.append(rule_xref(rule_key(game, rule_id), rule_id, docname))
        position = match.end()
    if position < len(text):
        out.append(nodes.Text(text[position:]))
    return out


def paragraph(*children: nodes.Node, classes: Sequence[str] = ()) -> nodes.paragraph:
    para = nodes.paragraph("", "", *children)
    para["classes"].extend(classes)
    return para


def table(
    header: Sequence[str],
    rows: Sequence[Sequence[Sequence[nodes.Node]]],
    widths: Sequence[int],
    classes: Sequence[str] = (),
) -> nodes.table:
    """A table with a header row; each cell is a paragraph of the given nodes, led by the column's
    name for narrow screens, where the stylesheet stacks the cells of a row (and hides the names
    elsewhere)."""
    out = nodes.table(classes=["hadara-table", *classes])
    group = nodes.tgroup(cols=len(header))
    out += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in header:
        row += nodes.entry("", paragraph(nodes.Text(text)))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for label, cell in zip(header, cells, strict=True):
            # the column's name, shown only where the table is stacked (narrow screens)
            shown = nodes.inline(label, label, classes=["hadara-cell-label"])
            row += nodes.entry("", paragraph(shown, *cell))
        body += row
    return out


def field(name: str, *body: nodes.Node) -> nodes.field:
    return nodes.field("", nodes.field_name(name, name), nodes.field_body("", *body))


def comma_list(items: Sequence[nodes.Node]) -> nodes.Element:
    """One item as a paragraph, several as a compact bullet list."""
    if len(items) == 1:
        return paragraph(items[0])
    bullets = nodes.bullet_list(classes=["simple"])
    for item in items:
        bullets += nodes.list_item("", paragraph(item))
    return bullets
