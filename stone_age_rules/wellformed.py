"""Is a Stone Age position read from a document one the game could be in?

Positions made by :func:`~stone_age_rules.new_game` and :func:`~stone_age_rules.apply_move`
always are. A position read from a document may have been written by hand or tampered
with, so :func:`check_position` holds it to what every settled position has: the table's
shape for its number of players; every civilization card and building tile of the
components in exactly one place, 36 cards and one stack of 7 tiles per player in play
(SETUP-5, SETUP-6), and, for a whole position, the stacks and the draw pile that its
seed deals; each player's counters in range (SETUP-1, ACT-4, ACT-5, TOOL-1, FEED-5),
tools as TOOL-3 raises them, one-time tools, drawn cards and claims that the player's
own cards gave (TOOL-5, CIV-12, CIV-13); people standing within each location's room and
the placement rules (SETUP-3, PLACE-4 to PLACE-7); and the phase, the seat to act, the
roll, the dice choice and the feeding decision coherent with each other (FLOW-1, FLOW-5,
ACT-1, FEED-4, END-1 to END-3). The first problem found is a
:class:`~boardtable.errors.Inconsistent` (a ``RecordError``) naming the path of the field
(``$.data.players[1].people``) and the rule the position breaks, the first its message cites
(:mod:`boardtable.consistency`); nothing is changed. A value read from the document
appears in a message only through the bounded renderer.

A seat's view (:func:`~stone_age_rules.player_view`) passes too: it shows ``"?"`` for
the draw pile, the tiles below each stack's top and the cards other players drew
(INFO-1, INFO-2), and hides the seed and the dice stated in advance. Those places are
counted, not named. A position whose seed is 0 and which states no dice may be such a
view with nothing left to hide, so its stacks and pile are not compared with the seed's.

These are checks of structure, not a replay: a position that passes may still be one
no sequence of legal moves reaches, but every position of a game passes.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Iterator, Sequence

from boardtable.consistency import ROOT, Consistency, Places, first_rule
from boardtable.errors import Inconsistent
from boardtable.reader import label, shown

from ._components import Effect, components
from ._config import Claim, GameConfig
from ._model import (
    AREAS,
    HIDDEN,
    LOCATIONS,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_LEVEL,
    MAX_TOOLS,
    SLOTS,
    VILLAGE,
    GameState,
    Location,
    Phase,
    Player,
    Roll,
)
from ._rules.feeding import HUNGER, can_cover, shortfall
from ._rules.placement import ROOM, can_place, location_open
from ._rules.setup import TILES_PER_STACK, new_game
from ._rules.tools import can_use_tools

__all__ = ["check_position"]

#: SETUP-1, ACT-5: a player owns 5 people at the start and gains them only.
_FIRST_PEOPLE = 5
#: The largest die face.
_FACES = 6
#: CIV-7: a dice-for-a-resource card rolls 2 dice.
_CARD_DICE = 2


def check_position(state: GameState) -> None:
    """Raise :class:`Inconsistent` (its field and rule) for the first thing ``state`` could not
    be (see the module)."""
    _check_table(state)
    view = _check_hidden(state)
    _check_components(state, view)
    for seat, player in enumerate(state.players):
        _check_player(state, seat, player)
    _check_people(state)
    _check_flow(state)


#: How the check tells the first problem it finds: the platform's :class:`Inconsistent`.
_CHECK = Consistency(Inconsistent)


def _fail(where: str, cited: str | None, reason: str) -> Inconsistent:
    """The problem of the field at ``where``: ``reason``, after the rules it breaks as the
    message cites them (``SETUP-1, ACT-5``: the first is its rule; None for the document's
    structure alone)."""
    if cited is None:
        return _CHECK.fail(where, None, reason)
    return _CHECK.fail(where, first_rule(cited), f"{cited}: {reason}")


def _in_range(value: int, low: int, high: int | None, where: str, cited: str) -> None:
    if value < low or (high is not None and value > high):
        raise _CHECK.out_of_range(value, low, high, where, cited, cited=True)


def _check_table(state: GameState) -> None:
    """The shape of the table for the configured number of players (SETUP-1, SETUP-5, CIV-1),
    and the counters of the round in range (FLOW-4, FLOW-6, SETUP-7)."""
    players = state.config.players
    if len(state.players) != players:
        raise _fail(
            "players", "SETUP-1", f"the game has {players} players, found {len(state.players)} boards"
        )
    if len(state.placed) != len(LOCATIONS):
        raise _fail(
            "placed", None, f"holds one row per location ({len(LOCATIONS)}), found {len(state.placed)}"
        )
    for row, people in enumerate(state.placed):
        if len(people) != players:
            raise _fail(
                f"placed[{row}]", None, f"holds one count per player ({players}), found {len(people)}"
            )
    if len(state.stacks) != players:
        raise _fail(
            "stacks", "SETUP-5", f"one stack per player is in play ({players}), found {len(state.stacks)}"
        )
    for i, stack in enumerate(state.stacks):
        if len(stack) > TILES_PER_STACK:
            raise _fail(f"stacks[{i}]", "SETUP-5", f"a stack has {TILES_PER_STACK} tiles, found {len(stack)}")
    if len(state.display) != len(SLOTS):
        raise _fail("display", "CIV-1", f"the display has {len(SLOTS)} slots, found {len(state.display)}")
    _in_range(state.start, 0, players - 1, "start", "SETUP-7")
    _in_range(state.turn, 0, players - 1, "turn", "FLOW-1")
    _in_range(state.done, 0, players, "done", "FLOW-5")
    _in_range(state.round, 1, state.config.max_rounds, "round", "FLOW-6")
    _in_range(state.ply, 0, None, "ply", "FLOW-1")
    _in_range(state.rolls, 0, None, "rolls", "FLOW-4")
    for i, face in enumerate(state.stated):
        _in_range(face, 1, _FACES, f"stated[{i}]", "FLOW-4")


def _check_hidden(state: GameState) -> bool:
    """Whether ``state`` is a seat's view: ``"?"`` only where a view hides a card or tile,
    and then everywhere it does (INFO-1, INFO-2), with the seed and stated dice hidden too."""
    pile_hidden = HIDDEN in state.pile
    stacks_hidden = any(HIDDEN in stack for stack in state.stacks)
    drawn_hidden = [HIDDEN in player.drawn for player in state.players]
    if not (pile_hidden or stacks_hidden or any(drawn_hidden)):
        return False
    why = "in a view, which shows '?' for a card or tile it hides"
    if state.config.seed != 0:
        raise _fail(
            "config.seed", "INFO-1", f"a view hides the seed (0), not {shown(state.config.seed)} ({why})"
        )
    if state.stated:
        raise _fail("stated", "INFO-1", f"a view hides the dice stated in advance ({why})")
    for i, card in enumerate(state.pile):
        if card != HIDDEN:
            raise _fail(
                f"pile[{i}]", "INFO-1", f"a view hides the whole draw pile, not {label(card)} ({why})"
            )
    for i, stack in enumerate(state.stacks):
        if stack[:1] == (HIDDEN,):
            raise _fail(f"stacks[{i}][0]", "INFO-3", f"the top tile of each stack is face up ({why})")
        for j, tile in enumerate(stack[1:], 1):
            if tile != HIDDEN:
                raise _fail(f"stacks[{i}][{j}]", "INFO-1", f"a view hides the tiles below the top ({why})")
    shown_drawn = [seat for seat, p in enumerate(state.players) if p.drawn and not drawn_hidden[seat]]
    for seat, player in enumerate(state.players):
        hidden = drawn_hidden[seat]
        if hidden and (state.is_over or any(card != HIDDEN for card in player.drawn)):
            raise _fail(
                f"players[{seat}].drawn",
                "INFO-2",
                "a view hides all the cards another player drew, until final scoring",
            )
        if not state.is_over and len(shown_drawn) > 1 and seat == shown_drawn[1]:
            raise _fail(
                f"players[{seat}].drawn",
                "INFO-2",
                f"a view shows the drawn cards of one player only (player {shown_drawn[0]} and {seat})",
            )
    return True


@functools.lru_cache(maxsize=64)
def _deal(players: int, seed: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The stacks in play and the cards in the order the seed deals them (SETUP-5, SETUP-6)."""
    first = new_game(GameConfig(players, seed))
    return first.stacks, tuple(card for card in first.display if card is not None) + first.pile


