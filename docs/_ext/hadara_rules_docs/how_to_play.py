"""A seeded game told with pictures: the ``hadara-game`` and ``hadara-position`` directives.

``hadara-game`` (options ``players``, ``seed``, ``bot``: ``greedy`` by default)
    Plays a seeded game with the built-in bots, at build time, for the rest of the
    page (with the events of every move, from
    :func:`hadara_rules.apply_move_with_events`).
``hadara-position`` (options ``epoch``, ``phase``, ``section``, ``move``, ``final``, ``events``,
``score``, ``parts``)
    A picture of one position of that game, the directive's content as its
    caption, followed by what happened on the way to it, each line with its
    rules: with ``:events: since`` (the default) every event since the page's
    previous picture, with ``:events: last`` those of the last move only (and of
    the automatic steps after it), with ``:events: none`` nothing. The position
    is the one before the ``move``-th decision (from 0) of the section named, or
    after its last decision with ``:move: end``; ``:final:`` shows the end of the
    game, and ``:score:`` adds the score pad of the position. ``:parts:`` names
    the parts of the picture to show (``wheel``, ``supply``, ``P0``... for a
    player's board, separated by commas); all of them by default.
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

from hadara_rules import GameConfig, GameState, Move, Phase, Section, legal_moves, new_game, score
from hadara_rules._text import event_lines as lines_of
from hadara_rules.bots import BOTS, make_bots
from hadara_rules.events import (
    Event,
    Events,
    apply_move_with_events,
)

from . import _sphinx
from .pictures import part_index, picture
from .render import inline, paragraph, table
from .spec import all_rules

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One decision of the game: the position before it, the move, the position after, the events."""

    before: GameState
    move: Move
    after: GameState
    events: Events


@functools.cache
def seeded_game(players: int, seed: int, bot: str) -> tuple[Step, ...]:
    """Every decision of a seeded game played by ``bot`` bots, in order."""
    bots = make_bots(bot, players, seed)
    state = new_game(GameConfig(players=players, seed=seed))
    steps: list[Step] = []
    while not state.is_over:
        seat = state.to_act[0]
        move = bots[seat].choose(state, seat, legal_moves(state, seat))
        after, events = apply_move_with_events(state, move)
        steps.append(Step(state, move, after, events))
        state = after
    return tuple(steps)


