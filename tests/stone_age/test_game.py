"""Stone Age through the game interface (``game("stone-age")``): options, moves as data and
notation, previews, events in words, reveals, pictures, rules and records."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter

import pytest

from boardtable.errors import GameError, IllegalMove, RecordError
from boardtable.games import game, names
from stone_age_rules import (
    Act,
    GameConfig,
    GameState,
    Location,
    Move,
    Phase,
    Place,
    apply_move,
    apply_move_with_events,
    legal_moves,
    new_game,
    player_view,
)
from stone_age_rules._events import changes
from stone_age_rules.bots import make_bot
from stone_age_rules.commands import WORDS
from stone_age_rules.previews import expected_yield, preview
from stone_age_rules.records import GameRecord, from_json, game_result, replay, to_json
from stone_age_rules.text import move_text

STONE_AGE = game("stone-age")


def _games(seeds: range, players: int = 2, rounds: int | None = 4) -> list[list[GameState]]:
    """The positions of random games, one list per seed."""
    played = []
    for seed in seeds:
        state = new_game(GameConfig(players=players, seed=seed, max_rounds=rounds))
        bots = [make_bot("random", seed * 10 + seat) for seat in range(players)]
        states = [state]
        while not state.is_over:
            seat = state.to_act[0]
            state = apply_move(state, bots[seat].choose(state, seat))
            states.append(state)
        played.append(states)
    return played


def test_stone_age_is_registered_beside_the_other_games() -> None:
    assert names() == ("hadara", "imperial-settlers", "stone-age")
    assert (STONE_AGE.title, STONE_AGE.seats, STONE_AGE.stand_in) == ("Stone Age", (2, 4), "greedy")


def test_options_are_read_checked_and_stored() -> None:
    config = STONE_AGE.read_options(
        {"max_rounds": 3, "start_player": "random", "any_two_resources": "immediate"}, 3, 9
    )
    assert config == GameConfig(
        players=3, seed=9, max_rounds=3, start_player="random", any_two_resources="immediate"
    )
    assert STONE_AGE.read_stored_options(STONE_AGE.options_text(config)) == config
    assert STONE_AGE.options_data(config) == {
        "max_rounds": 3,
        "start_player": "random",
        "any_two_resources": "immediate",
    }
    for bad in ({"max_rounds": 0}, {"start_player": 2}, {"any_two_resources": "never"}, {"advanced": True}):
        with pytest.raises(GameError) as refused:
            STONE_AGE.read_options(bad, 2, 1)
        assert "\n" not in str(refused.value)


def test_each_value_an_option_offers_is_titled_in_words_and_read_as_itself() -> None:
    """The lobby's form shows an option's values by their schema's titles: every value a Stone
    Age option lists is a ``const`` with a title in words (not the value), and the value itself
    is what a match is read with (CIV-12, SETUP-7)."""
    properties = STONE_AGE.options_schema()["properties"]
    assert isinstance(properties, dict)
    titled = {
        option: {branch["const"]: branch["title"] for branch in schema.get("oneOf", ()) if "const" in branch}
        for option, schema in properties.items()
    }
    assert titled == {
        "max_rounds": {},
        "start_player": {"random": "Drawn at random"},
        "any_two_resources": {
            "later": "Later, whenever its owner has a move to make",
            "immediate": "Immediately on buying the card",
        },
    }
    assert not any("enum" in schema for schema in properties.values())  # a value listed bare has no words
    for option, values in titled.items():
        for value in values:
            assert STONE_AGE.options_data(STONE_AGE.read_options({option: value}, 2, 1))[option] == value


def test_moves_are_read_as_notation_or_data_and_stored() -> None:
    move = Act(0, Location.BUILDING_2)
    assert STONE_AGE.read_move("P0 act building2") == move
    assert STONE_AGE.read_move({"type": "act", "player": 0, "location": "building2", "pay": None}) == move
    assert STONE_AGE.read_stored_move(STONE_AGE.move_text(move)) == move
    for bad in ("P0 fly", {"type": "fly"}, {"type": "place", "player": 0}, 7):
        with pytest.raises(GameError):
            STONE_AGE.read_move(bad)


def test_a_refused_move_names_its_rule_and_changes_nothing() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    with pytest.raises(IllegalMove) as refused:
        STONE_AGE.play(state, Place(1, Location.FOREST, 1))
    assert refused.value.rule == "FLOW-1"
    assert state == new_game(GameConfig(players=2, seed=1)) and STONE_AGE.ply(state) == 0


def test_a_roll_or_a_turned_card_reveals_and_a_placement_does_not() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    placed, _ = STONE_AGE.play(state, Place(0, Location.FOREST, 2))
    assert not STONE_AGE.reveals(state, placed)
    revealing = 0
    for states in _games(range(2)):
        for before, after in itertools.pairwise(states):
            rolled = after.rolls != before.rolls
            turned = len(after.pile) != len(before.pile) or [len(s) for s in after.stacks] != [
                len(s) for s in before.stacks
            ]
            assert STONE_AGE.reveals(before, after) == (rolled or turned)
            revealing += rolled or turned
    assert revealing > 0


def test_a_preview_of_a_move_without_dice_is_what_the_move_does_to_its_mover() -> None:
    """What the move does to its mover's board, but the feeding that follows the round's last
    action (FEED-1), which is not the move's own: the preview of taking people back before
    going hungry counts neither the food eaten nor the 10 points lost."""
    checked = rolled = fed = 0
    for states in _games(range(3)):
        for state in states[:-1]:
            seat = state.to_act[0]
            view = player_view(state, seat)
            for move in legal_moves(view, seat):
                found = preview(view, move)
                after = apply_move(state, move)
                if found.dice:
                    rolled += 1
                    assert after.rolls - state.rolls == found.dice
                    continue
                assert after.rolls == state.rolls
                done = Counter(
                    {str(name): n for name, n in changes(state.players[seat], after.players[seat])}
                )
                events = apply_move_with_events(state, move)[1] if state.phase is Phase.ACT else ()
                feeding = [e for e in events if e.rule.startswith("FEED-")]
                for event in feeding:
                    done.subtract(dict(event.amounts) if event.player == seat else {})
                assert dict(found.certain) == {name: n for name, n in done.items() if n}, move
                checked += 1
                fed += bool(feeding)
    assert checked > 100 and rolled > 10 and fed > 3


def test_the_expected_yield_of_a_roll_is_exact() -> None:
    assert expected_yield(1, 2) == 1.5  # 0, 1, 1, 2, 2, 3 food
    assert expected_yield(2, 6) == pytest.approx(
        sum((a + b) // 6 for a in range(1, 7) for b in range(1, 7)) / 36, abs=0.005
    )


def test_a_legal_entry_is_the_move_its_notation_its_preview_and_its_words() -> None:
    state = new_game(GameConfig(players=2, seed=3))
    entries = [STONE_AGE.legal_entry(option) for option in STONE_AGE.legal(STONE_AGE.view(state, 0), 0)]
    assert entries and all(set(e) == {"move", "notation", "preview", "text"} for e in entries)
    for entry in entries:
        assert STONE_AGE.read_move(entry["move"]) == STONE_AGE.read_move(entry["notation"])
        json.dumps(entry)


def test_a_legal_entry_says_the_move_in_the_terminals_words() -> None:
    """Each legal move's wire entry holds the move in its player's words, made from the seat's
    view as the terminal lists it (a placement's head-count last, PLACE-1, so that the web
    table lists the counts of one place on one line as the terminal does), beside what the
    move does (its preview's text, as the terminal says it)."""
    said, kinds = WORDS.said, Counter[str]()
    assert said is not None
    for states in _games(range(3), players=3):
        for state in states[::3]:
            for seat in state.to_act:
                view = STONE_AGE.view(state, seat)
                for option in STONE_AGE.legal(view, seat):
                    entry = STONE_AGE.legal_entry(option)
                    assert entry["text"] == move_text(view, option.move) == said(view, option.move)
                    preview = entry["preview"]
                    assert isinstance(preview, dict) and preview["text"] == WORDS.option(view, option)
                    kinds[type(option.move).__name__] += 1
    assert {"Place", "Act", "TakeBack", "UseTools", "Feed"} <= set(kinds), kinds


def test_events_are_data_with_text_naming_their_rule() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    _, events = STONE_AGE.play(state, Place(0, Location.FOREST, 2))
    data = STONE_AGE.event_data(events[0])
    assert data["rule"] == "PLACE-1" and data["text"] == "P0 placed 2 people at the forest (PLACE-1)"


def test_the_picture_draws_every_location_and_each_players_board() -> None:
    state = _games(range(1), players=4)[0][-1]
    picture = STONE_AGE.picture(STONE_AGE.view(state, 0))
    ids = set(re.findall(r'data-id="([^"]+)"', picture))
    assert {location.value for location in Location} <= ids
    assert {f"player-{seat}" for seat in range(4)} <= ids and "pile" in ids
    assert 'viewBox="0 0 ' in picture and picture.count("<svg ") == 1 + 2 + 4  # the parts
    assert re.findall(r'data-kind="location" data-id="([^"]+)"', picture) == [loc.value for loc in Location]


def test_a_rule_is_named_with_its_game() -> None:
    found = STONE_AGE.rule("act-3")
    assert found is not None and found["id"] == "ACT-3" and found["name"] == "Stone Age ACT-3"
    assert STONE_AGE.rule("COLONY-1") is None and STONE_AGE.rule_text("NOPE-1") == ""


def test_a_record_replays_and_refuses_an_edited_move() -> None:
    states = _games(range(1))[0]
    final = states[-1]
    moves: list[Move] = []
    state = states[0]
    for after in states[1:]:
        for move in legal_moves(state):
            if apply_move(state, move) == after:
                moves.append(move)
                break
        state = after
    text = STONE_AGE.record(final.config, moves, final, ["Ann", "Bot"], "hadara serve")
    record = from_json(text, GameRecord)
    assert record.result == game_result(final, final.config, record.moves)
    assert replay(record) == final and to_json(record) == text
    sheets = json.loads(text)["data"]["result"]["scores"]
    lines = [sum(v for k, v in sheet.items() if k not in ("total", "tie_break")) for sheet in sheets]
    assert [sheet["total"] for sheet in sheets] == lines
    wrong_total = json.loads(text)
    wrong_total["data"]["result"]["scores"][0]["total"] += 1
    total = sheets[0]["total"]
    with pytest.raises(
        RecordError, match=f"result: player 0's total: the record says {total + 1}, the moves give {total}$"
    ):
        replay(from_json(json.dumps(wrong_total), GameRecord))
    edited = json.loads(text)
    edited["data"]["moves"] = edited["data"]["moves"][:-1]
    with pytest.raises(RecordError, match="result"):
        replay(from_json(json.dumps(edited), GameRecord))
    with pytest.raises(RecordError, match=r"\$\.data\.moves\[0\]"):
        from_json(text.replace('"type":"place"', '"type":"fly"', 1), GameRecord)
