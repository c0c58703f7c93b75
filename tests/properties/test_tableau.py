"""Cached tableau summaries agree with counting from scratch, in whatever order tableaux arrive.

``color_counts``, ``printed_values``, ``card_points`` and ``effect_totals`` derive a tableau from the tableau without
its last card when they can; these properties hold them to a plain recount.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from hadara_rules import load_catalogue
from hadara_rules._effects import PURPLE_EFFECTS, Effect, effect_totals
from hadara_rules._kept import forget
from hadara_rules._tableau import card_points, color_counts, printed_values
from hadara_rules._vocabulary import COLORS, NO_TRACKS, Tracks

from .strategies import suite_settings

_CATALOGUE = load_catalogue()
_IDS = sorted(_CATALOGUE.cards)
_PURPLE = [c for c in _IDS if _CATALOGUE.cards[c].effect is not None]

#: Tableaux rich in purple effects (including repeated texts), as a sequence of growing prefixes,
#: plus a removal from the middle (FEED-2) at the end.
tableaux = st.lists(st.sampled_from(_IDS) | st.sampled_from(_PURPLE), max_size=24, unique=True)


def _recount_colors(cards: tuple[str, ...]) -> tuple[int, ...]:
    counted = Counter(_CATALOGUE.cards[c].color for c in cards)
    return tuple(counted[color] for color in COLORS)


def _readd_values(cards: tuple[str, ...]) -> Tracks:
    total = NO_TRACKS
    for c in cards:
        total = total.plus(_CATALOGUE.cards[c].values)
    return total


def _recount_effects(cards: tuple[str, ...]) -> dict[str, object]:
    """PURPLE-16 counted plainly: stacking effects per copy, others once per card text."""
    texts: dict[tuple[str, object], Effect] = {}
    stacking: list[Effect] = []
    for c in cards:
        card = _CATALOGUE.cards[c]
        if card.effect is None:
            continue
        effect = PURPLE_EFFECTS[card.effect]
        if effect.stacks:
            stacking.append(effect)
        else:
            texts.setdefault((card.effect, card.effect_color), effect)
    effects = [*stacking, *texts.values()]
    return {
        "sell_bonus": sum(e.sell_bonus for e in effects),
        "colony_coins": sum(e.colony_coins for e in effects),
        "requirement_cut": sum(e.requirement_cut for e in effects),
        "requirement_pay_cap": sum(e.requirement_pay_cap for e in effects),
        "takes_per_section": max([1, *(e.takes_per_section for e in effects)]),
        "feed_coin_cards": sum(e.feed_coin_cards for e in effects),
        "surplus_coins_cap": sum(e.surplus_coins_cap for e in effects),
        "full_silver_medals": sum(e.full_silver_medals for e in effects),
        "set_points": sum(e.set_points for e in effects),
        "statue_steps": sum(e.statue_steps for e in effects),
        "gold_wildcard": any(e.gold_wildcard for e in effects),
        "reduced_medal_prices": any(e.reduced_medal_prices for e in effects),
        "gives_steps": any(e.gives_steps for e in effects),
        "counted": sorted(id(e) for e in effects),
    }


def _summary(cards: tuple[str, ...]) -> dict[str, object]:
    totals = effect_totals(cards, _CATALOGUE)
    found = {name: getattr(totals, name) for name in _recount_effects(()) if name != "counted"}
    return {**found, "counted": sorted(id(e) for e, _card in totals.counted)}


@suite_settings()
@given(tableaux, st.data())
def test_cached_summaries_match_a_recount(cards: list[str], data: st.DataObject) -> None:
    grown = [tuple(cards[:n]) for n in range(len(cards) + 1)]
    if cards:
        gone = data.draw(st.integers(0, len(cards) - 1))
        grown.append(tuple(cards[:gone] + cards[gone + 1 :]))
    order = data.draw(st.permutations(grown))  # cold, warm and half-warm caches alike
    forget()
    for tableau in order:
        assert color_counts(tableau, _CATALOGUE) == _recount_colors(tableau), tableau
        assert printed_values(tableau, _CATALOGUE) == _readd_values(tableau), tableau
        assert card_points(tableau, _CATALOGUE) == sum(_CATALOGUE.cards[c].points for c in tableau)
        assert _summary(tableau) == _recount_effects(tableau), tableau
