"""Carrying out effects (CARD-14): the agenda's automatic steps, and the decisions they wait on.

An effect is carried out as steps in order (ENG-6): its special operation, its fixed
gains (one gain event, ENG-3), gains per counted item, a choice of gains, a draw-and-keep.
ENG-9: a decision the move carrying out the effect made in advance (its :class:`Preset`: a
choice of gains, the deck of its first card where none is seen before it, the location
produced again, where samurai go) is taken from it; any other stops the agenda until that
player's move (PROD-4: in production every decision waits, no move of the producing player
having caused it). A decision with nothing to decide is skipped (GOODS-8, CARD-9, CARD-25,
CARD-29).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from boardtable.build import copier
from boardtable.errors import IllegalMove

from .._components import Effect, Special, components
from .._goods import Goods
from .._model import (
    Apply,
    Choice,
    Convert,
    Deal,
    Deck,
    DiscardFor,
    FollowUp,
    Gain,
    Guard,
    KeepOne,
    Owed,
    Part,
    Preset,
    Produce,
    RepeatFor,
    Step,
)
from .._moves import Choose, Discard, Draw, Keep, Move, Repeat
from .._moves import Convert as ConvertMove
from .._table import Table, board_of, card_of

#: ENG-9: a preset with some of its answers used up (a generated copier, :mod:`boardtable.build`).
_copy_preset = copier(Preset)
#: GOODS-7: the decks a card owed may come from, in the order they are offered.
_DECKS = (Deck.COMMON, Deck.FACTION)
#: GOODS-7: a draw decided, made once and reused (moves are immutable values).
_draw = functools.cache(Draw)
#: ENG-3: a gain event's step, made once per seat, goods and source and reused (steps are
#: immutable values); at most 4096 kept.
gained = functools.lru_cache(maxsize=1 << 12)(Gain)
#: CARD-14: a card's effect carried out for a seat, its step made once and reused (as many as
#: seats, cards and parts).
applied = functools.cache(Apply)

__all__ = [
    "Asked",
    "applied",
    "carried",
    "decision_moves",
    "effect_steps",
    "gained",
    "leftover",
    "resolve",
    "run",
]


class Asked(Exception):
    """ENG-9: a move tried out (:attr:`Preset.probing`) reached a decision it must make in
    advance: the move's ``field`` and the ``values`` it may take there."""

    def __init__(self, field: str, values: tuple[object, ...]) -> None:
        super().__init__(field)
        self.field = field
        self.values = values

    def refusal(self) -> IllegalMove:
        """ENG-9: the refusal of a move that does not make this decision."""
        return IllegalMove(
            "ENG-9", f"this move must decide {self.field} in advance: one of {_listed(self.values)}"
        )


def counted(table: Table, seat: int, colour: str | None, card: str) -> int:
    """PROD-3, BUILD-6, CARD-4: ``seat``'s locations of ``colour`` (the card itself included
    once built; Trade Colony counts for each of its colours), or, for None, the samurai of
    ``card``'s owner (FAC-JAP-8; ENG-4: also when the Egyptian player uses it)."""
    if colour is None:
        built_by = table.owner(card)
        return len(table.players[seat if built_by is None else built_by].samurai)
    return sum(1 for card in table.controlled(seat) if colour in card_of(card).colours)


def effect_steps(table: Table, seat: int, effect: Effect, card: str, special: bool = True) -> list[Step]:
    """The steps of ``effect`` of ``card`` for ``seat`` (CARD-14); ``special`` false when the
    special operation was carried out by the move itself (an action's targets)."""
    steps: list[Step] = []
    if special and effect.do is Special.REPEAT_PRODUCTION:
        steps.append(RepeatFor(seat, card))
    elif special and effect.do is Special.PLACE_SAMURAI:
        steps.append(Guard(seat, effect.args.count))
    gain = effect.gain
    if effect.per is not None:
        amount = min(counted(table, seat, effect.per.colour, card), effect.per.most)
        extra = Goods.of({effect.per.good: amount})
        gain = Goods(
            tuple(a + b for a, b in zip(gain.supply, extra.supply, strict=True)),
            gain.vp + extra.vp,
            gain.card + extra.card,
            gain.common_card,
            gain.faction_card,
        )
    if not gain.empty:
        steps.append(gained(seat, gain, card))
    if effect.choice:
        steps.append(Choice(seat, effect.choice, card))
    keep = effect.draw_keep
    if keep is not None:
        if keep.either:
            steps += [Owed(seat, True) for _ in range(keep.draw)]
            steps.append(KeepOne(seat, (), keep.keep, keep.shuffle_back))
        else:
            drawn = tuple(
                c for c in (table.take_top(seat, Deck.FACTION) for _ in range(keep.draw)) if c is not None
            )
            table.seen += len(drawn)
            steps.append(KeepOne(seat, drawn, keep.keep, keep.shuffle_back))
    return steps


