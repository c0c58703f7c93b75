"""Player views hide exactly INFO-1's hidden information, and sampled worlds agree with them."""

from __future__ import annotations

import gc
import itertools
import random
import weakref
from collections import Counter

import attrs
import pytest
from helpers import seeded_game
from hypothesis import given, settings
from hypothesis import strategies as st
from properties.strategies import PlayedGame, hidden_from, played_games

from boardtable.errors import Inconsistent
from hadara_rules import (
    GameConfig,
    GameState,
    IllegalMove,
    apply_move,
    check_move,
    legal_moves,
    new_game,
)
from hadara_rules._moves import Move
from hadara_rules._rules.draft import legal as legal_drafts
from hadara_rules._rules.tracks import track_sources
from hadara_rules._rules.wheel import deck_color
from hadara_rules._vocabulary import Phase, Section
from hadara_rules.catalogue import Catalogue
from hadara_rules.game import GAME
from hadara_rules.records import from_data, from_json, to_data, to_json
from hadara_rules.view import HIDDEN, base_catalogue, player_view, sample_world, view_catalogue
from hadara_rules.wellformed import check_position

GAMES = [(2, False, 1), (3, True, 2), (4, False, 3), (5, True, 4)]


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_info_1_a_view_names_no_hidden_card_or_colony(players: int, advanced: bool, seed: int) -> None:
    for i, state in enumerate(seeded_game(players, advanced, seed)):
        if i % 3:
            continue
        for seat in range(players):
            text = to_json(player_view(state, seat))
            leaked = {x for x in hidden_from(state, seat) if f'"{x}"' in text}
            assert not leaked, (state.section, seat, sorted(leaked)[:5])


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_info_2_a_view_keeps_everything_public(players: int, advanced: bool, seed: int) -> None:
    for state in seeded_game(players, advanced, seed):
        seat = state.ply % players
        view = player_view(state, seat)
        assert view.outer_piles == state.outer_piles
        assert view.to_act == state.to_act
        assert view.ply == state.ply
        assert [len(d) for d in view.decks] == [len(d) for d in state.decks]
        for mine, theirs in zip(view.players, state.players, strict=True):
            assert (
                mine.coins,
                mine.tracks,
                mine.cards,
                mine.statues,
                mine.silver,
                mine.gold,
                mine.free_tiles,
            ) == (
                theirs.coins,
                theirs.tracks,
                theirs.cards,
                theirs.statues,
                theirs.silver,
                theirs.gold,
                theirs.free_tiles,
            )
            assert [h.id for h in mine.colonies if h.allied] == [h.id for h in theirs.colonies if h.allied]
        assert view.players[seat].drawn == state.players[seat].drawn


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_legal_moves_from_a_view_equal_those_of_the_position(players: int, advanced: bool, seed: int) -> None:
    for state in seeded_game(players, advanced, seed):
        for seat in range(players):
            view = player_view(state, seat)
            assert legal_moves(view, seat) == legal_moves(state, seat)
            assert legal_moves(view) == legal_moves(state, seat)


def test_a_view_refuses_to_play_and_to_judge_other_players() -> None:
    state = new_game(GameConfig(players=3, seed=0))
    state = apply_move(state, legal_moves(state)[0])
    view = player_view(state, 1)
    move = legal_moves(state, 1)[0]
    with pytest.raises(IllegalMove) as refused:
        apply_move(view, move)
    assert refused.value.rule == "INFO-1"
    other = legal_moves(state, 2)[0]
    refusal = check_move(view, other)
    assert refusal is not None
    assert refusal.rule == "INFO-1"
    assert check_move(view, move) is None
    with pytest.raises(ValueError):
        player_view(state, 3)
    with pytest.raises(ValueError):
        player_view(view, 1)


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_sampled_worlds_are_consistent_with_the_view(
    players: int, advanced: bool, seed: int, catalogue: Catalogue
) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(seeded_game(players, advanced, seed)):
        if i % 4:
            continue
        seat = i % players
        view = player_view(state, seat)
        world = sample_world(view, seat, rng)
        assert world.viewer is None
        assert world.catalogue == state.catalogue
        assert player_view(world, seat) == view
        assert legal_moves(world, seat) == legal_moves(state, seat)
        ids = [c for d in world.decks for c in d] + [c for e in world.later_decks for d in e for c in d]
        ids += [c for s in world.colony_stacks for c in s] + [c for p in world.outer_piles for c in p]
        ids += list(world.sold) + list(world.removed) + list(world.box)
        for p in world.players:
            ids += [*p.cards, *p.drawn, *(h.id for h in p.colonies)]
        assert HIDDEN not in ids
        assert sorted(ids) == sorted([*catalogue.cards, *catalogue.colonies])
        for other in range(players):
            assert world.players[other].tracks == track_sources(world, other)


