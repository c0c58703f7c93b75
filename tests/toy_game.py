"""Toy: a card game of a few rules, used only by the tests, to prove that a game is one file
and one registration (the platform's conformance suite, ``tests/conformance``, plays it
beside the shipped games).

The rules, each with its ID (:data:`RULES`): the cards numbered 1 to 16 are shuffled from
the seed; each player is dealt 3 face down, the rest is the stock (DEAL-1). The players take
turns in seat order for a few rounds (FLOW-1); on their turn a player plays a card of their
hand face up (PLAY-1) or passes and takes the stock's top card into their hand (PASS-1).
After the last round the highest total of cards played wins (SCORE-1). Nobody moves then
(FLOW-2). A player sees their own hand; the other hands, the stock and the seed are hidden
(VIEW-1): a card a view hides is 0.

Everything the :class:`~boardtable.games.Game` interface asks is here: options, positions
and views, moves in notation and as data, events as each seat sees them, previews, documents
and records, rules, bots (``random``, ``greedy``), a picture, a catalogue; and what the
conformance suite asks of a game beside the interface, as every game package here has it:
:data:`SCHEMAS` (the wire bodies that carry its documents) and :func:`sample_world`.

A test registers it with :func:`registered`; a process of its own (``hadara engine``,
``hadara serve``) finds it with the environment variable
``BOARDTABLE_GAMES="toy=toy_game:GAME"`` and the tests' folder on ``PYTHONPATH``
(:data:`ENVIRONMENT`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import asdict, evolve, frozen

from boardtable.consistency import Consistency
from boardtable.documents import SCHEMA_VERSION, digest
from boardtable.errors import GameError, IllegalMove, Inconsistent, NotationError, RecordError
from boardtable.games import MAX_SEED, Decider, Game, register, unregister
from boardtable.reader import ErrorType, envelope_data, parse_json, shown
from boardtable.rulebook import RuleEntry
from boardtable.schema import Schema, SchemaMaker, Schemas, envelope

if TYPE_CHECKING:
    from boardtable.wire_schemas import Maker

__all__ = ["ENVIRONMENT", "GAME", "NAME", "SCHEMAS", "Toy", "registered", "sample_world"]

#: The name the toy is registered under.
NAME = "toy"
#: What ``BOARDTABLE_GAMES`` holds for a process of its own to find the toy.
ENVIRONMENT = f"{NAME}=toy_game:GAME"
#: The cards, numbered 1 to 16 (DEAL-1); 0 is a card a view hides (VIEW-1).
CARDS = tuple(range(1, 17))
HIDDEN = 0
#: The cards dealt to each hand (DEAL-1).
HAND = 3


@frozen
class Rule(RuleEntry):
    """A rule of the toy's digest, cited by no rulebook but this file."""

    GAME: ClassVar[str] = "Toy"

    def citation(self) -> dict[str, str | int | None]:
        return {"source": "this file", "page": None}


#: The rules, by ID.
RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "DEAL-1",
            "deal",
            "Three cards each from the shuffled deck; the rest is the stock.",
            "The cards numbered 1 to 16 are shuffled (the seed deals them); each player is dealt "
            "3 face down into their hand, and the rest form the stock, face down.",
        ),
        Rule(
            "FLOW-1",
            "flow",
            "Turns in seat order, for the match's rounds.",
            "The players take turns in seat order, P0 first; a round is a turn of each player, "
            "and the game lasts the rounds the match was made with (1 to 5, 3 unless chosen). "
            "Only the player in turn moves.",
        ),
        Rule("FLOW-2", "flow", "Nobody moves after the end.", "Once the last round is over nobody moves."),
        Rule(
            "PLAY-1",
            "turn",
            "Play a card of your hand face up.",
            "On your turn you may play a card of your hand face up in front of you.",
        ),
        Rule(
            "PASS-1",
            "turn",
            "Or pass, taking the stock's top card.",
            "Instead you may pass: you take the stock's top card into your hand, unseen by the "
            "others (nothing once the stock is empty).",
        ),
        Rule(
            "SCORE-1",
            "end",
            "The highest total of cards played wins.",
            "After the last round, each player scores the total of the cards they played; the "
            "highest total wins, and players who tie for it share the win.",
        ),
        Rule(
            "VIEW-1",
            "view",
            "You see your own hand only.",
            "A player sees their own hand and every card played; the other hands, the stock and "
            "the seed are hidden, their sizes known to all.",
        ),
    )
}


