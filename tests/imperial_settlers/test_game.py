"""Imperial Settlers on the platform: its options, previews, consistency check, catalogue, bots,
records and command-line words, through the game interface (``imperial_settlers_rules.game``)."""

from __future__ import annotations

import argparse
import json
import random

import pytest

from boardtable.errors import ConfigError, GameError, Inconsistent
from imperial_settlers_rules import (
    GameConfig,
    GameState,
    Player,
    apply_move,
    components,
    legal_moves,
    player_view,
)
from imperial_settlers_rules._goods import SUPPLY
from imperial_settlers_rules._moves import Build, Pass, Pick
from imperial_settlers_rules.bots import GreedyBot, ISMCTSBot, evaluate
from imperial_settlers_rules.catalogue import card_words, catalogue, catalogue_digest
from imperial_settlers_rules.commands import OPTIONS, WORDS
from imperial_settlers_rules.game import GAME
from imperial_settlers_rules.previews import previews
from imperial_settlers_rules.records import to_data
from imperial_settlers_rules.text import move_text

from .tables import game, playout


def _positions(players: int, seed: int, every: int = 7) -> list[GameState]:
    """Every ``every``-th position of a seeded random game, the last one included."""
    found = [
        before
        for index, (before, _, _) in enumerate(playout(game(players, seed), seed))
        if index % every == 0
    ]
    *_, (_, _, end) = playout(game(players, seed), seed)
    return [*found, end]


def test_options_are_read_as_the_schema_says_and_written_back() -> None:
    """SETUP-1, SETUP-6, GOODS-8: factions chosen or dealt, the first player, the variant switch
    (the rulebook's reshuffle by default); an unknown key or a bad value is one line."""
    assert GAME.read_options({}, 3, 5) == GameConfig(3, 5)
    assert GameConfig(3, 5).faction_deck_reshuffle is True
    document = {"factions": ["japanese", "romans"], "first_player": "random", "faction_deck_reshuffle": False}
    options = GAME.read_options(document, 2, 9)
    assert options == GameConfig(2, 9, ("japanese", "romans"), "random", False)
    assert GAME.options_data(options) == document
    assert GAME.read_options(GAME.options_data(options), 2, 9) == options
    schema = GAME.options_schema()
    assert set(json.dumps(schema).split('"')) >= {"factions", "first_player", "faction_deck_reshuffle"}
    with pytest.raises(GameError, match=r"^'colour' is no Imperial Settlers option") as unknown:
        GAME.read_options({"colour": 1}, 2, 0)
    assert "\n" not in str(unknown.value)
    with pytest.raises(ConfigError, match="SETUP-1"):
        GAME.read_options({"factions": ["romans", "romans"]}, 2, 0)
    with pytest.raises(ConfigError, match="SETUP-6"):
        GAME.read_options({"first_player": 3}, 2, 0)


def test_a_preview_tells_what_the_move_does_to_its_mover() -> None:
    """Each legal move's preview, made from its mover's view, holds the changes to the mover's
    supply and points (GOODS-1, PROD-5), hand and deals that playing it in the whole position
    makes; a build names the location built (BUILD-1). A move that ends a phase says what
    follows, and counts only what came before it: the lookout's last pick puts one card in
    the hand (LOOK-2), not the production that follows (PROD-1)."""
    built = picked = 0
    for state in _positions(3, 12):
        for seat in state.to_act:
            for preview in previews(player_view(state, seat), seat):
                before, after = state.players[seat], apply_move(state, preview.move).players[seat]
                if preview.then is not None:
                    assert str(preview).endswith(f"; then {preview.then}")
                    if isinstance(preview.move, Pick):
                        picked += 1
                        assert (preview.changes, preview.hand, preview.then) == ((), 1, "production")
                    continue
                gained = dict(preview.changes)
                assert all(gained.get(name, 0) == new - old for name, old, new in _supply(before, after))
                assert gained.get("vp", 0) == after.vp - before.vp
                assert preview.hand == len(after.hand) - len(before.hand)
                assert preview.deals == len(after.deals) - len(before.deals)
                if isinstance(preview.move, Build):
                    built += 1
                    assert preview.move.card in preview.built and "builds " in str(preview)
    assert built and picked


def test_a_legal_entry_says_the_move_in_the_terminals_words() -> None:
    """Each legal move's wire entry holds the move in its player's words, made from the seat's
    view as the terminal lists it (a build's or activation's preset options by what each gives
    and from which card, CARD-14), beside what it does (its preview's text) and its notation."""
    said, chosen = WORDS.said, 0
    assert said is not None
    for state in _positions(3, 12, every=3):
        for seat in state.to_act:
            view = GAME.view(state, seat)
            for option in GAME.legal(view, seat):
                entry = GAME.legal_entry(option)
                assert entry["text"] == move_text(view, option.move) == said(view, option.move)
                preview = entry["preview"]
                assert isinstance(preview, dict) and preview["text"] == WORDS.option(view, option)
                chosen += ", choosing " in str(entry["text"])
    assert chosen


def _supply(before: Player, after: Player) -> list[tuple[str, int, int]]:
    """Each kind of the supply with its count before and after (GOODS-1)."""
    return list(zip(SUPPLY, before.supply, after.supply, strict=True))