def test_a_sampled_world_plays_to_the_end() -> None:
    rng = random.Random(7)
    state = new_game(GameConfig(players=4, seed=7, advanced=True))
    for _ in range(30):
        state = apply_move(state, rng.choice(legal_moves(state)))
    world = sample_world(player_view(state, 2), 2, rng)
    while not world.is_over:
        world = apply_move(world, rng.choice(legal_moves(world)))
    assert world.is_over


def test_a_view_catalogue_is_kept_by_its_catalogue_and_goes_with_it(catalogue: Catalogue) -> None:
    """However many custom catalogues views are made with, none outlives its catalogue."""
    made = []
    for k in range(40):
        reference = attrs.evolve(catalogue.reference, coins_per_point=6 + k)
        custom = Catalogue(
            catalogue.cards, catalogue.colonies, catalogue.start_cards, catalogue.statues, reference, "custom"
        )
        seen = view_catalogue(custom)
        assert view_catalogue(custom) is seen  # made once
        assert base_catalogue(seen) == custom
        made.append(weakref.ref(seen))
    del custom, seen
    gc.collect()
    assert [ref for ref in made if ref() is not None] == []


# --------------------------------------------------------------------------- worlds a game could be in


def _chi_square_bound(cells: int) -> float:
    """The chi-square value a uniform sample exceeds with chance 0.001 (Wilson–Hilferty)."""
    df = cells - 1
    return float(df * (1 - 2 / (9 * df) + 3.09 * (2 / (9 * df)) ** 0.5) ** 3)


def _chi_square(counts: Counter[object], expected: dict[object, float]) -> float:
    assert set(counts) <= set(expected), set(counts) - set(expected)
    return sum((counts[key] - wanted) ** 2 / wanted for key, wanted in expected.items())


SETTINGS = [(players, advanced) for players in range(2, 6) for advanced in (False, True)]


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_every_sampled_world_is_one_a_game_could_be_in(players: int, advanced: bool) -> None:
    """Every world sampled from views of a game passes check_position (SETUP-3's box counts
    included), is the view again for its viewer, and is saved and read back unchanged."""
    rng = random.Random(players * 2 + advanced)
    for i, state in enumerate(seeded_game(players, advanced, 40 + players)):
        if i % 9:
            continue
        seat = i % players
        view = player_view(state, seat)
        world = sample_world(view, seat, rng)
        check_position(world)
        assert player_view(world, seat) == view
        assert from_json(to_json(world), GameState) == world


@settings(max_examples=25, deadline=None)
@given(game=played_games(complete=False), seat=st.integers(0, 4), seed=st.integers(0, 2**32 - 1))
def test_a_world_of_any_view_passes_check_position(game: PlayedGame, seat: int, seed: int) -> None:
    state = game.final
    seat %= len(state.players)
    view = player_view(state, seat)
    world = sample_world(view, seat, random.Random(seed))
    check_position(world)
    assert player_view(world, seat) == view


def _draft_with_a_hidden_choice() -> tuple[GameState, list[str]]:
    """A 2-player draft round in which player 1 has chosen (hidden from player 0) and the
    number of player 1's legal choices depends on the cards drawn; the cards of player 1's
    deck that player 0 does not see."""
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(GameConfig(players=2, seed=seed))
        while state.epoch == 1:
            if state.section is Section.DRAFT and state.pending[1] is not None and state.pending[0] is None:
                view = player_view(state, 0)
                shown = {c for p in view.players for c in (*p.cards, *p.drawn)}
                shown.update(c for pile in view.outer_piles for c in pile)
                pool = state.catalogue.deck_pool(1, deck_color(state, 1), False)
                hidden = sorted(c for c in pool if c not in shown)
                if len({len(_choices(state, pair)) for pair in itertools.combinations(hidden, 2)}) > 1:
                    return state, hidden
            state = apply_move(state, rng.choice(legal_moves(state)))
    raise AssertionError("no such draft round")


def _choices(state: GameState, pair: tuple[str, ...]) -> tuple[Move, ...]:
    drawn = attrs.evolve(state.players[1], drawn=tuple(sorted(pair)))
    return legal_drafts(attrs.evolve(state, players=(state.players[0], drawn), pending=(None, None)), 1)


