"""Cards, goods, events and a seat's view in words, as the log and the terminal of a table show
them: a card by its name (never its printed id), what it does in words made from its data (the
effect vocabulary, CARD-14), a working name marked provisional (README section 5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from boardtable.screen import counted, sheets_table

from . import _moves
from ._components import Card, Count, DrawKeep, Effect, Event, Special, Target, components
from ._events import Event as Happened
from ._goods import SUPPLY, Goods, Price
from ._model import Choice, GameState, Phase, Step
from ._moves import Move
from ._rules.actions import matches
from ._rules.flow import LAST_ROUND
from ._rules.scoring import score
from ._table import card_of, held
from .view import HIDDEN

__all__ = [
    "PHASES",
    "PROVISIONAL",
    "SCORE_LINES",
    "SUPPLY_WORDS",
    "TYPES",
    "ability_text",
    "card_name",
    "card_text",
    "decision_text",
    "event_text",
    "goods_text",
    "move_text",
    "price_text",
    "score_sheet_text",
    "supply_text",
    "where_text",
]

#: What the star after a card's name says (README section 5).
PROVISIONAL = "* a working name, provisional"
#: The phases of a round (FLOW-5), as a player names them.
PHASES: Mapping[Phase, str] = {
    Phase.LOOKOUT: "the lookout",
    Phase.PRODUCTION: "production",
    Phase.ACTIONS: "actions",
    Phase.OVER: "over",
}
#: A card's type as its rows are headed (CARD-1): production, feature and action locations.
TYPES: Mapping[str, str] = {
    "production": "production locations",
    "feature": "feature locations",
    "action": "action locations",
}
#: Each good of the effect vocabulary, for one and for several (GOODS-1, GOODS-7).
_NOUNS: Mapping[str, tuple[str, str]] = {
    "worker": ("worker", "workers"),
    "wood": ("wood", "wood"),
    "stone": ("stone", "stone"),
    "food": ("food", "food"),
    "gold": ("gold", "gold"),
    "raze": ("raze token", "raze tokens"),
    "defense": ("defense token", "defense tokens"),
    "vp": ("VP", "VP"),
    "card": ("card", "cards"),
    "common_card": ("common card", "common cards"),
    "faction_card": ("faction card", "faction cards"),
}
#: The supply's goods (GOODS-4) as a board's line and a picture's chip name them, for one
#: and for several, in the order of a supply.
SUPPLY_WORDS: tuple[tuple[str, str], ...] = (
    ("worker", "workers"),
    ("wood", "wood"),
    ("stone", "stone"),
    ("food", "food"),
    ("gold", "gold"),
    ("raze", "raze"),
    ("defense", "defense"),
)
#: The line of the agenda's first decision, in words (ENG-6, ENG-9).
_DECIDES: Mapping[str, str] = {
    "Owed": "chooses the deck to draw from",
    "Choice": "chooses a gain",
    "RepeatFor": "chooses a location to produce once more",
    "KeepOne": "chooses the card to keep",
    "Convert": "chooses deal goods to give back for VP",
    "DiscardFor": "chooses a card to discard",
    "Guard": "places samurai",
    "FollowUp": "may follow up",
}


def _listed(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def amount_text(name: str, amount: int) -> str:
    """``1 worker``, ``2 raze tokens``, ``3 VP``."""
    one, several = _NOUNS.get(name, (name, name))
    return f"{amount} {one if amount == 1 else several}"


def _amounts(items: Iterable[tuple[str, int]]) -> str:
    parts = [amount_text(name, amount) for name, amount in items if amount]
    return _listed(parts) if parts else "nothing"


def goods_text(goods: Goods) -> str:
    """What an effect gives (GOODS-1): ``2 workers, 1 wood and 1 VP``; ``nothing``."""
    return _amounts(goods.items())


def supply_text(supply: tuple[int, ...]) -> str:
    """A supply (GOODS-4) or a payment: ``3 workers and 1 gold``; ``nothing``."""
    return _amounts(zip(SUPPLY, supply, strict=True))


def price_text(price: Price) -> str:
    """A cost or an action's price (BUILD-2, ACTLOC-1, ACTLOC-5): ``1 wood, 2 stone and 1
    card from your hand``; ``nothing``."""
    parts = [amount_text(name, amount) for name, amount in zip(SUPPLY, price.supply, strict=True) if amount]
    if price.resource:
        parts.append(f"{price.resource} of wood, stone, food or gold")
    if price.cards:
        parts.append(f"{counted(price.cards, 'card')} from your hand")
    if price.deals:
        parts.append(f"{counted(price.deals, 'deal')} of yours")
    if price.location:
        parts.append(f"{counted(price.location, 'location')} or foundation of yours")
    return _listed(parts) if parts else "nothing"


def card_name(card: str) -> str:
    """A card by its name (``Statue``); a working name marked provisional with a star
    (``Caravan*``, README section 5, :data:`PROVISIONAL`); a card not shown, face down."""
    copy = components().copies.get(card)
    if copy is None:
        return "a card face down" if card == HIDDEN else "a card"
    found = copy.card
    return f"{found.name}*" if found.name_provisional else found.name


def _target(raze: Target | None) -> str:
    return {
        Target.OWN_HAND: "a card from your hand",
        Target.ENEMY_LOCATION: "an opponent's location",
        Target.OWN_COMMON_LOCATION: "one of your common locations",
        None: "a location",
    }[raze]


def _special(effect: Effect) -> str:
    """A special operation in words (CARD-6 to CARD-29, FAC-EGY-3, FAC-JAP-7)."""
    args = effect.args
    do = effect.do
    if do is Special.RAZE:
        said = f"raze {_target(args.target)}"
        if args.ignore_protection:
            said += ", ignoring defense tokens and samurai"
        if args.vp_per_good_forgone:
            said += f", taking {amount_text('vp', args.vp_per_good_forgone)} instead of any good of its raze field"
        return said
    if do is Special.BUILD_FROM_HAND:
        origin = f"a {args.origin} location" if args.origin else "a location"
        return f"build {origin} from your hand" + (" without its location cost" if args.skip_location else "")
    if do is Special.DISCARD_ENEMY_DEAL:
        return "discard an opponent's deal" + (" and gain its good" if args.gain_its_good else "")
    if do is Special.PLACE_SAMURAI:
        return f"put {counted(args.count, 'samurai', 'samurai')} on your faction locations"
    assert do is not None
    return _SPECIALS[do]


_SPECIALS: Mapping[Special, str] = {
    Special.REPEAT_PRODUCTION: "another of your production locations produces once more",
    Special.REACTIVATE_ACTION: "activate one of your action locations again",
    Special.BUILD_OWN_DEAL: "build one of your deals",
    Special.USE_OWN_DEAL: "gain the good of one of your deals",
    Special.TAKE_RAZE_FIELD_GOOD: "take one good of the raze field of an opponent's location",
    Special.REMOVE_ENEMY_LOCATION: "remove an opponent's location",
    Special.TAKE_ENEMY_DEAL: "take an opponent's deal",
    Special.STEAL_RESOURCE: "take 1 wood, stone or food from an opponent",
    Special.TAKE_OVER_LOCATION: "take over an opponent's location for the round",
    Special.BLOCK_ENEMY_ACTION: "block an opponent's action location for the round",
    Special.FOUNDATION_FROM_HAND: "put a common card from your hand in your empire as a foundation",
    Special.OPPONENT_DISCARDS_CARD: "an opponent discards a card of their choice",
    Special.TRADE_ROUTE_DEAL: "make a deal with an opponent's faction location",
    Special.DEAL_GOODS_TO_VP: "give back goods your deals produced, 1 VP each",
}


def _per(per: Count) -> str:
    counted_by = "samurai" if per.colour is None else f"{per.colour} location"
    return f"{amount_text(per.good, 1)} per {counted_by}, at most {per.most}"


def _draw_keep(draw: DrawKeep) -> str:
    where = "each from either deck" if draw.either else "from your faction deck"
    rest = "shuffle the rest back into your faction deck" if draw.shuffle_back else "discard the rest"
    return f"draw {counted(draw.draw, 'card')} {where}, keep {draw.keep}, {rest}"


def effect_text(effect: Effect) -> str:
    """One effect (CARD-14) in words: its special operation first (ENG-1), then its gains."""
    parts = [] if effect.do is None else [_special(effect)]
    if not effect.gain.empty:
        parts.append(f"gain {goods_text(effect.gain)}")
    if effect.choice:
        parts.append("gain " + " or ".join(goods_text(option) for option in effect.choice))
    if effect.per is not None:
        parts.append(f"gain {_per(effect.per)}")
    parts += [f"you may pay {price_text(offer.pay)} for {goods_text(offer.gain)}" for offer in effect.may_pay]
    if effect.draw_keep is not None:
        parts.append(_draw_keep(effect.draw_keep))
    return "; ".join(parts) or "nothing"


_EVENTS: Mapping[Event, str] = {
    Event.RAZE: "each time you raze",
    Event.MAKE_DEAL: "each time you make a deal",
    Event.VP_GAIN: "each time you gain VP",
    Event.OPPONENT_SPENDS_WORKERS: "each time an opponent spends workers",
    Event.DEAL_PRODUCTION: "each time your deals produce",
}


def ability_text(card: Card) -> str:
    """A card's lasting ability and building bonus in words, from its data (CARD-14, BUILD-6)."""
    ability = card.ability
    parts: list[str] = []
    if ability.production is not None:
        parts.append(f"Production: {effect_text(ability.production)}")
    if ability.on_build is not None:
        built = ability.on_build
        what = "a faction location" if built.faction else f"a {built.colour or 'any'} location"
        parts.append(f"Each time you build {what}: {effect_text(built.effect)}")
    if ability.on_event is not None:
        event = ability.on_event
        when = _EVENTS[event.event]
        if event.min_vp:
            when += f" ({event.min_vp} or more at once)"
        if event.per_pair:
            when += ", per 2 workers"
        if event.most_per_round:
            when += f", at most {event.most_per_round} a round"
        parts.append(f"{when.capitalize()}: {effect_text(event.effect)}")
    if ability.action is not None:
        times = "once" if ability.action.per_round == 1 else f"{ability.action.per_round} times"
        modes = " or ".join(
            f"pay {price_text(mode.pay)}: {effect_text(mode.effect)}" for mode in ability.action.modes
        )
        parts.append(f"Action ({times} a round): {modes}")
    if ability.storage is not None:
        kept = _listed([SUPPLY[kind] for kind in ability.storage.kinds])
        parts.append(f"At cleanup you keep any number of {kept}")
    if ability.tuck is not None:
        tuck = ability.tuck
        item = "cards from your hand under it" if tuck.cards else "wood, stone or food on it"
        steps = ", ".join(f"{least}+: {vp} VP" for least, vp in tuck.steps)
        parts.append(f"Put {item}: gain {goods_text(tuck.each)} each; at the end {steps}")
    if card.bonus is not None:
        parts.append(f"Building bonus: {effect_text(card.bonus)}")
    return ". ".join(parts) + "." if parts else "No ability."


