"""Pictures of positions, drawn at build time with :func:`hadara_rules._render.render_svg_parts`.

A picture is a ``position_picture`` node holding the SVG text of its parts (the
wheel, the supply, one board per player), each drawn to be legible at a phone's
width. The HTML writer saves each part as ``_images/positions/<digest>.svg`` in
the output folder (the same part on several pages is one file) and shows the
parts in a grid that the stylesheet lays out to the page's width: two to a row
on a wide screen, one under the other on a phone. Each part links to its file
at full size, and the figure's caption ends with a link to the whole table in
one picture (:func:`hadara_rules.render_svg`). Other builders leave the
pictures out.
Nothing is written into the source tree.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
import re
from collections.abc import Sequence
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxTranslator

from hadara_rules import GameState, render_svg
from hadara_rules._render import render_svg_parts

#: Where the pictures go, under the builder's image folder.
FOLDER = "positions"
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_SIZE = re.compile(r'<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"')


class position_picture(nodes.General, nodes.Inline, nodes.Element):
    """An SVG picture of a position (``parts``: the SVG text of each part shown)."""


class whole_picture_link(nodes.Inline, nodes.Element):
    """A link to the whole table in one picture (``svg``: its SVG text), in a figure's caption."""


#: The names of a picture's parts, as the ``parts`` of :func:`picture` give them: ``wheel``,
#: ``supply``, then ``P0``, ``P1``... (a player's board).
FIXED_PARTS = ("wheel", "supply")


def part_index(name: str, players: int) -> int | None:
    """The position of a named part among :func:`~hadara_rules._render.render_svg_parts`, or None
    when the game has no such part."""
    if name in FIXED_PARTS:
        return FIXED_PARTS.index(name)
    seat = name.removeprefix("P")
    if name.startswith("P") and seat.isdigit() and int(seat) < players:
        return len(FIXED_PARTS) + int(seat)
    return None


def picture(
    state: GameState,
    caption: list[nodes.Node] | None = None,
    viewer: int | None = None,
    parts: Sequence[int] | None = None,
) -> nodes.figure:
    """A figure of the position: its parts (only those numbered in ``parts`` when given, see
    :func:`part_index`), and a caption: the words given, then a link to the whole table in one
    picture."""
    drawn = render_svg_parts(state, viewer)
    chosen = [drawn[i] for i in parts] if parts is not None else list(drawn)
    figure = nodes.figure(classes=["hadara-position"])
    figure += position_picture("", parts=chosen)
    link = whole_picture_link("", svg=render_svg(state, viewer))
    words = [*caption, nodes.Text(" ")] if caption else []
    figure += nodes.caption("", "", *words, link)
    return figure


def _alt(svg: str) -> str:
    title = _TITLE.search(svg)
    return "Picture of " + (html.unescape(title.group(1)) if title else "a position of the game")


def _saved(translator: SphinxTranslator, svg: str) -> str:
    """The URI of a picture, saved once under the builder's image folder."""
    name = hashlib.sha256(svg.encode()).hexdigest()[:16] + ".svg"
    builder = translator.builder
    folder = Path(builder.outdir) / builder.imagedir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    if not target.exists():
        target.write_text(svg, encoding="utf-8")
    return posixpath.join(str(getattr(builder, "imgpath", builder.imagedir)), FOLDER, name)


def visit_html(translator: SphinxTranslator, node: position_picture) -> None:
    out = ['<div class="hadara-position-parts">']
    for svg in node["parts"]:
        uri = _saved(translator, svg)
        size = _SIZE.search(svg)
        dimensions = f' width="{size.group(1)}" height="{size.group(2)}"' if size else ""
        alt = html.escape(_alt(svg), quote=True)
        out.append(
            f'<a class="hadara-position-link reference external" href="{uri}" '
            f'title="open this part at full size"><img class="hadara-position-svg" src="{uri}" '
            f'alt="{alt}"{dimensions}/></a>'
        )
    out.append("</div>")
    body: list[str] = getattr(translator, "body")  # noqa: B009 (the HTML translator's output list)
    body.append("".join(out))
    raise nodes.SkipNode


def visit_whole_html(translator: SphinxTranslator, node: whole_picture_link) -> None:
    uri = _saved(translator, node["svg"])
    body: list[str] = getattr(translator, "body")  # noqa: B009 (the HTML translator's output list)
    body.append(
        f'<a class="hadara-position-whole reference external" href="{uri}">'
        "The whole table in one picture.</a>"
    )
    raise nodes.SkipNode


def skip(translator: SphinxTranslator, node: position_picture) -> None:
    raise nodes.SkipNode


def setup_pictures(app: Sphinx) -> None:
    """Register the picture nodes: image files for HTML, nothing for the other writers."""
    for node, visit in ((position_picture, visit_html), (whole_picture_link, visit_whole_html)):
        app.add_node(
            node,
            html=(visit, None),
            latex=(skip, None),
            text=(skip, None),
            man=(skip, None),
            texinfo=(skip, None),
        )
