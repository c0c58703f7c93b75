"""Pictures of Stone Age positions, drawn at build time: the ``stone-age-position`` directive.

``stone-age-position`` (options ``players``: 2 by default, ``seed``, ``moves``: how many
moves the greedy bots play from the start, ``viewer``: the seat whose view is drawn, P0 by
default) shows the position as a seat sees it at the web table, drawn in parts by
:func:`stone_age_rules.picture.render_svg_parts` (the board, the buildings and cards, each
player's board), the directive's content as its caption, with a link to the whole table in
one picture. Nothing is written into the source tree.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from stone_age_rules import GameConfig, GameState, apply_move, new_game, player_view
from stone_age_rules.bots import make_bot
from stone_age_rules.picture import render_svg, render_svg_parts

from .pictures import position_picture, whole_picture_link


@functools.cache
def _position(players: int, seed: int, moves: int) -> GameState:
    """The position after the greedy bots' first ``moves`` moves of a seeded game."""
    bot = make_bot("greedy", seed)
    state = new_game(GameConfig(players=players, seed=seed))
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act[0]
        state = apply_move(state, bot.choose(player_view(state, seat), seat))
    return state


class StoneAgePositionDirective(SphinxDirective):
    """``stone-age-position``: a Stone Age position as a seat sees it (see the module)."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "players": lambda text: int(directives.choice(text, ("2", "3", "4"))),
        "seed": directives.nonnegative_int,
        "moves": directives.nonnegative_int,
        "viewer": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        players = self.options.get("players", 2)
        viewer = self.options.get("viewer", 0)
        if viewer >= players:
            raise self.error(f"stone-age-position: :viewer: must be a seat from 0 to {players - 1}")
        state = _position(players, self.options.get("seed", 0), self.options.get("moves", 0))
        view = player_view(state, viewer)
        figure = nodes.figure(classes=["hadara-position"])
        figure += position_picture("", parts=list(render_svg_parts(view)))
        caption: list[nodes.Node] = []
        if self.content:
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            for child in holder.children:
                caption.extend(child.children if isinstance(child, nodes.paragraph) else [child])
                caption.append(nodes.Text(" "))
        figure += nodes.caption("", "", *caption, whole_picture_link("", svg=render_svg(view)))
        return [figure]