# ---------------------------------------------------------------------- the records


@frozen
class Options:
    """A toy match's options."""

    #: The number of players (2 to 4).
    players: int
    #: The seed the cards are dealt from (DEAL-1).
    seed: int
    #: The rounds the game lasts (1 to 5: FLOW-1).
    rounds: int = 3


@frozen
class Position:
    """A toy position, or what one seat (or the spectator) sees of it: a card it may not see
    is 0 (VIEW-1)."""

    #: The rounds the game lasts (FLOW-1).
    rounds: int
    #: The moves played.
    ply: int
    #: Each player's hand, in seat order, each in the order its cards came.
    hands: tuple[tuple[int, ...], ...]
    #: The cards each player played face up (PLAY-1), in the order played.
    shown: tuple[tuple[int, ...], ...]
    #: The stock, its top first (PASS-1).
    stock: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.ply >= self.rounds * self.players

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.ply % self.players,)


@frozen
class Play:
    """Play a card of the hand face up (PLAY-1)."""

    #: The seat that plays.
    player: int
    #: The card played.
    card: int

    def __str__(self) -> str:
        return f"P{self.player} play {self.card}"


@frozen
class Pass:
    """Pass, taking the stock's top card (PASS-1)."""

    #: The seat that passes.
    player: int

    def __str__(self) -> str:
        return f"P{self.player} pass"


Move = Play | Pass


@frozen
class Played:
    """A card was played face up (PLAY-1)."""

    #: The rule it happened under.
    rule: str
    #: The seat that played it.
    player: int
    #: The card.
    card: int


@frozen
class Drew:
    """A player passed and took the stock's top card (PASS-1)."""

    #: The rule it happened under.
    rule: str
    #: The seat that passed.
    player: int
    #: The card taken: 0 where the viewer may not see it, null when the stock was empty.
    card: int | None


@frozen
class Ended:
    """The game ended (SCORE-1)."""

    #: The rule it happened under.
    rule: str
    #: Each seat's total, in seat order.
    totals: tuple[int, ...]
    #: The seats that won.
    winners: tuple[int, ...]


Event = Played | Drew | Ended


@frozen
class Preview:
    """What a legal move would do to its player."""

    #: The move.
    move: Move
    #: The player's total of cards played after it.
    total: int
    #: How many cards the player's hand holds after it.
    hand: int


#: Each tagged record's ``type``.
_TAGS: dict[type[Any], str] = {Play: "play", Pass: "pass", Played: "played", Drew: "drew", Ended: "ended"}


def _data(record: object) -> dict[str, object]:
    """A record as JSON data (its tuples as lists), a tagged one with its ``type`` first."""
    tag = _TAGS.get(type(record))
    # every record here is an attrs class
    fields = {name: _plain(value) for name, value in asdict(record, recurse=False).items()}  # type: ignore[arg-type]
    return fields if tag is None else {"type": tag, **fields}


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return _data(value) if type(value) in (Play, Pass) else value


# ---------------------------------------------------------------------- reading


def _fields(data: object, names: Sequence[str], what: str, error: ErrorType) -> dict[str, object]:
    """A mapping with exactly the keys ``names``."""
    if not isinstance(data, dict):
        raise error(f"{what}: expected an object, found {shown(data)}")
    if set(data) != set(names):
        odd = sorted(set(data) ^ set(names))[0]
        raise error(f"{what}: {shown(odd)} is {'missing' if odd in names else 'no field'}")
    return data