#: Where cards or tiles lie: the path, the ids, and whether a view may hide them there.
_Places = Iterator[tuple[str, Sequence[str | None], bool]]


def _account(groups: _Places, known: Collection[str], what: str, rule: str) -> int:
    """Each id in ``groups`` is one of ``known`` and in one place only (``rule``); ``None`` (an
    empty slot) and ``"?"`` where a view hides ids (checked by :func:`_check_hidden`) are
    skipped. How many ids there are, the hidden ones included."""
    places = Places()
    for where, ids, may_hide in groups:
        found = places.walk(where, ids, known, HIDDEN if may_hide else None)
        if found is None:
            continue
        at = f"{where}[{found.index}]"
        if found.first is None:
            raise _fail(at, None, f"{label(found.item)} is no {what} of the game")
        first = f"{ROOT}.{found.first[0]}[{found.first[1]}]"
        raise _fail(at, rule, f"{found.item} is also at {first}; each {what} lies in one place")
    return places.count


def _check_components(state: GameState, view: bool) -> None:
    """SETUP-6: all 36 cards are in the display, the pile or a player's hands; SETUP-5: the
    tiles of one stack of 7 per player are in the stacks or built; each in one place. A whole
    position's stacks and pile are what is left of those its seed deals (FLOW-4)."""
    catalogue = components()
    cards = _account(_card_places(state), catalogue.card, "civilization card", "SETUP-6")
    if cards != len(catalogue.cards):
        raise _fail("pile", "SETUP-6", f"the game has {len(catalogue.cards)} cards in play, found {cards}")
    tiles = _account(_tile_places(state), catalogue.building, "building tile", "SETUP-5")
    in_play = TILES_PER_STACK * state.config.players
    if tiles != in_play:
        raise _fail(
            "stacks",
            "SETUP-5",
            f"{state.config.players} stacks of {TILES_PER_STACK} tiles are in play, found {tiles}",
        )
    if view or (state.config.seed == 0 and not state.stated):
        return
    stacks, order = _deal(state.config.players, state.config.seed)
    for i, (stack, dealt) in enumerate(zip(state.stacks, stacks, strict=True)):
        if stack != dealt[len(dealt) - len(stack) :]:
            raise _fail(f"stacks[{i}]", "SETUP-5", "not what building leaves of the stack the seed deals")
    if state.pile != order[len(order) - len(state.pile) :]:
        raise _fail("pile", "SETUP-6", "not what is left of the draw pile the seed shuffles")
    dealt_tiles = {tile for stack in stacks for tile in stack}
    for seat, player in enumerate(state.players):
        for j, tile in enumerate(player.buildings):
            if tile not in dealt_tiles:
                raise _fail(
                    f"players[{seat}].buildings[{j}]",
                    "SETUP-5",
                    f"{tile} is in a stack this seed sends back to the box",
                )


