"""A seeded game of Stone Age told with pictures: the ``stone-age-game`` and
``stone-age-position`` directives.

``stone-age-game`` (options ``players``: 3 by default, ``seed``: 1 by default, ``bot``: ``greedy``
by default)
    Plays a seeded game with the built-in bots at build time, for the rest of the page, as
    ``hadara play --game stone-age --players N --seed S`` plays it: through the game interface,
    each seat's bot seeded ``S:SEAT`` and deciding from its seat's view, with the events of
    every move.
``stone-age-position``
    A position as a seat sees it at the web table, drawn in parts by
    :func:`stone_age_rules.picture.render_svg_parts` (``board``: the locations; ``supply``: the
    building stacks and the cards on display; ``P0``, ``P1``...: a player's board), the
    directive's content as its caption, with a link to the whole table in one picture.

    Of the page's game: the position before the ``move``-th decision (from 0) of the ``round``
    (1 by default) or of its ``phase`` in it (``place``, ``act``, ``feed``), or after its last
    decision with ``:move: end``; ``:final:`` shows the end of the game and ``:score:`` adds
    every player's score sheet. Then what happened on the way to it, each line with its rule
    linked: with ``:events: since`` (the default) every event since the page's previous
    picture, with ``:events: last`` those of the last decision only (and of the automatic
    steps after it), with ``:events: none`` nothing.

    Or a game of its own, where ``seed`` is given (with ``players``, 2 by default): the position
    after its first ``moves`` decisions, without events.

    Both: ``viewer``, the seat whose view is drawn (P0 by default), and ``parts``, the parts
    to show (all of them by default), named as above and separated by commas.

Nothing is written into the source tree.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from boardtable.games import game
from stone_age_rules import Event, GameState, Phase, player_view, score
from stone_age_rules.picture import render_svg, render_svg_parts
from stone_age_rules.text import event_text
from stone_age_rules.view import events_view

from . import _sphinx
from .pictures import position_picture, whole_picture_link
from .render import paragraph, rule_xref, table
from .spec import rule_key

logger = logging.getLogger(__name__)

#: The game's name in the registry.
GAME = "stone-age"
#: The picture's parts before the players' boards, as ``:parts:`` names them.
FIXED_PARTS = ("board", "supply")


@dataclass(frozen=True)
class Step:
    """One decision of the game: the position before it, the position after, the events."""

    before: GameState
    after: GameState
    events: tuple[Event, ...]


@functools.cache
def seeded_game(players: int, seed: int, bot: str) -> tuple[Step, ...]:
    """Every decision of a seeded game played by ``bot`` bots, in order (as ``hadara play
    --game stone-age`` plays it: each seat's bot seeded ``SEED:SEAT``)."""
    played = game(GAME)
    bots = [played.bot(bot, f"{seed}:{seat}", 1.0) for seat in range(players)]
    state: GameState = played.new(played.read_options({}, players, seed))
    steps: list[Step] = []
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        after, events = played.play(state, bots[seat].choose(state, seat))
        steps.append(Step(state, after, events))
        state = after
    return tuple(steps)


class StoneAgeGameDirective(SphinxDirective):
    """``stone-age-game``: the seeded game the page's ``stone-age-position`` pictures come from."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "players": lambda text: int(directives.choice(text, ("2", "3", "4"))),
        "seed": directives.nonnegative_int,
        "bot": lambda text: directives.choice(text, game(GAME).bot_names()),
    }

    def run(self) -> list[nodes.Node]:
        _sphinx.page_data(self.env)["stone_age_game"] = (
            self.options.get("players", 3),
            self.options.get("seed", 1),
            self.options.get("bot", "greedy"),
        )
        return []


def _move(text: str) -> str:
    return "end" if text.strip() == "end" else str(directives.nonnegative_int(text))


class StoneAgePositionDirective(SphinxDirective):
    """``stone-age-position``: a Stone Age position as a seat sees it (see the module)."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "players": lambda text: int(directives.choice(text, ("2", "3", "4"))),
        "seed": directives.nonnegative_int,
        "moves": directives.nonnegative_int,
        "round": directives.positive_int,
        "phase": lambda text: directives.choice(text, ("place", "act", "feed")),
        "move": _move,
        "final": directives.flag,
        "events": lambda text: directives.choice(text, ("since", "last", "none")),
        "score": directives.flag,
        "viewer": directives.nonnegative_int,
        "parts": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        found = self._steps()
        if isinstance(found, str):
            return self._warn(found)
        steps, done, shown = found
        state = steps[done - 1].after if done else steps[0].before
        players = state.config.players
        viewer = self.options.get("viewer", 0)
        if viewer >= players:
            return self._warn(f"stone-age-position: :viewer: must be a seat from 0 to {players - 1}")
        view = player_view(state, viewer)
        drawn = render_svg_parts(view)
        parts = self._parts(players)
        if isinstance(parts, str):
            return self._warn(parts)
        figure = nodes.figure(classes=["hadara-position"])
        figure += position_picture("", parts=[drawn[i] for i in parts] if parts is not None else list(drawn))
        caption: list[nodes.Node] = []
        if self.content:
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            for child in holder.children:
                caption.extend(child.children if isinstance(child, nodes.paragraph) else [child])
                caption.append(nodes.Text(" "))
        figure += nodes.caption("", "", *caption, whole_picture_link("", svg=render_svg(view)))
        out: list[nodes.Node] = [figure]
        which = self.options.get("events", "since") if shown is not None else "none"
        first = {"since": min(shown or 0, done), "last": max(done - 1, 0), "none": done}[which]
        events = events_view([event for step in steps[first:done] for event in step.events], viewer)
        if events:
            out.append(_happened(events, which, _sphinx.docname(self.env)))
        if "score" in self.options:
            out.append(score_table(state))
        return out

    def _steps(self) -> tuple[Sequence[Step], int, int | None] | str:
        """The game, how many of its decisions come before the position asked for, and how many
        came before the page's previous picture of it (None for a game of its own); or what is
        wrong."""
        if "seed" in self.options:
            steps = seeded_game(self.options.get("players", 2), self.options["seed"], "greedy")
            return steps, min(self.options.get("moves", 0), len(steps)), None
        page = _sphinx.page_data(self.env)
        chosen = page.get("stone_age_game")
        if chosen is None:
            return "stone-age-position needs :seed: or a stone-age-game directive earlier on the page"
        steps = seeded_game(*chosen)
        done = self._position(steps)
        if isinstance(done, str):
            return done
        shown: int = page.get("stone_age_position", 0)
        page["stone_age_position"] = done
        return steps, done, shown

    def _position(self, steps: Sequence[Step]) -> int | str:
        """How many decisions of the game come before the position asked for (or what is wrong)."""
        if "final" in self.options:
            return len(steps)
        number = self.options.get("round", 1)
        phase = Phase(self.options["phase"]) if "phase" in self.options else None
        found = [
            index
            for index, step in enumerate(steps)
            if step.before.round == number and (phase is None or step.before.phase is phase)
        ]
        named = f"round {number}" + (f" ({phase.value})" if phase is not None else "")
        if not found:
            return f"the game has no decision in {named}"
        which = self.options.get("move", "0")
        if which == "end":
            return found[-1] + 1
        if int(which) < len(found):
            return found[int(which)]
        return f"{named} has {len(found)} decisions, not {int(which) + 1}"

    def _parts(self, players: int) -> list[int] | str | None:
        """The parts of the picture named by ``:parts:`` (None: all of them), or what is wrong."""
        if "parts" not in self.options:
            return None
        names = [*FIXED_PARTS, *(f"P{seat}" for seat in range(players))]
        found: list[int] = []
        for name in (word.strip() for word in self.options["parts"].split(",")):
            if name not in names:
                return f"stone-age-position: no part {name!r} in a {players}-player game ({', '.join(names)})"
            found.append(names.index(name))
        return found

    def _warn(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="hadara", subtype="position")
        return []


def _happened(events: Sequence[Event], which: str, docname: str) -> nodes.container:
    """The events as a list, each line in a player's words with its rule linked."""
    box = nodes.container(classes=["hadara-events"])
    label = "What happened since the previous picture" if which == "since" else "What the last move did"
    box += paragraph(nodes.strong(label, label), nodes.Text(":"))
    bullets = nodes.bullet_list(classes=["simple"])
    for event in events:
        words = event_text(event).removesuffix(f" ({event.rule})")
        line = [
            nodes.Text(f"{words} ("),
            rule_xref(rule_key(GAME, event.rule), event.rule, docname),
            nodes.Text(")"),
        ]
        bullets += nodes.list_item("", paragraph(*line))
    box += bullets
    return box


#: The lines of a score sheet (SCORE-1 to SCORE-7), as the table's columns name them.
SHEET = (
    ("during_game", "During the game"),
    ("culture", "Culture"),
    ("farmers", "Farmers"),
    ("tool_makers", "Tool makers"),
    ("hut_builders", "Hut builders"),
    ("shamans", "Shamans"),
    ("resources", "Resources"),
)


def score_table(state: GameState) -> nodes.table:
    """Every player's score sheet: a row per player, a column per line, then the total."""
    header = ["Player", *(name for _, name in SHEET), "Total"]
    rows: list[list[list[nodes.Node]]] = []
    for seat, sheet in enumerate(score(state)):
        row: list[list[nodes.Node]] = [[nodes.Text(f"P{seat}")]]
        row += [[nodes.Text(str(getattr(sheet, line)))] for line, _ in SHEET]
        row.append([nodes.strong(str(sheet.total), str(sheet.total))])
        rows.append(row)
    return table(header, rows, [10, 14, 10, 10, 12, 12, 10, 12, 10], classes=["hadara-score"])
