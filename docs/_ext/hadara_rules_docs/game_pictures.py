"""A seeded game of any registered game told with pictures: the ``game-play`` and
``game-position`` directives, made from the game interface alone
(:func:`boardtable.games.game`: ``new``, ``play``, ``view``, ``picture``, ``picture_parts``,
``stage``, ``events_seen``, ``told``, ``score_lines``, ``bot``).

``game-play`` (argument: the game's name; options ``players``: 3 by default, ``seed``: 1 by
default, ``bot``: ``greedy`` by default)
    Plays a seeded game with the game's bots at build time, for the rest of the page, as
    ``hadara play --game NAME --players N --seed S`` plays it: each seat's bot seeded
    ``S:SEAT``, with the events of every move.
``game-position``
    A position as a seat sees it at the web table, drawn in the game's named parts
    (``picture_parts``: Stone Age's ``board``, ``supply``, ``P0``…; Imperial Settlers'
    ``table``, ``P0``…), the directive's content as its caption, with a link to the whole
    table in one picture.

    Of the page's game: the position before the ``move``-th decision (from 0) of those where
    the game stands at ``at`` (the game's own words for where it is, its ``stage``, as
    ``NAME VALUE`` pairs separated by commas: ``:at: round 2, phase act``; every decision of
    the game when not given), or after the last of them with ``:move: end``;
    ``:decision: N`` is the position before the game's ``N``-th decision (from 0),
    ``:final:`` the end of the game, and ``:score:`` adds every player's score sheet. Then
    what happened on the way to it, each line with its rule linked: with ``:events: since``
    (the default) every event since the page's previous picture, with ``:events: last``
    those of the last decision only (and of the automatic steps after it), with ``:events:
    none`` nothing.

    Or a game of its own, where ``seed`` is given (with ``players``, 2 by default; of the
    page's game, or of the game ``game`` names): the position after its first ``moves``
    decisions, without events.

    Both: ``viewer``, the seat whose view is drawn (P0 by default; ``all``: the whole position,
    as no seat sees it, with every event), and ``parts``, the parts to show (all of them by
    default), named as the game names them and separated by commas.

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

from boardtable.games import AnyGame, game, names

from . import _sphinx
from .pictures import position_picture, whole_picture_link
from .render import paragraph, rule_xref, table
from .spec import rule_key

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One decision of the game: the position before it, the move, the position after, the events."""

    before: Any
    move: Any
    after: Any
    events: tuple[Any, ...]


@functools.cache
def seeded_game(name: str, players: int, seed: int, bot: str) -> tuple[Step, ...]:
    """Every decision of a seeded game of ``name`` played by ``bot`` bots, in order (as
    ``hadara play --game NAME`` plays it: each seat's bot seeded ``SEED:SEAT``)."""
    played = game(name)
    bots = [played.bot(bot, f"{seed}:{seat}", 1.0) for seat in range(players)]
    state = played.new(played.read_options({}, players, seed))
    steps: list[Step] = []
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        move = bots[seat].choose(state, seat)
        after, events = played.play(state, move)
        steps.append(Step(state, move, after, events))
        state = after
    return tuple(steps)


def _players(text: str) -> int:
    return directives.positive_int(text)


def _game_name(text: str) -> str:
    return str(directives.choice(text.strip(), names()))


class GamePlayDirective(SphinxDirective):
    """``game-play NAME``: the seeded game the page's ``game-position`` pictures come from."""

    has_content = False
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "players": _players,
        "seed": directives.nonnegative_int,
        "bot": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in names():
            return _warn(self, f"game-play: no game {name!r} (the games are {', '.join(names())})")
        played = game(name)
        players = self.options.get("players", 3)
        low, high = played.seats
        if not low <= players <= high:
            return _warn(self, f"game-play: {played.title} has {low} to {high} players, not {players}")
        bot = self.options.get("bot", "greedy")
        if bot not in played.bot_names():
            return _warn(self, f"game-play: no bot {bot!r} ({', '.join(played.bot_names())})")
        _sphinx.page_data(self.env)["game_play"] = (name, players, self.options.get("seed", 1), bot)
        return []