def _produce(table: Table, step: Produce) -> None:
    """PROD-2, PROD-6, DEF-1: the board's goods (a defense token among them), each deal's good (CARD-27: offered for VP first where a School
    of Diplomacy stands), then each production location's (PROD-3), any that repeats another
    production last (CARD-9)."""
    seat = step.seat
    deals: tuple[Deal, ...] = table.players[seat].deals
    steps: list[Step] = [gained(seat, board_of(table.players[seat].faction).production, "PROD-2")]
    controlled = table.controlled(seat)
    if deals and not _SCHOOLS.isdisjoint(controlled):
        steps.append(Convert(seat, tuple(sorted(u for d in deals for u in d.good.units()))))
    else:
        steps += [gained(seat, deal.good, "DEAL-4") for deal in deals]
    later: list[Step] = []
    for card in controlled:
        repeats = _PRODUCING.get(card)
        if repeats is not None:
            (later if repeats else steps).append(applied(seat, card, Part.PRODUCTION))
    carried(table, steps + later)


#: CARD-27: the cards whose feature gives back the deals' goods for VP (School of Diplomacy).
_SCHOOLS = frozenset(
    printed
    for printed, copy in components().copies.items()
    if (event := copy.card.ability.on_event) is not None and event.effect.do is Special.DEAL_GOODS_TO_VP
)
#: PROD-3, CARD-9: the production locations, each with whether it repeats another's production.
_PRODUCING = {
    printed: effect.do is Special.REPEAT_PRODUCTION
    for printed, copy in components().copies.items()
    if (effect := copy.card.ability.production) is not None
}


def effect_of(card: str, part: Part) -> Effect:
    """The effect ``part`` of ``card``."""
    found = card_of(card)
    if part is Part.BONUS:
        effect = found.bonus
    elif part is Part.PRODUCTION:
        effect = found.ability.production
    else:
        feature = found.ability.on_build
        effect = None if feature is None else feature.effect
    assert effect is not None
    return effect


def _apply(table: Table, step: Apply) -> None:
    carried(table, effect_steps(table, step.seat, effect_of(step.card, step.part), step.card))


def _gain(table: Table, step: Gain) -> None:
    """One gain event (ENG-3), from a card or under a rule."""
    source = step.source
    if table.events is not None:  # recorded: the gain is told
        if source[:3].islower():
            table.note("CARD-14", "gains", step.seat, source, step.goods)
        else:
            table.note(source, "gains", step.seat, None, step.goods)
    table.gain(step.seat, step.goods)


_AUTOMATIC: dict[type[Any], Callable[[Table, Any], None]] = {Produce: _produce, Apply: _apply, Gain: _gain}


def carried(table: Table, steps: list[Step]) -> None:
    """``steps`` put first on the agenda by an automatic step that :func:`run` carries out, or
    last by a move that run follows at once: the first of them carried out at once where it is
    automatic too, as run would next."""
    automatic = _AUTOMATIC.get(type(steps[0])) if steps else None
    if automatic is None:
        table.first(steps)
        return
    if len(steps) > 1:
        table.first(steps[1:])
    automatic(table, steps[0])


def run(table: Table) -> None:
    """Carry out the agenda until a decision with options is first, or it is empty (ENG-9: a
    decision the move made in advance is taken from its preset, any other waits for its
    player's move)."""
    while agenda := table.now.agenda:
        step = agenda[0]
        automatic = _AUTOMATIC.get(type(step))
        if automatic is None:
            if isinstance(step, KeepOne) and len(step.drawn) <= step.keep:
                table.put("agenda", agenda[1:])
                table.put_field(step.seat, "hand", (*table.players[step.seat].hand, *step.drawn))
                continue
            preset = table.now.preset
            if preset is not None and _preset(table, step, preset):
                continue
            if isinstance(step, FollowUp) or any(True for _ in _options(table, step)):
                if preset is not None and preset.probing and not isinstance(step, FollowUp):
                    # a decision that waits (after a card seen, or another player's) is passed
                    # over: what comes after it is the same whatever it decides, and its cards
                    # may be hidden ones (a seat's view)
                    table.put("agenda", table.now.agenda[1:])
                    continue
                _stopped(table, preset)
                return
        table.put("agenda", agenda[1:])
        if automatic is not None:
            automatic(table, step)
    preset = table.now.preset
    if preset is not None and not preset.probing:
        table.put("preset", None)