def card_text(card: str) -> str:
    """A card in words, from its data: its name (a working one marked provisional, with the
    Czech name), its type and colours, cost, raze field, ability, and deal field (DEAL-4) for a
    faction card; a card not shown, face down."""
    copy = components().copies.get(card)
    if copy is None:
        return card_name(card)
    found = copy.card
    name = found.name + (f" (provisional name; Czech {found.name_cs})" if found.name_provisional else "")
    colours = "/".join(found.colours) or "no colour"
    deck = "common" if found.common else found.deck.capitalize().removesuffix("s")
    raze = "cannot be razed" if found.raze is None else f"raze: {goods_text(found.raze)}"
    deal = "" if copy.deal is None else f"; deal: {goods_text(copy.deal)}"
    return (
        f"{name}: {deck} {found.type} location, {colours}; cost {price_text(found.cost)}; "
        f"{raze}{deal}. {ability_text(found)}"
    )


def where_text(view: GameState) -> str:
    """Where the game stands (FLOW-5): ``Round 3 of 5: actions``; ``The game is over``."""
    if view.is_over:
        return "The game is over"
    return f"Round {view.round} of {LAST_ROUND}: {PHASES[view.phase]}"


def decision_text(step: Step) -> str:
    """What the agenda's first step waits for (ENG-6, ENG-9): ``P1 chooses the card to keep``."""
    return f"P{step.seat} {_DECIDES.get(type(step).__name__, 'decides')}"