def _whole(value: object, low: int, high: int, what: str, error: ErrorType) -> int:
    if type(value) is not int or not low <= value <= high:
        raise error(f"{what}: expected a whole number from {low} to {high}, found {shown(value)}")
    return value


#: How the position's check tells a number out of its range: the platform's Inconsistent,
#: naming the field and the rule.
_CHECK = Consistency(Inconsistent)


def _counter(value: object, low: int, high: int, what: str, rule: str, error: ErrorType) -> int:
    """A whole number of a position: ``error`` for one of another type, an Inconsistent naming
    the field and ``rule`` for one out of its range."""
    if type(value) is not int:
        raise error(f"{what}: expected a whole number from {low} to {high}, found {shown(value)}")
    if not low <= value <= high:
        raise _CHECK.out_of_range(value, low, high, what, rule, cited=False)
    return value


def _cards(value: object, what: str, error: ErrorType) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > len(CARDS):
        raise error(f"{what}: expected a list of at most {len(CARDS)} cards, found {shown(value)}")
    return tuple(
        _counter(card, HIDDEN, CARDS[-1], f"{what}[{i}]", "DEAL-1", error) for i, card in enumerate(value)
    )


def _move_of(data: object, error: ErrorType) -> Move:
    if not isinstance(data, dict) or data.get("type") not in ("play", "pass"):
        raise error(f"a move is an object whose type is play or pass, not {shown(data)}")
    if data["type"] == "pass":
        read = _fields(data, ("type", "player"), "pass", error)
        return Pass(_whole(read["player"], 0, 3, "pass.player", error))
    read = _fields(data, ("type", "player", "card"), "play", error)
    return Play(
        _whole(read["player"], 0, 3, "play.player", error),
        _whole(read["card"], CARDS[0], CARDS[-1], "play.card", error),
    )


def _options_of(data: object, error: ErrorType) -> Options:
    read = _fields(data, ("players", "seed", "rounds"), "options", error)
    return Options(
        _whole(read["players"], 2, 4, "options.players", error),
        _whole(read["seed"], 0, MAX_SEED, "options.seed", error),
        _whole(read["rounds"], 1, 5, "options.rounds", error),
    )


def _position_of(data: object, error: ErrorType) -> Position:
    read = _fields(data, ("rounds", "ply", "hands", "shown", "stock"), "position", error)
    rounds = _counter(read["rounds"], 1, 5, "rounds", "FLOW-1", error)
    hands, shown_ = read["hands"], read["shown"]
    if not (isinstance(hands, list) and isinstance(shown_, list) and 2 <= len(hands) == len(shown_) <= 4):
        raise error("hands, shown: expected a list of 2 to 4 for each, one per player")
    position = Position(
        rounds,
        _counter(read["ply"], 0, rounds * len(hands), "ply", "FLOW-1", error),
        tuple(_cards(hand, f"hands[{seat}]", error) for seat, hand in enumerate(hands)),
        tuple(_cards(cards, f"shown[{seat}]", error) for seat, cards in enumerate(shown_)),
        _cards(read["stock"], "stock", error),
    )
    every = [card for part in (*position.hands, *position.shown, position.stock) for card in part]
    known = [card for card in every if card != HIDDEN]
    if len(every) != len(CARDS):
        raise error(f"the position holds {len(every)} cards, not the deck's {len(CARDS)}")
    if len(set(known)) != len(known):
        raise error("the position holds a card twice")
    return position


# ---------------------------------------------------------------------- the rules


def _deal(options: Options) -> Position:
    """DEAL-1: the shuffled deck, 3 cards to each hand and the rest to the stock."""
    deck = list(CARDS)
    random.Random(options.seed).shuffle(deck)
    hands = tuple(tuple(deck[HAND * seat : HAND * seat + HAND]) for seat in range(options.players))
    return Position(options.rounds, 0, hands, ((),) * options.players, tuple(deck[HAND * options.players :]))


