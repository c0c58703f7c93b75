"""docs/imperial_settlers/how-to-play.md: one seeded game of three greedy bots told with pictures
(the docs' ``game-play`` and ``game-position`` directives); what its words say of the game is
what the game its pictures are drawn from did."""

from __future__ import annotations

import sys
from pathlib import Path

from boardtable.games import game
from imperial_settlers_rules import Activate, Defend, Raze, player_view
from imperial_settlers_rules.text import card_name, event_text, move_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "imperial_settlers"
sys.path.insert(0, str(DOCS.parent / "_ext"))
from hadara_rules_docs.game_pictures import Step, seeded_game  # noqa: E402

PAGE = DOCS / "how-to-play.md"


def _told(step: Step) -> list[str]:
    return [event_text(event) for event in step.events]


def test_the_page_is_in_the_section_s_table_of_contents() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "{doc}`how-to-play`" in index and ":hidden:\n\nhow-to-play\n" in index


def test_the_how_to_play_page_tells_what_happened_in_its_game() -> None:
    """The game of ``hadara play --game imperial-settlers --players 3 --seed 3``, position by
    position as the page names them. A change of the bots or the rules that changes the game
    fails here: tell the new game."""
    page = PAGE.read_text(encoding="utf-8")
    assert "```{game-play} imperial-settlers\n:players: 3\n:seed: 3\n```" in page
    assert "--game imperial-settlers\n--players 3 --seed 3`" in page
    played = game("imperial-settlers")
    steps = seeded_game("imperial-settlers", 3, 3, "greedy")
    start = steps[0].before
    assert [player.faction for player in start.players] == ["romans", "japanese", "barbarians"]
    assert start.first == 0 and [len(player.hand) for player in start.players] == [5, 5, 5]
    assert len(start.offer) == 4
    assert [played.to_act(step.before)[0] for step in steps[:6]] == [0, 1, 2, 2, 1, 0]
    assert ":decision: 12\n" in page
    assert "P0 razes Joiner from their hand (RAZE-2)" in _told(steps[11])
    assert "P0 gains 1 wood and 1 VP from Joiner (CARD-14)" in _told(steps[11])
    assert (
        _told(steps[7])[0] == "P1 builds Ruins (BUILD-1)"
        and _told(steps[9])[0] == "P2 builds Ruins (BUILD-1)"
    )
    assert _told(steps[20]) == ["P2 makes a deal with Raid* (DEAL-3)", "P2 gains 1 wood (DEAL-4)"]
    assert [len(player.deals) for player in steps[54].before.players] == [0, 3, 3]
    defended = steps[53].move
    assert isinstance(defended, Defend) and card_name(defended.location) == "Ruins"
    after_cleanup = steps[55].before
    assert [player.supply for player in after_cleanup.players] == [(0,) * 7, (0,) * 7, (1,) + (0,) * 6]
    assert after_cleanup.first == 1 and dict(played.stage(steps[61].before))["phase"] == "production"
    assert _told(steps[60])[-1] == "P2 gains 1 card from Watchtower (CARD-14)"
    tavern = steps[72]
    assert isinstance(tavern.move, Activate)
    assert move_text(player_view(tavern.before, 0), tavern.move) == "Activate Tavern, paying Apartment"
    assert _told(tavern)[1] == "P0 gains 2 VP from Tavern (CARD-14)"
    raid = steps[234]
    assert isinstance(raid.move, Raze) and _told(raid) == [
        "P2 razes P1's Statue (RAZE-3)",
        "P1 gains 1 wood from Statue (RAZE-6)",
        "P2 gains 1 stone and 1 VP from Statue (CARD-14)",
    ]
    assert raid.before.players[2].supply[5] == 3 and raid.after.players[2].supply[5] == 1
    assert raid.after.players[1].supply[1] == raid.before.players[1].supply[1] + 1
    assert [card_name(card) for card in raid.after.players[1].foundations] == ["Statue"]
    end = steps[-1].after
    assert played.is_over(end) and played.totals(end) == (28, 55, 53) and played.winners(end) == (1,)
    lines = dict(played.score_lines(end))
    assert lines["locations"] == (10, 25, 26) and lines["VP during the game"] == (18, 30, 27)
    common = [sum(card.startswith("com") for card in player.empire) for player in end.players]
    assert common[1:] == [11, 8] and [len(player.empire) for player in end.players][1:] == [18, 17]