def _stopped(table: Table, preset: Preset | None) -> None:
    """The agenda waits: a preset with nothing left to answer ends (a trial's is kept, to be
    checked, :func:`leftover`); one with answers left is kept for the moves after, noting
    that a card was seen if one was (ENG-9: a card owed after it waits for its deck)."""
    if preset is None or preset.probing:
        return
    if preset.choice or preset.repeat is not None or preset.samurai or preset.deck is not None:
        if table.seen and not preset.drawn:
            table.put("preset", _copy_preset(preset, {"drawn": True}))
    else:
        table.put("preset", None)


def _answer(preset: Preset, field: str, values: tuple[object, ...], given: object) -> bool:
    """Whether the move's ``given`` answer (None or empty: none) decides a decision offering
    ``values``; a trial without one asks for it (:class:`Asked`), a trial with a wrong one is
    refused (:func:`_refused`)."""
    if given is None or given == ():
        if preset.probing:
            raise Asked(field, values)
        return False
    if given not in values and preset.probing:
        raise IllegalMove(_FIELD_RULE[field], f"{field}={given} is not one of the options: {_listed(values)}")
    return True


def _listed(values: tuple[object, ...]) -> str:
    return ", ".join(",".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in values)


#: The rule that refuses a wrong answer made in advance, by the move's field.
_FIELD_RULE = {"deck": "GOODS-8", "choice": "CARD-14", "repeat": "CARD-9", "samurai": "CARD-29"}


def _preset(table: Table, step: Step, preset: Preset) -> bool:
    """ENG-9: decide ``step`` from the move's preset where the move decides it in advance;
    False where it waits (or has nothing to decide)."""
    seat = step.seat
    if isinstance(step, Owed):
        if preset.drawn:
            return False
        # the first card owed is reached: the preset decides its deck now or never (a deck it
        # names and does not use here stays, to be refused, :func:`leftover`)
        reached = _copy_preset(preset, {"drawn": True, "deck": None})
        if not table.seen:  # a card seen before it: its deck waits
            decks = tuple([d for d in _DECKS if table.can_draw(seat, d)])
            if _decided(table, preset, "deck", decks, preset.deck, reached, lambda deck: _draw(seat, deck)):
                return True
        table.put("preset", reached if preset.deck is None else _copy_preset(preset, {"drawn": True}))
        return False
    if isinstance(step, Choice):
        given = preset.choice[0] if preset.choice else None
        rest = _copy_preset(preset, {"choice": preset.choice[1:]})
        options = tuple(range(len(step.options)))
        return _decided(table, preset, "choice", options, given, rest, lambda option: Choose(seat, option))
    if isinstance(step, RepeatFor):
        places = tuple(move.location for move in _options(table, step) if isinstance(move, Repeat))
        rest = _copy_preset(preset, {"repeat": None})
        return _decided(
            table, preset, "repeat", places, preset.repeat, rest, lambda place: Repeat(seat, place)
        )
    if isinstance(step, Guard):
        rest = _copy_preset(preset, {"samurai": ()})
        return _decided(table, preset, "samurai", _placings(table, step), preset.samurai, rest, None)
    return False


def _decided(
    table: Table,
    preset: Preset,
    field: str,
    values: tuple[Any, ...],
    given: Any,
    rest: Preset,
    decision: Callable[[Any], Move] | None,
) -> bool:
    """Decide the first step with the move's ``given`` answer (``field``, one of ``values``),
    ``rest`` the preset left; None for ``decision``: samurai placed (CARD-29)."""
    if not values or not _answer(preset, field, values, given):
        return False
    table.put("preset", rest)
    step = table.now.agenda[0]
    seat = step.seat
    if field == "choice":
        assert isinstance(step, Choice)
        table.note("CARD-14", "chooses", seat, None, step.options[given])
    elif field == "repeat":
        table.note("CARD-9", "produces once more with", seat, given)
    if decision is not None:
        resolve(table, decision(given))
        return True
    table.put("agenda", table.now.agenda[1:])
    table.put_field(seat, "samurai", (*table.players[seat].samurai, *given))
    for place in given:
        table.note("CARD-29", "puts a samurai on", seat, place)
    return True


def leftover(preset: Preset | None) -> IllegalMove | None:
    """ENG-9: the refusal of a move that names a decision its effects never reach."""
    if preset is None:
        return None
    for field, value in (
        ("choice", preset.choice),
        ("deck", preset.deck),
        ("repeat", preset.repeat),
        ("samurai", preset.samurai),
    ):
        if value is not None and value != ():
            return IllegalMove("ENG-9", f"this move decides no {field} in advance; leave {field} out")
    return None