class GameDirective(SphinxDirective):
    """``hadara-game``: the seeded game the page's ``hadara-position`` pictures come from."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "bot": lambda text: directives.choice(text, tuple(BOTS)),
    }

    def run(self) -> list[nodes.Node]:
        page = _sphinx.page_data(self.env)
        page["hadara_game"] = (
            int(self.options.get("players", 3)),
            int(self.options.get("seed", 1)),
            str(self.options.get("bot", "greedy")),
        )
        return []


def _section(text: str) -> str:
    return directives.choice(text, tuple(section.value for section in Section))


def _move(text: str) -> str:
    return "end" if text.strip() == "end" else str(directives.nonnegative_int(text))


class PositionDirective(SphinxDirective):
    """``hadara-position``: a picture of one position of the page's seeded game."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "epoch": lambda text: directives.choice(text, ("1", "2", "3")),
        "phase": lambda text: directives.choice(text, ("A", "B")),
        "section": _section,
        "move": _move,
        "final": directives.flag,
        "events": lambda text: directives.choice(text, ("since", "last", "none")),
        "score": directives.flag,
        "parts": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        game = _sphinx.page_data(self.env).get("hadara_game")
        if game is None:
            return self._warn("hadara-position needs a hadara-game directive earlier on the page")
        steps = seeded_game(*game)
        docname = _sphinx.docname(self.env)
        found = self._position(steps)
        if isinstance(found, str):
            return self._warn(found)
        page = _sphinx.page_data(self.env)
        shown: int = page.get("hadara_position", 0)
        page["hadara_position"] = found
        state = steps[found - 1].after if found else steps[0].before
        which = self.options.get("events", "since")
        first = {"since": min(shown, found), "last": max(found - 1, 0), "none": found}[which]
        events = tuple(event for step in steps[first:found] for event in step.events)
        caption: list[nodes.Node] = []
        if self.content:
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            for child in holder.children:
                if caption:
                    caption.append(nodes.Text(" "))
                caption.extend(child.children if isinstance(child, nodes.paragraph) else [child])
        parts = self._parts(len(state.players))
        if isinstance(parts, str):
            return self._warn(parts)
        out: list[nodes.Node] = [picture(state, caption, parts=parts)]
        lines = event_lines(events, docname)
        if lines:
            box = nodes.container(classes=["hadara-events"])
            label = (
                "What happened since the previous picture" if which == "since" else "What the last move did"
            )
            box += paragraph(nodes.strong(label, label), nodes.Text(":"))
            bullets = nodes.bullet_list(classes=["simple"])
            for line in lines:
                bullets += nodes.list_item("", paragraph(*line))
            box += bullets
            out.append(box)
        if "score" in self.options:
            out.append(score_table(state))
        return out

    def _position(self, steps: Sequence[Step]) -> int | str:
        """How many decisions of the game come before the position asked for (or what is wrong)."""
        if "final" in self.options:
            return len(steps)
        if "section" not in self.options:
            return "hadara-position needs :section: or :final:"
        epoch = int(self.options.get("epoch", "1"))
        section = Section(self.options["section"])
        phase = Phase(self.options["phase"]) if "phase" in self.options else None
        found = [
            index
            for index, step in enumerate(steps)
            if step.before.epoch == epoch
            and step.before.section is section
            and (phase is None or step.before.phase is phase)
        ]
        if not found:
            return f"the game has no decision in the {section.value} section of epoch {epoch}"
        which = self.options.get("move", "0")
        if which == "end":
            return found[-1] + 1
        if int(which) < len(found):
            return found[int(which)]
        return f"the section has {len(found)} decisions, not {int(which) + 1}"

    def _parts(self, players: int) -> list[int] | str | None:
        """The parts of the picture named by ``:parts:`` (None: all of them), or what is wrong."""
        if "parts" not in self.options:
            return None
        found: list[int] = []
        for name in (word.strip() for word in self.options["parts"].split(",")):
            index = part_index(name, players)
            if index is None:
                return f"hadara-position: no part {name!r} in a {players}-player game (wheel, supply, P0...)"
            found.append(index)
        return found

    def _warn(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="hadara", subtype="position")
        return []


def score_table(state: GameState) -> nodes.table:
    """The score pad of a position: a row per player, a column per category."""
    header = ["Player", "Colonies", "Statues", "Silver", "Gold", "Cards", "Coins", "Total"]
    rows: list[list[list[nodes.Node]]] = []
    for sheet in score(state):
        values = (sheet.colonies, sheet.statues, sheet.silver, sheet.gold, sheet.cards, sheet.coins)
        row: list[list[nodes.Node]] = [[nodes.Text(f"P{sheet.player}")]]
        row += [[nodes.Text(str(value))] for value in values]
        row.append([nodes.strong(str(sheet.total), str(sheet.total))])
        rows.append(row)
    return table(header, rows, [16, 12, 12, 12, 12, 12, 12, 12], classes=["hadara-score"])


def event_lines(events: Sequence[Event], docname: str) -> list[list[nodes.Node]]:
    """The events as lines for players (:func:`hadara_rules._text.event_lines`), each rule a link."""
    known = all_rules()
    out: list[list[nodes.Node]] = []
    for entry in lines_of(events):
        words = entry.text + (": " + ", ".join(entry.details) if entry.details else "")
        line: list[nodes.Node] = [nodes.Text(words + " (")]
        for index, rule in enumerate(entry.rules):
            if index:
                line.append(nodes.Text(", "))
            line.extend(inline(rule, known, docname))
        line.append(nodes.Text(")"))
        out.append(line)
    return out
