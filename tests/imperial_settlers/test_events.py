"""What a move tells: the move, each gain event (ENG-3), each card drawn, the turns of the
round; each event names a rule of the index; another seat's drawn cards stay hidden."""

from __future__ import annotations

from imperial_settlers_rules import (
    HIDDEN,
    Build,
    Deck,
    Event,
    Spend,
    apply_move,
    apply_move_with_events,
    events_view,
    rules,
)

from .tables import acting, card, game, playout, supply


def test_eng_3_a_build_tells_the_move_and_each_gain_event() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"hand": (quarry,), "supply": supply(wood=1, stone=1)})
    after, events = apply_move_with_events(state, Build(0, quarry, supply(wood=1, stone=1)))
    assert after == apply_move(state, Build(0, quarry, supply(wood=1, stone=1)))
    assert events == (
        Event("BUILD-1", "builds", 0, quarry),
        Event("CARD-14", "gains", 0, quarry, (("stone", 1),)),
        Event("CARD-14", "gains", 0, quarry, (("stone", 1),)),
    )
    assert str(events[1]) == f"P0 gains {quarry} 1stone (CARD-14)"


def test_goods_7_a_drawn_card_is_told_to_its_seat_alone() -> None:
    state = acting(p0={"supply": supply(worker=2)})
    top = state.common[-1]
    _, events = apply_move_with_events(state, Spend(0, (0, 0, 0, 1), Deck.COMMON))
    drawn = next(e for e in events if e.rule == "GOODS-7")
    assert drawn.card == top
    assert next(e for e in events_view(events, 1) if e.rule == "GOODS-7").card == HIDDEN
    assert events_view(events, 0) == events


def test_every_event_of_a_game_names_a_rule_and_is_one_line() -> None:
    index = rules()
    for before, move, after in playout(game(3, 17), 17):
        played, events = apply_move_with_events(before, move)
        assert played == after
        for event in events:
            assert event.rule in index and "\n" not in str(event)