def _move(text: str) -> str:
    return "end" if text.strip() == "end" else str(directives.nonnegative_int(text))


def _viewer(text: str) -> int | None:
    """A seat, or ``all`` (None): the whole position."""
    return None if text.strip() == "all" else int(directives.nonnegative_int(text))


def _at(text: str) -> tuple[tuple[str, str], ...]:
    """``round 2, phase act``: the pairs of a name and a value of ``:at:``."""
    pairs = []
    for item in text.split(","):
        words = item.split()
        if len(words) != 2:
            raise ValueError(f"expected NAME VALUE pairs separated by commas, not {item.strip()!r}")
        pairs.append((words[0], words[1]))
    return tuple(pairs)


class GamePositionDirective(SphinxDirective):
    """``game-position``: a position of a game as a seat sees it (see the module)."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "game": _game_name,
        "players": _players,
        "seed": directives.nonnegative_int,
        "moves": directives.nonnegative_int,
        "at": _at,
        "decision": directives.nonnegative_int,
        "move": _move,
        "final": directives.flag,
        "events": lambda text: directives.choice(text, ("since", "last", "none")),
        "score": directives.flag,
        "viewer": _viewer,
        "parts": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        found = self._steps()
        if isinstance(found, str):
            return _warn(self, f"game-position: {found}")
        played, steps, done, shown = found
        state = steps[done - 1].after if done else steps[0].before
        players = len(played.totals(state))
        viewer: int | None = self.options.get("viewer", 0)
        if viewer is not None and viewer >= players:
            return _warn(self, f"game-position: :viewer: must be a seat from 0 to {players - 1} or all")
        view = state if viewer is None else played.view(state, viewer)
        drawn = dict(played.picture_parts(view))
        chosen = self._parts(drawn)
        if isinstance(chosen, str):
            return _warn(self, f"game-position: {chosen}")
        figure = nodes.figure(classes=["hadara-position"])
        figure += position_picture("", parts=[drawn[name] for name in chosen])
        caption: list[nodes.Node] = []
        if self.content:
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            for child in holder.children:
                caption.extend(child.children if isinstance(child, nodes.paragraph) else [child])
                caption.append(nodes.Text(" "))
        figure += nodes.caption("", "", *caption, whole_picture_link("", svg=played.picture(view)))
        out: list[nodes.Node] = [figure]
        which = self.options.get("events", "since") if shown is not None else "none"
        first = {"since": min(shown or 0, done), "last": max(done - 1, 0), "none": done}[which]
        seen = tuple(
            event
            for step in steps[first:done]
            for event in (
                step.events if viewer is None else played.events_seen(step.events, viewer, step.after)
            )
        )
        lines = played.told(seen)
        if lines:
            out.append(_happened(played, lines, which, _sphinx.docname(self.env)))
        if "score" in self.options:
            out.append(score_table(played, state))
        return out

    def _steps(self) -> tuple[AnyGame, Sequence[Step], int, int | None] | str:
        """The game, its decisions, how many of them come before the position asked for, and
        how many came before the page's previous picture of it (None for a game of its own);
        or what is wrong."""
        page = _sphinx.page_data(self.env)
        chosen = page.get("game_play")
        if "seed" in self.options:
            name = self.options.get("game", chosen[0] if chosen else None)
            if name is None:
                return "a game of its own (:seed:) needs :game: or a game-play directive earlier on the page"
            players = self.options.get("players", 2)
            low, high = game(name).seats
            if not low <= players <= high:
                return f"{game(name).title} has {low} to {high} players, not {players}"
            steps = seeded_game(name, players, self.options["seed"], "greedy")
            return game(name), steps, min(self.options.get("moves", 0), len(steps)), None
        if chosen is None:
            return "needs :seed: or a game-play directive earlier on the page"
        played = game(chosen[0])
        steps = seeded_game(*chosen)
        done = self._position(played, steps)
        if isinstance(done, str):
            return done
        shown: int = page.get("game_position", 0)
        page["game_position"] = done
        return played, steps, done, shown

    def _position(self, played: AnyGame, steps: Sequence[Step]) -> int | str:
        """How many decisions of the game come before the position asked for (or what is wrong)."""
        if "final" in self.options:
            return len(steps)
        if "decision" in self.options:
            number: int = self.options["decision"]
            if number >= len(steps):
                return f"the game has {len(steps)} decisions, not {number + 1}"
            return number
        at: tuple[tuple[str, str], ...] = self.options.get("at", ())
        known = [word for word, _ in played.stage(steps[0].before)]
        unknown = [word for word, _ in at if word not in known]
        if unknown:
            return f"{played.title} names no {unknown[0]!r} in :at: ({', '.join(known) or 'nothing'})"
        found = [index for index, step in enumerate(steps) if set(at) <= set(played.stage(step.before))]
        named = ", ".join(f"{word} {value}" for word, value in at) or "the game"
        if not found:
            return f"the game has no decision at {named}"
        which = self.options.get("move", "0")
        if which == "end":
            return found[-1] + 1
        if int(which) < len(found):
            return found[int(which)]
        return f"{named} has {len(found)} decisions, not {int(which) + 1}"

    def _parts(self, drawn: dict[str, str]) -> list[str] | str:
        """The names of the parts ``:parts:`` names (all of them by default), or what is wrong."""
        if "parts" not in self.options:
            return list(drawn)
        found: list[str] = []
        for name in (word.strip() for word in self.options["parts"].split(",")):
            if name not in drawn:
                return f"no part {name!r} in this picture ({', '.join(drawn)})"
            found.append(name)
        return found


def _warn(directive: SphinxDirective, message: str) -> list[nodes.Node]:
    logger.warning(message, location=directive.get_location(), type="hadara", subtype="position")
    return []


def _happened(
    played: AnyGame, lines: Sequence[tuple[str, tuple[str, ...]]], which: str, docname: str
) -> nodes.container:
    """The events as a list, each line in a player's words (``told``) with its rules, each rule
    the game knows linked."""
    box = nodes.container(classes=["hadara-events"])
    label = "What happened since the previous picture" if which == "since" else "What the last move did"
    box += paragraph(nodes.strong(label, label), nodes.Text(":"))
    bullets = nodes.bullet_list(classes=["simple"])
    for text, rules in lines:
        line: list[nodes.Node] = [nodes.Text(text)]
        for index, rule in enumerate(rules):
            line.append(nodes.Text(" (" if index == 0 else ", "))
            known = played.rule(rule) is not None
            line.append(rule_xref(rule_key(played.name, rule), rule, docname) if known else nodes.Text(rule))
        if rules:
            line.append(nodes.Text(")"))
        bullets += nodes.list_item("", paragraph(*line))
    box += bullets
    return box


def score_table(played: AnyGame, state: Any) -> nodes.table:
    """Every player's score sheet (``score_lines``): a row per player, a column per line, the
    total in bold."""
    lines = played.score_lines(state)
    header = ["Player", *(name[:1].upper() + name[1:] for name, _ in lines)]
    rows: list[list[list[nodes.Node]]] = []
    for seat in range(len(played.totals(state))):
        row: list[list[nodes.Node]] = [[nodes.Text(f"P{seat}")]]
        for name, values in lines:
            value = str(values[seat])
            row.append([nodes.strong(value, value) if name == "total" else nodes.Text(value)])
        rows.append(row)
    widths = [10, *(max(8, 90 // len(lines)) for _ in lines)]
    return table(header, rows, widths, classes=["hadara-score"])
