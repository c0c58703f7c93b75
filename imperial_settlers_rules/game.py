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
from collections.abc import Callable, Mapping
from pathlib import Path

from attrs import evolve

import imperial_settlers_rules
import imperial_settlers_rules.records
from boardtable.errors import GameError
from boardtable.games import Commands, Decider
from boardtable.games.library import Library, LibraryGame
from boardtable.reader import shown
from boardtable.schema import Schema, seat_or_random
from imperial_settlers_rules import Event, GameConfig, GameState, Move, player_view

from ._components import FACTIONS
from ._config import SEED_LIMIT
from .bots import Bot, GreedyBot, ISMCTSBot, RandomBot
from .catalogue import catalogue
from .offers import Offered, offers
from .picture import part_names, render_svg_parts
from .rulebook import GAME as TITLE
from .text import SCORE_LINES, event_text
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
    "first_player": seat_or_random(
        "First player",
        "Who is first player in round 1: a seat from 0 to 3 (P0 unless chosen) "
        "or one drawn at random (SETUP-6).",
        4,
    ),
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


def _shown(state: GameState, seat: int | None) -> set[str]:
    """The cards ``seat``'s view (None: the spectator's) shows, each by its printed id."""
    shown_cards = set(placed_cards(player_view(state, seat)))
    shown_cards.discard(HIDDEN)
    return shown_cards


#: Imperial Settlers' functions and documents, as the shared answers call them: a legal move
#: offered with its words, made from the seat's view (:mod:`imperial_settlers_rules.offers`);
#: the events as each seat sees them (a hand secret, LOOK-6) in the log's words, the picture
#: in parts, the score sheet's lines of END-2 to END-4 as the terminal and the web table name them.
_LIBRARY: Library[GameConfig, GameState, Move, Event, Offered] = evolve(
    Library.of(imperial_settlers_rules, imperial_settlers_rules.records),
    previews=offers,
    event_text=event_text,
    part_names=part_names,
    render_svg_parts=render_svg_parts,
    score_lines=SCORE_LINES,
)

#: Each bot by name, in order: what it does in a line (:meth:`ImperialSettlers.bot_description`),
#: and how it is made from its generator (seeded by the match) and its time per decision.
_BOTS: Mapping[str, tuple[str, Callable[[random.Random, float], Bot]]] = {
    "random": (
        "Picks any of its legal moves, at random.",
        lambda rng, _: RandomBot(rng.randrange(SEED_LIMIT)),
    ),
    "greedy": (
        "Looks one move ahead, in a world drawn from what it can see, and takes the move "
        "whose empire, supply and hand are worth most to it.",
        lambda rng, _: GreedyBot(rng.randrange(SEED_LIMIT)),
    ),
    "ismcts": (
        "Searches its own view of the game (information-set Monte Carlo tree search) for as "
        "long as it is given a decision: the strongest bot, and the slowest.",
        lambda rng, seconds: ISMCTSBot(rng, seconds=seconds),
    ),
}


class ImperialSettlers(LibraryGame[GameConfig, GameState, Move, Event, Offered]):
    """The game ``"imperial-settlers"`` (see the module)."""

    library = _LIBRARY
    name = "imperial-settlers"
    title = TITLE
    seats = (2, 4)
    searching = ("ismcts",)
    option_fields = _OPTIONS

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
        return any(not _shown(after, seat) <= _shown(before, seat) for seat in seats)

    def stage(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """FLOW-5: the round and its phase."""
        return (("round", str(state.round)), ("phase", state.phase.value))

    def bot_names(self) -> tuple[str, ...]:
        return tuple(_BOTS)

    def bot_description(self, name: str) -> str:
        return _BOTS[name][0]

    def bot(self, name: str, seed: str, seconds: float) -> Decider[GameState, Move]:
        """The bot ``name`` deciding from its seat's view (LOOK-6), its generator seeded by ``seed``."""
        found = _BOTS.get(name)
        if found is None:
            raise GameError(f"there is no Imperial Settlers bot {shown(name)} (they are {', '.join(_BOTS)})")
        return self.from_view(found[1](random.Random(seed), seconds))

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

    def web_folder(self) -> Path | None:
        """``imperial_settlers_rules/web``: the table's hooks of Imperial Settlers (``game.js``:
        a card by its catalogue name, the picture's parts naming their moves, the score
        sheet's lines of END-2 to END-4; a move said by its legal entry's text) and its style
        sheet."""
        return Path(__file__).with_name("web")


#: The game ``"imperial-settlers"``.
GAME = ImperialSettlers()
