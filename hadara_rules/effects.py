"""Purple-card effects (PURPLE-1…16) as data-driven hooks.

A card's ``effect`` field names a rule ID; :data:`EFFECTS` maps that ID to one
:class:`Effect` object, the single place where the effect is written down. Rule
modules never look at a card's effect themselves: they ask the hook functions at
the bottom of this module ("how much does selling give this player?"), which
combine the effects of the purple cards in the player's tableau.

Track steps that effects give are *standing contributions* (:meth:`Effect.steps`):
whenever the tableau or the statues change, the player's tracks move by the
difference of the contributions before and after. Buying, removing and carving
therefore give and take back exactly what an effect gave (BUY-3, FEED-2, PURPLE-2…4).

Stacking (PURPLE-16, a ruling): PURPLE-1, -2, -4, -10 and -11 count once per copy
owned; every other effect counts once however many copies are owned.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

from attrs import frozen

from .model import (
    NO_TRACKS,
    TRACK_OF_COLOR,
    Card,
    PlayerState,
    TileOnCard,
    Track,
    Tracks,
    replace,
)

if TYPE_CHECKING:
    from .catalogue import Catalogue


class Effect:
    """An effect with every hook neutral; each subclass overrides what its card does."""

    rule: ClassVar[str] = ""
    #: True when several copies add up (PURPLE-16).
    stacks: ClassVar[bool] = False
    # Numeric hooks: the neutral value here, the effect's own value in its subclass.
    sell_bonus: ClassVar[int] = 0
    colony_coins: ClassVar[int] = 0
    statue_steps: ClassVar[int] = 0
    requirement_cut: ClassVar[int] = 0
    requirement_pay_cap: ClassVar[int] = 0
    takes_per_section: ClassVar[int] = 1
    feed_coin_cards: ClassVar[int] = 0
    surplus_coins_cap: ClassVar[int] = 0
    full_silver_medals: ClassVar[int] = 0
    set_points: ClassVar[int] = 0
    gold_wildcard: ClassVar[bool] = False
    reduced_medal_prices: ClassVar[bool] = False
    places_tile: ClassVar[bool] = False
    #: True when :meth:`steps` can give anything (the effect moves tracks).
    gives_steps: ClassVar[bool] = False

    def steps(self, player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
        """Track steps this card gives while it lies in ``player``'s tableau."""
        return NO_TRACKS

    def on_gain(self, player: PlayerState, card: Card, tile: Track | None) -> PlayerState:
        """Immediate change (other than track steps) when ``card`` is bought."""
        return player

    def on_loss(self, player: PlayerState, card: Card) -> PlayerState:
        """Immediate change (other than track steps) when ``card`` leaves the tableau."""
        return player

    def income_bonus(self, player: PlayerState) -> int:
        """Extra coins at income (INCOME-1)."""
        return 0


class SellBonus(Effect):
    """PURPLE-1: selling a card gives 1 more coin."""

    rule = "PURPLE-1"
    stacks = True
    sell_bonus = 1