# --------------------------------------------------------------------------- events


def _said(event: Happened) -> str:
    """The event's card (or location) by name, face down where the viewer does not see it."""
    return "" if event.card is None else card_name(event.card)


def _put(event: Happened) -> str:
    """CARD-26: a card put under a location (face down to the other seats), or a good on it."""
    item = event.item or ""
    if item in components().copies:
        return f"puts {card_name(item)} under {_said(event)}"
    if item == HIDDEN:
        return f"puts a card face down under {_said(event)}"
    return f"puts {amount_text(item, 1)} on {_said(event)}"


#: The events said otherwise than their words, their card and then their goods.
_PHRASES: Mapping[str, Callable[[Happened], str]] = {
    "razes from the hand": lambda event: f"razes {_said(event)} from their hand",
    "razes": lambda event: (
        f"razes {_said(event)}" if event.opponent is None else f"razes P{event.opponent}'s {_said(event)}"
    ),
    "chooses": lambda event: f"chooses {_amounts(event.goods)}",
    "gives back for VP": lambda event: (
        f"gives back {_amounts(event.goods)} for VP" if event.goods else "gives back nothing"
    ),
    "spends workers for": lambda event: f"spends workers for {_amounts(event.goods)}",
    "puts under or on": _put,
}


def event_text(event: Happened) -> str:
    """An event in one line in a player's words, with its rule ID: ``P0 builds Statue
    (BUILD-1)``, ``P1 gains 2 workers from Barracks (CARD-14)``, ``P1 chooses 1 wood
    (CARD-14)``, ``P0 puts Quarry under Gate (CARD-26)``; a card by its name, never its printed
    id; a card the viewer does not see, face down (LOOK-6, DEAL-3, CARD-26)."""
    who = "" if event.seat is None else f"P{event.seat} "
    what = event.what
    card = _said(event)
    if what == "gains":
        source = f" from {card}" if card else ""
        said = f"{who}gains {_amounts(event.goods)}{source}"
    elif what.startswith("draws from"):
        said = f"{who}{what}" + (f": {card}" if card and event.card != HIDDEN else " (face down)")
    elif what in _PHRASES:
        said = who + _PHRASES[what](event)
    else:
        said = f"{who}{what}" + (f" {card}" if card else "")
        if event.goods:
            said += f": {_amounts(event.goods)}"
    said = said[0].upper() + said[1:] if not who else said
    return f"{said} ({event.rule})"


