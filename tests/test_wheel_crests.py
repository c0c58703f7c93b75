"""WHEEL-3: the players choose their crests, and each crest draws from the deck its place
on the wheel points at; the default seats player *i* at the wheel's place *i*."""

from __future__ import annotations

import itertools
import random
import shutil
from pathlib import Path

import pytest
from helpers import scenario_position

from hadara_rules import (
    Color,
    Crest,
    GameConfig,
    GameState,
    RecordError,
    ScenarioError,
    SetWheel,
    apply_move,
    from_json,
    legal_moves,
    load_catalogue,
    new_game,
    player_view,
    render_svg,
    sample_world,
    to_json,
)
from hadara_rules._resources import components_dir
from hadara_rules._rules.wheel import deck_color
from hadara_rules._text import player_name, summary
from hadara_rules.records import GameRecord, replay
from hadara_rules.wellformed import check_position

ORDER = (Color.YELLOW, Color.RED, Color.BLUE, Color.GREEN, Color.PURPLE)
#: The bundled catalogue's crest order (provisional component data).
WHEEL = (Crest.MONKEY, Crest.DRAGON, Crest.LION, Crest.PEGASUS, Crest.SCARAB)


def drafted_colors(config: GameConfig, rotation: int) -> list[tuple[Color, ...]]:
    """The colour each seat draws in each draft round of epoch I, read from the cards dealt."""
    state = apply_move(new_game(config), SetWheel(new_game(config).first_player, rotation))
    cards = state.catalogue.cards
    rounds = []
    while state.section == "draft":
        rounds.append(tuple(cards[p.drawn[0]].color for p in state.players))
        for seat in state.to_act:
            state = apply_move(state, legal_moves(state, seat)[0])
    return rounds