class TileCard(Effect):
    """PURPLE-2: a free bonus tile on this card advances its track by 2 (TILE-1, TILE-2)."""

    rule = "PURPLE-2"
    stacks = True
    places_tile = True
    gives_steps = True

    def steps(self, player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
        for placed in player.tiles_on_cards:
            if placed.card == card.id:
                return NO_TRACKS.step(placed.tile, 2)
        return NO_TRACKS

    def on_gain(self, player: PlayerState, card: Card, tile: Track | None) -> PlayerState:
        if tile is None:
            return player  # TILE-2: bought without a free tile, the effect does nothing
        return replace(
            player,
            free_tiles=remove_one(player.free_tiles, tile),
            tiles_on_cards=(*player.tiles_on_cards, TileOnCard(card.id, tile)),
        )

    def on_loss(self, player: PlayerState, card: Card) -> PlayerState:
        for placed in player.tiles_on_cards:
            if placed.card == card.id:
                return replace(
                    player,
                    free_tiles=add_tile(player.free_tiles, placed.tile),
                    tiles_on_cards=tuple(t for t in player.tiles_on_cards if t is not placed),
                )
        return player


class ColorBonus(Effect):
    """PURPLE-3: +1 on the matching track for every card of the card's colour owned."""

    rule = "PURPLE-3"
    gives_steps = True

    def steps(self, player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
        color = card.effect_color
        assert color is not None, "the catalogue gives every PURPLE-3 card its colour"
        cards = catalogue.cards
        owned = sum(1 for c in player.cards if cards[c].color is color)
        return NO_TRACKS.step(TRACK_OF_COLOR[color], owned)


class StatueBonus(Effect):
    """PURPLE-4: every carved statue gives 2 more steps (face up) or 2 more points (face down)."""

    rule = "PURPLE-4"
    stacks = True
    statue_steps = 2
    gives_steps = True

    def steps(self, player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
        result = NO_TRACKS
        for carved in player.statues:
            if carved.face_up:
                result = result.step(carved.tile, self.statue_steps)
        return result


class CheapMedals(Effect):
    """PURPLE-5: medal prices drop to the reduced prices of the reference sheet."""

    rule = "PURPLE-5"
    reduced_medal_prices = True


class FeedWithCoins(Effect):
    """PURPLE-6: at feeding, pay 2 coins instead of removing a card, at most 6 cards."""

    rule = "PURPLE-6"
    feed_coin_cards = 6


class SurplusFood(Effect):
    """PURPLE-7: 3 coins per point of food above the number of cards, at most 12."""

    rule = "PURPLE-7"
    surplus_coins_cap = 12


class IncomeBonus(Effect):
    """PURPLE-8: 2 coins at income per other track above income, at most 6."""

    rule = "PURPLE-8"

    def income_bonus(self, player: PlayerState) -> int:
        t = player.tracks
        return 2 * sum(1 for v in (t.military, t.culture, t.food) if v > t.income)


class ColonyCoins(Effect):
    """PURPLE-9: taking a colony gives 4 coins at once, before plunder or ally."""

    rule = "PURPLE-9"
    colony_coins = 4


class FullSilver(Effect):
    """PURPLE-10: one silver medal scores its track's full value."""

    rule = "PURPLE-10"
    stacks = True
    full_silver_medals = 1


class SetPoints(Effect):
    """PURPLE-11: 4 points per set of 5 differently coloured cards."""

    rule = "PURPLE-11"
    stacks = True
    set_points = 4


class GoldWildcard(Effect):
    """PURPLE-12: for gold medals, one set may count one missing colour as present."""

    rule = "PURPLE-12"
    gold_wildcard = True


class TwoPerSection(Effect):
    """PURPLE-13: up to 2 colonies and 2 statues in each colony and statue section."""

    rule = "PURPLE-13"
    takes_per_section = 2


class LowerRequirements(Effect):
    """PURPLE-14: colony and statue requirements are 4 lower."""

    rule = "PURPLE-14"
    requirement_cut = 4


class BuyRequirements(Effect):
    """PURPLE-15: pay 3 coins per requirement point, at most 30 coins per section."""

    rule = "PURPLE-15"
    requirement_pay_cap = 30


EFFECTS: dict[str, Effect] = {
    e.rule: e
    for e in (
        SellBonus(),
        TileCard(),
        ColorBonus(),
        StatueBonus(),
        CheapMedals(),
        FeedWithCoins(),
        SurplusFood(),
        IncomeBonus(),
        ColonyCoins(),
        FullSilver(),
        SetPoints(),
        GoldWildcard(),
        TwoPerSection(),
        LowerRequirements(),
        BuyRequirements(),
    )
}
#: Coins per requirement point under PURPLE-15.
COINS_PER_REQUIREMENT_POINT = 3
#: Coins per card fed under PURPLE-6.
COINS_PER_FED_CARD = 2
#: Coins per surplus food point under PURPLE-7.
COINS_PER_SURPLUS_FOOD = 3


# --------------------------------------------------------------------------- tiles


def remove_one(tiles: tuple[Track, ...], tile: Track) -> tuple[Track, ...]:
    """``tiles`` less one ``tile``."""
    i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1 :]


_TRACK_INDEX = {t: i for i, t in enumerate(Track)}


def add_tile(tiles: tuple[Track, ...], tile: Track) -> tuple[Track, ...]:
    """``tiles`` plus ``tile``, kept in board order."""
    return tuple(sorted((*tiles, tile), key=_TRACK_INDEX.__getitem__))


# --------------------------------------------------------------------------- hooks


@frozen
class EffectTotals:
    """What the purple cards of one tableau add up to, hook by hook (PURPLE-16)."""

    counted: tuple[tuple[Effect, Card], ...]
    sell_bonus: int
    colony_coins: int
    statue_steps: int
    requirement_cut: int
    requirement_pay_cap: int
    takes_per_section: int
    feed_coin_cards: int
    surplus_coins_cap: int
    full_silver_medals: int
    set_points: int
    gold_wildcard: bool
    reduced_medal_prices: bool
    gives_steps: bool


def _count(cards: tuple[str, ...], catalogue: Catalogue) -> tuple[tuple[Effect, Card], ...]:
    """The effects of the purple cards among ``cards``, as they count (PURPLE-16).

    A stacking effect counts once per copy; any other effect counts once per
    distinct card text (effect and effect colour).
    """
    known = catalogue.cards
    found: list[tuple[Effect, Card]] = []
    seen: set[tuple[str, object]] = set()
    for card_id in cards:
        card = known[card_id]
        if card.effect is None:
            continue
        effect = EFFECTS[card.effect]
        if not effect.stacks:
            key = (card.effect, card.effect_color)
            if key in seen:
                continue
            seen.add(key)
        found.append((effect, card))
    return tuple(found)


@functools.lru_cache(maxsize=1 << 15)
def effect_totals(cards: tuple[str, ...], catalogue: Catalogue) -> EffectTotals:
    """The effect totals of a tableau (cached: tableaux repeat across positions).

    A tableau whose last card has no effect adds up to what it does without that
    card, which is usually cached already (a bought card joins the end).
    """
    if cards and catalogue.cards[cards[-1]].effect is None:
        return effect_totals(cards[:-1], catalogue)
    counted = _count(cards, catalogue)
    sell = coins = statue = cut = cap = feed = surplus = silver = sets = 0
    takes = 1
    wildcard = reduced = steps = False
    for effect, _card in counted:
        sell += effect.sell_bonus
        coins += effect.colony_coins
        statue += effect.statue_steps
        cut += effect.requirement_cut
        cap += effect.requirement_pay_cap
        takes = max(takes, effect.takes_per_section)
        feed += effect.feed_coin_cards
        surplus += effect.surplus_coins_cap
        silver += effect.full_silver_medals
        sets += effect.set_points
        wildcard = wildcard or effect.gold_wildcard
        reduced = reduced or effect.reduced_medal_prices
        steps = steps or effect.gives_steps
    return EffectTotals(
        counted=counted,
        sell_bonus=sell,
        colony_coins=coins,
        statue_steps=statue,
        requirement_cut=cut,
        requirement_pay_cap=cap,
        takes_per_section=takes,
        feed_coin_cards=feed,
        surplus_coins_cap=surplus,
        full_silver_medals=silver,
        set_points=sets,
        gold_wildcard=wildcard,
        reduced_medal_prices=reduced,
        gives_steps=steps,
    )


def effect_steps(player: PlayerState, catalogue: Catalogue) -> Tracks:
    """Every track step the player's effects give right now (PURPLE-2, -3, -4)."""
    result = NO_TRACKS
    for effect, card in effect_totals(player.cards, catalogue).counted:
        result = result.plus(effect.steps(player, card, catalogue))
    return result


def with_effect_steps(before: PlayerState, after: PlayerState, catalogue: Catalogue) -> PlayerState:
    """``after`` with its tracks moved by the change in effect steps since ``before``."""
    if not (
        effect_totals(before.cards, catalogue).gives_steps
        or effect_totals(after.cards, catalogue).gives_steps
    ):
        return after
    gained = effect_steps(after, catalogue)
    lost = effect_steps(before, catalogue)
    if gained == lost:
        return after
    return replace(after, tracks=after.tracks.plus(gained).minus(lost))


def on_gain(player: PlayerState, card: Card, tile: Track | None) -> PlayerState:
    """The immediate change when ``card`` is bought (PURPLE-2 places its tile)."""
    if card.effect is None:
        return player
    return EFFECTS[card.effect].on_gain(player, card, tile)


def on_loss(player: PlayerState, card: Card) -> PlayerState:
    """The immediate change when ``card`` is removed (PURPLE-2 frees its tile)."""
    if card.effect is None:
        return player
    return EFFECTS[card.effect].on_loss(player, card)


def places_tile(card: Card) -> bool:
    """True when buying ``card`` places a free bonus tile on it (PURPLE-2)."""
    return card.effect is not None and EFFECTS[card.effect].places_tile


def sell_bonus(player: PlayerState, catalogue: Catalogue) -> int:
    """Extra coins for selling a card (PURPLE-1)."""
    return effect_totals(player.cards, catalogue).sell_bonus


def income_bonus(player: PlayerState, catalogue: Catalogue) -> int:
    """Extra coins at income (PURPLE-8, at most 6)."""
    return sum(e.income_bonus(player) for e, _ in effect_totals(player.cards, catalogue).counted)


def colony_coins(player: PlayerState, catalogue: Catalogue) -> int:
    """Coins gained on taking a colony, before plunder or ally (PURPLE-9)."""
    return effect_totals(player.cards, catalogue).colony_coins


def requirement_cut(player: PlayerState, catalogue: Catalogue) -> int:
    """How much lower colony and statue requirements are (PURPLE-14)."""
    return effect_totals(player.cards, catalogue).requirement_cut


def requirement_pay_cap(player: PlayerState, catalogue: Catalogue) -> int:
    """Coins the player may pay per section to lower requirements (PURPLE-15)."""
    return effect_totals(player.cards, catalogue).requirement_pay_cap


def takes_per_section(player: PlayerState, catalogue: Catalogue) -> int:
    """Colonies (or statues) the player may take in one section (COLONY-1, PURPLE-13)."""
    return effect_totals(player.cards, catalogue).takes_per_section


def feed_coin_cards(player: PlayerState, catalogue: Catalogue) -> int:
    """Cards the player may feed with coins per feeding section (PURPLE-6)."""
    return effect_totals(player.cards, catalogue).feed_coin_cards


def surplus_coins_cap(player: PlayerState, catalogue: Catalogue) -> int:
    """Cap on coins for surplus food per feeding section (PURPLE-7; 0 without it)."""
    return effect_totals(player.cards, catalogue).surplus_coins_cap


def statue_points_bonus(player: PlayerState, catalogue: Catalogue) -> int:
    """Extra points per face-down statue tile (PURPLE-4)."""
    return effect_totals(player.cards, catalogue).statue_steps


def reduced_medal_prices(player: PlayerState, catalogue: Catalogue) -> bool:
    """True when the player pays PURPLE-5's medal prices."""
    return effect_totals(player.cards, catalogue).reduced_medal_prices


def full_silver_medals(player: PlayerState, catalogue: Catalogue) -> int:
    """How many silver medals score full value (PURPLE-10)."""
    return effect_totals(player.cards, catalogue).full_silver_medals


def set_points(player: PlayerState, catalogue: Catalogue) -> int:
    """Points per complete set of 5 colours, besides gold medals (PURPLE-11)."""
    return effect_totals(player.cards, catalogue).set_points


def gold_wildcard(player: PlayerState, catalogue: Catalogue) -> bool:
    """True when one gold-medal set may lack one colour (PURPLE-12)."""
    return effect_totals(player.cards, catalogue).gold_wildcard