def test_worlds_are_drawn_uniformly_counting_the_hidden_choices() -> None:
    """Every world is as likely as every other: with player 1's choice hidden, each of the
    cards player 1 may have drawn and each legal choice with them (counted by enumerating
    them all) is as likely as any other (chi-square, 0.1% level); drawing the cards first
    and then a choice would favour cards that leave few choices."""
    state, hidden = _draft_with_a_hidden_choice()
    combos = [
        (pair, choice) for pair in itertools.combinations(hidden, 2) for choice in _choices(state, pair)
    ]
    view = player_view(state, 0)
    rng = random.Random(5)
    samples = 12 * len(combos)
    counts: Counter[object] = Counter()
    for _ in range(samples):
        world = sample_world(view, 0, rng)
        counts[(world.players[1].drawn, world.pending[1])] += 1
    expected: dict[object, float] = {combo: samples / len(combos) for combo in combos}
    assert _chi_square(counts, expected) < _chi_square_bound(len(combos))


def _own_sales(state: GameState, seat: int) -> dict[int, str]:
    """The cards ``seat`` sold from its hand, by their place among the sold cards."""
    return {
        i: card
        for i, (card, seller, openly) in enumerate(
            zip(state.sold, state.sellers, state.sold_openly, strict=True)
        )
        if seller == seat and not openly
    }


def test_the_hidden_sales_keep_the_epoch_and_colour_their_backs_show() -> None:
    """SELL-1, INFO-1: a card sold face down shows the table its back, so every world keeps
    each hidden sale's epoch and colour, and the view shows it (``?I-red``); each hidden sale
    is each unseen card of its epoch and colour with the same chance, whatever its place
    among the sold cards (counted over many worlds); the cards the viewer sold itself never
    move, and no card the viewer saw taken openly or removed is dealt again."""
    rng = random.Random(3)
    state = next(
        s
        for s in seeded_game(3, False, 27)
        if s.epoch == 2 and s.section is Section.DRAFT and _own_sales(s, 0) and len(s.sold) > 6 and s.removed
    )
    own = _own_sales(state, 0)
    view = player_view(state, 0)
    hidden = hidden_from(state, 0)
    assert not hidden & set(own.values())
    slots = [i for i, card in enumerate(state.sold) if card in hidden]
    cards = state.catalogue.cards
    pool_of = {
        i: [c for c in state.catalogue.deck_pool(1, cards[state.sold[i]].color, False) if c in hidden]
        for i in slots
    }
    assert len(slots) > 2 and len({cards[state.sold[i]].color for i in slots}) > 1
    assert [view.sold[i] for i in slots] == [f"?I-{cards[state.sold[i]].color.value}" for i in slots]
    samples = 1200
    places: Counter[object] = Counter()
    for _ in range(samples):
        world = sample_world(view, 0, rng)
        assert _own_sales(world, 0) == own
        assert world.removed == state.removed
        assert [c for c, openly in zip(world.sold, world.sold_openly, strict=True) if openly] == [
            c for c, openly in zip(state.sold, state.sold_openly, strict=True) if openly
        ]
        assert all(world.sold[i] in pool_of[i] for i in slots)
        places.update((i, world.sold[i]) for i in slots)
    expected: dict[object, float] = {
        (i, card): samples / len(pool_of[i]) for i in slots for card in pool_of[i]
    }
    assert _chi_square(places, expected) < _chi_square_bound(len(expected))


def test_the_views_of_the_seats_to_act_in_a_crowded_draft_read_back() -> None:
    """INFO-1, DRAFT-3: each view a seat to act is sent in the first draft of 4- and 5-player
    games of the greedy bots reads back as itself, though the other seats' choices hidden
    from it leave few worlds among those a uniform draw tries (these games' drafts held
    views that none of 20 uniform draws fitted): the world drawn to check a view may take
    any legal choice for each hidden one, so none is turned down."""
    read = 0
    for players, seed in ((4, 35), (5, 27)):
        state = new_game(GameConfig(players=players, seed=seed))
        bots = [GAME.bot("greedy", f"{seed}:{seat}", 0.01) for seat in range(players)]
        while state.epoch == 1 and state.phase is Phase.A:
            for seat in GAME.to_act(state):
                view = player_view(state, seat)
                assert from_json(to_json(view), GameState) == view, (players, seed, state.ply, seat)
                read += 1
            seat = GAME.to_act(state)[0]
            state = apply_move(state, bots[seat].choose(state, seat))
    assert read > 50


def test_a_view_s_impossible_visible_part_names_its_field_and_rule() -> None:
    """A seat's view read from a document is checked as a whole position is: a visible counter
    no position could hold is an ``Inconsistent`` naming that field and the rule (MEDAL-2), as
    the analysis board's editor shows it beside the field."""
    state = new_game(GameConfig(players=3, seed=1))
    for _ in range(12):
        state = apply_move(state, legal_moves(state)[0])
    document = to_data(player_view(state, 0))
    data = document["data"]
    assert isinstance(data, dict)
    data["players"][0]["gold"] = 3
    with pytest.raises(Inconsistent) as refused:
        from_data(document, GameState)
    assert (refused.value.field, refused.value.rule) == ("$.data.players[0].gold", "MEDAL-2")
