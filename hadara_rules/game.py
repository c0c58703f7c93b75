"""Hadara as a server plays it: the :class:`~hadara_rules.games.Game` of ``"hadara"``.

Every answer is made by the library's public functions (the views of INFO-1,
the previews, the events as each seat sees them, the records with their result
block); this module only puts them in the shapes of the game interface.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from attrs import evolve, frozen

import hadara_rules
from boardtable.games import Commands, Decider
from boardtable.games.library import Library, LibraryGame
from boardtable.reader import shown
from boardtable.schema import Schema, match_options

from . import records
from ._catalogue_data import catalogue_data
from ._components import front_id
from ._config import GameConfig
from ._engine import legal_moves
from ._errors import HadaraError
from ._model import SPECTATOR, GameState
from ._moves import Move
from ._offers import Offered, offers
from ._render import part_names, render_svg_parts
from ._rulebook import rules
from ._rules.scoring import CATEGORIES
from ._text import event_lines
from ._vocabulary import Crest
from .bots import BOTS, Bot
from .catalogue import load_catalogue
from .events import Event, events_seen_by
from .search import ISMCTSBot
from .view import player_view

__all__ = ["GAME", "HADARA", "Hadara"]


@frozen
class _Seated:
    """A Hadara bot deciding among its seat's legal moves."""

    bot: Bot

    def choose(self, state: GameState, seat: int) -> Move:
        return self.bot.choose(state, seat, legal_moves(state, seat))


#: Hadara's functions and documents, as the shared answers call them: a legal move offered
#: with its words, made from the seat's view (:mod:`hadara_rules._offers`); an event in words
#: as it says itself, the picture in parts, the score pad's rows (SCORE-1 to SCORE-6) named by
#: their sheet's fields (as the terminal and the web table head them), the total last.
_LIBRARY: Library[GameConfig, GameState, Move, Event, Offered] = evolve(
    Library.of(hadara_rules, records),
    previews=offers,
    part_names=part_names,
    render_svg_parts=render_svg_parts,
    score_lines={line: line for line in CATEGORIES},
)


#: What each bot does, in a line (:meth:`Hadara.bot_description`).
_BOT_WORDS = {
    "greedy": "Looks one move ahead and takes the move whose position is worth most to it: points now, "
    "plus what its tracks, coins and free tiles are worth for the rest of the game, less what feeding would cost.",
    "ismcts": "Searches its own view of the game (information-set Monte Carlo tree search) for as long as "
    "it is given a decision: the strongest bot, and the slowest.",
    "random": "Picks any of its legal moves, at random.",
}


#: The options a match may give beside its seats (:meth:`Hadara.options_schema`).
_OPTIONS: Mapping[str, Schema] = {
    "advanced": {
        "type": "boolean",
        "description": "the advanced game: star purple cards, side B (default false)",
    },
    "crests": {
        "type": "array",
        "items": {"enum": [crest.value for crest in Crest]},
        "description": "one crest animal per seat, in seat order (WHEEL-3; default the table's)",
    },
}