def test_a_tampered_supply_is_inconsistent_naming_its_field_and_rule() -> None:
    """GOODS-1: a count below zero is refused naming the very count and the rule, the message
    starting with the field (:mod:`boardtable.consistency`)."""
    state = game(2, 3)
    document = to_data(state)
    document["data"]["players"][1]["supply"][2] = -1  # type: ignore[index]
    with pytest.raises(Inconsistent) as caught:
        GAME.read_position(document)
    found = caught.value
    assert (found.field, found.rule) == ("$.data.players[1].supply[2]", "GOODS-1")
    assert str(found).startswith(f"{found.field}: ") and GAME.rule("GOODS-1") is not None


def test_the_catalogue_says_every_card_in_words_made_from_its_data() -> None:
    """Every entry's words name its cost and what razing it gives (BUILD-2, RAZE-1); every
    provisional entry is marked provisional; every printed card names its entry; the digest is
    the content's."""
    data = catalogue()
    cards = data["cards"]
    assert isinstance(cards, list) and len(cards) == 130
    for card in cards:
        assert card["words"].startswith(card["name"]) and "Cost: " in card["words"]
        assert ("(provisional: " in card["words"]) == bool(card["provisional"])
    assert any(card["provisional"] for card in cards)
    keys = {card["key"] for card in cards}
    copies = data["copies"]
    assert isinstance(copies, list) and {copy["card"] for copy in copies} == keys
    assert data["digest"] == catalogue_digest() == GAME.catalogue()["digest"]


def test_card_words_come_from_the_data() -> None:
    statue = next(card for card in components().decks["common"] if card.key == "com-statue")
    assert card_words(statue) == (
        "Statue (feature, grey, 1 VP). Cost: 1 wood and 2 stone. Building bonus: gain 1 card; "
        "gain 1 VP per grey location, at most 6. Razed for 1 stone and 1 VP."
    )


def test_the_greedy_bot_decides_from_its_view_alone() -> None:
    """The same seed gives the same move from the whole position and from the seat's view
    (LOOK-6), one of the seat's legal moves, and the one :func:`evaluate` likes best."""
    for state in _positions(2, 7, every=23)[:-1]:
        seat = state.to_act[0]
        chosen = GreedyBot(4).choose(state, seat)
        assert chosen == GreedyBot(4).choose(player_view(state, seat), seat)
        assert chosen in legal_moves(state, seat)
    assert evaluate(game(2, 1), 0) > 0


def test_the_search_bot_plays_a_legal_move() -> None:
    state = _positions(3, 4, every=40)[2]
    seat = state.to_act[0]
    chosen = ISMCTSBot(random.Random(1), iterations=4).choose(state, seat)
    assert chosen in legal_moves(state, seat)


def test_a_record_written_by_the_game_is_checked_and_read_back() -> None:
    """END-2 to END-4: the record of a finished game has its result block, which the game's
    check holds to the moves; its options and moves read back."""
    config = GameConfig(2, 31)
    moves = [move for _, move, _ in playout(game(2, 31), 31)]
    *_, (_, _, end) = playout(game(2, 31), 31)
    assert end.is_over
    text = GAME.record(config, moves, end, ("Ann", "Bo"), "a test")
    assert GAME.read_record(text) == (config, tuple(moves), ("Ann", "Bo"))
    checked = GAME.commands().checked
    assert checked is not None and "position digest" in (checked(text) or "")
    assert GAME.totals(end) == tuple(sheet["total"] for sheet in json.loads(text)["data"]["result"]["scores"])
    assert GAME.winners(end) == GAME.winners_among(end, range(2))


def test_the_terminal_words_show_the_table_each_move_and_the_score_sheet() -> None:
    """The platform's terminal says where the game stands, the seat's empire, each legal move
    in words with its preview, and the score sheet with its tie-breaks (END-2 to END-4)."""
    state = _positions(4, 2)[-1]
    assert state.is_over
    assert WORDS.where(player_view(state, 1))
    assert WORDS.own(player_view(state, 1), 1)
    sheet = WORDS.score(state)
    assert "tie-break: goods left" in sheet and str(GAME.totals(state)[0]) in sheet
    early = game(2, 5)
    seat = early.to_act[0]
    view = player_view(early, seat)
    for option in previews(view, seat):
        assert WORDS.option(view, option) == str(option)
        assert WORDS.said is not None and WORDS.said(view, option.move) == move_text(view, option.move)


def test_the_command_line_options_read_their_values() -> None:
    factions, first = OPTIONS
    assert factions.read is not None and factions.read("romans,japanese") == ["romans", "japanese"]
    assert first.read is not None and first.read("random") == "random" and first.read("2") == 2
    with pytest.raises(argparse.ArgumentTypeError, match="no faction"):
        factions.read("romans,elves")


def test_a_move_that_turns_a_hidden_card_reveals_and_a_pass_within_the_round_does_not() -> None:
    """GOODS-7, LOOK-2: a card drawn from a deck (hidden from every view) is revealed to its
    drawer, so the move can never be taken back; a pass that does not end the round shows
    nobody anything new (ACT-4)."""
    drawn = passed = 0
    for before, move, after in playout(game(3, 17), 17):
        in_decks = len(before.common) + sum(len(p.deck) for p in before.players)
        if len(after.common) + sum(len(p.deck) for p in after.players) < in_decks:
            drawn += 1
            assert GAME.reveals(before, after), move
        elif isinstance(move, Pass) and after.round == before.round:
            passed += 1
            assert not GAME.reveals(before, after), move
    assert drawn and passed


def test_a_rule_is_told_with_its_game() -> None:
    assert GAME.rule_text("FLOW-1").startswith("Imperial Settlers FLOW-1: ")
    assert GAME.rule_text("FLOW-99") == "" and GAME.rule("flow-1") is not None
