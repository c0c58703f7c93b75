"""Loaded positions: a document describing a position the game cannot be in is refused with
the path of the field; one that loads can be played on without any error but a refusal."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardtable import errors
from hadara_rules import (
    GameConfig,
    GameState,
    RecordError,
    apply_move,
    legal_moves,
    new_game,
    records,
    rules,
    to_json,
    wellformed,
)
from hadara_rules._components import Card
from hadara_rules._copy import replace
from hadara_rules._errors import Inconsistent
from hadara_rules._vocabulary import COLOR_INDEX, Section
from hadara_rules.records import from_json
from hadara_rules.wellformed import check_position

Document = dict[str, Any]


@functools.cache
def positions() -> dict[Section, GameState]:
    """The first position of each section in a random 3-player advanced game."""
    rng = random.Random(4)
    state = new_game(GameConfig(players=3, seed=4, advanced=True))
    found: dict[Section, GameState] = {}
    while not state.is_over:
        found.setdefault(state.section, state)
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    found.setdefault(state.section, state)
    return found


#: Every section a position can wait in.
WAITING = sorted(set(Section) - {Section.INCOME})


def test_every_section_is_sampled() -> None:
    assert set(positions()) == set(WAITING)


def _document(section: Section) -> Document:
    data: Document = json.loads(to_json(positions()[section]))
    return data


def _load(document: Document) -> GameState:
    return from_json(json.dumps(document), GameState)


@pytest.mark.parametrize("section", WAITING)
def test_unchanged_documents_load(section: Section) -> None:
    assert _load(_document(section)) == positions()[section]


def _player(i: int, **changes: object) -> Callable[[Document], None]:
    return lambda d: d["data"]["players"][i].update(changes)


def _drafted_unaffordable(d: Document) -> None:
    """Player 0 'chose' to buy a drawn card they cannot pay for."""
    player = d["data"]["players"][0]
    player["coins"] = 0
    card = player["drawn"][0]
    d["data"]["pending"][0] = {"type": "draft", "player": 0, "card": card, "action": "buy", "tile": None}


def _setup_in_epoch_2(d: Document) -> None:
    """The position claims epoch II (epoch II's decks go to the box) while sides are still chosen."""
    data = d["data"]
    data["epoch"] = 2
    data["box"] += [card for deck in data["later_decks"].pop(0) for card in deck]


def _same_start_card(d: Document) -> None:
    players = d["data"]["players"]
    players[1]["start_card"] = players[0]["start_card"]


def _swap_stack_tops(d: Document) -> None:
    """A tier-3 colony on the tier-9 stack and the other way round (SETUP-4)."""
    stacks = d["data"]["colony_stacks"]
    stacks[0][-1], stacks[1][-1] = stacks[1][-1], stacks[0][-1]


def _pile_of_another_colour(d: Document) -> None:
    """The top card of the yellow outer pile moved onto the red one."""
    piles = d["data"]["outer_piles"]
    piles[1].append(piles[0].pop())


def _swap_epochs(d: Document) -> None:
    """A yellow card of epoch II in epoch I's yellow deck, and the other way round."""
    data = d["data"]
    data["decks"][0][0], data["later_decks"][0][0][0] = data["later_decks"][0][0][0], data["decks"][0][0]


def _tile_on_a_plain_card(d: Document) -> None:
    """Player 2's tile moved from their PURPLE-2 card to another card of their tableau."""
    player = d["data"]["players"][2]
    placed = player["tiles_on_cards"][0]
    placed["card"] = next(c for c in player["cards"] if c != placed["card"])


def _silver_before_the_turn(d: Document) -> None:
    """Player 1, whose medal turn of epoch I comes after the player in turn, has a silver medal."""
    data = d["data"]
    assert (1 - data["first_player"]) % 3 > data["turn"]
    player = data["players"][1]
    player["silver"] = [player["free_tiles"].pop()]


def _military_plus_one(d: Document) -> None:
    d["data"]["players"][1]["tracks"]["military"] += 1


def _unsorted_tiles(d: Document) -> None:
    player = d["data"]["players"][0]
    player["free_tiles"] = player["free_tiles"][::-1]


def _unsorted_tiles_beside_a_medal(d: Document) -> None:
    """Player 0's last free tile put on a silver medal, the others out of track order."""
    player = d["data"]["players"][0]
    *free, last = player["free_tiles"]
    player["silver"] = [*player["silver"], last]
    player["free_tiles"] = free[::-1]


def _deck_card_to_its_pile(d: Document) -> None:
    """A card of a deck the draft has not reached put on the outer pile of its colour."""
    data = d["data"]
    i = next(i for i, deck in enumerate(data["decks"]) if len(deck) == 6)
    data["outer_piles"][i].append(data["decks"][i].pop())


def _third_card_drawn(d: Document) -> None:
    """Player 0 holds a third drawn card, from the deck of the first drawn card's colour."""
    data = d["data"]
    drawn = data["players"][0]["drawn"]
    drawn.append(data["decks"][COLOR_INDEX[_card(drawn[0]).color]].pop())


def _drawn_card_passed_on(d: Document) -> None:
    """Player 0 holds one drawn card of the two; the other lies on its outer pile."""
    data = d["data"]
    card = data["players"][0]["drawn"].pop()
    data["outer_piles"][COLOR_INDEX[_card(card).color]].append(card)


def _colony_to_box(d: Document) -> None:
    """The top colony of the first stack put back in the box."""
    data = d["data"]
    data["box"].append(data["colony_stacks"][0].pop())


def _card(card_id: str) -> Card:
    return positions()[Section.DRAFT].catalogue.cards[card_id]


def _later_deck_card_to_box(d: Document) -> None:
    data = d["data"]
    data["box"].append(data["later_decks"][0][2].pop())


def _sell(data: dict[str, Any], cards: list[str]) -> None:
    """``cards`` claimed to be sold, openly, by player 0."""
    data["sold"] += cards
    data["sellers"] += [0] * len(cards)
    data["sold_openly"] += [True] * len(cards)


def _unsell(data: dict[str, Any]) -> str:
    """The last sold card, no longer claimed to be sold."""
    data["sellers"].pop()
    data["sold_openly"].pop()
    card: str = data["sold"].pop()
    return card


def _sold_card_to_box(d: Document) -> None:
    """A card sold in epoch I returned to the box."""
    data = d["data"]
    data["box"].append(_unsell(data))


def _drawn_from_the_box(d: Document) -> None:
    """Player 0's first drawn card swapped with a card of epoch II from the box."""
    data = d["data"]
    later = next(i for i, card in enumerate(data["box"]) if card.startswith("II-"))
    drawn = data["players"][0]["drawn"]
    drawn[0], data["box"][later] = data["box"][later], drawn[0]


def _swap_drawn(d: Document) -> None:
    """Players 0 and 1 exchange the cards they drew (from decks of different colours)."""
    players = d["data"]["players"]
    players[0]["drawn"], players[1]["drawn"] = players[1]["drawn"], players[0]["drawn"]


def _pile_card_sold(d: Document) -> None:
    """After the draft, a card passed on to an outer pile is claimed to be sold instead."""
    data = d["data"]
    _sell(data, [data["outer_piles"][0].pop()])


def _piles_sold(d: Document) -> None:
    """Picking claims to go on with every outer pile sold off."""
    data = d["data"]
    for pile in data["outer_piles"]:
        _sell(data, pile[:])
        pile.clear()


def _sold_card_to_its_pile(d: Document) -> None:
    """After picking, a card sold this epoch is back on its outer pile."""
    data = d["data"]
    card = positions()[Section.MEDALS].catalogue.cards[data["sold"][-1]]
    data["outer_piles"][COLOR_INDEX[card.color]].append(_unsell(data))


BAD: list[tuple[Section, Callable[[Document], None], str]] = [
    (Section.COLONY, lambda d: d["data"].update(epoch=4), r"\$\.data\.epoch: must be 1 to 3"),
    (Section.COLONY, lambda d: d["data"].update(turn=3), r"\$\.data\.turn: must be 0 to 2"),
    (Section.COLONY, lambda d: d["data"].update(turn=-1), r"\$\.data\.turn"),
    (Section.COLONY, lambda d: d["data"].update(first_player=5), r"\$\.data\.first_player"),
    (Section.DRAFT, lambda d: d["data"].update(wheel=5), r"\$\.data\.wheel: must be 0 to 4"),
    (Section.DRAFT, lambda d: d["data"].update(round=6), r"\$\.data\.round"),
    (Section.COLONY, lambda d: d["data"].update(ply=-1), r"\$\.data\.ply"),
    (Section.COLONY, lambda d: d["data"].update(viewer=3), r"\$\.data\.viewer"),
    (Section.COLONY, lambda d: d["data"].update(section="income"), "income is paid automatically"),
    (Section.COLONY, lambda d: d["data"].update(section="setup"), "setup waits only"),
    (Section.MEDALS, lambda d: d["data"].update(phase="A"), "phase A has no medals section"),
    (Section.DRAFT, lambda d: d["data"].update(phase="B"), "phase B has no draft section"),
    (Section.SETUP, _setup_in_epoch_2, "sides are chosen before the first epoch"),
    (Section.DRAFT, lambda d: d["data"].update(board_order=["red"] * 5), r"\$\.data\.board_order"),
    (Section.DRAFT, lambda d: d["data"].update(board_order=[]), r"\$\.data\.board_order"),
    (Section.DRAFT, lambda d: d["data"]["decks"].pop(), r"\$\.data\.decks: must hold 5 piles"),
    (Section.COLONY, lambda d: d["data"]["outer_piles"].append([]), r"\$\.data\.outer_piles"),
    (Section.COLONY, lambda d: d["data"]["colony_stacks"].pop(), r"\$\.data\.colony_stacks"),
    (Section.DRAFT, lambda d: d["data"]["later_decks"].pop(), r"\$\.data\.later_decks: epoch 1 leaves 2"),
    (Section.PICK, lambda d: d["data"]["outer_piles"][2].pop(), r"\$\.data\.box: .* is nowhere"),
    (Section.MEDALS, lambda d: d["data"]["colony_stacks"][0].pop(), r"\$\.data\.box: .* is nowhere"),
    (Section.DRAFT, lambda d: d["data"]["later_decks"][0].pop(), r"\$\.data\.later_decks\[0\]"),
    (
        Section.DRAFT,
        lambda d: d["data"].update(pending=[None] * 6),
        r"\$\.data\.pending: a draft round keeps one",
    ),
    (Section.DRAFT, lambda d: d["data"].update(pending=[None]), r"\$\.data\.pending"),
    (Section.DRAFT, _drafted_unaffordable, r"\$\.data\.pending\[0\]: an illegal choice: BUY-2"),
    (
        Section.DRAFT,
        lambda d: d["data"]["pending"].__setitem__(
            1, {"type": "draft", "player": 0, "card": "x", "action": "sell", "tile": None}
        ),
        r"\$\.data\.pending\[1\]: must be player 1's draft",
    ),
    (
        Section.PICK,
        lambda d: d["data"].update(pending=[None, None, None]),
        "draft choices wait only during a draft",
    ),
    (
        Section.PICK,
        lambda d: d["data"]["players"][2].update(drawn=[d["data"]["outer_piles"][0].pop()]),
        r"\$\.data\.players\[2\]\.drawn: cards are held drawn only",
    ),
    (Section.COLONY, _player(1, side=None), r"\$\.data\.players\[1\]\.side: every side is chosen"),
    (Section.COLONY, _player(0, coins=-1), r"\$\.data\.players\[0\]\.coins: must be 0 or more"),
    (Section.COLONY, _player(0, section_paid=-3), r"\$\.data\.players\[0\]\.section_paid"),
    (
        Section.COLONY,
        lambda d: d["data"]["players"][2]["tracks"].update(food=-2),
        r"players\[2\]\.tracks\.food",
    ),
    (Section.COLONY, _player(0, gold=3), r"\$\.data\.players\[0\]\.gold: must be 0 to 2"),
    (Section.COLONY, _player(0, start_card="start-99"), "unknown start card"),
    (
        Section.COLONY,
        _player(0, free_tiles=["income", "income", "military", "military", "culture", "culture", "food"]),
        r"players\[0\]\.free_tiles: .* 2 food tiles \(TILE-1\), found 1",
    ),
    (
        Section.COLONY,
        _player(
            0,
            statues=[{"statue": 1, "tile": "food", "face_up": True}] * 2,
            free_tiles=["income"] * 2 + ["military"] * 2 + ["culture"] * 2,
        ),
        r"a statue is carved once",
    ),
    (
        Section.COLONY,
        _player(
            1,
            tiles_on_cards=[{"card": "I-red-01", "tile": "food"}],
            free_tiles=["income"] * 2 + ["military"] * 2 + ["culture"] * 2 + ["food"],
        ),
        r"players\[1\]\.tiles_on_cards",
    ),
    (Section.COLONY, _same_start_card, r"\$\.data\.players\[1\]\.start_card: each player is dealt a start"),
    (Section.COLONY, _swap_stack_tops, r"\$\.data\.colony_stacks\[0\]: .* is a colony of tier 9, not 3"),
    (Section.COLONY, _pile_of_another_colour, r"\$\.data\.outer_piles\[1\]: .* is a yellow card, not red"),
    (Section.WHEEL, _swap_epochs, r"\$\.data\.decks\[0\]: .* is a card of epoch II"),
    (Section.COLONY, _tile_on_a_plain_card, r"\$\.data\.players\[2\]\.tiles_on_cards: one tile per PURPLE-2"),
    (
        Section.COLONY,
        _player(0, gold=1),
        r"\$\.data\.players\[0\]\.gold: medals are bought in the medal section",
    ),
    (Section.MEDALS, _silver_before_the_turn, r"\$\.data\.players\[1\]\.silver: medals are bought"),
    (Section.COLONY, _military_plus_one, r"\$\.data\.players\[1\]\.tracks\.military: .* give \d+, not \d+"),
    (Section.COLONY, _player(2, section_paid=3), r"\$\.data\.players\[2\]\.section_paid: at most 0 coins"),
    (
        Section.COLONY,
        _player(2, section_takes=1),
        r"\$\.data\.players\[2\]\.section_takes: at most 0 \(COLONY-1, STATUE-1, PURPLE-13, PURPLE-15\), not 1",
    ),
    (
        Section.FEEDING,
        lambda d: d["data"]["players"][d["data"]["first_player"]].update(section_takes=1),
        r"\.section_takes: at most 0 \(FEED-2, PURPLE-6\), not 1",
    ),
    (
        Section.COLONY,
        _player(0, section_takes=1),
        r"players\[0\]\.section_takes: .*turn in this section has not",
    ),
    (
        Section.FEEDING,
        _player(2, section_paid=2),
        r"players\[2\]\.section_paid: at most 0 coins in steps of 2 \(FEED-2, PURPLE-6",
    ),
    (
        Section.PICK,
        _player(2, section_paid=1),
        r"players\[2\]\.section_paid: .*nothing is taken or paid for in the pick",
    ),
    (
        Section.COLONY,
        _unsorted_tiles,
        r"\$\.data\.players\[0\]\.free_tiles: free tiles are kept in track order",
    ),
    (
        Section.COLONY,
        _unsorted_tiles_beside_a_medal,
        r"\$\.data\.players\[0\]\.free_tiles: free tiles are kept in track order",
    ),
    (Section.COLONY, lambda d: d["data"].update(viewer=0), r"\$\.data\.viewer: a position is loaded whole"),
    (
        Section.PICK,
        lambda d: d["data"]["sellers"].pop(),
        r"\$\.data\.sellers: one entry per sold card, in order \(who sold it, SELL-1\): \d+ sold, found \d+",
    ),
    (
        Section.PICK,
        lambda d: d["data"]["sold_openly"].append(False),
        r"\$\.data\.sold_openly: one entry per sold card, in order \(whether it was picked .*PICK-1\)",
    ),
    (
        Section.PICK,
        lambda d: d["data"]["sellers"].__setitem__(-1, 3),
        r"\$\.data\.sellers\[\d+\]: must be a seat of the game \(0 to 2\), not 3",
    ),
    (
        Section.PICK,
        lambda d: d["data"]["sellers"].__setitem__(0, -1),
        r"\$\.data\.sellers\[0\]: must be a seat of the game \(0 to 2\), not -1",
    ),
    (
        Section.DRAFT,
        _deck_card_to_its_pile,
        r"\$\.data\.decks\[\d\]: \d+ \w+ cards are left after 1 draft round",
    ),
    (
        Section.DRAFT,
        _later_deck_card_to_box,
        r"\$\.data\.later_decks\[0\]\[2\]: SETUP-3 lays 6 cards, found 5",
    ),
    (Section.PICK, _sold_card_to_box, r"\$\.data\.box: SETUP-3 lays out 6 \w+ cards of epoch I, found 5"),
    (Section.DRAFT, _drawn_from_the_box, r"\$\.data\.players\[0\]\.drawn: .* is a card of epoch II"),
    (
        Section.DRAFT,
        _swap_drawn,
        r"\$\.data\.players\[0\]\.drawn: .* is not from the \w+ deck the player's crest",
    ),
    (Section.DRAFT, _third_card_drawn, r"\$\.data\.players\[0\]\.drawn: a player draws 2 cards, not 3"),
    (
        Section.DRAFT,
        _drawn_card_passed_on,
        r"\$\.data\.players\[0\]\.drawn: the player drew 2 cards this round \(DRAFT-1\), found 1",
    ),
    (Section.MEDALS, _colony_to_box, r"\$\.data\.box: SETUP-4 lays out \d+ colonies of tier 3, found \d+"),
    (
        Section.COLONY,
        _pile_card_sold,
        r"\$\.data\.outer_piles: the draft rounds so far passed 15 cards on to them \(DRAFT-2\); they hold 14",
    ),
    (Section.PICK, _piles_sold, r"\$\.data\.outer_piles: picking takes the 15 cards passed on one by one"),
    (
        Section.MEDALS,
        _sold_card_to_its_pile,
        r"\$\.data\.outer_piles: picking empties them \(PICK-1\); they hold 1",
    ),
]


@pytest.mark.parametrize(("section", "edit", "message"), BAD)
def test_impossible_positions_are_refused_naming_the_path(
    section: Section, edit: Callable[[Document], None], message: str
) -> None:
    document = _document(section)
    edit(document)
    with pytest.raises(Inconsistent, match=message) as refused:
        _load(document)
    _names_its_field_and_rule(refused.value)


def _first_player_takes_5(d: Document) -> None:
    data = d["data"]
    data["players"][data["first_player"]]["section_takes"] = 5


#: (section, edit, the field named (``{first}``: the first player's seat), the rule broken): the rule each check enforces.
BROKEN: list[tuple[Section, Callable[[Document], None], str, str | None]] = [
    (Section.COLONY, lambda d: d["data"].update(epoch=4), "$.data.epoch", "EPOCH-1"),
    (Section.DRAFT, lambda d: d["data"].update(wheel=5), "$.data.wheel", "WHEEL-1"),
    (Section.COLONY, lambda d: d["data"].update(ply=-1), "$.data.ply", None),
    (Section.COLONY, lambda d: d["data"].update(viewer=3), "$.data.viewer", "INFO-1"),
    (Section.COLONY, _same_start_card, "$.data.players[1].start_card", "SETUP-6"),
    (Section.COLONY, _player(0, coins=-1), "$.data.players[0].coins", "BUY-2"),
    (Section.COLONY, _player(0, gold=3), "$.data.players[0].gold", "MEDAL-2"),
    (Section.COLONY, _military_plus_one, "$.data.players[1].tracks.military", "TRACK-1"),
    (Section.MEDALS, _silver_before_the_turn, "$.data.players[1].silver", "MEDAL-1"),
    (Section.COLONY, _swap_stack_tops, "$.data.colony_stacks[0]", "SETUP-4"),
    (Section.DRAFT, _drafted_unaffordable, "$.data.pending[0]", "BUY-2"),
    (Section.PICK, lambda d: d["data"]["outer_piles"][2].pop(), "$.data.box", "SETUP-3"),
    (Section.COLONY, _player(0, section_takes=5), "$.data.players[0].section_takes", "START-4"),
    (Section.COLONY, _first_player_takes_5, "$.data.players[{first}].section_takes", "COLONY-1"),
]


@pytest.mark.parametrize(("section", "edit", "field", "rule"), BROKEN)
def test_a_problem_names_its_field_and_the_rule_it_breaks(
    section: Section, edit: Callable[[Document], None], field: str, rule: str | None
) -> None:
    document = _document(section)
    edit(document)
    with pytest.raises(Inconsistent) as refused:
        _load(document)
    first = document["data"]["first_player"]
    assert (refused.value.field, refused.value.rule) == (field.format(first=first), rule)
    _names_its_field_and_rule(refused.value)


def _names_its_field_and_rule(found: Inconsistent) -> None:
    """A problem found is Hadara's error and the platform's, and its message starts with the
    path of its field; its rule is one of the rule index's."""
    assert isinstance(found, RecordError) and isinstance(found, errors.Inconsistent)
    assert str(found).startswith(f"{found.field}: ") and found.field.startswith("$.data")
    assert found.rule is None or found.rule in rules()


def _at(data: Document, path: str) -> list[str]:
    """The ids at ``path`` (``players[1].colonies``) of a position's document."""
    value: Any = data
    for name, *indices in (part.replace("]", "").split("[") for part in path.split(".")):
        value = value[name]
        for index in indices:
            value = value[int(index)]
    return [item["id"] if isinstance(item, dict) else item for item in value]


def test_each_place_checked_is_the_field_its_path_names() -> None:
    """The checks of places test what every place holds, in one order, and name a problem
    by the place's path: in every section, each path names, in the position's document,
    the ids the check tested there."""
    for state in positions().values():
        data = json.loads(to_json(state))["data"]
        held = wellformed._held(state)
        for allowed in (False, True):
            paths = (
                wellformed._allowed(state.catalogue, state.advanced)
                .card_places(state.epoch, len(state.players), allowed)
                .paths
            )
            assert (
                paths
                == wellformed._allowed(state.catalogue, state.advanced).places(
                    state.epoch, len(state.players)
                )[0]
            )
            assert [_at(data, path) for path in paths] == [list(ids) for ids in held]


def test_an_outer_pile_set_by_hand_holds_cards_of_its_colour() -> None:
    """SETUP-3: set by hand, an outer pile may hold cards of the epochs so far (SELL-1), but
    only of its own colour: a yellow card on the red pile is refused."""
    state = positions()[Section.COLONY]
    check_position(state, hand_set=True)
    yellow, red, *others = state.outer_piles
    moved = replace(state, outer_piles=(yellow[:-1], (*red, yellow[-1]), *others))
    with pytest.raises(RecordError, match=r"\$\.data\.outer_piles\[1\]: .* is a yellow card, not red"):
        check_position(moved, hand_set=True)


def test_star_cards_stay_in_the_box_of_a_basic_game() -> None:
    """SETUP-3: a star card of epoch I swapped into the purple deck of a basic game."""
    state = new_game(GameConfig(players=3, seed=4))
    star = next(c.id for c in state.catalogue.cards.values() if c.star and c.epoch == 1)
    document = json.loads(to_json(state))
    data = document["data"]
    data["box"][data["box"].index(star)], data["decks"][4][0] = data["decks"][4][0], star
    with pytest.raises(
        RecordError, match=r"\$\.data\.decks\[4\]: .* is a star card, played only in the advanced"
    ):
        _load(document)


def test_the_game_is_over_only_after_epoch_iii() -> None:
    """EPOCH-3: ``section: over`` in epoch II."""
    document = _document(Section.FEEDING)
    assert document["data"]["epoch"] == 2
    document["data"].update(section="over", turn=0)
    with pytest.raises(
        RecordError, match=r"\$\.data\.section: the game ends after epoch III \(EPOCH-3\), not in epoch II"
    ):
        _load(document)


#: Edits that keep a position one a game can reach: they load.
REACHABLE: list[tuple[Section, Callable[[Document], None]]] = [
    (Section.MEDALS, _player(2, gold=1)),  # player 2 is in turn in the medal section
    (Section.COLONY, _player(0, coins=90)),  # coins are not derived from anything
    (Section.FEEDING, _player(0, gold=2)),  # medals of epoch I
]


@pytest.mark.parametrize(("section", "edit"), REACHABLE)
def test_reachable_edits_load(section: Section, edit: Callable[[Document], None]) -> None:
    document = _document(section)
    edit(document)
    assert _load(document) != positions()[section]


SETTINGS = [(players, advanced) for players in range(2, 6) for advanced in (False, True)]


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_every_position_of_a_game_is_well_formed(players: int, advanced: bool) -> None:
    """No false refusal: every position of two random games of each setting passes
    ``check_position``, and every 10th goes through JSON and back unchanged."""
    for seed in (players, 10 + players):
        rng = random.Random(seed)
        state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
        while True:
            check_position(state)
            if state.ply % 10 == 0:
                assert from_json(to_json(state), GameState) == state
            if state.is_over:
                break
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])