def _refusal(state: Position, move: Move) -> IllegalMove | None:
    """Why the rules refuse ``move`` (FLOW-2, FLOW-1, PLAY-1); None for a legal one."""
    if state.over:
        return IllegalMove("FLOW-2", "the game is over")
    if move.player not in state.to_act:
        return IllegalMove("FLOW-1", f"it is P{state.to_act[0]}'s turn, not P{move.player}'s")
    if isinstance(move, Play) and move.card not in state.hands[move.player]:
        return IllegalMove("PLAY-1", f"P{move.player} holds no card {move.card}")
    return None


def _set(parts: tuple[tuple[int, ...], ...], seat: int, part: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*parts[:seat], part, *parts[seat + 1 :])


def _totals(state: Position) -> tuple[int, ...]:
    return tuple(sum(cards) for cards in state.shown)


def _winners(state: Position) -> tuple[int, ...]:
    """SCORE-1: the seats with the highest total, once the game is over."""
    totals = _totals(state)
    return tuple(seat for seat, total in enumerate(totals) if total == max(totals)) if state.over else ()


def _play(state: Position, move: Move) -> tuple[Position, tuple[Event, ...]]:
    seat = move.player
    events: list[Event] = []
    if isinstance(move, Play):
        hand = list(state.hands[seat])
        hand.remove(move.card)
        after = evolve(
            state,
            hands=_set(state.hands, seat, tuple(hand)),
            shown=_set(state.shown, seat, (*state.shown[seat], move.card)),
        )
        events.append(Played("PLAY-1", seat, move.card))
    elif state.stock:
        card = state.stock[0]
        after = evolve(
            state, hands=_set(state.hands, seat, (*state.hands[seat], card)), stock=state.stock[1:]
        )
        events.append(Drew("PASS-1", seat, card))
    else:
        after = state
        events.append(Drew("PASS-1", seat, None))
    after = evolve(after, ply=state.ply + 1)
    if after.over:
        events.append(Ended("SCORE-1", _totals(after), _winners(after)))
    return after, tuple(events)


def _view(state: Position, seat: int | None) -> Position:
    """VIEW-1: the other hands and the stock hidden."""
    if seat is not None and not 0 <= seat < state.players:
        raise GameError(f"no seat {shown(seat)} in a {state.players}-player game")
    return evolve(
        state,
        hands=tuple(hand if i == seat else (HIDDEN,) * len(hand) for i, hand in enumerate(state.hands)),
        stock=(HIDDEN,) * len(state.stock),
    )


def sample_world(view: Position, seat: int, rng: random.Random) -> Position:
    """A whole position ``seat`` cannot tell from ``view`` (its view of it is ``view``), the
    cards it does not see dealt at random to the places it does not see."""
    seen = {card for part in (view.hands[seat], *view.shown) for card in part}
    unseen = [card for card in CARDS if card not in seen]
    rng.shuffle(unseen)
    deal = iter(unseen)
    return evolve(
        view,
        hands=tuple(
            hand if i == seat else tuple(next(deal) for _ in hand) for i, hand in enumerate(view.hands)
        ),
        stock=tuple(next(deal) for _ in view.stock),
    )


def _preview(view: Position, move: Move) -> Preview:
    """What ``move`` does to its player, from the player's own view."""
    seat = move.player
    total = sum(view.shown[seat]) + (move.card if isinstance(move, Play) else 0)
    hand = len(view.hands[seat]) + (-1 if isinstance(move, Play) else 1 if view.stock else 0)
    return Preview(move, total, hand)


def _preview_text(preview: Preview) -> str:
    move = preview.move
    if isinstance(move, Play):
        return f"plays {move.card}: {preview.total} in all (PLAY-1)"
    return f"passes and keeps {preview.hand} cards in hand (PASS-1)"