def _card_places(state: GameState) -> _Places:
    yield "display", state.display, False
    yield "pile", state.pile, True
    for seat, player in enumerate(state.players):
        yield f"players[{seat}].cards", player.cards, False
        yield f"players[{seat}].drawn", player.drawn, True


def _tile_places(state: GameState) -> _Places:
    for i, stack in enumerate(state.stacks):
        yield f"stacks[{i}]", stack, True
    for seat, player in enumerate(state.players):
        yield f"players[{seat}].buildings", player.buildings, False


def _check_player(state: GameState, seat: int, player: Player) -> None:
    """One board: counters in range, tools as TOOL-3 makes them, and what only a card the
    player bought gives (TOOL-5, CIV-12, CIV-13)."""
    where = f"players[{seat}]"
    _in_range(player.people, _FIRST_PEOPLE, MAX_PEOPLE, f"{where}.people", "SETUP-1, ACT-5")
    _in_range(player.food, 0, None, f"{where}.food", "FEED-5")
    _in_range(player.agriculture, 0, MAX_AGRICULTURE, f"{where}.agriculture", "ACT-4")
    _in_range(player.score, -HUNGER * state.round, None, f"{where}.score", "FEED-5")
    if len(player.tools) > MAX_TOOLS:
        raise _fail(
            f"{where}.tools", "TOOL-1", f"a player has at most {MAX_TOOLS} tools, found {len(player.tools)}"
        )
    for i, level in enumerate(player.tools):
        _in_range(level, 1, MAX_TOOL_LEVEL, f"{where}.tools[{i}]", "TOOL-1")
    if player.tools and (
        max(player.tools) - min(player.tools) > 1 or (len(player.tools) < MAX_TOOLS and max(player.tools) > 1)
    ):
        raise _fail(
            f"{where}.tools",
            "TOOL-3",
            "new tools have level 1 and only the lowest of 3 is raised, so levels differ by at most 1",
        )
    if len(player.used) != len(player.tools):
        raise _fail(
            f"{where}.used", "TOOL-2", f"one entry per tool ({len(player.tools)}), found {len(player.used)}"
        )
    if state.phase is Phase.PLACE and any(player.used):
        raise _fail(f"{where}.used", "TOOL-2", "every tool is unused again when a round begins (END-2)")
    bought = [components().card[card] for card in player.cards]
    tokens = Counter(card.amount for card in bought if card.effect is Effect.ONE_TIME_TOOL)
    extra = Counter(player.one_time) - tokens
    if extra:
        value = next(iter(extra))
        raise _fail(
            f"{where}.one_time", "TOOL-5", f"a one-time tool of {shown(value)} comes from a card bought"
        )
    draws = sum(card.effect is Effect.DRAW_CARD for card in bought)
    if len(player.drawn) > draws:
        raise _fail(
            f"{where}.drawn", "CIV-13", f"the player's cards let them draw {draws}, found {len(player.drawn)}"
        )
    claims = sum(card.effect is Effect.ANY_RESOURCES for card in bought)
    _in_range(player.claims, 0, 0 if state.is_over else claims, f"{where}.claims", "CIV-12, END-5")
    if player.claims and state.config.any_two_resources is Claim.IMMEDIATE and not _choosing_now(state, seat):
        raise _fail(
            f"{where}.claims", "CIV-12 (immediate)", "the resources are chosen when the card is bought"
        )