def test_the_basic_game_plays_side_a() -> None:
    document = json.loads(to_json(new_game(GameConfig(players=2, seed=1))))
    document["data"]["players"][0]["side"] = "B"
    with pytest.raises(RecordError, match=r"players\[0\]\.side: the basic game plays side A"):
        _load(document)


def _mutate(value: object, rng: random.Random, depth: int = 0) -> object:
    """A random small change somewhere in a JSON value (numbers nudged, entries dropped or swapped)."""
    if isinstance(value, dict) and value and depth < 10:
        key = rng.choice(sorted(value))
        return {**value, key: _mutate(value[key], rng, depth + 1)}
    if isinstance(value, list) and value and depth < 10:
        copy = list(value)
        i = rng.randrange(len(copy))
        roll = rng.random()
        if roll < 0.15:
            del copy[i]
        elif roll < 0.3:
            j = rng.randrange(len(copy))
            copy[i], copy[j] = copy[j], copy[i]
        else:
            copy[i] = _mutate(copy[i], rng, depth + 1)
        return copy
    if isinstance(value, bool) or value is None:
        return rng.choice([True, False, None])
    if isinstance(value, int):
        return value + rng.choice([-3, -1, 1, 2, 7])
    return rng.choice([value, "A", "B", "food", "yellow", "draft", "pick", "feeding", "medals", "statue"])


