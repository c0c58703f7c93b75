"""Stone Age as a server plays it: the :class:`~hadara_rules.games.Game` of ``"stone-age"``.

Every answer is made by :mod:`stone_age_rules`' public functions (the views of INFO-1 to
INFO-3, the previews, the events as each seat sees them, the records with their result
block); this module only puts them in the shapes of the game interface. A rule ID here is
one of Stone Age's digest (``spec/stone_age/rules.yaml``), not Hadara's.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence

from attrs import evolve, frozen

from stone_age_rules import (
    Event,
    GameConfig,
    GameState,
    Move,
    apply_move_with_events,
    events_view,
    new_game,
    parse_move,
    player_view,
    winners,
)
from stone_age_rules.bots import Bot, make_bot
from stone_age_rules.picture import render_svg
from stone_age_rules.previews import Preview, previews
from stone_age_rules.records import (
    SCHEMA_VERSION,
    GameInfo,
    GameRecord,
    from_data,
    from_json,
    game_result,
    position_digest,
    to_data,
    to_json,
)
from stone_age_rules.rulebook import qualified, rules
from stone_age_rules.text import event_text

from .._errors import HadaraError
from .._reader import shown
from . import Decider, Game

__all__ = ["STONE_AGE", "StoneAge"]

#: The match options a request may give, and the GameConfig field each one sets.
_OPTIONS = ("max_rounds", "start_player", "any_two_resources")


def _data(thing: object) -> dict[str, object]:
    """The data of a document, without its envelope."""
    data = to_data(thing)["data"]
    assert isinstance(data, dict)
    return data


def _hidden_count(view: GameState) -> int:
    """How many components and rolls a view does not show: the pile's cards, the tiles below
    the stacks' tops and the dice yet to be rolled are counted down as they are revealed."""
    return len(view.pile) + sum(len(stack) for stack in view.stacks) - view.rolls


@frozen
class _Seated:
    """A Stone Age bot deciding for its seat (from its seat's view: INFO-1 to INFO-3)."""

    bot: Bot

    def choose(self, state: GameState, seat: int) -> Move:
        return self.bot.choose(player_view(state, seat), seat)


class StoneAge(Game[GameConfig, GameState, Move, Event, Preview]):
    """The game ``"stone-age"`` (see the module)."""

    name = "stone-age"
    title = "Stone Age"
    seats = (2, 4)

    def options_schema(self) -> Mapping[str, object]:
        return {
            "type": "object",
            "properties": {
                "max_rounds": {
                    "type": ["integer", "null"],
                    "minimum": 1,
                    "description": "FLOW-6 (variant): the game also ends after this round (default no limit)",
                },
                "start_player": {
                    "oneOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"const": "random"}],
                    "description": "SETUP-7 (variant): the start player of round 1, a seat or 'random' (default 0)",
                },
                "any_two_resources": {
                    "enum": ["later", "immediate"],
                    "description": "CIV-12 (variant): when the card's two resources are chosen (default later)",
                },
            },
            "additionalProperties": False,
        }

    def read_options(self, document: Mapping[str, object], players: int, seed: int) -> GameConfig:
        unknown = [key for key in document if key not in _OPTIONS]
        if unknown:
            raise HadaraError(f"{shown(unknown[0])} is no Stone Age option (they are {', '.join(_OPTIONS)})")
        settings = {key: document[key] for key in _OPTIONS if key in document}
        return GameConfig(players, seed, **settings)  # type: ignore[arg-type]  # each field checks its value

    def reseeded(self, options: GameConfig, seed: int) -> GameConfig:
        return evolve(options, seed=seed)

    def options_data(self, options: GameConfig) -> dict[str, object]:
        return {
            "max_rounds": options.max_rounds,
            "start_player": options.start_player,
            "any_two_resources": options.any_two_resources.value,
        }

    def options_text(self, options: GameConfig) -> str:
        return to_json(options)

    def read_stored_options(self, text: str) -> GameConfig:
        return from_json(text, GameConfig)

    def new(self, options: GameConfig) -> GameState:
        return new_game(options)

    def ply(self, state: GameState) -> int:
        return state.ply

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return state.to_act

    def is_over(self, state: GameState) -> bool:
        return state.is_over

    def winners(self, state: GameState) -> tuple[int, ...]:
        return tuple(winners(state)) if state.is_over else ()

    def digest(self, state: GameState) -> str:
        return position_digest(state)

    def read_move(self, given: object) -> Move:
        if isinstance(given, str):
            return parse_move(given)
        if isinstance(given, dict) and "kind" not in given:  # the move's data, without its envelope
            given = {"schema_version": SCHEMA_VERSION, "kind": "move", "data": given}
        return from_data(given, Move)

    def mover(self, move: Move) -> int:
        return move.player

    def move_text(self, move: Move) -> str:
        return to_json(move)

    def read_stored_move(self, text: str) -> Move:
        return from_json(text, Move)

    def play(self, state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
        return apply_move_with_events(state, move)

    def reveals(self, before: GameState, after: GameState) -> bool:
        """Whether the move rolled a die (FLOW-4) or turned a card or tile from a hidden pile
        or stack (INFO-1): what none of the views showed before."""
        return _hidden_count(after) != _hidden_count(before) or after.rolls != before.rolls

    def view(self, state: GameState, seat: int | None) -> GameState:
        return player_view(state, seat)

    def position_data(self, view: GameState) -> dict[str, object]:
        return to_data(view)

    def legal(self, view: GameState, seat: int) -> tuple[Preview, ...]:
        return previews(view, seat)

    def legal_entry(self, option: Preview) -> dict[str, object]:
        """The move's data, its notation, and its preview: what is certain, the dice it rolls
        and the roll's expected yield, with its text."""
        return {
            "move": to_data(option.move)["data"],
            "notation": str(option.move),
            "preview": {
                "certain": dict(option.certain),
                "dice": option.dice,
                "expected": dict(option.expected),
                "text": str(option),
            },
        }

    def events_seen(self, events: tuple[Event, ...], seat: int | None, state: GameState) -> tuple[Event, ...]:
        return events_view(events, seat)

    def event_data(self, event: Event) -> dict[str, object]:
        return {**_data(event), "text": event_text(event)}

    def picture(self, view: GameState) -> str:
        return render_svg(view)

    def rule(self, rule_id: str) -> dict[str, object] | None:
        found = rules().get(rule_id.upper())
        if found is None:
            return None
        return {
            "id": found.id,
            "game": self.title,
            "name": qualified(found.id),
            "area": found.area,
            "source": found.source,
            "summary": found.summary,
            "text": found.text,
            "ruling": found.ruling,
            "why": found.why,
        }

    def rule_text(self, rule_id: str) -> str:
        found = rules().get(rule_id)
        return "" if found is None else f"{qualified(found.id)}: {found.text}"

    def record(
        self, options: GameConfig, moves: Sequence[Move], state: GameState, names: Sequence[str]
    ) -> str:
        info = GameInfo(players=tuple(names), date=datetime.date.today().isoformat(), notes="hadara serve")
        played = tuple(moves)
        return to_json(GameRecord(options, played, result=game_result(state, options, played), info=info))

    def bot_names(self) -> tuple[str, ...]:
        return ("greedy", "random")

    def bot(self, name: str, seed: str, seconds: float) -> Decider[GameState, Move]:
        if name not in self.bot_names():
            raise HadaraError(
                f"there is no Stone Age bot {shown(name)} (they are {', '.join(self.bot_names())})"
            )
        return _Seated(make_bot(name, random.Random(seed).randrange(2**53)))


#: The game ``"stone-age"``.
STONE_AGE = StoneAge()