# --------------------------------------------------------------------------- moves


def _activated(move: _moves.Activate) -> str:
    """ACTLOC-1 to ACTLOC-7: an activation, with what it pays and acts on."""
    said = f"Activate {card_name(move.location)}"
    if move.times > 1:
        said += f" {move.times} times"
    paid = [supply_text(move.pay)] if any(move.pay) else []
    paid += [card_name(card) for card in move.cards]
    if move.deal is not None:
        paid.append(f"your deal {move.deal + 1}")
    if paid:
        said += f", paying {_listed(paid)}"
    if move.opponent is not None:
        said += f", against P{move.opponent}"
    if isinstance(move.target, int):
        said += f", on their deal {move.target + 1}"
    elif move.target is not None:
        said += f", on {card_name(move.target)}"
    if move.goods:
        said += f", taking {_listed(list(move.goods))}"
    return said


def _chosen(view: GameState, move: _moves.Choose) -> str:
    """CARD-14: the option of the choice waiting on the agenda, in words."""
    step = view.agenda[0] if view.agenda else None
    if isinstance(step, Choice) and move.option < len(step.options):
        return f"Gain {goods_text(step.options[move.option])}"
    return f"Take option {move.option + 1}"


def _built(move: _moves.Build) -> str:
    """BUILD-1 to BUILD-3: the card built, what is paid and discarded, Slaver's purchase."""
    said = f"Build {card_name(move.card)}, paying {supply_text(move.pay)}"
    if move.discard is not None:
        said += f" and discarding {card_name(move.discard)}"
    if move.option is not None:
        said += f" (with purchase {move.option + 1})"
    return said


def _decided(
    move: _moves.Build | _moves.Activate | _moves.MakeDeal | _moves.RazeCard | _moves.Raze | _moves.Spend,
) -> str:
    """ENG-9: what the move decides for its effects before a hidden card is seen, in words:
    the deck of its first card (GOODS-7), the
    location produced again (CARD-9), where samurai go (CARD-29); "" where it decides nothing."""
    parts = []
    if move.deck is not None:
        parts.append(f"drawing from the {move.deck.value} deck")
    repeat = move.repeat if isinstance(move, _moves.Build | _moves.Activate) else None
    if repeat is not None:
        parts.append(f"having {card_name(repeat)} produce again")
    samurai = move.samurai if isinstance(move, _moves.Build) else ()
    if samurai:
        parts.append(f"putting samurai on {_listed([card_name(card) for card in samurai])}")
    return "".join(f", {part}" for part in parts)