def _event_text(event: Event) -> str:
    if isinstance(event, Played):
        return f"P{event.player} plays {event.card} (PLAY-1)"
    if isinstance(event, Drew):
        took = "nothing" if event.card is None else "a card" if event.card == HIDDEN else f"{event.card}"
        return f"P{event.player} passes and takes {took} (PASS-1)"
    return f"the game ends: {', '.join(f'P{seat}' for seat in event.winners)} won (SCORE-1)"


_NOTATION = re.compile(r"P([0-3]) (?:play ([1-9]|1[0-6])|pass)")


# ---------------------------------------------------------------------- bots


@frozen
class _Bot:
    """A toy bot, deciding from its seat's view: ``random`` any legal move, ``greedy`` its
    highest card (a pass with an empty hand)."""

    greedy: bool
    rng: random.Random

    def choose(self, state: Position, seat: int) -> Move:
        view = _view(state, seat)
        moves = GAME.moves(view, seat)
        if self.greedy:
            return max(moves, key=lambda move: move.card if isinstance(move, Play) else 0)
        return self.rng.choice(moves)


# ---------------------------------------------------------------------- the game


class Toy(Game[Options, Position, Move, Event, Preview]):
    """The game ``"toy"`` (see the module)."""

    name = NAME
    title = "Toy"
    seats = (2, 4)

    def options_schema(self) -> Mapping[str, object]:
        return {
            "type": "object",
            "properties": {
                "rounds": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 5,
                    "title": "Rounds",
                    "description": "How many turns each player has (FLOW-1; default 3).",
                }
            },
            "additionalProperties": False,
        }

    def read_options(self, document: Mapping[str, object], players: int, seed: int) -> Options:
        unknown = [key for key in document if key != "rounds"]
        if unknown:
            raise GameError(f"{shown(unknown[0])} is no option of the toy (its one option is rounds)")
        data = {"players": players, "seed": seed, "rounds": document.get("rounds", 3)}
        return _options_of(data, GameError)

    def reseeded(self, options: Options, seed: int) -> Options:
        return evolve(options, seed=seed)

    def seed(self, options: Options) -> int:
        return options.seed

    def options_data(self, options: Options) -> dict[str, object]:
        return {"rounds": options.rounds}

    def options_text(self, options: Options) -> str:
        return json.dumps(_data(options))

    def read_stored_options(self, text: str) -> Options:
        return _options_of(parse_json(text, RecordError), RecordError)

    def new(self, options: Options) -> Position:
        return _deal(options)

    def ply(self, state: Position) -> int:
        return state.ply

    def to_act(self, state: Position) -> tuple[int, ...]:
        return state.to_act

    def is_over(self, state: Position) -> bool:
        return state.over

    def winners(self, state: Position) -> tuple[int, ...]:
        return _winners(state)

    def digest(self, state: Position) -> str:
        return digest("game_state", _data(state))

    def read_move(self, given: object) -> Move:
        if isinstance(given, str):
            read = _NOTATION.fullmatch(given)
            if read is None:
                raise NotationError(f"{shown(given)} is no toy move (P0 play 7, P1 pass)")
            return Pass(int(read[1])) if read[2] is None else Play(int(read[1]), int(read[2]))
        return _move_of(given, GameError)

    def move_data(self, move: Move) -> dict[str, object]:
        return _data(move)

    def moves(self, view: Position, seat: int) -> tuple[Move, ...]:
        if seat not in view.to_act:
            return ()
        cards = sorted(card for card in view.hands[seat] if card != HIDDEN)
        return (*(Play(seat, card) for card in cards), Pass(seat))

    def refusal(self, view: Position, move: Move) -> IllegalMove | None:
        return _refusal(view, move)

    def mover(self, move: Move) -> int:
        return move.player

    def move_text(self, move: Move) -> str:
        return json.dumps(_data(move))

    def read_stored_move(self, text: str) -> Move:
        return _move_of(parse_json(text, RecordError), RecordError)

    def play(self, state: Position, move: Move) -> tuple[Position, tuple[Event, ...]]:
        refused = _refusal(state, move)
        if refused is not None:
            raise refused
        return _play(state, move)

    def reveals(self, before: Position, after: Position) -> bool:
        """A card played shows it to all (PLAY-1), a card taken shows it to its taker (PASS-1)."""
        played = sum(map(len, after.shown)) > sum(map(len, before.shown))
        return played or len(after.stock) < len(before.stock)

    def view(self, state: Position, seat: int | None) -> Position:
        return _view(state, seat)

    def position_data(self, view: Position) -> dict[str, object]:
        return {"schema_version": SCHEMA_VERSION, "kind": "game_state", "data": _data(view)}

    def read_position(self, document: object) -> Position:
        return _position_of(envelope_data(document, "game_state", SCHEMA_VERSION, GameError), GameError)

    def legal(self, view: Position, seat: int) -> tuple[Preview, ...]:
        return tuple(_preview(view, move) for move in self.moves(view, seat))

    def legal_entry(self, option: Preview) -> dict[str, object]:
        data = _data(option)
        return {
            "move": data.pop("move"),
            "notation": str(option.move),
            "preview": {**data, "text": _preview_text(option)},
        }

    def events_seen(self, events: tuple[Event, ...], seat: int | None, state: Position) -> tuple[Event, ...]:
        """VIEW-1: a card taken from the stock is seen by its taker alone."""
        return tuple(
            evolve(event, card=HIDDEN)
            if isinstance(event, Drew) and event.card is not None and event.player != seat
            else event
            for event in events
        )

    def event_data(self, event: Event) -> dict[str, object]:
        return {**_data(event), "text": _event_text(event)}

    def picture(self, view: Position) -> str:
        rows = "".join(
            f'<text x="8" y="{20 + 20 * seat}" data-id="P{seat}">P{seat}: hand '
            f"{' '.join(str(card or '?') for card in hand)}; played {' '.join(map(str, view.shown[seat]))}</text>"
            for seat, hand in enumerate(view.hands)
        )
        height = 30 + 20 * view.players
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="{height}">{rows}</svg>'

    def rule(self, rule_id: str) -> dict[str, object] | None:
        found = RULES.get(rule_id.upper())
        return None if found is None else found.data()

    def rule_text(self, rule_id: str) -> str:
        found = RULES.get(rule_id.upper())
        return "" if found is None else found.text

    def record(
        self,
        options: Options,
        moves: Sequence[Move],
        state: Position,
        names: Sequence[str],
        notes: str,
        resigned: int | None = None,
    ) -> str:
        others = [seat for seat in range(options.players) if seat != resigned]
        won = self.winners_among(state, others) if resigned is not None else _winners(state)
        result = (
            {"totals": list(_totals(state)), "winners": list(won), "resigned": resigned}
            if state.over or resigned is not None
            else None
        )
        data = {
            "options": _data(options),
            "moves": [_data(move) for move in moves],
            "players": list(names),
            "notes": notes,
            "result": result,
        }
        return json.dumps({"schema_version": SCHEMA_VERSION, "kind": "game_record", "data": data})

    def read_record(self, text: str) -> tuple[Options, tuple[Move, ...], tuple[str, ...]]:
        document = envelope_data(parse_json(text, RecordError), "game_record", SCHEMA_VERSION, RecordError)
        read = _fields(document, ("options", "moves", "players", "notes", "result"), "record", RecordError)
        options = _options_of(read["options"], RecordError)
        moves, names = read["moves"], read["players"]
        if not isinstance(moves, list) or not isinstance(names, list):
            raise RecordError("record: moves and players are lists")
        if names and (len(names) != options.players or not all(isinstance(name, str) for name in names)):
            raise RecordError(f"record: players names {options.players} seats by their names, or none")
        return options, tuple(_move_of(move, RecordError) for move in moves), tuple(names)

    def record_resigned(self, text: str) -> int | None:
        """The seat a result block names as resigned (the others' best win)."""
        options, _, _ = self.read_record(text)
        result = envelope_data(parse_json(text, RecordError), "game_record", SCHEMA_VERSION, RecordError)
        block = result.get("result") if isinstance(result, dict) else None
        found = block.get("resigned") if isinstance(block, dict) else None
        if found is not None and not (type(found) is int and 0 <= found < options.players):
            raise RecordError(f"record: result: resigned is a seat, not {shown(found)}")
        return found

    def totals(self, state: Position) -> tuple[int, ...]:
        return _totals(state)

    def bot_description(self, name: str) -> str:
        return {"greedy": "plays its highest card", "random": "plays any legal move"}[name]

    def bot_names(self) -> tuple[str, ...]:
        return ("greedy", "random")

    def bot(self, name: str, seed: str, seconds: float) -> Decider[Position, Move]:
        if name not in self.bot_names():
            raise GameError(f"there is no toy bot {shown(name)} (they are greedy, random)")
        return _Bot(name == "greedy", random.Random(seed))

    def catalogue(self) -> dict[str, object]:
        """Every card with its points (DEAL-1, SCORE-1): a card scores its number."""
        cards = [{"id": card, "points": card} for card in CARDS]
        found = hashlib.sha256(json.dumps(cards).encode()).hexdigest()
        return {"digest": found, "cards": cards}