class Hadara(LibraryGame[GameConfig, GameState, Move, Event, Offered]):
    """The game ``"hadara"`` (see the module)."""

    library = _LIBRARY
    name = "hadara"
    title = "Hadara"
    seats = (2, 5)
    searching = ("ismcts",)

    def options_schema(self) -> Mapping[str, object]:
        return match_options(_OPTIONS)

    def read_options(self, document: Mapping[str, object], players: int, seed: int) -> GameConfig:
        advanced = document.get("advanced", False)
        if not isinstance(advanced, bool):
            raise HadaraError(f"advanced: expected true or false, found {shown(advanced)}")
        crests = None
        if "crests" in document:
            given = document["crests"]
            if not isinstance(given, list):  # WHEEL-3: the configuration counts them
                raise HadaraError(f"crests: expected a list of crests, found {shown(given)}")
            unknown = [name for name in given if name not in tuple(Crest)]
            if unknown:
                raise HadaraError(
                    f"crests: {shown(unknown[0])} is no crest (the crests are {', '.join(Crest)})"
                )
            crests = tuple(Crest(name) for name in given)
        return GameConfig(players=players, seed=seed, advanced=advanced, crests=crests)

    def options_data(self, options: GameConfig) -> dict[str, object]:
        return {"advanced": options.advanced}

    def view(self, state: GameState, seat: int | None) -> GameState:
        """INFO-1: what ``seat`` sees; its own view as it is (a view of another seat's is refused)."""
        return state if seat is not None and state.viewer == seat else player_view(state, seat)

    def _seen(self, view: GameState) -> Counter[str]:
        """What a view shows of the cards and colonies: each card it shows by id, once, and
        each colony face it shows, as often as it shows one (a colony whose back is unknown
        by its front's id; one seen whole by its id and its front's). Colonies of one front
        look alike: a colony turned up where that front shows elsewhere too adds one more."""
        known = view.catalogue
        found: Counter[str] = Counter()
        pending: list[object] = [value for key, value in self.data(view).items() if key != "catalogue"]
        while pending:
            item = pending.pop()
            if isinstance(item, str):
                if item in known.cards:
                    found[item] = 1
                elif item in known.colonies:
                    front = front_id(known.colonies[item])
                    found.update((item, front) if front != item else (item,))
            elif isinstance(item, dict):
                pending.extend(item.values())
            elif isinstance(item, list):
                pending.extend(item)
        return found

    def reveals(self, before: GameState, after: GameState) -> bool:
        """Whether some seat, or the spectator, sees in ``after``'s view a card or colony it
        did not see in ``before``'s (INFO-1: a card drawn or turned, a deck's card laid out, a
        colony's back, a stack's next colony, a hidden choice shown): a card it had not
        seen, or a colony face shown more often than before (a stack's next colony turned up
        shows a front, though that front may show elsewhere too)."""
        viewers = (*range(len(before.players)), None)
        return any(
            not self._seen(player_view(after, v)) <= self._seen(player_view(before, v)) for v in viewers
        )

    def events_seen(self, events: tuple[Event, ...], seat: int | None, state: GameState) -> tuple[Event, ...]:
        return events_seen_by(events, SPECTATOR if seat is None else seat, state.catalogue)

    def told(self, events: tuple[Event, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """A line per action with its coins and track steps after it, and the rules behind it
        (:func:`hadara_rules._text.event_lines`)."""
        return tuple(
            (line.text + (": " + ", ".join(line.details) if line.details else ""), line.rules)
            for line in event_lines(events)
        )

    def stage(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """EPOCH-1: the epoch, its phase (A or B) and its section (FLOW-2)."""
        return (("epoch", str(state.epoch)), ("phase", state.phase.value), ("section", state.section.value))

    def rule_text(self, rule_id: str) -> str:
        found = rules().get(rule_id)
        return "" if found is None else found.text

    def bot_names(self) -> tuple[str, ...]:
        return tuple(sorted(BOTS))

    def bot_description(self, name: str) -> str:
        return _BOT_WORDS[name]

    def commands(self) -> Commands:
        """Hadara's terminal, log, scenarios, schemas and options (:mod:`hadara_rules.commands`,
        imported when first asked for: its schemas are made from every registered game's
        interface, this one's too)."""
        from .commands import commands

        return commands(super().commands())

    def bot(self, name: str, seed: str, seconds: float) -> Decider[GameState, Move]:
        if name not in self.bot_names():
            raise HadaraError(
                f"there is no Hadara bot {shown(name)} (they are {', '.join(self.bot_names())})"
            )
        rng = random.Random(seed)
        if name == "ismcts":
            return _Seated(ISMCTSBot(rng, seconds=seconds))
        return _Seated(BOTS[name](rng))

    def catalogue(self) -> dict[str, object]:
        """The bundled catalogue: see :func:`~hadara_rules._catalogue_data.catalogue_data`."""
        return catalogue_data(load_catalogue())

    def web_folder(self) -> Path | None:
        """``hadara_rules/web``: the table's hooks of Hadara (``game.js``: where its moves are
        listed and what they name in the picture, the wheel's preview of WHEEL-3, the purple
        abilities, the score pad's rows of SCORE-1 to SCORE-6; a move said by its legal entry's
        text) and its style sheet."""
        return Path(__file__).with_name("web")


#: The game ``"hadara"``.
GAME = Hadara()
#: The game ``"hadara"`` (the name it had before games registered by entry point).
HADARA = GAME
