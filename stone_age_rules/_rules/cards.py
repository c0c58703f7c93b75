"""Civilization cards: buying them and their top effects (CIV-1 to CIV-13)."""

from __future__ import annotations

from boardtable.errors import IllegalMove

from .._components import Effect, components
from .._config import MAX_PLAYERS
from .._goods import Kind, Resources, bundles
from .._model import MAX_AGRICULTURE, SLOTS, DiceChoice, GameState, Location
from .._moves import ChooseDie, TakeResources
from .._table import Table
from .gathering import next_faces, start_roll
from .tools import gain_tool

#: CIV-8: the reward of each die face (1 to 4: a resource; 5: a tool; 6: agriculture).
FACE_RESOURCES = {1: Kind.WOOD, 2: Kind.CLAY, 3: Kind.STONE, 4: Kind.GOLD}
#: CIV-12: how many resources of choice a claim gives.
CLAIM = 2


def price(location: Location) -> int:
    """CIV-1: the card in slot N costs N resources."""
    return SLOTS.index(location) + 1


def check_buy(state: GameState, seat: int, location: Location, pay: Resources | None) -> IllegalMove | None:
    """CIV-2: N resources of any kinds the player has (never food)."""
    cost = price(location)
    if pay is None or pay.total != cost:
        return IllegalMove("CIV-2", f"the card in slot {cost} costs {cost} resources of any kinds")
    if not state.players[seat].resources.covers(pay):
        return IllegalMove("CIV-2", f"you do not have {pay}")
    return None


def card_payments(state: GameState, seat: int, location: Location) -> tuple[Resources, ...]:
    """Every bundle of the slot's price the player holds."""
    return bundles(price(location), state.players[seat].resources)


def raise_agriculture(table: Table, seat: int, rule: str) -> None:
    """ACT-4: agriculture +1; the track ends at 10, a step beyond is lost."""
    level = table.player(seat).agriculture
    table.change(seat, rule, "raised agriculture", agriculture=min(level + 1, MAX_AGRICULTURE))


def buy(table: Table, seat: int, location: Location, pay: Resources) -> None:
    """CIV-2: pay and take the card; CIV-3: its top effect happens at once."""
    state = table.state
    slot = SLOTS.index(location)
    card_id = state.display[slot]
    assert card_id is not None
    display = list(state.display)
    display[slot] = None
    table.update(display=tuple(display))
    player = table.player(seat)
    table.change(
        seat,
        "CIV-2",
        "bought",
        item=card_id,
        resources=player.resources - pay,
        cards=(*player.cards, card_id),
    )
    _top_effect(table, seat, location, card_id)


def _top_effect(table: Table, seat: int, location: Location, card_id: str) -> None:
    """CIV-4 to CIV-13."""
    card = components().card[card_id]
    player = table.player(seat)
    effect = card.effect
    if effect is Effect.FOOD:
        table.change(seat, "CIV-4", "took food", food=player.food + card.amount)
    elif effect is Effect.RESOURCE:
        assert card.kind is not None
        gained = Resources.of(card.kind, card.amount)
        table.change(seat, "CIV-5", "took resources", resources=player.resources + gained)
    elif effect is Effect.POINTS:
        table.change(seat, "CIV-6", "scored", score=player.score + card.amount)
    elif effect is Effect.DICE_FOR_RESOURCE:
        start_roll(table, seat, location, card.kind, 2)
    elif effect is Effect.EVERYONE_DICE:
        _everyone_rolls(table, seat)
    elif effect is Effect.TOOL:
        gain_tool(table, seat, "CIV-9")
    elif effect is Effect.AGRICULTURE:
        raise_agriculture(table, seat, "CIV-10")
    elif effect is Effect.ONE_TIME_TOOL:
        table.change(seat, "CIV-11", "took a one-time tool", one_time=(*player.one_time, card.amount))
    elif effect is Effect.ANY_RESOURCES:
        table.change(seat, "CIV-12", "may take two resources", claims=player.claims + 1)
    else:
        _draw_card(table, seat)


