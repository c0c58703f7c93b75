"""What a seat sees (LOOK-6, GOODS-4): its own hand, the others' hand sizes, no deck's order;
its legal moves are the same from its view; a view reads back from its document."""

from __future__ import annotations

import random

import attrs

from imperial_settlers_rules import Activate, Build, GameState, Pass, Raze, check_move, legal_moves
from imperial_settlers_rules.records import from_json, to_json
from imperial_settlers_rules.view import HIDDEN, player_view, sample_world

from .tables import acting, all_cards, answered, card, deal, dealt, game, play, playout, supply


def test_look_6_a_hand_is_its_owners_its_size_everyones() -> None:
    state = game(3, 2)
    view = player_view(state, 1)
    assert view.players[1].hand == state.players[1].hand
    assert view.players[0].hand == (HIDDEN,) * len(state.players[0].hand)
    assert set(view.common) == {HIDDEN} and len(view.common) == len(state.common)
    assert all(set(p.deck) <= {HIDDEN} for p in view.players) and view.config.seed == 0
    assert all(set(p.hand) <= {HIDDEN} for p in player_view(state, None).players)


def test_goods_4_deals_show_their_goods_not_their_cards() -> None:
    spies = card("rom-spies")
    state = acting(p0={"deals": (deal(spies),)}, p1={"foundations": (card("com-ruins"),)})
    seen = player_view(state, 1)
    assert seen.players[0].deals[0].card == HIDDEN and seen.players[0].deals[0].good == deal(spies).good
    assert player_view(state, 0).players[0].deals == (deal(spies),)


def test_goods_4_a_razed_foundation_shows_one_put_from_the_hand_does_not() -> None:
    quarry, sanctuary = card("com-quarry"), card("egy-sanctuary")
    lumber, chariot = card("com-lumberjacks"), card("egy-chariot-builder")
    state = acting(
        ("romans", "egyptians"),
        p0={"supply": supply(raze=2)},
        p1={
            "empire": (quarry, sanctuary),
            "hand": (lumber, chariot),
            "supply": supply(worker=1, wood=1, stone=1),
        },
    )
    state = play(state, Raze(0, 1, quarry), Activate(1, sanctuary, supply(worker=1), target=lumber))
    assert state.players[1].foundations == (quarry, lumber) and state.players[1].unseen == (lumber,)
    for seat in (0, None):
        seen = player_view(state, seat).players[1]
        assert seen.foundations == (quarry, HIDDEN) and seen.unseen == (HIDDEN,)
    assert player_view(state, 1).players[1] == attrs.evolve(
        state.players[1], deck=(HIDDEN,) * len(state.players[1].deck)
    )
    view = player_view(state, 0)
    world = sample_world(view, 0, random.Random(5))
    assert player_view(world, 0) == view and world.players[1].foundations[0] == quarry
    assert world.players[1].unseen == world.players[1].foundations[1:]
    state = play(state, Pass(0))
    built = play(state, answered(state, Build(1, chariot, supply(wood=1, stone=1), lumber)))
    assert built.players[1].foundations == (quarry,) and built.players[1].unseen == ()


def test_goods_4_a_view_hides_only_the_foundations_no_other_player_saw() -> None:
    for before, _, _ in playout(game(4, 23), 23):
        for seat in range(4):
            view = player_view(before, seat)
            for index, (player, seen) in enumerate(zip(before.players, view.players, strict=True)):
                hidden = index != seat
                assert seen.foundations == tuple(
                    HIDDEN if hidden and c in player.unseen else c for c in player.foundations
                )


def test_a_seats_moves_are_the_same_from_its_view_and_the_view_reads_back() -> None:
    for index, (before, _, _) in enumerate(playout(game(3, 5), 5)):
        (seat,) = before.to_act
        view = player_view(before, seat)
        moves = legal_moves(before)
        assert legal_moves(view) == moves
        assert all(check_move(view, m) is None for m in moves[:20])
        if index % 9 == 0:
            assert from_json(to_json(view), GameState) == view


def test_a_world_drawn_from_a_view_shows_the_seat_the_same_view() -> None:
    rng = random.Random(3)
    for index, (before, _, _) in enumerate(playout(game(4, 19), 19)):
        if index % 7:
            continue
        for seat in range(4):
            view = player_view(before, seat)
            world = sample_world(view, seat, rng)
            assert player_view(world, seat) == view
            assert all_cards(world) == dealt(world)
            assert legal_moves(world, seat) == legal_moves(before, seat)