def _choices(view: GameState, move: _moves.Build | _moves.Activate) -> list[tuple[str, tuple[Goods, ...]]]:
    """CARD-14: the choices of gains a build or an activation meets, in the order carried out
    (BUILD-5, BUILD-6, CARD-3, CARD-9), each with its card: the card built, then the location
    produced again (Farmers At Work, Porters), then each own location reacting to the build."""
    found: list[tuple[str, tuple[Goods, ...]]] = []
    if isinstance(move, _moves.Build):
        built = card_of(move.card)
        found += [(move.card, e.choice) for e in (built.bonus, built.ability.production) if e and e.choice]
    again = move.target if isinstance(move, _moves.Activate) and isinstance(move.target, str) else move.repeat
    production = card_of(again).ability.production if again is not None else None
    if again is not None and production is not None and production.choice:
        found.append((again, production.choice))
    if isinstance(move, _moves.Build):
        own = tuple(card for card in view.players[move.player].empire if card != move.discard)
        for location in held((*own, move.card), view.taken, move.player):
            feature = card_of(location).ability.on_build
            if (
                feature
                and feature.effect.choice
                and not feature.effect.may_pay
                and matches(feature, move.card)
            ):
                found.append((location, feature.effect.choice))
    return found


def _choosing(view: GameState, move: _moves.Build | _moves.Activate) -> str:
    """ENG-9, CARD-14: the option a build or an activation takes of each choice of gains, in
    words from its card's data (``, choosing 1 VP from Headquarters``); by number where the
    card data does not tell which choices the move meets."""
    if not move.choice:
        return ""
    met = _choices(view, move)
    if len(met) != len(move.choice) or any(o >= len(c) for (_, c), o in zip(met, move.choice, strict=True)):
        options = _listed([str(option + 1) for option in move.choice])
        return f", choosing option{'s' if len(move.choice) > 1 else ''} {options}"
    said = [
        f"{goods_text(c[o])} from {card_name(card)}" for (card, c), o in zip(met, move.choice, strict=True)
    ]
    return f", choosing {_listed(said)}"


def _took(take: tuple[int, ...]) -> str:
    return _amounts(zip(("wood", "stone", "food", "card"), take, strict=True))


#: Each kind of move in words (after :func:`move_text`'s view and move).
_MOVES: Mapping[type[Move], Callable[[GameState, Any], str]] = {
    _moves.Pick: lambda view, m: f"Pick {card_name(m.card)} from the lookout",
    _moves.Draw: lambda view, m: f"Draw a card from the {m.deck.value} deck",
    _moves.Choose: _chosen,
    _moves.Keep: lambda view, m: f"Keep {card_name(m.card)}",
    _moves.Repeat: lambda view, m: f"Have {card_name(m.location)} produce once more",
    _moves.Convert: lambda view, m: (
        f"Give back {_listed(list(m.give))} for {amount_text('vp', len(m.give))}"
        if m.give
        else "Give back nothing"
    ),
    _moves.Discard: lambda view, m: f"Discard {card_name(m.card)}",
    _moves.Skip: lambda view, m: "Do not follow up",
    _moves.Build: lambda view, m: _built(m) + _choosing(view, m) + _decided(m),
    _moves.MakeDeal: lambda view, m: (
        f"Make a deal with {card_name(m.card)}, paying {supply_text(m.pay)}" + _decided(m)
    ),
    _moves.RazeCard: lambda view, m: f"Raze {card_name(m.card)} from your hand" + _decided(m),
    _moves.Raze: lambda view, m: f"Raze P{m.opponent}'s {card_name(m.location)}" + _decided(m),
    _moves.Activate: lambda view, m: _activated(m) + _choosing(view, m) + _decided(m),
    _moves.Spend: lambda view, m: f"Spend workers for {_took(m.take)}" + _decided(m),
    _moves.Pass: lambda view, m: "Pass for the rest of the round",
    _moves.Done: lambda view, m: "End your turn",
    _moves.Defend: lambda view, m: f"Put a defense token on {card_name(m.location)}",
    _moves.Samurai: lambda view, m: f"Put a samurai on {card_name(m.location)}",
    _moves.Tuck: lambda view, m: (
        f"Put {card_name(m.item) if m.item in components().copies else amount_text(m.item, 1)}"
        f" under or on {card_name(m.location)}"
    ),
}


def move_text(view: GameState, move: Move) -> str:
    """A legal move in a player's words, as a list of moves says it: ``Build Statue, paying 1
    wood and 2 stone``; a card by its name, never its printed id."""
    said = _MOVES.get(type(move))
    return str(move) if said is None else said(view, move)


#: The lines of the score sheet as a player names them, in its order (END-2 to END-4).
SCORE_LINES: Mapping[str, str] = {
    "played": "VP during the game",
    "locations": "locations",
    "tucked": "Gates and Shrines",
    "total": "total",
    "goods_left": "tie-break: goods left",
    "hand": "tie-break: cards in hand",
}


def score_sheet_text(state: GameState) -> str:
    """Every player's score sheet as a table, a column per player (END-2 to END-4)."""
    return sheets_table(score(state), SCORE_LINES)