def _choosing_now(state: GameState, seat: int) -> bool:
    """CIV-12 (immediate): only the player who just bought the card, in their action turn."""
    return state.phase is Phase.ACT and state.turn == seat and state.roll is None and state.choice is None


def _check_people(state: GameState) -> None:
    """People stand within each location's room (SETUP-3, PLACE-4), only at locations that are
    there (PLACE-7), never more than their owner has (PLACE-1), and with fewer than 4 players
    within the village and resource-area limits (PLACE-5, PLACE-6)."""
    players = state.config.players
    for seat, player in enumerate(state.players):
        standing = 0
        for row, people in enumerate(state.placed):
            _in_range(people[seat], 0, None, f"placed[{row}][{seat}]", "PLACE-1")
            standing += people[seat]
        if standing > player.people:
            raise _fail(
                f"players[{seat}].people",
                "PLACE-1",
                f"{standing} of the player's people stand on the board, more than the {player.people} owned",
            )
    for location in LOCATIONS:
        people = state.placed[location.row]
        room = ROOM[location]
        if room is not None and sum(people) > room:
            raise _fail(f"placed[{location.row}]", "SETUP-3", f"{location} holds {room}, found {sum(people)}")
        if location is Location.HUT and any(n not in (0, 2) for n in people):
            raise _fail(f"placed[{location.row}]", "PLACE-4", "the hut takes exactly 2 people of one player")
        if any(people) and not location_open(state, location):
            raise _fail(f"placed[{location.row}]", "PLACE-7", f"there is nothing to take at {location}")
        if players < 4 and location in AREAS and sum(1 for n in people if n) > players - 1:
            raise _fail(
                f"placed[{location.row}]",
                "PLACE-6",
                f"with {players} players {location} takes people of {players - 1} player(s)",
            )
    if players < 4 and sum(1 for v in VILLAGE if any(state.placed[v.row])) > 2:
        raise _fail("placed", "PLACE-5", f"with {players} players only two of the village's places are used")


