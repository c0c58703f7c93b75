"""The rulebook's worked examples on the rule pages, each with a picture of its position.

The examples are the scenarios of ``spec/scenarios/rulebook/``; each names its
rules under ``rules:``. On the page of a rule area, an example appears once,
under the first rule of the page it names: its title and notes, a picture of the
position it starts from (its ``config``, ``components`` and ``given``, read by
:func:`hadara_rules.scenario.position_of`), the moves it plays in move notation,
and a link to its source. The wheel page also shows the wheel of a seeded game.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes

from hadara_rules import (
    GameConfig,
    GameState,
    HadaraError,
    Move,
    Pass,
    Section,
    apply_move,
    from_json,
    legal_moves,
    new_game,
    to_json,
)
from hadara_rules.bots import make_bots
from hadara_rules.scenario import load_scenario_document, position_of

from .pictures import FIXED_PARTS, picture
from .render import inline, paragraph
from .spec import all_rules, rules_file
from .tested import tested_link


@dataclass(frozen=True)
class Example:
    """A worked example of the rulebook: a scenario file and what it says."""

    path: Path
    title: str
    notes: str
    rules: tuple[str, ...]
    document: Mapping[str, object]

    @property
    def entry(self) -> str:
        """The file as ``tested_by`` names it."""
        return self.path.relative_to(rules_file().parent.parent).as_posix()


def examples_folder() -> Path:
    return rules_file().parent / "scenarios" / "rulebook"


@functools.cache
def rulebook_examples() -> tuple[Example, ...]:
    """Every scenario of the rulebook folder, by file name."""
    out: list[Example] = []
    for path in sorted(examples_folder().glob("*.yaml")):
        document = load_scenario_document(path)
        rules = document.get("rules", [])
        out.append(
            Example(
                path=path,
                title=str(document.get("title", path.stem)),
                notes=" ".join(str(document.get("notes", "")).split()),
                rules=tuple(str(rule) for rule in rules) if isinstance(rules, list) else (),
                document=document,
            )
        )
    return tuple(out)


def examples_of_page(rule_ids: Sequence[str]) -> dict[str, list[Example]]:
    """For the rules of one page: the examples to show under each (each example under the first
    rule of the page that it names)."""
    placed: dict[str, list[Example]] = {rule_id: [] for rule_id in rule_ids}
    for example in rulebook_examples():
        first = next((rule_id for rule_id in rule_ids if rule_id in example.rules), None)
        if first is not None:
            placed[first].append(example)
    return placed


def _move_text(move: object) -> str:
    """A scenario's move in move notation (as written when it is not a move document)."""
    if isinstance(move, str):
        return move
    version = json.loads(to_json(Pass(player=0)))["schema_version"]
    try:
        loaded = from_json(json.dumps({"schema_version": version, "kind": "move", "data": move}), Move)
    except (HadaraError, TypeError, ValueError):
        return json.dumps(move)
    return str(loaded)


def example_box(example: Example, docname: str) -> nodes.Element:
    """The box of one example: title, notes, picture of the starting position, moves, source."""
    box = nodes.admonition(classes=["hadara-example", "note"], ids=[f"example-{example.path.stem}"])
    title = f"Rulebook example: {example.title}"
    box += nodes.title(title, title)
    known = all_rules()
    if example.notes:
        box += paragraph(*inline(example.notes, known, docname))
    start = {key: value for key, value in example.document.items() if key not in ("moves", "expect")}
    moves = example.document.get("moves", [])
    moves = moves if isinstance(moves, list) else []
    try:
        state = position_of(start, source=example.entry)
    except HadaraError as exc:
        box += paragraph(nodes.emphasis(f"(no picture: {exc})", f"(no picture: {exc})"))
    else:
        when = "The position before the moves." if moves else "The position of the example."
        box += picture(state, [nodes.Text(when)])
    if moves:
        para = paragraph(nodes.Text("Then: "))
        for index, move in enumerate(moves):
            if index:
                para += nodes.Text(", then ")
            text = _move_text(move)
            para += nodes.literal(text, text)
        para += nodes.Text(".")
        box += para
    box += paragraph(
        nodes.Text("Scenario: "),
        tested_link(
            example.rules[0] if example.rules else "", example.entry, example.entry, str(rules_file())
        ),
        nodes.Text(" (rules "),
        *_rule_list(example.rules, docname),
        nodes.Text(")."),
        classes=["hadara-area-meta"],
    )
    return box


def _rule_list(rule_ids: Sequence[str], docname: str) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for rule_id in rule_ids:
        if out:
            out.append(nodes.Text(", "))
        out.extend(inline(rule_id, all_rules(), docname))
    return out


# --------------------------------------------------------------------------- the wheel of a game

#: The seeded game whose wheel the wheel page shows.
WHEEL_GAME = GameConfig(players=4, seed=1)


def wheel_figure(docname: str) -> nodes.figure:
    """The wheel of a seeded four-player game in its first draft round, with its caption."""
    state = _draft_position()
    caption: list[nodes.Node] = [
        nodes.Text(
            "A four-player game (seed 1) in its first draft round: the first player has set the wheel, "
            "and each crest on the inner ring points at the deck its player draws from ("
        ),
        *inline("WHEEL-3", all_rules(), docname),
        nodes.Text("). The wheel turns one step after each round."),
    ]
    return picture(state, caption, parts=[FIXED_PARTS.index("wheel")])


@functools.cache
def _draft_position() -> GameState:
    state = new_game(WHEEL_GAME)
    bots = make_bots("greedy", WHEEL_GAME.players, WHEEL_GAME.seed)
    while state.section is not Section.DRAFT:
        seat = state.to_act[0]
        state = apply_move(state, bots[seat].choose(state, seat, legal_moves(state, seat)))
    return state
