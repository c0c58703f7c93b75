"""Stone Age in a player's words: every event (the log and the terminal show them), with
locations by name, amounts as counts with their nouns in agreement, and a card the viewer
did not see as drawn face down (INFO-2); what each card gives and each tile takes, in the
picture and at the terminal."""

from __future__ import annotations

import random
import re

from stone_age_rules import (
    GameConfig,
    Location,
    Place,
    apply_move_with_events,
    legal_moves,
    new_game,
    player_view,
)
from stone_age_rules._components import components
from stone_age_rules._events import Event, EventType
from stone_age_rules._model import SLOTS
from stone_age_rules.picture import render_svg
from stone_age_rules.previews import previews
from stone_age_rules.text import (
    _DID,
    _HAPPENED,
    PLACES,
    board_lines,
    building_text,
    card_text,
    cards_bottoms_text,
    event_text,
    held_at,
    item_text,
    option_text,
)

#: What the words of an event never show: an id of a location, a signed amount, a count
#: whose noun disagrees with it, or a bare hidden card.
RAW = re.compile(
    r"clay_pit|tool_maker|hunting\b(?! grounds)|building\d|card\d|[+-]\d|\b1 (?:people|points|cards|tools)\b"
    r"|\b(?:[02-9]|\d\d+) (?:person|point|card|tool(?! maker))\b|(?:^|\s)\?(?:\s|$)"
)


def test_every_event_of_random_games_reads_in_words() -> None:
    """Over random games of 2 to 4 players with each option, every event's text has words of
    its own (its type is one the text knows), ends with its rule ID and shows nothing raw;
    every type but the rare empty pile (CIV-13) is seen."""
    seen: set[EventType] = set()
    for game in range(9):
        options = [{}, {"any_two_resources": "immediate"}, {"start_player": "random"}][game % 3]
        state = new_game(GameConfig(players=2 + game % 3, seed=game, **options))  # type: ignore[arg-type]
        rng = random.Random(game)
        while not state.is_over:
            moves = legal_moves(state, state.to_act[0])
            state, events = apply_move_with_events(state, moves[rng.randrange(len(moves))])
            for event in events:
                text = event_text(event)
                assert text.endswith(f" ({event.rule})"), text
                assert not RAW.search(text.removesuffix(f" ({event.rule})")), text
                told = _DID if event.player is not None else _HAPPENED
                assert event.type in told or event.type is EventType.ROUND_BEGAN, event
                seen.add(event.type)
    assert seen == set(EventType) - {EventType.FOUND_PILE_EMPTY}


def test_the_words_of_one_event_of_each_kind() -> None:
    """A few events word by word: who, what, where and how much, in agreement."""
    cases = [
        (Event("PLACE-1", "placed 1", 0, item="clay_pit"), "P0 placed 1 person at the clay pit (PLACE-1)"),
        (
            Event("ACT-3", "rolled", 1, dice=(6, 5, 1), item="river"),
            "P1 rolled 6 5 1 (12 in all) at the river (ACT-3)",
        ),
        (
            Event(
                "BUILD-1",
                "built",
                0,
                amounts=(("wood", -2), ("gold", -1), ("score", 12), ("buildings", 1)),
                item="b04",
            ),
            "P0 built b04 for 2 wood and 1 gold, scoring 12 points (BUILD-1)",
        ),
        (
            Event("CIV-13", "drew a card", 1, amounts=(("cards", 1),), item="?"),
            "P1 drew a card face down (CIV-13)",
        ),
        (Event("CIV-13", "drew a card", 1, amounts=(("cards", 1),), item="c14"), "P1 drew card c14 (CIV-13)"),
        (
            Event("FEED-5", "went hungry", 0, amounts=(("food", -2), ("score", -10))),
            "P0 went hungry, giving up 2 food, and lost 10 points (FEED-5)",
        ),
        (Event("END-2", "round 3 begins", 2), "Round 3 begins; P2 places first (END-2)"),
        (Event("CIV-6", "scored", 0, amounts=(("score", 1),)), "P0 scored 1 point (CIV-6)"),
    ]
    for event, words in cases:
        assert event_text(event) == words


def test_every_location_has_a_name() -> None:
    assert set(PLACES) == set(Location)


def test_every_card_and_tile_has_words() -> None:
    """Each civilization card says both halves, each tile what it takes, in agreement."""
    found = components()
    for card in found.cards:
        top, bottom = card_text(card).split(" · ")
        assert top and (bottom.startswith("culture: ") or bottom.split()[0].isdigit()), card
        assert not RAW.search(card_text(card)) and "_" not in card_text(card)
    assert card_text(found.card["c19"]) == "1 stone · 1 farmer"
    assert card_text(found.card["c02"]) == "2 dice for gold · culture: art"
    assert building_text(found.building["b03"]) == "1 wood and 2 clay"
    assert building_text(found.building["b18"]) == "4 resources of 1 kind"
    assert building_text(found.building["b26"]) == "1 to 7 resources of any kinds"
    assert cards_bottoms_text(("c02", "c19", "c20", "?")) == "culture: art · 3 farmers"


def test_the_picture_and_the_terminal_say_what_lies_on_display() -> None:
    """The cards on display and the stacks' tops are drawn and listed with their words; a
    player's board says what its cards' bottoms score; a hidden card says nothing."""
    state = new_game(GameConfig(players=3, seed=2))
    view = player_view(state, 0)
    drawn, listed = render_svg(view), "\n".join(board_lines(view, 0))
    for card in view.display:
        assert card is not None and item_text(card) in drawn and item_text(card) in listed
    for stack in view.stacks:
        assert item_text(stack[0]) in drawn and item_text(stack[0]) in listed
    assert item_text("?") == "face down"


def test_the_list_of_moves_says_what_lies_where_people_go() -> None:
    """At the terminal a move to a card slot says its card and price, a move to a building
    stack its top tile; a move there that changes the mover's board says how as well; any
    other move says what its preview says, but people placed where nothing lies (nothing to say
    until their action)."""
    rng = random.Random(4)
    state = new_game(GameConfig(players=2, seed=4))
    told: set[str] = set()
    wanted = {"Place there, nothing now", "Act there", "elsewhere", "elsewhere, nothing now"}
    while not state.is_over and not wanted <= told:
        seat = state.to_act[0]
        view = player_view(state, seat)
        for option in previews(view, seat):
            said = option_text(view, option)
            location = getattr(option.move, "location", None)
            held = "" if location is None else held_at(view, location)
            if location in SLOTS:
                card = view.display[SLOTS.index(location)]
                assert card is not None and said.startswith(
                    f"{item_text(card)}, costs {SLOTS.index(location) + 1}"
                )
            if held and not option.changes_nothing:
                assert said == f"{held}; {option}"
                told.add(f"{type(option.move).__name__} there")
            elif held:
                assert said == held
                told.add(f"{type(option.move).__name__} there, nothing now")
            elif isinstance(option.move, Place):
                assert said == "" and option.changes_nothing
                told.add("elsewhere, nothing now")
            else:
                assert said == str(option)
                told.add("elsewhere")
        state = apply_move_with_events(state, rng.choice(legal_moves(state, seat)))[0]
    assert wanted <= told, told
