"""Purple-card effects (PURPLE-1…16) as one table.

A card's ``effect`` field names a rule ID; :data:`PURPLE_EFFECTS` maps that ID to
one :class:`Effect` row, the single place where the effect is written down: its
numbers (what selling gives, how many takes per section…), whether copies add up
(PURPLE-16), and the hooks of the few effects that do more than a number. Rule
modules never look at a card's effect themselves: they ask the hook functions at
the bottom of this module ("how much does selling give this player?"), which read
the :class:`EffectTotals` of the player's tableau: every number of its effects
folded into one record.

Track steps that effects give are *standing contributions* (``Effect.steps``):
whenever the tableau or the statues change, the player's tracks move by the
difference of the contributions before and after. Buying, removing and carving
therefore give and take back exactly what an effect gave (BUY-3, FEED-2, PURPLE-2…4).

Stacking (PURPLE-16, a ruling): PURPLE-1, -2, -4, -10 and -11 count once per copy
owned; every other effect counts once however many copies are owned.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

from ._components import Card
from ._copy import replace
from ._events import Event, steps
from ._model import PlayerState, TileOnCard
from ._tableau import TableauMemo, color_counts
from ._tiles import add_tile, remove_tile
from ._vocabulary import COLOR_INDEX, NO_TRACKS, TRACK_OF_COLOR, Track, Tracks

if TYPE_CHECKING:
    from .catalogue import Catalogue

#: Coins per requirement point under PURPLE-15.
COINS_PER_REQUIREMENT_POINT = 3
#: Coins per card fed under PURPLE-6.
COINS_PER_FED_CARD = 2
#: Coins per surplus food point under PURPLE-7.
COINS_PER_SURPLUS_FOOD = 3
#: Steps a bonus tile on a PURPLE-2 card gives its track.
TILE_CARD_STEPS = 2
#: Extra steps (face up) or points (face down) per carved statue under PURPLE-4.
STATUE_BONUS_STEPS = 2


def _total(values: Iterable[int], neutral: int) -> int:
    return sum(values, neutral)


def _largest(values: Iterable[int], neutral: int) -> int:
    return max(values, default=neutral)


def _any(values: Iterable[bool], neutral: bool) -> bool:
    return any(values) or neutral


# The two field makers below run when this module is imported (mutation testing cannot
# switch them; what they build is tested through the folds of every effect).


def _number(neutral: int, fold: Callable[[Iterable[int], int], int] = _total) -> int:
    return field(default=neutral, kw_only=True, metadata={"fold": fold})  # pragma: no mutate


def _switch() -> bool:
    return field(default=False, kw_only=True, metadata={"fold": _any})  # pragma: no mutate


@frozen
class Numbers:
    """The numbers an effect changes, each neutral unless the effect says otherwise.

    Several effects add up (or, where marked, the largest counts, or any switch is on).
    """

    #: PURPLE-1: coins more for selling a card.
    sell_bonus: int = _number(0)
    #: PURPLE-9: coins on taking a colony, before plunder or ally.
    colony_coins: int = _number(0)
    #: PURPLE-4: steps (face up) or points (face down) more per carved statue.
    statue_steps: int = _number(0)
    #: PURPLE-14: how much lower colony and statue requirements are.
    requirement_cut: int = _number(0)
    #: PURPLE-15: coins the player may pay per section to lower requirements.
    requirement_pay_cap: int = _number(0)
    #: COLONY-1, STATUE-1, PURPLE-13: takes per colony or statue section (the largest counts).
    takes_per_section: int = _number(1, _largest)
    #: PURPLE-6: cards the player may feed with coins per feeding section.
    feed_coin_cards: int = _number(0)
    #: PURPLE-7: the cap on coins for surplus food per feeding section.
    surplus_coins_cap: int = _number(0)
    #: PURPLE-10: silver medals that score their track's full value.
    full_silver_medals: int = _number(0)
    #: PURPLE-11: points per complete set of 5 colours.
    set_points: int = _number(0)
    #: PURPLE-12: one gold-medal set may lack one colour.
    gold_wildcard: bool = _switch()
    #: PURPLE-5: medals at the reduced prices.
    reduced_medal_prices: bool = _switch()
    #: PURPLE-2: buying the card places a free bonus tile on it.
    places_tile: bool = _switch()


_NUMBERS = attrs.fields(Numbers)

#: Track steps a card gives while it lies in the player's tableau.
StepsHook = Callable[[PlayerState, Card, "Catalogue"], Tracks]
#: The immediate change (other than track steps) when a card is bought, with its tile.
GainHook = Callable[[PlayerState, Card, Track | None], PlayerState]
#: The immediate change (other than track steps) when a card leaves the tableau.
LossHook = Callable[[PlayerState, Card], PlayerState]
#: Extra coins at income (INCOME-1).
IncomeHook = Callable[[PlayerState], int]


@frozen
class Effect(Numbers):
    """One row of the table: a purple card's text as numbers and hooks."""

    #: The rule ID the card's ``effect`` field names.
    rule: str = field(kw_only=True)
    #: True when several copies add up (PURPLE-16).
    stacks: bool = field(default=False, kw_only=True)
    steps: StepsHook | None = field(default=None, kw_only=True)
    #: The fields of the player's state the ``steps`` hook reads (besides the card itself).
    steps_read: tuple[str, ...] = field(default=(), kw_only=True)
    on_gain: GainHook | None = field(default=None, kw_only=True)
    on_loss: LossHook | None = field(default=None, kw_only=True)
    income_bonus: IncomeHook | None = field(default=None, kw_only=True)

    @property
    def gives_steps(self) -> bool:
        """True when the effect moves tracks (it has standing steps)."""
        return self.steps is not None


