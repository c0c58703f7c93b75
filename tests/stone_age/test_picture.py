"""Stone Age's picture: every location with its places and who stands there, the places the
2- and 3-player rules close marked as closed (PLACE-5, PLACE-6), the stacks out of play not
called empty (SETUP-5), the cards and tiles in words, each player's board; every part a
well-formed SVG document whose text stays inside it and is never smaller than 12 units."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import attrs

from stone_age_rules import (
    GameConfig,
    GameState,
    Location,
    Place,
    apply_move,
    legal_moves,
    new_game,
    player_view,
)
from stone_age_rules._components import components
from stone_age_rules.picture import MIN_TEXT, PART_WIDTH, render_svg, render_svg_parts
from stone_age_rules.text import board_lines, card_halves

_SVG = "{http://www.w3.org/2000/svg}"


def _titles(picture: str, kind: str) -> dict[str, str]:
    """The tooltip of each component of ``kind`` drawn, by its id."""
    return dict(re.findall(rf'<g data-kind="{kind}" data-id="([^"]+)"[^>]*><title>([^<]*)</title>', picture))


def _placed(state: GameState, *moves: tuple[int, Location, int]) -> GameState:
    for seat, location, people in moves:
        state = apply_move(state, Place(seat, location, people))
    return state


def test_a_two_player_table_has_two_stacks_in_play_and_never_calls_the_others_empty() -> None:
    picture = render_svg(player_view(new_game(GameConfig(players=2, seed=1)), 0))
    stacks = _titles(picture, "location")
    assert "not in play with 2 players (SETUP-5)" in stacks["building3"]
    assert "not in play with 2 players (SETUP-5)" in stacks["building4"]
    assert "empty" not in picture
    assert "7 left" in stacks["building1"] and "7 left" in stacks["building2"]


def test_every_location_shows_its_places_and_who_stands_there() -> None:
    """Seven rings at an area, a disc per player at the hunting grounds with their number."""
    state = _placed(
        new_game(GameConfig(players=4, seed=1)), (0, Location.FOREST, 3), (1, Location.HUNTING, 4)
    )
    titles = _titles(render_svg(player_view(state, 2)), "location")
    assert set(titles) == {location.value for location in Location}
    assert titles["forest"].endswith("7 places, 4 free; P0 3 people")
    assert titles["hunting"].endswith("any number of people; P1 4 people")
    assert titles["hut"].endswith("2 places, 2 free")
    forest = render_svg_parts(player_view(state, 2))[0].split('data-id="forest"')[1].split("</g>")[0]
    assert forest.count("<circle") == 7 and forest.count('fill="#c0392b"') == 3  # P0's red, 4 free


def test_the_places_the_two_player_rules_close_are_marked_closed() -> None:
    """PLACE-6: with 2 players an area taken by one is closed to the other; PLACE-5: once two
    of the village's places are taken the third is closed; with 4 players neither is."""
    for players, closed in ((2, True), (4, False)):
        moves = ((0, Location.FOREST, 1), (1, Location.TOOL_MAKER, 1), (2 % players, Location.FIELD, 1))
        state = _placed(new_game(GameConfig(players=players, seed=1)), *moves)
        titles = _titles(render_svg(player_view(state, 1)), "location")
        assert ("closed to anyone else this round (PLACE-6)" in titles["forest"]) == closed
        assert ("closed to anyone else this round (PLACE-5)" in titles["hut"]) == closed
        assert "closed" not in titles["tool_maker"] + titles["field"] + titles["clay_pit"]


def test_the_cards_on_display_show_their_price_and_both_halves_in_words() -> None:
    view = player_view(new_game(GameConfig(players=3, seed=4)), 0)
    shown = re.sub(r"<title>.*?</title>", "", render_svg(view))
    for slot, card_id in enumerate(view.display, 1):
        assert card_id is not None and not re.search(rf"\b{card_id}\b", shown)  # an id only in a tooltip
        top, bottom = card_halves(components().card[card_id])
        assert f"costs {slot} resource" in shown
        assert f">now: {top}<" in shown.replace("&#x27;", "'") and f">at the end: {bottom}<" in shown


def _positions(players: int, seed: int) -> list[GameState]:
    """Some positions of a random game, its last included."""
    state, rng, found = new_game(GameConfig(players=players, seed=seed)), random.Random(seed), []
    while not state.is_over:
        moves = legal_moves(state, state.to_act[0])
        state = apply_move(state, moves[rng.randrange(len(moves))])
        if rng.random() < 0.03:
            found.append(state)
    return [*found, state]


def test_every_part_is_well_formed_and_its_text_stays_inside_it() -> None:
    """Over random games of 2 to 4 players, each seat's picture: each part parses as SVG, is
    PART_WIDTH wide, has no text smaller than MIN_TEXT, and none of its text (at the fonts'
    average glyph width) runs out of its right edge: a player's culture line included."""
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for state in _positions(players, seed):
            for part in render_svg_parts(player_view(state, 0)):
                root = ET.fromstring(part)
                assert root.get("width") == str(PART_WIDTH)
                for text in root.iter(f"{_SVG}text"):
                    size = float(text.get("font-size") or 0)
                    assert size >= MIN_TEXT
                    words = text.text or ""
                    width = len(words) * size * (0.63 if text.get("font-weight") == "bold" else 0.57)
                    x = float(text.get("x") or 0)
                    anchor = text.get("text-anchor")
                    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
                    assert left >= 0 and left + width <= PART_WIDTH, words
                    checked += 1
    assert checked > 5000


def test_each_board_shows_the_tools_used_this_round_and_the_start_player() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    board = render_svg_parts(player_view(state, 0))[2]
    assert "start player of this round" in board and "level" not in board  # no tools yet
    player = state.players[1]
    tooled = attrs.evolve(
        state,
        players=(state.players[0], attrs.evolve(player, tools=(2, 1), used=(True, False), one_time=(3,))),
    )
    other = render_svg_parts(player_view(tooled, 0))[3]
    assert ">2 used<" in other and ">level 1<" in other and ">3<" in other
    assert "start player" not in other


def test_a_pair_of_resources_of_choice_not_yet_taken_is_on_its_owners_board() -> None:
    """CIV-12 (``any_two_resources: later``): a player who bought the card and has not taken
    its pair sees it on their board, in the picture (a group a page can click, of that
    player) and in the terminal's lines; with two pairs, both; with none, nothing is drawn."""
    state = new_game(GameConfig(players=2, seed=1))
    plain = player_view(state, 0)
    assert 'data-kind="claims"' not in render_svg(plain)
    assert "of your choice" not in "\n".join(board_lines(plain, 0))
    paired = attrs.evolve(
        state, players=(attrs.evolve(state.players[0], claims=1), attrs.evolve(state.players[1], claims=2))
    )
    parts = render_svg_parts(player_view(paired, 1))
    for part, seat, words in (
        (parts[2], 0, "2 resources of your choice to take"),
        (parts[3], 1, "2 pairs of resources of your choice to take"),
    ):
        group = re.search(
            r'<g data-kind="claims" data-id="claims" data-player="(\d)"><title>([^<]*)</title>(.*?)</g>',
            part,
            re.S,
        )
        assert group is not None and int(group[1]) == seat, part
        assert group[2].startswith(f"{words} (CIV-12)") and f">{words}<" in group[3]
    lines = board_lines(player_view(paired, 1), 1)
    assert "resources: nothing; 2 pairs of resources of your choice to take; no tools" in lines[-3]
    assert "resources: nothing; 2 resources of your choice to take; no tools" in lines[-1]