def _everyone_rolls(table: Table, seat: int) -> None:
    """CIV-8: one die per player; the buyer chooses first, then clockwise."""
    state = table.state
    players = state.config.players
    faces = next_faces(table, players)
    table.update(
        choice=DiceChoice(seat, faces, tuple((seat + k) % players for k in range(players))),
    )
    table.note("CIV-8", "rolled for everyone", seat, dice=faces)


def _draw_card(table: Table, seat: int) -> None:
    """CIV-13: the top card of the pile, face down, without its top effect; nothing from an empty pile."""
    state = table.state
    if not state.pile:
        table.note("CIV-13", "found the pile empty", seat)
        return
    card_id, rest = state.pile[0], state.pile[1:]
    table.update(pile=rest)
    table.change(seat, "CIV-13", "drew a card", item=card_id, drawn=(*table.player(seat).drawn, card_id))


def check_choose(state: GameState, move: ChooseDie) -> IllegalMove | None:
    """CIV-8: a die still on the table."""
    assert state.choice is not None
    if move.face not in state.choice.dice:
        return IllegalMove("CIV-8", f"choose one of the dice left: {', '.join(map(str, state.choice.dice))}")
    return None


#: Every choice of a die face there can be, made once: ``_DICE[seat][face - 1]``.
_DICE = tuple(tuple(ChooseDie(seat, face) for face in range(1, 7)) for seat in range(MAX_PLAYERS))


def die_choices(state: GameState, seat: int) -> tuple[ChooseDie, ...]:
    """CIV-8: a choice of each face among the dice left, lowest first (none without a choice)."""
    if state.choice is None:
        return ()
    left, faces = state.choice.dice, _DICE[seat]
    return tuple(faces[face - 1] for face in range(1, 7) if face in left)


def choose_die(table: Table, move: ChooseDie) -> None:
    """CIV-8: the chooser takes the die's reward (a tool as TOOL-3; agriculture capped as ACT-4)."""
    choice = table.state.choice
    assert choice is not None
    dice = list(choice.dice)
    dice.remove(move.face)
    rest = choice.choosers[1:]
    table.update(choice=DiceChoice(choice.buyer, tuple(dice), rest) if rest else None)
    seat = move.player
    if move.face in FACE_RESOURCES:
        gained = Resources.of(FACE_RESOURCES[move.face], 1)
        table.change(seat, "CIV-8", "took a die", resources=table.player(seat).resources + gained)
    elif move.face == 5:
        gain_tool(table, seat, "CIV-8")
    else:
        raise_agriculture(table, seat, "CIV-8")


def check_claim(state: GameState, move: TakeResources) -> IllegalMove | None:
    """CIV-12: a claim to take, and exactly two resources."""
    if not state.players[move.player].claims:
        return IllegalMove("CIV-12", "you have no resources of choice to take")
    if move.take.total != CLAIM:
        return IllegalMove("CIV-12", f"take exactly {CLAIM} resources, not {move.take.total}")
    return None


#: Every claim of two resources there can be, made once, by seat.
_CLAIMS = tuple(
    tuple(TakeResources(seat, take) for take in bundles(CLAIM, Resources(*(CLAIM,) * 4)))
    for seat in range(MAX_PLAYERS)
)


def claim_choices(state: GameState, seat: int) -> tuple[TakeResources, ...]:
    """CIV-12: every pair of resources, when ``seat`` holds a claim."""
    return _CLAIMS[seat] if state.players[seat].claims else ()


def take_resources(table: Table, seat: int, take: Resources, what: str = "took two resources") -> None:
    """CIV-12: the resources are taken and the claim is used up."""
    player = table.player(seat)
    table.change(seat, "CIV-12", what, resources=player.resources + take, claims=player.claims - 1)
