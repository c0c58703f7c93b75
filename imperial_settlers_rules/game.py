"""Imperial Settlers as a server plays it: the :class:`~boardtable.games.Game` of
``"imperial-settlers"``.

Every answer is made by :mod:`imperial_settlers_rules`' public functions (the views of
LOOK-6 and GOODS-4, the previews, the events as each seat sees them, the records with their
result block); this module only puts them in the shapes of the game interface. A rule ID
here is one of Imperial Settlers' digest (``spec/rules.yaml`` in this package), not the
other games'.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from attrs import frozen

import imperial_settlers_rules
import imperial_settlers_rules.records
from boardtable.errors import GameError
from boardtable.games import Commands, Decider
from boardtable.games.library import Library, LibraryGame
from boardtable.reader import shown
from boardtable.schema import Schema, match_options
from imperial_settlers_rules import Event, GameConfig, GameState, Move, events_view, player_view

from ._components import FACTIONS
from .bots import Bot, ISMCTSBot, make_bot
from .catalogue import catalogue
from .previews import Preview
from .rulebook import GAME as TITLE
from .rulebook import rules
from .view import HIDDEN
from .wellformed import placed_cards

__all__ = ["GAME", "ImperialSettlers"]

#: The match options a request may give, each named by the GameConfig field it sets, and
#: their schema (:meth:`ImperialSettlers.options_schema`): a value a player chooses among is
#: a ``const`` with its ``title``, the words the lobby's form shows for it.
_OPTIONS: Mapping[str, Schema] = {
    "factions": {
        "oneOf": [
            {"const": None, "title": "Dealt at random"},
            {
                "type": "array",
                "items": {"enum": list(FACTIONS)},
                "minItems": 2,
                "maxItems": 4,
                "uniqueItems": True,
                "title": "Chosen, one for each seat in seat order",
            },
        ],
        "title": "Factions",
        "description": "Each seat's faction (romans, barbarians, egyptians, japanese), "
        "a different one for each of the 2 to 4 seats, or dealt at random from the seed (SETUP-1).",
    },
    "first_player": {
        "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": 3},
            {"const": "random", "title": "Drawn at random"},
        ],
        "title": "First player",
        "description": "Who is first player in round 1: a seat from 0 to 3 (P0 unless chosen) "
        "or one drawn at random (SETUP-6).",
    },
    "faction_deck_reshuffle": {
        "oneOf": [
            {"const": True, "title": "Reshuffled from its discard pile (the rulebook)"},
            {"const": False, "title": "Not reshuffled (the Polish FAQ)"},
        ],
        "title": "An empty faction deck",
        "description": "Whether an empty faction deck is rebuilt from its discard pile, as the "
        "rulebook says (the default), or not, as the Polish FAQ's change has it (GOODS-8).",
    },
}


def _hidden(state: GameState, seat: int | None) -> int:
    """How many cards ``seat``'s view (None: the spectator's) does not show."""
    return placed_cards(player_view(state, seat))[HIDDEN]


@frozen
class _Seated:
    """An Imperial Settlers bot deciding for its seat (from its seat's view: LOOK-6)."""

    bot: Bot

    def choose(self, state: GameState, seat: int) -> Move:
        return self.bot.choose(player_view(state, seat), seat)


#: Imperial Settlers' functions and documents, as the shared answers call them.
_LIBRARY: Library[GameConfig, GameState, Move, Event, Preview] = Library.of(
    imperial_settlers_rules, imperial_settlers_rules.records
)

#: What each bot does, in a line (:meth:`ImperialSettlers.bot_description`), by name in order.
_BOT_WORDS = {
    "greedy": "Looks one move ahead, in a world drawn from what it can see, and takes the move "
    "whose empire, supply and hand are worth most to it.",
    "ismcts": "Searches its own view of the game (information-set Monte Carlo tree search) for as "
    "long as it is given a decision: the strongest bot, and the slowest.",
    "random": "Picks any of its legal moves, at random.",
}


class ImperialSettlers(LibraryGame[GameConfig, GameState, Move, Event, Preview]):
    """The game ``"imperial-settlers"`` (see the module)."""

    library = _LIBRARY
    name = "imperial-settlers"
    title = TITLE
    seats = (2, 4)
    searching = ("ismcts",)

    def options_schema(self) -> Mapping[str, object]:
        return match_options(_OPTIONS)

    def read_options(self, document: Mapping[str, object], players: int, seed: int) -> GameConfig:
        unknown = [key for key in document if key not in _OPTIONS]
        if unknown:
            raise GameError(
                f"{shown(unknown[0])} is no Imperial Settlers option (they are {', '.join(_OPTIONS)})"
            )
        settings = {key: document[key] for key in _OPTIONS if key in document}
        return GameConfig(players, seed, **settings)  # type: ignore[arg-type]  # each field checks its value

    def options_data(self, options: GameConfig) -> dict[str, object]:
        return {
            "factions": None if options.factions is None else list(options.factions),
            "first_player": options.first_player,
            "faction_deck_reshuffle": options.faction_deck_reshuffle,
        }

    def winners(self, state: GameState) -> tuple[int, ...]:
        """END-4: the winners of a finished game (none before its end)."""
        return super().winners(state) if state.is_over else ()

    def reveals(self, before: GameState, after: GameState) -> bool:
        """Whether the move showed a seat or the spectator a card its view hid before (a card
        drawn or turned up, GOODS-7, LOOK-2; a deal's card taken, CARD-15), or shuffled a
        deck (GOODS-8): what no view may unlearn."""
        if after.shuffles != before.shuffles:
            return True
        seats: tuple[int | None, ...] = (None, *range(len(before.players)))
        return any(_hidden(after, seat) < _hidden(before, seat) for seat in seats)

    def events_seen(self, events: tuple[Event, ...], seat: int | None, state: GameState) -> tuple[Event, ...]:
        return events_view(events, seat)

    def event_data(self, event: Event) -> dict[str, object]:
        return {**self.data(event), "text": str(event)}

    def rule_text(self, rule_id: str) -> str:
        found = rules().get(rule_id)
        return "" if found is None else f"{TITLE} {found.id}: {found.text}"

    def bot_names(self) -> tuple[str, ...]:
        return tuple(_BOT_WORDS)

    def bot_description(self, name: str) -> str:
        return _BOT_WORDS[name]

    def bot(self, name: str, seed: str, seconds: float) -> Decider[GameState, Move]:
        if name not in self.bot_names():
            raise GameError(
                f"there is no Imperial Settlers bot {shown(name)} (they are {', '.join(self.bot_names())})"
            )
        if name == "ismcts":
            return _Seated(ISMCTSBot(random.Random(seed), seconds=seconds))
        return _Seated(make_bot(name, random.Random(seed).randrange(2**53)))

    def commands(self) -> Commands:
        """Imperial Settlers' words and schemas (:mod:`imperial_settlers_rules.commands`,
        imported when first asked for: its schemas are made from every registered game's
        interface, this one's too)."""
        from .commands import commands

        return commands(super().commands())

    def catalogue(self) -> dict[str, object]:
        """Every card entry with its words, printed card and faction board, and the digest:
        :func:`imperial_settlers_rules.catalogue.catalogue` (provisional values marked)."""
        return catalogue()


#: The game ``"imperial-settlers"``.
GAME = ImperialSettlers()
