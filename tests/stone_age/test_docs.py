"""The site's Stone Age pages: the rule pages (docs/stone_age/rules/) are one ``game-rules``
directive each, which makes every rule area's page from the game's rule index at build time,
each rule anchored by its game and ID (``stone-age-flow-1``), and the rulings page one
``game-rulings`` directive; the frontend guide and how to play say what the game does.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

from stone_age_rules import Location, components, score
from stone_age_rules._model import BUILDINGS, LOCATIONS, SLOTS
from stone_age_rules.rulebook import rules
from stone_age_rules.text import building_text, event_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "stone_age"
sys.path.insert(0, str(DOCS.parent / "_ext"))
from hadara_rules_docs.game_pictures import Step, seeded_game  # noqa: E402

#: The rule areas in the order of play.
AREAS = ("flow", "setup", "place", "act", "tool", "build", "civ", "feed", "end", "score", "info")


def test_every_rule_area_has_a_page_made_from_the_rule_index() -> None:
    assert {rule.area for rule in rules().values()} == set(AREAS)
    assert len(rules()) == 76
    for area in AREAS:
        page = (DOCS / "rules" / f"{area}.md").read_text(encoding="utf-8")
        assert page.startswith(f'```{{game-rules}} stone-age {area}\n---\ntitle: "Stone Age: '), area
    assert "```{game-rulings} stone-age\n```" in (DOCS / "rulings.md").read_text(encoding="utf-8")


def test_every_rule_is_anchored_with_its_game() -> None:
    """The anchors the site's links name (``{ref}`stone-age-act-3```)."""
    assert all(rule.anchor == f"stone-age-{rule.id.lower()}" for rule in rules().values())


def test_the_section_is_in_the_site_s_table_of_contents() -> None:
    assert "stone_age/index" in (DOCS.parent / "index.md").read_text(encoding="utf-8")
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for name in (*(f"rules/{area}" for area in AREAS), "rulings"):
        assert name in index


def test_the_rules_cite_the_rules_summary_in_a_reader_s_words() -> None:
    """A player reads "seed" as the game's random seed: the rules' texts, reasons and sources
    (what the rule pages show) cite the German summary the digest follows as "the rules
    summary" (the seed of FLOW-4 and SETUP-7 is the random seed)."""
    citation = re.compile(r"\(seed\b|\bseed[,;:)]|\b[Tt]he seed\b(?! and)|seed's")
    for rule in rules().values():
        words = " ".join((rule.text, rule.why or "", rule.source)).replace("the game's seed", "")
        assert not citation.search(words), rule.id
        assert "seed" not in rule.source
    assert any(rule.source == "rules summary" for rule in rules().values() if rule.area == "act")


def test_the_frontend_page_says_which_row_of_placed_is_which_location() -> None:
    """docs/frontend.md's Stone Age section: the rows of ``placed`` in the order the positions
    hold them, and the order of the stacks and the pile."""
    page = (DOCS.parent / "frontend.md").read_text(encoding="utf-8")
    section = page[page.index("## Stone Age") :]
    names = [location.value for location in LOCATIONS]
    rows = [
        ("0", names[0:1]),
        ("1, 2, 3, 4", names[1:5]),
        ("5, 6, 7", names[5:8]),
    ]
    for numbers, group in rows:
        assert f"| {numbers} | {', '.join(f'`{name}`' for name in group)}" in section
    assert "| 8, 9, 10, 11 | `building1` to `building4`" in section and names[8:12] == [
        b.value for b in BUILDINGS
    ]
    assert "| 12, 13, 14, 15 | `card1` to `card4`" in section and names[12:] == [s.value for s in SLOTS]
    assert "`stack[0]` is the face-up tile" in section and "**the top card first**" in section


def _told(steps: Sequence[Step], number: int) -> list[str]:
    """The events of round ``number`` of a game, in a player's words."""
    return [event_text(event) for step in steps if step.before.round == number for event in step.events]


def test_the_how_to_play_page_tells_what_happened_in_its_games() -> None:
    """docs/stone_age/how-to-play.md tells a game of three greedy bots (seed 22, as ``hadara play
    --game stone-age --players 3 --seed 22`` plays it) and draws a 2-player one (seed 7): what
    its words say of them is what the games its pictures are drawn from did. A change of the
    bots that changes the games fails here: tell the new games."""
    page = (DOCS / "how-to-play.md").read_text(encoding="utf-8")
    assert ":players: 3\n:seed: 22\n" in page and "--players 3\n--seed 22" in page
    assert ":players: 2\n:seed: 7\n:moves: 4\n" in page
    steps = seeded_game("stone-age", 3, 22, "greedy")
    placing = next(step.before for step in steps if step.before.round == 1 and step.before.ply == 6)
    assert placing.to_act == (1,) and placing.placed[Location.RIVER.row][:2] == (3, 2)
    assert placing.placed[Location.FIELD.row][0] == 1 and placing.placed[Location.HUT.row][1] == 2
    first = _told(steps, 1)
    assert "P2 rolled 6 1 1 3 3 (14 in all) at the quarry (ACT-3)" in first
    assert (
        "P2 gathered 2 stone (ACT-3)" in first and "P0 took their people back from the field (ACT-2)" in first
    )
    second = _told(steps, 2)
    assert (
        "P1 built a building of 1 to 7 resources of any kinds for 6 wood and 1 gold, scoring 24 points (BUILD-1)"
        in second
    )
    assert building_text(components().building["b28"]) == "1 to 7 resources of any kinds"
    assert "P1 may take two resources of their choice (CIV-12)" in second
    third = _told(steps, 3)
    assert third.index("P1 took 2 gold (CIV-12)") < third.index(
        "P1 placed 3 people at the hunting grounds (PLACE-1)"
    )
    assert "P0 built a building for 2 stone and 1 gold, scoring 16 points (BUILD-1)" in third
    chose = [line for line in third if "took a die" in line or "gained a tool (CIV-8)" in line]
    assert [line[:2] for line in chose] == ["P0", "P1", "P2"] and chose[2] == "P2 gained a tool (CIV-8)"
    fourth = _told(steps, 4)
    used = fourth.index("P2 used tools (TOOL-2)")
    assert fourth[used - 1] == "P2 rolled 4 at the hunting grounds (ACT-3)"
    assert fourth[used + 1] == "P2 hunted 4 food (ACT-3)"
    assert "P1 went hungry, giving up 3 food, and lost 10 points (FEED-5)" in fourth
    assert "P2 fed their people with 5 food and 1 wood (FEED-4)" in fourth
    end = steps[-1]
    assert end.after.is_over and end.before.round == 16 and "END-4" in {event.rule for event in end.events}
    sheets = score(end.after)
    assert [sheet.total for sheet in sheets] == [145, 121, 132]
    assert (sheets[0].culture, sheets[0].hut_builders, sheets[0].tool_makers, sheets[0].shamans) == (
        16,
        24,
        14,
        5,
    )
    assert (len(end.after.players[0].buildings), end.after.players[0].tools, sheets[2].culture) == (
        4,
        (3, 2, 2),
        36,
    )
    two = seeded_game("stone-age", 2, 7, "greedy")[3].after
    assert two.to_act == (1,) and two.players[1].people - sum(row[1] for row in two.placed) == 1
    assert (two.placed[Location.FOREST.row], two.placed[Location.RIVER.row]) == ((3, 0), (0, 3))
    assert (two.placed[Location.HUT.row], two.placed[Location.FIELD.row]) == ((2, 0), (0, 1))