def _options(table: Table, step: Step) -> Iterator[Move]:
    """Every move that decides ``step`` (a decision first on the agenda)."""
    seat = step.seat
    if isinstance(step, Owed):
        for deck in _DECKS:
            if table.can_draw(seat, deck):
                yield _draw(seat, deck)
    elif isinstance(step, Choice):
        for option in range(len(step.options)):
            yield Choose(seat, option)
    elif isinstance(step, RepeatFor):
        for card in table.controlled(seat):
            if card != step.card and card_of(card).ability.production is not None:
                yield Repeat(seat, card)
    elif isinstance(step, KeepOne):
        for card in dict.fromkeys(step.drawn):
            yield Keep(seat, card)
    elif isinstance(step, Convert):
        for size in range(len(step.received) + 1):
            yield from (
                ConvertMove(seat, given) for given in dict.fromkeys(combinations(step.received, size))
            )
    elif isinstance(step, DiscardFor):
        for card in table.players[seat].hand:
            yield Discard(seat, card)


def _placings(table: Table, step: Guard) -> tuple[tuple[str, ...], ...]:
    """CARD-29, FAC-JAP-3: the ways to put ``step.count`` samurai on own faction locations
    without one (as many as there are such locations; a worker left over is lost)."""
    samurai = table.players[step.seat].samurai
    free = tuple(c for c in table.players[step.seat].empire if not card_of(c).common and c not in samurai)
    return tuple(c for c in combinations(free, min(step.count, len(free))) if c)


def decision_moves(table: Table) -> tuple[Move, ...]:
    """The moves that decide the first step of the agenda (a follow-up's are the actions'
    to list, :mod:`.follow`)."""
    return tuple(_options(table, table.now.agenda[0]))


def resolve(table: Table, move: Move) -> None:
    """Carry out ``move``, one of :func:`decision_moves`: the step it decides leaves the agenda."""
    agenda = table.now.agenda
    step = agenda[0]
    table.put("agenda", agenda[1:])
    seat = step.seat
    if isinstance(move, Draw):
        assert isinstance(step, Owed)
        if step.pool:
            card = table.take_top(seat, move.deck)
            waiting = list(table.now.agenda)
            at = next(i for i, s in enumerate(waiting) if isinstance(s, KeepOne))
            held = waiting[at]
            assert isinstance(held, KeepOne)
            assert card is not None
            waiting[at] = KeepOne(held.seat, (*held.drawn, card), held.keep, held.shuffle_back)
            table.seen += 1
            table.put("agenda", tuple(waiting))
        else:
            table.draw(seat, move.deck)
    elif isinstance(move, Choose):
        assert isinstance(step, Choice)
        table.first([Gain(seat, step.options[move.option], step.card)])
    elif isinstance(move, Repeat):
        effect = card_of(move.location).ability.production
        assert effect is not None
        table.first(effect_steps(table, seat, effect, move.location))
    elif isinstance(move, Keep):
        assert isinstance(step, KeepOne)
        rest = list(step.drawn)
        rest.remove(move.card)
        table.put_field(seat, "hand", (*table.players[seat].hand, move.card))
        if step.shuffle_back:
            table.shuffle_into(seat, tuple(rest))
        else:
            for card in rest:
                table.discard(card)
    elif isinstance(move, ConvertMove):
        assert isinstance(step, Convert)
        _convert(table, seat, move.give)
    elif isinstance(move, Discard):
        hand = list(table.players[seat].hand)
        hand.remove(move.card)
        table.put_field(seat, "hand", tuple(hand))
        table.discard(move.card)


def _convert(table: Table, seat: int, give: tuple[str, ...]) -> None:
    """CARD-27: the deals' goods but those given back, each deal one gain event, then 1 VP
    per good given back (one gain event)."""
    left = list(give)
    steps: list[Step] = []
    for deal in table.players[seat].deals:
        (unit,) = deal.good.units()
        if unit in left:
            left.remove(unit)
        else:
            steps.append(Gain(seat, deal.good, "DEAL-4"))
    if give:
        steps.append(Gain(seat, Goods(vp=len(give)), "CARD-27"))
    table.first(steps)


def check_decision(table: Table, move: Move) -> IllegalMove | None:
    """The refusal of a move made while a decision waits: only a move deciding it is taken."""
    if move in decision_moves(table):
        return None
    step = table.now.agenda[0]
    rule = _RULE.get(type(step), "CARD-14")
    return IllegalMove(rule, f"not a way to decide what waits: {_WHAT.get(type(step), 'a decision')}")


_RULE = {
    Owed: "GOODS-7",
    Choice: "CARD-14",
    RepeatFor: "CARD-8",
    KeepOne: "CARD-23",
    Convert: "CARD-27",
    DiscardFor: "CARD-25",
    FollowUp: "CARD-7",
}
_WHAT = {
    Owed: "the deck of a card drawn",
    Choice: "a choice of gains",
    RepeatFor: "the production location produced again",
    KeepOne: "the card kept",
    Convert: "the deal goods given back for VP",
    DiscardFor: "the card discarded from the hand",
    FollowUp: "the follow-up of the action",
}