@functools.cache
def sampled_documents() -> list[Document]:
    """Every 5th position of three random games (2–5 players, basic and advanced), as documents."""
    documents = []
    for seed, players, advanced in ((1, 2, False), (2, 4, True), (3, 5, False)):
        rng = random.Random(seed)
        state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
        for ply in range(10**4):
            if ply % 5 == 0:
                documents.append(json.loads(to_json(state)))
            if state.is_over:
                break
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])
    return documents


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, 2**16), seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 3))
def test_a_position_that_loads_can_be_played(index: int, seed: int, edits: int) -> None:
    """Whatever a few small edits do to a document, either loading refuses it or every legal
    move of the loaded position applies, the position after it is well formed too, and every
    legal move after it applies."""
    rng = random.Random(seed)
    documents = sampled_documents()
    document: object = documents[index % len(documents)]
    for _ in range(edits):
        document = _mutate(document, rng)
    try:
        state = _load(document)  # type: ignore[arg-type]
    except RecordError:
        return
    for move in legal_moves(state):
        after = apply_move(state, move)
        check_position(after)
        for reply in legal_moves(after):
            apply_move(after, reply)


def _move_an_id(document: Document, rng: random.Random) -> None:
    """A card or colony id taken from one place and put on another, left in both, or lost."""
    places: list[list[object]] = []

    def collect(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            if all(isinstance(item, str) for item in value):
                places.append(value)
            for item in value:
                collect(item)

    collect(document["data"])
    everywhere = len(places)
    collect(document["data"]["players"])  # the players' places once more: often put on
    taken_from: list[object] = rng.choice([place for place in places if place] or [[""]])
    item = taken_from[rng.randrange(len(taken_from))]
    roll = rng.random()
    if roll < 0.6:
        taken_from.remove(item)
    if roll > 0.2:
        rng.choice(places[:everywhere] if rng.random() < 0.5 else places[everywhere:]).append(item)


def _searched(document: Document) -> GameState | str:
    try:
        return _load(document)
    except RecordError as exc:
        return str(exc)


def _unchecked(document: Document) -> GameState | None:
    """The position of ``document`` as read, without ``check_position``; None if unreadable."""
    with mock.patch.object(records, "check_position", return_value=None):
        try:
            return _load(document)
        except RecordError:
            return None


def _set_by_hand(state: GameState) -> str | None:
    """Why ``check_position`` refuses ``state`` as a position set up by hand, or None."""
    try:
        check_position(state, hand_set=True)
    except RecordError as exc:
        return str(exc)
    return None


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, 2**16), seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 3))
def test_whole_place_tests_pass_only_what_the_search_passes(index: int, seed: int, edits: int) -> None:
    """``check_position`` tests whole places at once (in C loops) and searches item by item
    only when a test fails, to name the problem: with the whole-place tests switched off,
    every document, ids moved between places included, gets the same answer, read as a
    document and checked as a position set up by hand."""
    rng = random.Random(seed)
    documents = sampled_documents()
    document: Any = json.loads(json.dumps(documents[index % len(documents)]))
    for _ in range(edits):
        if rng.random() < 0.7:
            _move_an_id(document, rng)
        else:
            document = _mutate(document, rng)
    answer = _searched(document)
    state = _unchecked(document)
    by_hand = None if state is None else _set_by_hand(state)
    with mock.patch.object(wellformed, "_WHOLE_FIRST", False):
        assert _searched(document) == answer
        assert state is None or _set_by_hand(state) == by_hand


