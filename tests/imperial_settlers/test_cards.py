"""Every card of every deck held to its data (CARD-12, CARD-14): building it (BUILD-1,
BUILD-5, BUILD-6, CARD-3), producing with it (PROD-3), activating it (ACTLOC-1), razing it
from the hand and as a location (RAZE-2, RAZE-3, RAZE-6, FAC-JAP-2) and dealing it (DEAL-4)
give what the component files say. The expected goods are read from the files here, not
from the engine's values."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from imperial_settlers_rules import (
    Activate,
    Build,
    Deck,
    Draw,
    GameState,
    MakeDeal,
    Phase,
    Raze,
    RazeCard,
    check_move,
    components,
    legal_moves,
)
from imperial_settlers_rules._goods import SUPPLY
from imperial_settlers_rules._model import Deal, Produce
from imperial_settlers_rules._rules.flow import settle
from imperial_settlers_rules._table import Table

from .tables import acting, all_cards, answered, card, dealt, play, supply

FOLDER = Path(__file__).resolve().parents[2] / "imperial_settlers_rules" / "components"
DECKS = ("common", "romans", "barbarians", "egyptians", "japanese")
ENTRIES = [
    (deck, entry)
    for deck in DECKS
    for entry in yaml.safe_load((FOLDER / f"{deck}.yaml").read_text())["cards"]
]
COUNTED = ("worker", "wood", "stone", "food", "gold", "raze", "defense", "vp", "cards")


def _faction(deck: str) -> str:
    return "romans" if deck == "common" else deck


def _opponent(faction: str) -> str:
    return "barbarians" if faction != "barbarians" else "romans"


def _goods(amounts: dict[str, int] | None, into: dict[str, int], times: int = 1) -> None:
    """Add a goods mapping of the files to ``into`` (cards of any deck counted together)."""
    for name, amount in (amounts or {}).items():
        key = "cards" if name in ("card", "common_card", "faction_card") else name
        into[key] = into.get(key, 0) + amount * times


def _holdings(state: GameState, seat: int = 0) -> dict[str, int]:
    player = state.players[seat]
    found = dict(zip(SUPPLY, player.supply, strict=True))
    found["vp"] = player.vp
    found["cards"] = len(player.hand)
    return found


def _delta(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {k: after.get(k, 0) - before.get(k, 0) for k in COUNTED if after.get(k, 0) != before.get(k, 0)}


def _decided(state: GameState) -> GameState:
    """Every decision the move left decided the first way offered (a card from the common
    deck, the first option)."""
    while state.agenda:
        moves = legal_moves(state)
        draws = [m for m in moves if isinstance(m, Draw) and m.deck is Deck.COMMON]
        state = play(state, draws[0] if draws else moves[0])
    return state


def _effect_gains(effect: dict[str, object] | None, colours: list[str], into: dict[str, int]) -> None:
    """What an effect of the files gives on an empire holding only this card (its colour
    counted once, CARD-3, PROD-3; the first option of a choice; the kept cards of a draw)."""
    if not effect:
        return
    _goods(effect.get("gain"), into)  # type: ignore[arg-type]
    per = effect.get("gain_per")
    if isinstance(per, dict):
        count = per["count"]
        amount = 1 if isinstance(count, dict) and count["colour"] in colours else 0
        into[per["good"]] = into.get(per["good"], 0) + min(amount, per["max"])
    choice = effect.get("gain_choice")
    if isinstance(choice, list):
        _goods(choice[0], into)
    keep = effect.get("draw_keep")
    if isinstance(keep, dict):
        into["cards"] = into.get("cards", 0) + keep["keep"]


def _colours(entry: dict[str, object]) -> list[str]:
    colour = entry["colour"]
    return list(colour) if isinstance(colour, list) else [str(colour)]


@pytest.mark.parametrize(("deck", "entry"), ENTRIES, ids=[e["id"] for _, e in ENTRIES])
def test_building_gives_the_bonus_production_and_own_feature_of_the_data(
    deck: str, entry: dict[str, object]
) -> None:
    faction = _faction(deck)
    built = card(str(entry["id"]))
    cost = dict(entry["cost"])  # type: ignore[call-overload]
    spare = card("com-ruins", 5)
    state = acting(
        (faction, _opponent(faction)),
        p0={
            "hand": (built,),
            "supply": supply(**{k: v for k, v in cost.items() if k != "location"}),
            "foundations": (spare,) if cost.get("location") else (),
        },
    )
    before = _holdings(state)
    pay = supply(**{k: v for k, v in cost.items() if k != "location"})
    after = _decided(
        play(state, answered(state, Build(0, built, pay, spare if cost.get("location") else None)))
    )
    expected: dict[str, int] = {}
    _goods({k: v for k, v in cost.items() if k != "location"}, expected, -1)
    expected["cards"] = -1
    colours = _colours(entry)
    _effect_gains(entry["build_bonus"], colours, expected)  # type: ignore[arg-type]
    ability = dict(entry["ability"])  # type: ignore[call-overload]
    _effect_gains(ability.get("production"), colours, expected)
    feature = ability.get("on_build")
    if feature and (
        feature["match"].get("colour") in colours
        or feature["match"].get("origin") == ("faction" if deck != "common" else None)
    ):
        _effect_gains(feature, colours, expected)
    assert _delta(before, _holdings(after)) == {k: v for k, v in expected.items() if v}
    assert built in after.players[0].empire
    assert spare not in all_cards(after) - all_cards(state) and (
        not cost.get("location") or spare in after.common_discard
    )
    bonus = entry["build_bonus"]
    if isinstance(bonus, dict) and bonus.get("do") == "place_samurai":
        assert after.players[0].samurai == (built,)


PRODUCERS = [(d, e) for d, e in ENTRIES if "production" in e["ability"]]


@pytest.mark.parametrize(("deck", "entry"), PRODUCERS, ids=[e["id"] for _, e in PRODUCERS])
def test_producing_gives_the_board_and_the_production_of_the_data(
    deck: str, entry: dict[str, object]
) -> None:
    faction = _faction(deck)
    built = card(str(entry["id"]))
    state = acting((faction, _opponent(faction)), p0={"empire": (built,)})
    table = Table(state)
    table.update(phase=Phase.PRODUCTION, agenda=(Produce(0),))
    settle(table)
    after = _decided(table.state)
    expected: dict[str, int] = {}
    board = yaml.safe_load((FOLDER / "factions.yaml").read_text())["factions"]
    _goods(next(b for b in board if b["id"] == faction)["production"], expected)
    _effect_gains(entry["ability"]["production"], _colours(entry), expected)  # type: ignore[index]
    assert _delta(_holdings(state), _holdings(after)) == {k: v for k, v in expected.items() if v}
    assert after.phase is Phase.ACTIONS


PLAIN_ACTIONS = [
    (d, e)
    for d, e in ENTRIES
    if "action" in e["ability"] and not {"do", "draw_keep", "modes"} & set(e["ability"]["action"])
]


@pytest.mark.parametrize(("deck", "entry"), PLAIN_ACTIONS, ids=[e["id"] for _, e in PLAIN_ACTIONS])
def test_activating_pays_the_price_and_gives_the_gain_of_the_data(
    deck: str, entry: dict[str, object]
) -> None:
    faction = _faction(deck)
    built = card(str(entry["id"]))
    action = entry["ability"]["action"]  # type: ignore[index]
    price = dict(action["pay"])
    goods = {k: v for k, v in price.items() if k in SUPPLY}
    if "resource" in price:
        goods["wood"] = price["resource"]
    hand = (card("com-ruins", 0),) if "card_from_hand" in price else ()
    deal_card = card("rom-spies") if faction != "romans" else card("bar-raid")
    deals = (Deal(deal_card, components().copies[deal_card].deal),) if "own_deal" in price else ()  # type: ignore[arg-type]
    state = acting(
        (faction, _opponent(faction))
        if "own_deal" not in price
        else (faction, "barbarians" if faction == "romans" else "romans"),
        p0={"empire": (built,), "supply": supply(**goods), "hand": hand, "deals": deals},
    )
    move = answered(state, Activate(0, built, supply(**goods), cards=hand, deal=0 if deals else None))
    assert check_move(state, move) is None
    after = _decided(play(state, move))
    expected: dict[str, int] = {}
    _goods(goods, expected, -1)
    if hand:
        expected["cards"] = -1
    _effect_gains(action, _colours(entry), expected)
    assert _delta(_holdings(state), _holdings(after)) == {k: v for k, v in expected.items() if v}
    assert after.uses == ((built, 1),)


RAZABLE = [(d, e) for d, e in ENTRIES if e["raze"]]


@pytest.mark.parametrize(("deck", "entry"), RAZABLE, ids=[e["id"] for _, e in RAZABLE])
def test_razing_from_hand_and_as_a_location_gives_the_raze_field_of_the_data(
    deck: str, entry: dict[str, object]
) -> None:
    faction = _faction(deck)
    razed = card(str(entry["id"]))
    in_hand = acting((faction, _opponent(faction)), p0={"hand": (razed,), "supply": supply(raze=1)})
    after = _decided(play(in_hand, answered(in_hand, RazeCard(0, razed))))
    expected: dict[str, int] = {"raze": -1, "cards": -1}
    _goods(entry["raze"], expected)  # type: ignore[arg-type]
    assert _delta(_holdings(in_hand), _holdings(after)) == {k: v for k, v in expected.items() if v}
    assert razed in (after.common_discard if deck == "common" else after.players[0].discard)

    as_location = acting(
        (_opponent(faction), faction), p0={"supply": supply(raze=2)}, p1={"empire": (razed,)}
    )
    after = _decided(play(as_location, answered(as_location, Raze(0, 1, razed))))
    expected = {"raze": -2}
    _goods(entry["raze"], expected)  # type: ignore[arg-type]
    assert _delta(_holdings(as_location), _holdings(after)) == {k: v for k, v in expected.items() if v}
    victim = after.players[1]
    if deck == "common":  # RAZE-6: a foundation and 1 wood
        assert victim.foundations == (razed,) and victim.supply == supply(wood=1)
    else:  # FAC-JAP-2: discarded, no wood
        assert razed in victim.discard and victim.supply == supply() and not victim.foundations


DEALS = [(d, e, i) for d, e in ENTRIES if d != "common" for i in range(int(e["copies"]))]


@pytest.mark.parametrize(("deck", "entry", "copy"), DEALS, ids=[f"{e['card_ids'][i]}" for _, e, i in DEALS])
def test_dealing_gives_the_deal_good_of_the_data(deck: str, entry: dict[str, object], copy: int) -> None:
    dealt_card = str(entry["card_ids"][copy])  # type: ignore[index]
    state = acting((deck, _opponent(deck)), p0={"hand": (dealt_card,), "supply": supply(food=1)})
    after = _decided(play(state, answered(state, MakeDeal(0, dealt_card, supply(food=1)))))
    expected: dict[str, int] = {"food": -1, "cards": -1}
    _goods(entry["deal_per_copy"][copy], expected)  # type: ignore[index]
    assert _delta(_holdings(state), _holdings(after)) == {k: v for k, v in expected.items() if v}
    assert [d.card for d in after.players[0].deals] == [dealt_card]


def test_every_card_is_somewhere_in_each_table_the_tests_set() -> None:
    state = acting(("japanese", "egyptians"), p0={"hand": (card("jap-gate"),)})
    assert all_cards(state) == dealt(state)
