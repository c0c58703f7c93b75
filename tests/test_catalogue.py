"""The component catalogue: the bundled data, its validation, and scenario extensions.

Rules touched: SETUP-3 (deck pools, star cards only in the advanced game),
SETUP-4 (colony tiers), SETUP-6 (start cards), STATUE-2 (statues), and the
structural facts of the rulebook (p. 2, p. 12) that ``hadara_rules.catalogue``
checks (listed in its module docstring and in ``docs/components.md``).
"""

from __future__ import annotations

import copy
import os
import pickle
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from boardtable.reader import parse_yaml, read_text
from hadara_rules._effects import PURPLE_EFFECTS
from hadara_rules._errors import CatalogueError
from hadara_rules._resources import components_dir
from hadara_rules._vocabulary import EPOCHS, TIERS, TRACK_OF_COLOR, Color, Crest, Tracks
from hadara_rules.catalogue import (
    BASIC_EFFECTS,
    EFFECTS,
    FILES,
    STAR_EFFECTS,
    Catalogue,
    extended,
    load_catalogue,
)

COLORED = (Color.YELLOW, Color.RED, Color.BLUE, Color.GREEN)


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A private copy of the bundled catalogue folder, to break."""
    target = tmp_path / "components"
    shutil.copytree(components_dir(), target)
    return target


def edit(folder: Path, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def refused(folder: Path, *needles: str) -> str:
    """Loading fails with a CatalogueError whose message contains every needle."""
    with pytest.raises(CatalogueError) as info:
        load_catalogue(folder)
    message = str(info.value)
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    assert "\n" not in message
    return message


def read(path: Path) -> object:
    """A catalogue file's plain data, read by the library's strict reader."""
    return parse_yaml(read_text(path, CatalogueError), CatalogueError)


def raw(file: str) -> dict[str, Any]:
    document = read(components_dir() / file)
    assert isinstance(document, dict)
    return document


# --------------------------------------------------------------------------- the bundled catalogue


def test_bundled_catalogue_loads(cat: Catalogue) -> None:
    assert cat.source == "bundled"
    files = [("cards.yaml", "cards"), ("colonies.yaml", "colonies"), ("start_cards.yaml", "start_cards")]
    files.append(("player_board.yaml", "statues"))
    held = (len(cat.cards), len(cat.colonies), len(cat.start_cards), len(cat.statues))
    assert held == tuple(len(raw(file)[key]) for file, key in files)  # every entry of every file
    assert load_catalogue() is cat  # read once, shared


@pytest.mark.parametrize("epoch", EPOCHS)
def test_ten_cards_per_colour_and_fourteen_purple_per_epoch(cat: Catalogue, epoch: int) -> None:
    counts = Counter(c.color for c in cat.cards.values() if c.epoch == epoch)
    assert counts == {Color.YELLOW: 10, Color.RED: 10, Color.BLUE: 10, Color.GREEN: 10, Color.PURPLE: 14}


def test_four_star_cards_per_epoch_with_their_effects(cat: Catalogue) -> None:
    stars = {
        e: sorted((c.effect, c.effect_color) for c in cat.cards.values() if c.star and c.epoch == e)
        for e in EPOCHS
    }
    assert stars[1] == [
        ("PURPLE-3", Color.BLUE),
        ("PURPLE-3", Color.GREEN),
        ("PURPLE-3", Color.RED),
        ("PURPLE-3", Color.YELLOW),
    ]
    assert stars[2] == [(f"PURPLE-{n}", None) for n in (6, 7, 8, 9)]
    assert stars[3] == [(f"PURPLE-{n}", None) for n in (12, 13, 14, 15)]
    assert all(c.color is Color.PURPLE for c in cat.cards.values() if c.star)


@pytest.mark.parametrize("epoch", EPOCHS)
def test_basic_purple_cards_two_copies_of_each_effect_of_their_epoch(cat: Catalogue, epoch: int) -> None:
    basic = [c for c in cat.cards.values() if c.epoch == epoch and c.color is Color.PURPLE and not c.star]
    assert len(basic) == 10
    expected: dict[str | None, int] = dict.fromkeys(BASIC_EFFECTS[epoch], 2)
    assert Counter(c.effect for c in basic) == {**expected, None: 6}
    for card in basic:
        if card.effect is None:  # cards without an effect carry values or points
            assert card.points + sum(v for _, v in card.values.items()) > 0
        else:
            assert 0 <= card.points <= 3
            assert card.values == Tracks()
        assert card.effect_color is None


def test_the_effects_a_card_may_carry_are_the_rows_of_the_effect_table() -> None:
    """PURPLE-1…15: each epoch's effects, basic and star, once each, and each one a row of
    the table of effects (and no row that no card may carry)."""
    by_epoch = [e for table in (BASIC_EFFECTS, STAR_EFFECTS) for effects in table.values() for e in effects]
    assert len(by_epoch) == len(set(by_epoch)) == len(EFFECTS)
    assert tuple(PURPLE_EFFECTS) == EFFECTS == tuple(f"PURPLE-{n}" for n in range(1, len(EFFECTS) + 1))


def test_effects_only_on_purple_cards(cat: Catalogue) -> None:
    for card in cat.cards.values():
        if card.color is not Color.PURPLE:
            assert (card.effect, card.effect_color, card.star) == (None, None, False), card.id


@pytest.mark.parametrize("tier", TIERS)
def test_five_colonies_per_tier(cat: Catalogue, tier: int) -> None:
    ids = cat.tier_pool(tier)
    assert len(ids) == 5
    assert all(cat.colonies[i].tier == tier for i in ids)
    assert ids == tuple(sorted(ids))


def test_prices_inside_the_epoch_range(cat: Catalogue) -> None:
    for card in cat.cards.values():
        low, high = cat.reference.price_range[card.epoch - 1]
        assert low <= card.cost <= high, card.id


def test_colony_back_never_worth_less_than_front(cat: Catalogue) -> None:
    for colony in cat.colonies.values():
        assert colony.back_points is not None and colony.back_points >= colony.points, colony.id


def test_start_cards_have_initiatives_one_to_five_and_both_sides(cat: Catalogue) -> None:
    assert sorted(s.initiative for s in cat.start_cards.values()) == [1, 2, 3, 4, 5]
    for start in cat.start_cards.values():
        assert set(start.sides) == {"A", "B"}


def test_four_statues_indexed_zero_to_three(cat: Catalogue) -> None:
    assert sorted(cat.statues) == [0, 1, 2, 3]
    assert all(cat.statues[i].statue == i for i in cat.statues)


def test_ids_are_unique_across_cards_colonies_and_start_cards(cat: Catalogue) -> None:
    ids = [*cat.cards, *cat.colonies, *cat.start_cards]
    assert len(ids) == len(set(ids))
    entries = [
        e["id"]
        for f, k in (
            ("cards.yaml", "cards"),
            ("colonies.yaml", "colonies"),
            ("start_cards.yaml", "start_cards"),
        )
        for e in raw(f)[k]
    ]
    assert sorted(entries) == sorted(ids)  # no entry silently dropped


def test_card_ids_follow_epoch_colour_number(cat: Catalogue) -> None:
    roman = {1: "I", 2: "II", 3: "III"}
    for card in cat.cards.values():
        prefix, number = card.id.rsplit("-", 1)
        assert prefix == f"{roman[card.epoch]}-{card.color.value}"
        assert len(number) == 2


# --------------------------------------------------------------------------- verified numbers (README)


def test_verified_blue_card_p4(cat: Catalogue) -> None:
    card = cat.cards["I-blue-01"]
    assert (card.epoch, card.color, card.cost, card.points) == (1, Color.BLUE, 3, 2)
    assert card.values == Tracks(culture=2, food=1)
    assert card.provenance == "verified"


def test_verified_yellow_card_of_the_feeding_example_p9(cat: Catalogue) -> None:
    card = cat.cards["I-yellow-01"]
    assert card.color is Color.YELLOW
    assert card.values == Tracks(income=1, military=1)
    assert (card.epoch, card.cost, card.points) == (1, 2, 1)  # provisional placement
    assert card.provenance == "verified"


def test_verified_blue_card_of_price_five_p5(cat: Catalogue) -> None:
    card = cat.cards["II-blue-01"]
    assert (card.epoch, card.color, card.cost) == (2, Color.BLUE, 5)
    assert card.provenance == "verified"


def test_verified_start_card_p3(cat: Catalogue) -> None:
    start = cat.start_cards["start-2"]
    assert start.initiative == 2
    assert (start.a.coins, start.a.values) == (8, Tracks(income=2, military=1, culture=3, food=4))
    assert start.provenance == "verified"


def test_verified_tier_3_colony_p6(cat: Catalogue) -> None:
    colony = cat.colonies["col-03-a"]
    assert (colony.tier, colony.plunder, colony.ally_cost, colony.points) == (3, 3, 1, 2)
    assert (colony.back, colony.back_points) == (Tracks(income=1, military=1), 2)
    assert colony.provenance == "verified"


def test_verified_tier_9_colony_p7(cat: Catalogue) -> None:
    colony = cat.colonies["col-09-a"]
    assert (colony.tier, colony.ally_cost) == (9, 1)
    assert (colony.back, colony.back_points) == (Tracks(military=2, culture=1), 5)
    assert colony.provenance == "verified"


def test_verified_tier_15_colony_p7(cat: Catalogue) -> None:
    colony = cat.colonies["col-15-a"]
    assert (colony.tier, colony.plunder, colony.points) == (15, 5, 8)
    assert colony.provenance == "verified"


def test_colony_scoring_example_p10_can_be_scored(cat: Catalogue) -> None:
    """2 + 5 + 8 + 11 points from four colonies of four tiers."""
    assert cat.colonies["col-03-a"].points == 2
    assert cat.colonies["col-09-a"].back_points == 5
    assert cat.colonies["col-15-a"].points == 8
    assert any(11 in (c.points, c.back_points) for c in cat.colonies.values() if c.tier == 21)


@pytest.mark.parametrize(
    ("index", "requirement", "points", "reward"),
    [(0, 6, 4, 2), (1, 12, 8, 3), (2, 20, 14, 4)],
)
def test_verified_statues_p7_p8_p10(
    cat: Catalogue, index: int, requirement: int, points: int, reward: int
) -> None:
    statue = cat.statues[index]
    assert (statue.requirement, statue.points, statue.reward) == (requirement, points, reward)
    assert statue.provenance == "verified"


def test_fourth_statue_is_provisional(cat: Catalogue) -> None:
    statue = cat.statues[3]
    assert (statue.requirement, statue.points, statue.reward) == (30, 20, 5)
    assert statue.provenance == "provisional"


def test_reference_numbers(cat: Catalogue) -> None:
    ref = cat.reference
    assert ref.sell_value == (2, 3, 4)  # p. 5
    assert (ref.silver_price, ref.gold_price) == ((4, 9, 20), (6, 12, 30))  # p. 9, reference sheet
    assert (ref.silver_price_reduced, ref.gold_price_reduced) == ((4, 4, 15), (6, 6, 22))  # p. 12
    assert ref.price_range == ((1, 4), (4, 7), (7, 9))  # p. 12
    assert (ref.gold_set_points, ref.coins_per_point) == (7, 5)  # p. 9, p. 10
    assert (ref.tiles_per_track, ref.max_silver, ref.max_gold) == (2, 2, 2)  # p. 3
    assert ref.crest_order == tuple(Crest)  # provisional: the order of p. 3 (WHEEL-3)


def test_the_crest_order_is_provisional_and_says_what_is_assumed() -> None:
    """WHEEL-3: the printed order of the wheel is not known; the file says so and why."""
    source = raw("reference.yaml")["source"]
    assert "crest_order" not in {entry["id"] for entry in source["verified"]}
    assert "`crest_order`" in source["summary"] and "assumed" in source["summary"]


@pytest.mark.parametrize("file", FILES)
def test_every_file_has_a_source_block(file: str) -> None:
    source = raw(file)["source"]
    assert isinstance(source, dict)
    assert "load_catalogue(path)" in source["summary"]
    for entry in source["verified"]:
        assert entry["where"].startswith("rulebook p.")


@pytest.mark.parametrize(
    ("file", "key"),
    [
        ("cards.yaml", "cards"),
        ("colonies.yaml", "colonies"),
        ("start_cards.yaml", "start_cards"),
        ("player_board.yaml", "statues"),
    ],
)
def test_every_entry_has_a_provenance_and_verified_ones_are_listed(file: str, key: str) -> None:
    document = raw(file)
    entries = document[key]
    assert isinstance(entries, list)
    assert all(entry["provenance"] in ("verified", "provisional") for entry in entries)
    ident = "statue" if key == "statues" else "id"
    verified = {entry[ident] for entry in entries if entry["provenance"] == "verified"}
    listed = {v["id"] for v in document["source"]["verified"]}
    assert verified == listed & {entry[ident] for entry in entries}


# --------------------------------------------------------------------------- provisional guidance


@pytest.mark.parametrize("epoch", EPOCHS)
def test_coloured_cards_mostly_give_their_colours_track(cat: Catalogue, epoch: int) -> None:
    budgets = {1: (1, 3, 0, 2), 2: (2, 4, 2, 5), 3: (2, 5, 5, 9)}  # steps, points
    low_steps, high_steps, low_points, high_points = budgets[epoch]
    for color in COLORED:
        cards = [c for c in cat.cards.values() if c.epoch == epoch and c.color is color]
        for card in cards:
            main = card.values.get(TRACK_OF_COLOR[color])
            assert all(main >= v for t, v in card.values.items() if t is not TRACK_OF_COLOR[color]), card.id
            assert low_steps <= sum(v for _, v in card.values.items()) <= high_steps + (color is Color.GREEN)
            assert low_points <= card.points <= high_points, card.id
        numbers = {(c.cost, c.points, c.values) for c in cards}
        assert len(numbers) == len(cards), f"two identical {color} cards in epoch {epoch}"


def test_food_is_plentiful(cat: Catalogue) -> None:
    """Green cards give enough food to feed about 15 cards by the end (FEED-1)."""
    for epoch in EPOCHS:
        green = [c.food for c in cat.cards.values() if c.epoch == epoch and c.color is Color.GREEN]
        assert sum(green) >= 20
    assert sum(c.food for c in cat.cards.values()) >= 0.7 * len(cat.cards)


# --------------------------------------------------------------------------- identity


def test_digest_is_stable_and_independent_of_the_folder(cat: Catalogue, folder: Path) -> None:
    first, second = load_catalogue(folder), load_catalogue(str(folder))
    assert first.digest == second.digest == cat.digest
    assert first == cat
    assert hash(first) == hash(cat)
    assert first.source == str(folder)
    assert len(cat.digest) == 64
    assert int(cat.digest, 16) >= 0


#: The bundled catalogue's digest: a position names its catalogue by it, so the records and
#: pickles written so far find theirs only while it stays the same.
BUNDLED_DIGEST = "f0d4bf100d8eb6278ad57122c3d06f2cbbe1165d2e768c4b2b222c76ffa5b956"


def test_the_bundled_digest_is_pinned(cat: Catalogue) -> None:
    assert cat.digest == BUNDLED_DIGEST


def test_digest_ignores_layout_but_not_numbers(cat: Catalogue, folder: Path) -> None:
    edit(
        folder,
        "reference.yaml",
        "sell_value: {1: 2, 2: 3, 3: 4}",
        "# a comment\nsell_value:\n  1: 2\n  2: 3\n  3: 4",
    )
    assert load_catalogue(folder) == cat
    edit(
        folder,
        "cards.yaml",
        "id: I-red-01, epoch: 1, color: red, cost: 1, points: 0,",
        "id: I-red-01, epoch: 1, color: red, cost: 1, points: 1,",
    )
    changed = load_catalogue(folder)
    assert changed != cat
    assert changed.digest != cat.digest


def test_catalogue_is_read_only_and_pickles(cat: Catalogue) -> None:
    with pytest.raises(TypeError):
        cat.cards["x"] = cat.cards["I-blue-01"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        cat.source = "x"  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(cat))
    assert again == cat
    assert list(again.cards) == list(cat.cards)
    assert copy.deepcopy(cat) == cat


def test_cards_keep_file_order(cat: Catalogue) -> None:
    assert list(cat.cards)[:2] == ["I-yellow-01", "I-yellow-02"]
    assert list(cat.cards)[-1] == "III-purple-14"


def test_deck_pools_hold_star_cards_only_in_the_advanced_game(cat: Catalogue) -> None:
    """SETUP-3: basic game without the star purple cards."""
    for epoch in EPOCHS:
        basic = cat.deck_pool(epoch, Color.PURPLE, advanced=False)
        advanced = cat.deck_pool(epoch, Color.PURPLE, advanced=True)
        assert (len(basic), len(advanced)) == (10, 14)
        assert set(basic) < set(advanced)
        assert basic == tuple(sorted(basic))
        for color in COLORED:
            assert cat.deck_pool(epoch, color, False) == cat.deck_pool(epoch, color, True)
            assert len(cat.deck_pool(epoch, color, False)) == 10
    assert cat.deck_pool(1, "blue", False) == cat.deck_pool(1, Color.BLUE, False)  # type: ignore[arg-type]
    assert cat.deck_pool(4, Color.BLUE, False) == ()
    assert cat.tier_pool(4) == ()


# --------------------------------------------------------------------------- broken catalogues

RED_01 = "{id: I-red-01, epoch: 1, color: red, cost: 1, points: 0, military: 1, provenance: provisional}"


@pytest.mark.parametrize(
    ("file", "old", "new", "needles"),
    [
        pytest.param(
            "cards.yaml",
            "cards:\n",
            "cards: [\n",
            ("cards.yaml", "line", "malformed YAML"),
            id="malformed-yaml",
        ),
        pytest.param(
            "colonies.yaml",
            "  - {id: col-03-b,",
            "  - {id: col-03-b\n",
            ("colonies.yaml", "line"),
            id="malformed-flow-mapping",
        ),
        pytest.param(
            "reference.yaml",
            "sell_value: {1: 2, 2: 3, 3: 4}",
            'sell_value: !!python/object/apply:os.system ["echo"]',
            ("reference.yaml", "line", "python/object/apply:os.system"),
            id="unsafe-tag",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("military: 1", "military: 1, colour: red"),
            ("cards.yaml", "I-red-01", "colour", "unknown key"),
            id="unknown-key",
        ),
        pytest.param(
            "colonies.yaml",
            "back: {food: 2}",
            "back: {food: 2, gold: 1}",
            ("colonies.yaml", "col-03-b", "back: unknown key gold"),
            id="unknown-key-in-back",
        ),
        pytest.param(
            "start_cards.yaml",
            "A: {coins: 9, income: 3,",
            "A: {coins: 9, wine: 1, income: 3,",
            ("start_cards.yaml", "start-4", "A: unknown key wine"),
            id="unknown-key-in-side",
        ),
        pytest.param(
            "reference.yaml",
            "gold_set_points: 7",
            "gold_set_points: 7\nsilver_set_points: 3",
            ("reference.yaml", "silver_set_points", "unknown key"),
            id="unknown-top-level-key",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("cost: 1, ", ""),
            ("cards.yaml", "I-red-01", "cost", "missing"),
            id="missing-key",
        ),
        pytest.param(
            "start_cards.yaml",
            "     B: {coins: 4, income: 1, military: 3, culture: 3, food: 5}}",
            "     }",
            ("start_cards.yaml", "start-1", "B", "missing"),
            id="missing-side",
        ),
        pytest.param(
            "colonies.yaml",
            "back: {food: 2}, ",
            "",
            ("colonies.yaml", "col-03-b", "back", "missing"),
            id="missing-back",
        ),
        pytest.param(
            "colonies.yaml",
            "back: {food: 2}, ",
            "back: null, ",
            ("colonies.yaml", "col-03-b", "back", "missing"),
            id="null-back",
        ),
        pytest.param(
            "colonies.yaml",
            "back: {food: 2}, back_points: 2,",
            "back: {food: 2}, back_points: null,",
            ("colonies.yaml", "col-03-b", "back_points", "missing"),
            id="null-back-points",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("cost: 1", "cost: '1'"),
            ("cards.yaml", "I-red-01", "cost", "whole number", "'1'"),
            id="string-cost",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("cost: 1", "cost: true"),
            ("cards.yaml: I-red-01: cost: expected a whole number, found true",),
            id="bool-cost",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("cost: 1", "cost: 1.0"),
            ("cards.yaml", "I-red-01", "cost", "1.0"),
            id="float-cost",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("epoch: 1", "epoch: true"),
            ("cards.yaml", "I-red-01", "epoch"),
            id="bool-epoch",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("color: red", "color: pink"),
            ("cards.yaml", "I-red-01", "color", "'pink'"),
            id="unknown-colour",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("provisional", "guessed"),
            ("cards.yaml", "I-red-01", "provenance"),
            id="unknown-provenance",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("provenance: provisional", ""),
            ("cards.yaml", "I-red-01", "provenance", "missing"),
            id="missing-provenance",
        ),
        pytest.param(
            "cards.yaml",
            "effect: PURPLE-1, provenance: provisional}\n  - {id: I-purple-02",
            "effect: PURPLE-99, provenance: provisional}\n  - {id: I-purple-02",
            ("cards.yaml", "I-purple-01", "effect", "PURPLE-99"),
            id="unknown-effect",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("military: 1", "military: -1"),
            ("cards.yaml", "I-red-01", "military", "-1"),
            id="negative-value",
        ),
        pytest.param(
            "colonies.yaml",
            "plunder: 4, ally_cost: 2, points: 1, back: {food: 2}",
            "plunder: 4, ally_cost: 2, points: 1, back: {food: -2}",
            ("colonies.yaml", "col-03-b", "back.food", "-2"),
            id="negative-back-value",
        ),
        pytest.param(
            "cards.yaml",
            "id: I-red-02,",
            "id: I-red-01,",
            ("cards.yaml", "I-red-01", "id", "duplicate"),
            id="duplicate-id",
        ),
        pytest.param(
            "colonies.yaml",
            "{id: col-03-b,",
            "{id: I-red-01,",
            ("colonies.yaml", "I-red-01", "id", "duplicate", "cards.yaml"),
            id="duplicate-id-across-files",
        ),
        pytest.param(
            "cards.yaml",
            "  - {id: I-red-10, epoch: 1, color: red, cost: 4, points: 2, military: 2, "
            "food: 1, provenance: provisional}\n",
            "",
            ("cards.yaml", "color", "epoch I red cards: 9 found, 10 expected"),
            id="too-few-cards",
        ),
        pytest.param(
            "cards.yaml",
            "{id: II-yellow-03, epoch: 2, color: yellow, cost: 5, points: 2, income: 3,",
            "{id: II-yellow-03, epoch: 2, color: red, cost: 5, points: 2, military: 3,",
            ("cards.yaml", "color", "epoch II yellow cards: 9 found, 10 expected"),
            id="wrong-colour-count",
        ),
        pytest.param(
            "colonies.yaml",
            "  - {id: col-30-e,",
            "  - {id: col-21-f, tier: 21} #",
            ("colonies.yaml", "col-21-f", "plunder", "missing"),
            id="malformed-extra-colony",
        ),
        pytest.param(
            "colonies.yaml",
            "{id: col-30-e, tier: 30,",
            "{id: col-21-f, tier: 21,",
            ("colonies.yaml", "col-21-f", "tier", "tier-21 colonies: 6 found, 5 expected"),
            id="too-many-colonies-in-a-tier",
        ),
        pytest.param(
            "cards.yaml",
            "effect: PURPLE-7, star: true",
            "effect: PURPLE-6, star: true",
            ("cards.yaml", "II-purple-12", "effect", "PURPLE-6: 2 found, 1 expected"),
            id="star-effect-twice",
        ),
        pytest.param(
            "cards.yaml",
            "effect: PURPLE-14, star: true",
            "effect: PURPLE-11, star: true",
            ("cards.yaml", "III-purple-13", "effect", "star card"),
            id="star-card-with-basic-effect",
        ),
        pytest.param(
            "cards.yaml",
            "effect_color: red, star: true",
            "effect_color: yellow, star: true",
            ("cards.yaml", "I-purple-12", "effect", "PURPLE-3 (yellow): 2 found"),
            id="missing-star-colour",
        ),
        pytest.param(
            "cards.yaml",
            "effect: PURPLE-9, star: true, ",
            "",
            ("cards.yaml", "effect", "epoch II star cards with PURPLE-9: 0 found, 1 expected"),
            id="missing-star-effect",
        ),
        pytest.param(
            "cards.yaml",
            "effect: PURPLE-8, star: true",
            "effect: PURPLE-8",
            ("cards.yaml", "II-purple-13", "star", "star effect"),
            id="star-effect-without-star",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("military: 1", "military: 1, star: true"),
            ("cards.yaml", "I-red-01", "star", "only purple"),
            id="star-on-red",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("military: 1", "military: 1, effect: PURPLE-1"),
            ("cards.yaml", "I-red-01", "effect", "only purple"),
            id="effect-on-red",
        ),
        pytest.param(
            "cards.yaml",
            "effect: PURPLE-3, effect_color: blue, ",
            "effect: PURPLE-3, ",
            ("cards.yaml", "I-purple-13", "effect_color", "missing"),
            id="purple-3-without-colour",
        ),
        pytest.param(
            "cards.yaml",
            "cost: 2, points: 0, effect: PURPLE-2,",
            "cost: 2, points: 0, effect: PURPLE-2, effect_color: red,",
            ("cards.yaml", "I-purple-03", "effect_color", "only a PURPLE-3"),
            id="colour-without-purple-3",
        ),
        pytest.param(
            "cards.yaml",
            "effect_color: green, star: true",
            "effect_color: purple, star: true",
            ("cards.yaml", "I-purple-14", "effect_color", "'purple'"),
            id="purple-effect-colour",
        ),
        pytest.param(
            "cards.yaml",
            "cost: 1, points: 1, effect: PURPLE-1,",
            "cost: 1, points: 1, effect: PURPLE-4,",
            ("cards.yaml", "I-purple-01", "effect", "PURPLE-4 is not an effect of epoch I"),
            id="effect-of-another-epoch",
        ),
        pytest.param(
            "cards.yaml",
            "{id: I-blue-03, epoch: 1, color: blue, cost: 1,",
            "{id: I-blue-03, epoch: 1, color: blue, cost: 7,",
            ("cards.yaml: I-blue-03: cost: 7 is outside epoch I's price range 1–4",),
            id="price-out-of-range",
        ),
        pytest.param(
            "colonies.yaml",
            "points: 2, back: {income: 1, military: 1}, back_points: 2",
            "points: 2, back: {income: 1, military: 1}, back_points: 1",
            ("colonies.yaml", "col-03-a", "back_points", "lower than the front's 2 points"),
            id="back-points-below-front",
        ),
        pytest.param(
            "start_cards.yaml",
            "{id: start-3, initiative: 3,",
            "{id: start-3, initiative: 2,",
            ("start_cards.yaml", "start-3", "initiative", "start-2"),
            id="duplicate-initiative",
        ),
        pytest.param(
            "start_cards.yaml",
            "{id: start-5, initiative: 5,",
            "{id: start-5, initiative: 6,",
            ("start_cards.yaml", "start-5", "initiative"),
            id="initiative-out-of-range",
        ),
        pytest.param(
            "player_board.yaml",
            "  - {statue: 3, requirement: 30, points: 20, reward: 5, provenance: provisional}\n",
            "",
            ("player_board.yaml", "statue", "statues with index 3: 0 found"),
            id="three-statues",
        ),
        pytest.param(
            "player_board.yaml",
            "{statue: 3,",
            "{statue: 2,",
            ("player_board.yaml", "statue 2", "statue", "duplicate"),
            id="duplicate-statue",
        ),
        pytest.param(
            "player_board.yaml",
            "{statue: 3,",
            "{statue: 4,",
            ("player_board.yaml", "statue 4", "statue", "0–3"),
            id="statue-index-out-of-range",
        ),
        pytest.param(
            "reference.yaml",
            "sell_value: {1: 2, 2: 3, 3: 4}",
            "sell_value: {1: 2, 2: 3}",
            ("reference.yaml", "sell_value.3", "missing"),
            id="reference-missing-epoch",
        ),
        pytest.param(
            "reference.yaml",
            "sell_value: {1: 2, 2: 3, 3: 4}",
            "sell_value: {1: 2, 2: 3, 3: 4, 4: 5}",
            ("reference.yaml: sell_value.4: unknown key (epochs are 1, 2, 3)",),
            id="reference-unknown-epoch",
        ),
        pytest.param(
            "reference.yaml",
            "price_range: {1: [1, 4],",
            "price_range: {1: [1, 4, 5],",
            ("reference.yaml: price_range.1: expected a list of 2, found a list of 3",),
            id="reference-range-of-three",
        ),
        pytest.param(
            "cards.yaml",
            RED_01,
            RED_01.replace("id: I-red-01", "id: ' '"),
            ("cards.yaml: cards[10]: id: expected a non-empty text, found ' '",),
            id="blank-id",
        ),
        pytest.param(
            "cards.yaml",
            "    - id: II-blue-01",
            "    - id: [II-blue-01]",
            ("cards.yaml: source.verified[2].id: expected an id", "found ['II-blue-01']"),
            id="source-id-not-a-name",
        ),
        pytest.param(
            "reference.yaml",
            "price_range: {1: [1, 4],",
            "price_range: {1: [4, 1],",
            ("reference.yaml", "price_range.1", "above"),
            id="reference-inverted-range",
        ),
        pytest.param(
            "reference.yaml",
            "coins_per_point: 5",
            "coins_per_point: 0",
            ("reference.yaml", "coins_per_point"),
            id="zero-coins-per-point",
        ),
        pytest.param(
            "cards.yaml",
            "    - id: II-blue-01",
            "    - id: II-blue-99",
            ("cards.yaml", "source.verified[2]", "id", "II-blue-99"),
            id="source-names-unknown-entry",
        ),
        pytest.param(
            "colonies.yaml",
            "    - id: col-15-a",
            "    - id: col-15-b",
            ("colonies.yaml", "col-15-b", "provenance", "source lists it as verified"),
            id="source-lists-a-provisional-entry",
        ),
        pytest.param(
            "player_board.yaml",
            'fields: [requirement, points, reward]\n      where: "rulebook p. 7',
            'fields: [requirements]\n      where: "rulebook p. 7',
            ("player_board.yaml", "source.verified[0]", "fields", "requirements"),
            id="source-names-unknown-field",
        ),
        pytest.param(
            "reference.yaml",
            "crest_order: [monkey, dragon, lion, pegasus, scarab]",
            "crest_order: [monkey, dragon, lion, pegasus, unicorn]",
            ("reference.yaml: crest_order[4]: expected one of monkey, dragon", "'unicorn'"),
            id="crest-unknown",
        ),
        pytest.param(
            "reference.yaml",
            "crest_order: [monkey, dragon, lion, pegasus, scarab]",
            "crest_order: [monkey, dragon, lion, pegasus, monkey]",
            ("reference.yaml", "crest_order[4]", "monkey is listed twice"),
            id="crest-twice",
        ),
        pytest.param(
            "reference.yaml",
            "crest_order: [monkey, dragon, lion, pegasus, scarab]",
            "crest_order: [monkey, dragon, lion]",
            ("reference.yaml", "crest_order", "all five crests; missing: pegasus, scarab"),
            id="crest-missing",
        ),
        pytest.param(
            "reference.yaml",
            "crest_order: [monkey, dragon, lion, pegasus, scarab]",
            "crest_order: monkey",
            ("reference.yaml", "crest_order", "expected a list"),
            id="crest-order-not-a-list",
        ),
        pytest.param(
            "reference.yaml",
            "crest_order: [monkey, dragon, lion, pegasus, scarab]\n",
            "",
            ("reference.yaml", "crest_order", "missing"),
            id="crest-order-missing",
        ),
    ],
)
def test_broken_catalogue_is_refused(
    folder: Path, file: str, old: str, new: str, needles: tuple[str, ...]
) -> None:
    edit(folder, file, old, new)
    refused(folder, *needles)


def test_unsafe_tag_is_never_executed(folder: Path, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    edit(
        folder,
        "reference.yaml",
        "sell_value: {1: 2, 2: 3, 3: 4}",
        f'sell_value: !!python/object/apply:os.system ["touch {marker}"]',
    )
    refused(folder, "reference.yaml")
    assert not marker.exists()


@pytest.mark.parametrize(
    ("file", "text", "needles"),
    [
        ("colonies.yaml", "- 1\n- 2\n", ("colonies.yaml: top level: expected a mapping, found [1, 2]",)),
        ("colonies.yaml", "", ("colonies.yaml", "malformed YAML: the document is empty")),
        ("cards.yaml", "cards: {a: 1}\n", ("cards.yaml", "cards", "expected a list")),
        ("cards.yaml", "cards: [1]\n", ("cards.yaml", "cards[0]", "mapping")),
        ("cards.yaml", "cards: [{epoch: 1}]\n", ("cards.yaml", "cards[0]", "id", "missing")),
        (
            "start_cards.yaml",
            "start_cards: [{id: s, initiative: 1, A: 3}]\n",
            ("start_cards.yaml", "s", "A", "mapping"),
        ),
        ("reference.yaml", "sell_value: [2, 3, 4]\n", ("reference.yaml", "sell_value", "mapping")),
    ],
)
def test_wrong_shapes_are_refused(folder: Path, file: str, text: str, needles: tuple[str, ...]) -> None:
    (folder / file).write_text(text, encoding="utf-8")
    refused(folder, *needles)


def test_non_utf8_file_is_refused(folder: Path) -> None:
    (folder / "cards.yaml").write_bytes(b"cards: [\xff\xfe]\n")
    refused(folder, "cards.yaml", "not UTF-8 text (byte 0xff at offset 8)")


@pytest.mark.parametrize("file", FILES)
def test_missing_file_is_refused(folder: Path, file: str) -> None:
    (folder / file).unlink()
    refused(folder, file, "missing file")


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    refused(tmp_path / "nowhere", "nowhere", "no such catalogue folder")


def test_file_instead_of_folder_is_refused(folder: Path) -> None:
    refused(folder / "cards.yaml", "cards.yaml", "no such catalogue folder")


def test_error_names_file_entry_and_field_exactly(folder: Path) -> None:
    edit(
        folder,
        "cards.yaml",
        "{id: I-blue-03, epoch: 1, color: blue, cost: 1,",
        "{id: I-blue-03, epoch: 1, color: blue, cost: 7,",
    )
    message = refused(folder)
    assert message == f"{folder / 'cards.yaml'}: I-blue-03: cost: 7 is outside epoch I's price range 1–4"


def test_a_user_catalogue_may_omit_the_source_blocks(cat: Catalogue, folder: Path) -> None:
    for file in FILES:
        document = read(folder / file)
        assert isinstance(document, dict)
        del document["source"]
        (folder / file).write_text(yaml.safe_dump(document), encoding="utf-8")
    assert load_catalogue(folder) == cat


# --------------------------------------------------------------------------- scenario components

NEW_CARD = {"id": "x-card", "epoch": 2, "color": "blue", "cost": 5, "points": 3, "culture": 2}
NEW_COLONY = {
    "id": "x-col",
    "tier": 9,
    "plunder": 3,
    "ally_cost": 1,
    "points": 2,
    "back": {"military": 2, "culture": 1},
    "back_points": 5,
}


def test_extended_adds_cards_and_colonies(cat: Catalogue) -> None:
    ext = extended(cat, {"cards": [NEW_CARD], "colonies": [NEW_COLONY]}, "scenario.yaml")
    assert ext.source == "scenario.yaml"
    assert ext.cards["x-card"].values == Tracks(culture=2)
    assert ext.cards["x-card"].provenance == "provisional"
    assert ext.colonies["x-col"].back == Tracks(military=2, culture=1)
    assert len(ext.cards) == 163
    assert len(ext.colonies) == 26
    assert "x-card" in ext.deck_pool(2, Color.BLUE, False)
    assert "x-col" in ext.tier_pool(9)
    assert ext != cat
    assert ext.digest != cat.digest
    assert ext == extended(cat, {"cards": [NEW_CARD], "colonies": [NEW_COLONY]}, "other.yaml")
    assert "x-card" not in cat.cards  # the original is untouched
    assert ext.statues == cat.statues
    assert ext.reference == cat.reference


def test_extended_needs_no_whole_catalogue_counts(cat: Catalogue) -> None:
    purple = {"id": "x-p10", "epoch": 3, "color": "purple", "cost": 7, "points": 0, "effect": "PURPLE-10"}
    ext = extended(cat, {"cards": [purple, {**purple, "id": "x-p10b"}]}, "s.yaml")
    assert sum(c.effect == "PURPLE-10" for c in ext.cards.values()) == 4


@pytest.mark.parametrize(
    ("components", "needles"),
    [
        ({"cards": [{**NEW_CARD, "id": "I-blue-01"}]}, ("s.yaml", "cards", "I-blue-01", "id", "duplicate")),
        (
            {"colonies": [{**NEW_COLONY, "id": "I-blue-01"}]},
            ("s.yaml", "colonies", "I-blue-01", "id", "duplicate"),
        ),
        ({"cards": [NEW_CARD, NEW_CARD]}, ("s.yaml", "cards", "x-card", "duplicate")),
        (
            {"cards": [{**NEW_CARD, "cost": 9}]},
            ("s.yaml", "cards", "x-card", "cost", "epoch II's price range 4–7"),
        ),
        ({"cards": [{**NEW_CARD, "cost": True}]}, ("s.yaml", "x-card", "cost", "true")),
        ({"cards": [{**NEW_CARD, "kind": 1}]}, ("s.yaml", "x-card", "kind", "unknown key")),
        ({"colonies": [{**NEW_COLONY, "back_points": 1}]}, ("s.yaml", "x-col", "back_points")),
        (
            {"start_cards": [{"id": "s1", "initiative": 1, "A": {"coins": 1}}]},
            ("s.yaml", "s1", "A.income", "missing"),
        ),
        (
            {
                "statues": [
                    {"statue": 0, "requirement": 5, "points": 1, "reward": 1},
                    {"statue": 0, "requirement": 6, "points": 1, "reward": 1},
                ]
            },
            ("s.yaml", "statue 0", "duplicate"),
        ),
        ({"cards": NEW_CARD}, ("s.yaml", "cards", "list")),
        ({"tiles": []}, ("s.yaml", "components", "tiles", "unknown key")),
        ([], ("s.yaml: components: expected a mapping, found []",)),
    ],
)
def test_extended_refuses_bad_components(
    cat: Catalogue, components: dict[str, object], needles: tuple[str, ...]
) -> None:
    with pytest.raises(CatalogueError) as info:
        extended(cat, components, "s.yaml")
    for needle in needles:
        assert needle in str(info.value)


def test_extended_replaces_statues_and_start_cards(cat: Catalogue) -> None:
    side = {"coins": 5, "income": 1, "military": 1, "culture": 1, "food": 1}
    ext = extended(
        cat,
        {
            "statues": [{"statue": 0, "requirement": 5, "points": 3, "reward": 1}],
            "start_cards": [{"id": "start-1", "initiative": 1, "A": side, "B": {**side, "coins": 2}}],
        },
        "s.yaml",
    )
    assert list(ext.statues) == [0]
    assert ext.statues[0].requirement == 5
    assert list(ext.start_cards) == ["start-1"]
    assert ext.start_cards["start-1"].b.coins == 2
    assert ext.cards == cat.cards


def test_extended_start_cards_need_distinct_initiatives(cat: Catalogue) -> None:
    side = {"coins": 5, "income": 1, "military": 1, "culture": 1, "food": 1}
    card = {"id": "s1", "initiative": 1, "A": side, "B": side}
    with pytest.raises(CatalogueError, match="s2: initiative: 1 is also the initiative of s1"):
        extended(cat, {"start_cards": [card, {**card, "id": "s2"}]}, "s.yaml")


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ("cards: &all []\ncolonies: *all\n", ("cards.yaml", "malformed YAML", "alias")),
        ("cards: []\ncards: []\n", ("cards.yaml", "the key 'cards' appears twice")),
        (
            "cards: []\n" + "x" * 100 + ": 1\n",
            ("cards.yaml: top level: unknown key 'xxxxxxxx", "…' (expected cards, source)"),
        ),
        ("cards: [{id: " + "y" * 100_000 + "}]\n", ("cards.yaml", "'yyyyyyyy", "…'")),
    ],
    ids=["alias", "duplicate-key", "long-key", "long-id"],
)
def test_catalogue_files_are_read_strictly_and_shown_briefly(
    folder: Path, text: str, needles: tuple[str, ...]
) -> None:
    (folder / "cards.yaml").write_text(text, encoding="utf-8")
    message = refused(folder, *needles)
    assert len(message) < len(str(folder)) + 300


def test_a_pipe_is_never_read_as_a_catalogue_file(folder: Path) -> None:
    (folder / "cards.yaml").unlink()
    os.mkfifo(folder / "cards.yaml")
    refused(folder, "cards.yaml", "not a regular file")
