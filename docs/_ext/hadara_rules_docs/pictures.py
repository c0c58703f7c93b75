"""Pictures of positions, drawn at build time with :func:`hadara_rules.render_svg`.

A picture is a ``position_picture`` node holding the SVG text. The HTML writer
saves it as ``_images/positions/<digest>.svg`` in the output folder (the same
picture on several pages is one file) and shows it as an image linked to the
file at full size; other builders leave it out. Nothing is written into the
source tree.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxTranslator

from hadara_rules import GameState, render_svg

#: Where the pictures go, under the builder's image folder.
FOLDER = "positions"
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_SIZE = re.compile(r'<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"')


class position_picture(nodes.General, nodes.Inline, nodes.Element):
    """An SVG picture of a position (``svg``: the text, ``alt``: what it shows)."""


def picture(
    state: GameState, caption: list[nodes.Node] | None = None, viewer: int | None = None
) -> nodes.figure:
    """A figure of the position, with a caption when given."""
    svg = render_svg(state, viewer)
    title = _TITLE.search(svg)
    alt = html.unescape(title.group(1)) if title else "a position of the game"
    figure = nodes.figure(classes=["hadara-position"])
    figure += position_picture("", svg=svg, alt=f"Picture of the table: {alt}")
    if caption:
        figure += nodes.caption("", "", *caption)
    return figure


def visit_html(translator: SphinxTranslator, node: position_picture) -> None:
    svg: str = node["svg"]
    name = hashlib.sha256(svg.encode()).hexdigest()[:16] + ".svg"
    builder = translator.builder
    folder = Path(builder.outdir) / builder.imagedir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    if not target.exists():
        target.write_text(svg, encoding="utf-8")
    uri = posixpath.join(str(getattr(builder, "imgpath", builder.imagedir)), FOLDER, name)
    size = _SIZE.search(svg)
    dimensions = f' width="{size.group(1)}" height="{size.group(2)}"' if size else ""
    alt = html.escape(node["alt"], quote=True)
    body: list[str] = getattr(translator, "body")  # noqa: B009 (the HTML translator's output list)
    body.append(
        f'<a class="hadara-position-link reference external" href="{uri}" title="open the picture at full size">'
        f'<img class="hadara-position-svg" src="{uri}" alt="{alt}"{dimensions}/></a>'
    )
    raise nodes.SkipNode


def skip(translator: SphinxTranslator, node: position_picture) -> None:
    raise nodes.SkipNode


def setup_pictures(app: Sphinx) -> None:
    """Register the picture node: an image file for HTML, nothing for the other writers."""
    app.add_node(
        position_picture,
        html=(visit_html, None),
        latex=(skip, None),
        text=(skip, None),
        man=(skip, None),
        texinfo=(skip, None),
    )