def _check_flow(state: GameState) -> None:
    """The phase, the seat to act and what it waits for, as the engine leaves them (FLOW-1,
    FLOW-5): the placement's turn to a player who can place (PLACE-1), actions and feeding
    in turn order from the start player (ACT-1, FEED-1), a feeding that stops only for a
    player's FEED-4 decision, and a game over only when END-3, END-4 or FLOW-6 ends it."""
    players = state.config.players
    if state.phase is not Phase.ACT and (state.roll is not None or state.choice is not None):
        raise _fail(
            "roll" if state.roll is not None else "choice", "FLOW-5", f"no dice wait in phase {state.phase}"
        )
    if (state.short is not None) != (state.phase is Phase.FEED):
        raise _fail("short", "FEED-4", "the feeding stops only for a player short of food, and only then")
    if state.phase is Phase.OVER:
        _check_over(state)
        return
    _in_range(state.done, 0, players - 1, "done", "FLOW-5")
    if state.phase is Phase.PLACE:
        _in_range(state.done, 0, 0, "done", "FLOW-5")
        _check_placing(state)
        return
    if state.turn != (state.start + state.done) % players:
        raise _fail("turn", "ACT-1, FEED-1", f"turns go clockwise from the start player {state.start}")
    if state.phase is Phase.FEED:
        _check_feeding(state)
        return
    for k in range(state.done):
        seat = (state.start + k) % players
        if any(row[seat] for row in state.placed):
            raise _fail(
                f"players[{seat}]", "ACT-1", "a player whose action turn is over has no people on the board"
            )
    if state.roll is not None:
        _check_roll(state, state.roll)
    if state.choice is not None:
        _check_choice(state)
    claiming = state.config.any_two_resources is Claim.IMMEDIATE and state.players[state.turn].claims > 0
    waits = state.roll is not None or state.choice is not None or claiming
    if not waits and not any(row[state.turn] for row in state.placed):
        raise _fail("turn", "ACT-1", f"player {state.turn} has no people left to resolve")


def _check_placing(state: GameState) -> None:
    """A round begins with every slot filled (END-2) and every stack showing a tile (END-3);
    the turn is a player who can place (PLACE-1, PLACE-2)."""
    for slot, card in enumerate(state.display):
        if card is None:
            raise _fail(f"display[{slot}]", "END-2", "every slot is filled when a round begins")
    for i, stack in enumerate(state.stacks):
        if not stack:
            raise _fail(f"stacks[{i}]", "END-3", "the game ends at the end of a round that empties a stack")
    if not can_place(state, state.turn):
        raise _fail("turn", "PLACE-1, PLACE-2", f"player {state.turn} has no legal placement")


def _check_feeding(state: GameState) -> None:
    """FEED-1, FEED-4: everybody's people are home, and the player fed now is short of food
    with the resources to cover it (an untaken CIV-12 pair counted)."""
    if any(any(row) for row in state.placed):
        raise _fail("placed", "ACT-1", "every person is home before the feeding")
    if state.short != state.turn or not shortfall(state, state.turn) or not can_cover(state, state.turn):
        raise _fail(
            "short", "FEED-4", f"player {state.turn}, fed now, decides only when short and able to cover it"
        )