# --------------------------------------------------------------------------- the hooks of the table


def _tile_on(player: PlayerState, card: Card) -> TileOnCard | None:
    for placed in player.tiles_on_cards:
        if placed.card == card.id:
            return placed
    return None


def _tile_steps(player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
    """PURPLE-2: the tile on the card advances its track by 2."""
    placed = _tile_on(player, card)
    return NO_TRACKS if placed is None else NO_TRACKS.step(placed.tile, TILE_CARD_STEPS)


def _place_tile(player: PlayerState, card: Card, tile: Track | None) -> PlayerState:
    """PURPLE-2, TILE-1: a free tile goes on the card (TILE-2: without one, nothing happens)."""
    if tile is None:
        return player
    return replace(
        player,
        free_tiles=remove_tile(player.free_tiles, tile),
        tiles_on_cards=(*player.tiles_on_cards, TileOnCard(card.id, tile)),
    )


def _free_tile(player: PlayerState, card: Card) -> PlayerState:
    """PURPLE-2, FEED-2: the tile on a removed card is free again."""
    placed = _tile_on(player, card)
    if placed is None:
        return player
    return replace(
        player,
        free_tiles=add_tile(player.free_tiles, placed.tile),
        tiles_on_cards=tuple(t for t in player.tiles_on_cards if t is not placed),
    )


def _color_steps(player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
    """PURPLE-3: +1 on the matching track for every card of the card's colour owned."""
    color = card.effect_color
    assert color is not None, "the catalogue gives every PURPLE-3 card its colour"
    owned = color_counts(player.cards, catalogue)[COLOR_INDEX[color]]
    return NO_TRACKS.step(TRACK_OF_COLOR[color], owned)


def _statue_steps(player: PlayerState, card: Card, catalogue: Catalogue) -> Tracks:
    """PURPLE-4: every face-up statue tile gives 2 more steps."""
    result = NO_TRACKS
    for carved in player.statues:
        if carved.face_up:
            result = result.step(carved.tile, STATUE_BONUS_STEPS)
    return result


def _income_bonus(player: PlayerState) -> int:
    """PURPLE-8: 2 coins at income per other track above income, at most 6."""
    t = player.tracks
    return 2 * sum(1 for v in (t.military, t.culture, t.food) if v > t.income)


# --------------------------------------------------------------------------- the table

#: PURPLE-1: selling a card gives 1 more coin.
SELL_BONUS = Effect(rule="PURPLE-1", stacks=True, sell_bonus=1)
#: PURPLE-2: a free bonus tile on this card advances its track by 2 (TILE-1, TILE-2).
TILE_CARD = Effect(
    rule="PURPLE-2",
    stacks=True,
    places_tile=True,
    steps=_tile_steps,
    steps_read=("tiles_on_cards",),
    on_gain=_place_tile,
    on_loss=_free_tile,
)
#: PURPLE-3: +1 on the matching track for every card of the card's colour owned.
COLOR_BONUS = Effect(rule="PURPLE-3", steps=_color_steps, steps_read=("cards",))
#: PURPLE-4: every carved statue gives 2 more steps (face up) or 2 more points (face down).
STATUE_BONUS = Effect(
    rule="PURPLE-4",
    stacks=True,
    statue_steps=STATUE_BONUS_STEPS,
    steps=_statue_steps,
    steps_read=("statues",),
)
#: PURPLE-5: medal prices drop to the reduced prices of the reference sheet.
CHEAP_MEDALS = Effect(rule="PURPLE-5", reduced_medal_prices=True)
#: PURPLE-6: at feeding, pay 2 coins instead of removing a card, at most 6 cards.
COINS_FOR_FOOD = Effect(rule="PURPLE-6", feed_coin_cards=6)
#: PURPLE-7: 3 coins per point of food above the number of cards, at most 12.
SURPLUS_FOOD = Effect(rule="PURPLE-7", surplus_coins_cap=12)
#: PURPLE-8: 2 coins at income per other track above income, at most 6.
INCOME_BONUS = Effect(rule="PURPLE-8", income_bonus=_income_bonus)
#: PURPLE-9: taking a colony gives 4 coins at once, before plunder or ally.
COLONY_COINS = Effect(rule="PURPLE-9", colony_coins=4)
#: PURPLE-10: one silver medal scores its track's full value.
FULL_SILVER = Effect(rule="PURPLE-10", stacks=True, full_silver_medals=1)
#: PURPLE-11: 4 points per set of 5 differently coloured cards.
SET_POINTS = Effect(rule="PURPLE-11", stacks=True, set_points=4)
#: PURPLE-12: for gold medals, one set may count one missing colour as present.
GOLD_WILDCARD = Effect(rule="PURPLE-12", gold_wildcard=True)
#: PURPLE-13: up to 2 colonies and 2 statues in each colony and statue section.
TWO_PER_SECTION = Effect(rule="PURPLE-13", takes_per_section=2)
#: PURPLE-14: colony and statue requirements are 4 lower.
LOWER_REQUIREMENTS = Effect(rule="PURPLE-14", requirement_cut=4)
#: PURPLE-15: pay 3 coins per requirement point, at most 30 coins per section.
BUY_REQUIREMENTS = Effect(rule="PURPLE-15", requirement_pay_cap=30)

#: Every purple effect, by the rule ID a card's ``effect`` names.
PURPLE_EFFECTS: Mapping[str, Effect] = MappingProxyType(
    {
        e.rule: e
        for e in (
            SELL_BONUS,
            TILE_CARD,
            COLOR_BONUS,
            STATUE_BONUS,
            CHEAP_MEDALS,
            COINS_FOR_FOOD,
            SURPLUS_FOOD,
            INCOME_BONUS,
            COLONY_COINS,
            FULL_SILVER,
            SET_POINTS,
            GOLD_WILDCARD,
            TWO_PER_SECTION,
            LOWER_REQUIREMENTS,
            BUY_REQUIREMENTS,
        )
    }
)


# --------------------------------------------------------------------------- totals of a tableau


@frozen
class EffectTotals(Numbers):
    """What the purple cards of one tableau add up to, number by number (PURPLE-16)."""

    #: The effects that count, each with its card.
    counted: tuple[tuple[Effect, Card], ...] = field(default=(), kw_only=True)
    #: True when some counted effect moves tracks.
    gives_steps: bool = field(default=False, kw_only=True)


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
        effect = PURPLE_EFFECTS[card.effect]
        if not effect.stacks:
            key = (card.effect, card.effect_color)
            if key in seen:
                continue
            seen.add(key)
        found.append((effect, card))
    return tuple(found)


def fold(counted: tuple[tuple[Effect, Card], ...]) -> EffectTotals:
    """Every number of the counted effects folded into one record (PURPLE-16)."""
    return EffectTotals(counted=counted, **_folded(tuple(effect.rule for effect, _card in counted)))


# global: by the effects' rules only, whose numbers are the package's table, not a catalogue's
@functools.lru_cache(maxsize=1 << 10)
def _folded(rules: tuple[str, ...]) -> dict[str, Any]:
    """The numbers of the effects ``rules`` name, folded (the same few combinations recur)."""
    effects = [PURPLE_EFFECTS[rule] for rule in rules]
    numbers: dict[str, Any] = {
        f.name: f.metadata["fold"]((getattr(e, f.name) for e in effects), f.default) for f in _NUMBERS
    }
    numbers["gives_steps"] = any(e.gives_steps for e in effects)
    return numbers


#: Effect totals of the tableaux met so far.
TOTALLED: TableauMemo[EffectTotals] = TableauMemo("effect totals by tableau", bound=1 << 15)


def effect_totals(cards: tuple[str, ...], catalogue: Catalogue) -> EffectTotals:
    """The effect totals of a tableau (kept in :data:`TOTALLED`: tableaux repeat across positions).

    A tableau whose last card has no effect adds up to what it does without that
    card, which is usually known already (a bought card joins the end).
    """
    known, values = TOTALLED.entry
    if known is catalogue and (found := values.get(cards)) is not None:
        return found
    if cards and catalogue.cards[cards[-1]].effect is None:
        totals = effect_totals(cards[:-1], catalogue)
    else:
        totals = fold(_count(cards, catalogue))
    return TOTALLED.keep(cards, catalogue, totals)


def effect_steps(player: PlayerState, catalogue: Catalogue) -> Tracks:
    """Every track step the player's effects give right now (PURPLE-2, -3, -4)."""
    result = NO_TRACKS
    for effect, card in effect_totals(player.cards, catalogue).counted:
        if effect.steps is not None:
            result = result.plus(effect.steps(player, card, catalogue))
    return result


def _steps_by_rule(player: PlayerState, catalogue: Catalogue) -> dict[str, Tracks]:
    """The standing track steps of the player's effects, by the effect's rule (PURPLE-2…4)."""
    by_rule: dict[str, Tracks] = {}
    for effect, card in effect_totals(player.cards, catalogue).counted:
        if effect.steps is not None:
            by_rule[effect.rule] = by_rule.get(effect.rule, NO_TRACKS).plus(
                effect.steps(player, card, catalogue)
            )
    return by_rule


def effect_step_events(
    seat: int, before: PlayerState, after: PlayerState, catalogue: Catalogue
) -> Iterator[Event]:
    """How the standing steps of the player's effects changed (PURPLE-2, -3, -4), effect by
    effect in rule order: what :func:`with_effect_steps` moved, told."""
    old, new = _steps_by_rule(before, catalogue), _steps_by_rule(after, catalogue)
    for rule in sorted({*old, *new}, key=lambda r: int(r.split("-")[1])):
        yield from steps(seat, new.get(rule, NO_TRACKS), old.get(rule, NO_TRACKS), rule)


def with_effect_steps(before: PlayerState, after: PlayerState, catalogue: Catalogue) -> PlayerState:
    """``after`` with its tracks moved by the change in effect steps since ``before``.

    When the tableau's effects are the same before and after (the card bought or
    removed has none, or a statue is carved), only the effects whose steps read a
    field that changed (:attr:`Effect.steps_read`) are asked again.
    """
    old = effect_totals(before.cards, catalogue)
    new = old if after.cards is before.cards else effect_totals(after.cards, catalogue)
    if not (old.gives_steps or new.gives_steps):
        return after
    if new is old:
        gained = lost = NO_TRACKS
        for effect, card in old.counted:
            if effect.steps is not None and any(
                getattr(before, f) is not getattr(after, f) for f in effect.steps_read
            ):
                gained = gained.plus(effect.steps(after, card, catalogue))
                lost = lost.plus(effect.steps(before, card, catalogue))
    else:
        gained, lost = effect_steps(after, catalogue), effect_steps(before, catalogue)
    if gained == lost:
        return after
    return replace(after, tracks=after.tracks.plus(gained).minus(lost))


def on_gain(player: PlayerState, card: Card, tile: Track | None) -> PlayerState:
    """The immediate change when ``card`` is bought (PURPLE-2 places its tile)."""
    hook = None if card.effect is None else PURPLE_EFFECTS[card.effect].on_gain
    return player if hook is None else hook(player, card, tile)


def on_loss(player: PlayerState, card: Card) -> PlayerState:
    """The immediate change when ``card`` is removed (PURPLE-2 frees its tile)."""
    hook = None if card.effect is None else PURPLE_EFFECTS[card.effect].on_loss
    return player if hook is None else hook(player, card)


def places_tile(card: Card) -> bool:
    """True when buying ``card`` places a free bonus tile on it (PURPLE-2)."""
    return card.effect in _PLACING_TILES


#: The effects whose card takes a free bonus tile when bought (PURPLE-2).
_PLACING_TILES = frozenset(rule for rule, effect in PURPLE_EFFECTS.items() if effect.places_tile)


def sell_bonus(player: PlayerState, catalogue: Catalogue) -> int:
    """Extra coins for selling a card (PURPLE-1)."""
    return effect_totals(player.cards, catalogue).sell_bonus


def income_bonus(player: PlayerState, catalogue: Catalogue) -> int:
    """Extra coins at income (PURPLE-8, at most 6)."""
    counted = effect_totals(player.cards, catalogue).counted
    if not counted:
        return 0
    return sum(e.income_bonus(player) for e, _card in counted if e.income_bonus is not None)


def colony_coins(player: PlayerState, catalogue: Catalogue) -> int:
    """Coins gained on taking a colony, before plunder or ally (PURPLE-9)."""
    return effect_totals(player.cards, catalogue).colony_coins


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