@pytest.mark.parametrize(
    ("replacement", "refusal"),
    [
        ("the first id again", r"\$\.data\.box: '[^']+' is also in \$\.data\.box"),
        ("no id of the catalogue", r"\$\.data\.box: unknown id 'no id of the catalogue'"),
    ],
)
def test_whole_place_tests_count_the_different_ids(replacement: str, refusal: str) -> None:
    """The whole-place tests count the ids held and the different ones, and hold each place
    to what may lie there (SETUP-3/4): with as many ids as the catalogue has, one held twice
    in place of another, or one of no catalogue in place of one, is refused as the search
    item by item refuses it."""
    document: Any = json.loads(json.dumps(sampled_documents()[0]))
    box = document["data"]["box"]
    box[1] = box[0] if replacement == "the first id again" else replacement
    answer = _searched(document)
    assert isinstance(answer, str)
    assert re.fullmatch(refusal, answer)
    with mock.patch.object(wellformed, "_WHOLE_FIRST", False):
        assert _searched(document) == answer


@pytest.mark.parametrize("section", WAITING)
def test_the_first_player_follows_from_the_initiative(section: Section) -> None:
    """START-1/2: in every section, any first player but the one the start cards' initiative
    and the epoch give is refused (and would otherwise set the wheel)."""
    document = _document(section)
    first = document["data"]["first_player"]
    for other in set(range(3)) - {first}:
        document["data"]["first_player"] = other
        with pytest.raises(
            RecordError, match=rf"\$\.data\.first_player: epoch I+ is begun by player {first}, .*START-1"
        ):
            _load(document)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_epochs_first_player_loads(players: int) -> None:
    """The first player of each epoch of a game, two players' START-2 included, loads."""
    rng = random.Random(players)
    state = new_game(GameConfig(players=players, seed=players))
    firsts = set()
    while not state.is_over:
        if state.section is Section.WHEEL:
            firsts.add(state.first_player)
            assert from_json(to_json(state), GameState) == state
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    assert len(firsts) == min(players, 3) if players > 2 else len(firsts) == 2