def _check_over(state: GameState) -> None:
    """END-1: the game ended after a feeding, because a stack is empty (END-3), the pile cannot
    fill the display (END-4) or the last round was played (FLOW-6)."""
    if any(any(row) for row in state.placed):
        raise _fail("placed", "FEED-1", "every person is home when the game ends")
    needed = state.display.count(None)
    last = state.config.max_rounds is not None and state.round >= state.config.max_rounds
    if all(state.stacks) and len(state.pile) >= needed and not last:
        raise _fail("phase", "END-1", "the game ends only by END-3, END-4 or FLOW-6")


def _check_roll(state: GameState, roll: Roll) -> None:
    """A roll waits for the player whose turn it is, with a tool to add (TOOL-2), for the
    location resolved (ACT-3) or the dice-for-a-resource card just bought (CIV-7)."""
    if roll.player != state.turn:
        raise _fail("roll.player", "ACT-1", f"the roll is player {state.turn}'s, whose turn it is")
    for i, face in enumerate(roll.dice):
        _in_range(face, 1, _FACES, f"roll.dice[{i}]", "ACT-3")
    location, dice = roll.location, len(roll.dice)
    if location in SLOTS:
        cards = state.players[roll.player].cards
        card = components().card[cards[-1]] if cards else None
        if (
            card is None
            or card.effect is not Effect.DICE_FOR_RESOURCE
            or state.display[SLOTS.index(location)]
        ):
            raise _fail(
                "roll.location", "CIV-7", "a card slot rolls for the dice-for-a-resource card just bought"
            )
        if roll.kind is not card.kind or dice != _CARD_DICE:
            raise _fail("roll", "CIV-7", f"{card.id} rolls {_CARD_DICE} dice for {card.kind}")
    elif location is Location.HUNTING or location in AREAS:
        if roll.kind is not AREAS.get(location):
            raise _fail("roll.kind", "ACT-3", f"{location} yields {AREAS.get(location, 'food')}")
        _in_range(dice, 1, ROOM[location] or MAX_PEOPLE, "roll.dice", "ACT-3")
    else:
        raise _fail("roll.location", "ACT-3", f"nobody rolls at {location}")
    if state.people_at(location, roll.player):
        raise _fail("roll.location", "ACT-1", "the people return as their location is resolved")
    if not can_use_tools(state, roll.player):
        raise _fail("roll", "TOOL-2", "a roll waits only for a player with a tool to add")
    _in_range(state.rolls, dice, None, "rolls", "FLOW-4")


def _check_choice(state: GameState) -> None:
    """CIV-8: the buyer of the card just bought rolled one die per player; the players still
    to choose follow clockwise, one die each."""
    choice, players = state.choice, state.config.players
    assert choice is not None
    if choice.buyer != state.turn or state.roll is not None:
        raise _fail("choice.buyer", "CIV-8", f"the dice are rolled by player {state.turn}, whose turn it is")
    cards = state.players[choice.buyer].cards
    if not cards or components().card[cards[-1]].effect is not Effect.EVERYONE_DICE:
        raise _fail("choice", "CIV-8", "the dice are rolled for the everyone-chooses card just bought")
    left = len(choice.choosers)
    if not 1 <= left <= players or choice.choosers != tuple(
        (choice.buyer + k) % players for k in range(players - left, players)
    ):
        raise _fail("choice.choosers", "CIV-8", "the players still to choose, clockwise from the buyer")
    if len(choice.dice) != left:
        raise _fail("choice.dice", "CIV-8", f"one die is left per player still to choose ({left})")
    for i, face in enumerate(choice.dice):
        _in_range(face, 1, _FACES, f"choice.dice[{i}]", "CIV-8")
    _in_range(state.rolls, players, None, "rolls", "FLOW-4")