def test_the_bundled_wheel_lists_the_five_crests_once() -> None:
    reference = load_catalogue().reference
    assert reference.crest_order == WHEEL
    assert dict(reference.wheel_place) == {crest: place for place, crest in enumerate(WHEEL)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_by_default_seat_i_has_the_crest_at_the_wheels_place_i(players: int) -> None:
    state = new_game(GameConfig(players=players, seed=4))
    assert tuple(p.crest for p in state.players) == WHEEL[:players]
    chosen = new_game(GameConfig(players=players, seed=4, crests=WHEEL[:players]))
    assert chosen == state


@pytest.mark.parametrize("crests", list(itertools.permutations(WHEEL, 2)))
def test_each_crest_draws_from_the_deck_its_place_points_at(crests: tuple[Crest, Crest]) -> None:
    """WHEEL-3: the crest at place c draws in round k from board_order[(c + rotation + k) mod 5]."""
    rotation = 3
    config = GameConfig(players=2, seed=8, board_order=ORDER, crests=crests)
    rounds = drafted_colors(config, rotation)
    assert len(rounds) == 5
    for k, drawn in enumerate(rounds):
        for seat, crest in enumerate(crests):
            assert drawn[seat] is ORDER[(WHEEL.index(crest) + rotation + k) % 5]
    for seat in range(2):  # WHEEL-2: every colour once
        assert sorted(r[seat] for r in rounds) == sorted(ORDER)


def test_two_players_two_apart_round_by_round() -> None:
    """The monkey (place 0) and the lion (place 2): two colours apart in every round,
    where neighbours on the wheel would be one apart."""
    config = GameConfig(players=2, seed=1, board_order=ORDER, crests=["monkey", "lion"])
    assert drafted_colors(config, 0) == [
        (Color.YELLOW, Color.BLUE),
        (Color.RED, Color.GREEN),
        (Color.BLUE, Color.PURPLE),
        (Color.GREEN, Color.YELLOW),
        (Color.PURPLE, Color.RED),
    ]
    neighbours = drafted_colors(GameConfig(players=2, seed=1, board_order=ORDER), 0)
    assert [seats[1] for seats in neighbours] == [
        Color.RED,
        Color.BLUE,
        Color.GREEN,
        Color.PURPLE,
        Color.YELLOW,
    ]


def test_a_catalogue_of_ones_own_may_order_the_wheel_otherwise(tmp_path: Path) -> None:
    """The crest order is component data: reversed, the scarab sits at place 0."""
    folder = tmp_path / "components"
    shutil.copytree(components_dir(), folder)
    reference = folder / "reference.yaml"
    text = reference.read_text(encoding="utf-8")
    old = "crest_order: [monkey, dragon, lion, pegasus, scarab]"
    assert text.count(old) == 1
    reference.write_text(
        text.replace(old, "crest_order: [scarab, pegasus, lion, dragon, monkey]"), encoding="utf-8"
    )
    catalogue = load_catalogue(folder)
    assert catalogue != load_catalogue()
    state = new_game(GameConfig(players=2, seed=1, board_order=ORDER, catalogue=catalogue))
    assert [p.crest for p in state.players] == [Crest.SCARAB, Crest.PEGASUS]
    monkey = new_game(
        GameConfig(players=2, seed=1, board_order=ORDER, catalogue=catalogue, crests=["monkey", "lion"])
    )
    monkey = apply_move(monkey, SetWheel(monkey.first_player, 0))
    assert (deck_color(monkey, 0), deck_color(monkey, 1)) == (Color.PURPLE, Color.BLUE)


def test_crests_survive_views_records_and_sampled_worlds() -> None:
    config = GameConfig(players=3, seed=6, crests=[Crest.SCARAB, "monkey", Crest.LION])
    state = new_game(config)
    state = apply_move(state, legal_moves(state)[2])
    crests = [Crest.SCARAB, Crest.MONKEY, Crest.LION]
    assert [p.crest for p in state.players] == crests
    view = player_view(state, 1)
    assert [p.crest for p in view.players] == crests  # a crest is on the table for all to see
    world = sample_world(view, 1, random.Random(3))
    assert player_view(world, 1) == view
    assert from_json(to_json(state), GameState) == state
    record = GameRecord(config, (legal_moves(new_game(config))[2],))
    loaded = from_json(to_json(record), GameRecord)
    assert loaded.config.crests == tuple(crests)
    assert replay(loaded) == state


def test_old_records_without_crests_load_with_the_default() -> None:
    document = to_json(GameRecord(GameConfig(players=2, seed=3))).replace('"crests":null,', "")
    assert "crests" not in document
    assert from_json(document, GameRecord).config.crests is None


def test_a_position_with_a_crest_twice_is_refused_naming_the_seat() -> None:
    state = new_game(GameConfig(players=3, seed=2, crests=["lion", "monkey", "scarab"]))
    document = to_json(state).replace('"crest":"scarab"', '"crest":"lion"')
    with pytest.raises(
        RecordError, match=r"\$\.data\.players\[2\]\.crest: lion is also the crest of player 0"
    ):
        from_json(document, GameState)
    check_position(state)  # the original passes


def test_a_scenario_states_and_expects_crests() -> None:
    doc = {
        "rules": ["WHEEL-3"],
        "config": {"players": 2, "seed": 0, "crests": ["pegasus", "dragon"]},
        "given": {"players": {1: {"crest": "monkey"}}},
    }
    state = scenario_position(doc)
    assert [p.crest for p in state.players] == [Crest.PEGASUS, Crest.MONKEY]
    with pytest.raises(
        ScenarioError, match=r"given: players\[1\]\.crest: pegasus is also the crest of player 0"
    ):
        scenario_position({**doc, "given": {"players": {1: {"crest": "pegasus"}}}})
    with pytest.raises(ScenarioError, match=r"config: WHEEL-3: crests must name one crest per seat"):
        scenario_position({**doc, "config": {"players": 2, "seed": 0, "crests": ["lion"]}})


def test_text_and_picture_show_each_players_crest() -> None:
    state = new_game(GameConfig(players=2, seed=5, crests=["scarab", "dragon"]))
    assert player_name(state, 0) == "P0 (scarab)"
    assert "P1 (dragon):" in summary(state)
    svg = render_svg(state)
    # the wheel labels the seated crests by their players and greys the others
    for crest, label in ((Crest.SCARAB, "P0"), (Crest.DRAGON, "P1")):
        assert f">{label}</text>" in svg
        assert f">{crest}</text>" in svg
    assert svg.count('fill="#aaa"') == 2 * 3  # pointer and name of each of the three empty places