#: The game ``"toy"``.
GAME = Toy()


@contextlib.contextmanager
def registered() -> Iterator[Toy]:
    """The toy registered as ``"toy"`` in this process while the block runs."""
    register(NAME, GAME)
    try:
        yield GAME
    finally:
        unregister(NAME)


# ---------------------------------------------------------------------- the schemas


def _catalogue(maker: Maker) -> Schema:
    card = {
        "description": "A card.",
        "type": "object",
        "properties": {
            "id": {"description": "Its number.", "type": "integer", "minimum": 1, "maximum": 16},
            "points": {"description": "What it scores (SCORE-1).", "type": "integer"},
        },
        "required": ["id", "points"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "digest": {
                "description": "The catalogue's digest.",
                "type": "string",
                "pattern": "^[0-9a-f]{64}$",
            },
            "cards": {"description": "Every card.", "type": "array", "items": card},
        },
        "required": ["digest", "cards"],
        "additionalProperties": False,
    }


#: The toy's document kinds with a schema.
KINDS = {
    "game_state": "A position, or a seat's view of one.",
    "seat_view": "The match as one seat sees it (the table's seat_view).",
    "move_request": "A move posted to the table (the table's move_request).",
    "catalogue": "Every card (the table's catalogue).",
}


def _schema(kind: str) -> tuple[Schema, SchemaMaker]:
    # imported here: the table's schemas read every game's seats and bots when imported, so a
    # process that finds the toy through BOARDTABLE_GAMES imports it from there
    from boardtable.wire_schemas import GAME_WIRE_KINDS, WireDocuments, wire_schema

    special: dict[object, Schema] = {}
    maker = SchemaMaker(special, _TAGS)
    special[Move] = maker.tagged((Play, Pass))
    if kind in GAME_WIRE_KINDS:
        position = lambda: envelope("game_state", maker.of(Position))  # noqa: E731
        documents = WireDocuments(Move, Preview, (Played, Drew, Ended), _catalogue)
        return wire_schema(kind, maker, position, documents), maker
    return envelope(kind, maker.of(Position)), maker


#: The toy's document schemas (none shipped: :meth:`~boardtable.schema.Schemas.make` makes them).
SCHEMAS = Schemas(KINDS, _schema, Path(__file__).parent / "toy_schemas", "urn:toy:schema:", "Toy")
