"""Stone Age as a server plays it: the :class:`~boardtable.games.Game` of ``"stone-age"``.

Every answer is made by :mod:`stone_age_rules`' public functions (the views of INFO-1 to
INFO-3, the previews, the events as each seat sees them, the records with their result
block); this module only puts them in the shapes of the game interface. A rule ID here is
one of Stone Age's digest (``spec/stone_age/rules.yaml``), not Hadara's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path

from attrs import evolve

import stone_age_rules
import stone_age_rules.records
from boardtable.errors import GameError
from boardtable.games import Commands, Decider
from boardtable.games.library import Library, LibraryGame
from boardtable.reader import shown
from boardtable.schema import Schema, seat_or_random
from stone_age_rules import Event, GameConfig, GameState, Move
from stone_age_rules.bots import ISMCTSBot, make_bot
from stone_age_rules.catalogue import catalogue
from stone_age_rules.offers import Offered, offers
from stone_age_rules.picture import part_names, render_svg_parts
from stone_age_rules.text import SCORE_LINES, event_text

__all__ = ["GAME", "StoneAge"]

#: The match options a request may give, each named by the GameConfig field it sets, and
#: their schema (:meth:`StoneAge.options_schema`): a value a player chooses among is a
#: ``const`` with its ``title``, the words the lobby's form shows for it.
_OPTIONS: Mapping[str, Schema] = {
    "max_rounds": {
        "type": ["integer", "null"],
        "minimum": 1,
        "maximum": 100,
        "title": "Last round",
        "description": "Leave empty to play until a building stack or the cards run out; "
        "a number from 1 to 100 ends the game after that round's feeding as well (FLOW-6).",
    },
    "start_player": seat_or_random(
        "Start player",
        "Who places first in round 1: a seat (P0 unless chosen) or one drawn at random (SETUP-7).",
        4,
    ),
    "any_two_resources": {
        "oneOf": [
            {"const": "later", "title": "Later, whenever its owner has a move to make"},
            {"const": "immediate", "title": "Immediately on buying the card"},
        ],
        "title": "Two resources of your choice",
        "description": "When the card's two resources are taken: later, whenever its "
        "owner has a move to make, or immediately on buying it (CIV-12).",
    },
}


def _hidden_count(view: GameState) -> int:
    """How many components and rolls a view does not show: the pile's cards, the tiles below
    the stacks' tops and the dice yet to be rolled are counted down as they are revealed."""
    return len(view.pile) + sum(len(stack) for stack in view.stacks) - view.rolls


#: Stone Age's functions and documents, as the shared answers call them; a legal move is
#: offered with its words, made from the seat's view (:mod:`stone_age_rules.offers`); the
#: events as each seat sees them (INFO-1 to INFO-3) in the log's words, the picture in parts,
#: the score sheet's lines of SCORE-1 to SCORE-8 as the terminal and the web table name them.
_LIBRARY: Library[GameConfig, GameState, Move, Event, Offered] = evolve(
    Library.of(stone_age_rules, stone_age_rules.records),
    previews=offers,
    event_text=event_text,
    part_names=part_names,
    render_svg_parts=render_svg_parts,
    score_lines=SCORE_LINES,
)


#: What each bot does, in a line (:meth:`StoneAge.bot_description`), by name in order.
_BOT_WORDS = {
    "greedy": "Looks one move ahead and takes the move whose position is worth most to it; "
    "a roll it would make is drawn from its own dice, and used with its tools as best it can.",
    "ismcts": "Searches its own view of the game (information-set Monte Carlo tree search) for as long as "
    "it is given a decision: the strongest bot, and the slowest.",
    "random": "Picks any of its legal moves, at random.",
}


class StoneAge(LibraryGame[GameConfig, GameState, Move, Event, Offered]):
    """The game ``"stone-age"`` (see the module)."""

    library = _LIBRARY
    name = "stone-age"
    title = "Stone Age"
    seats = (2, 4)
    searching = ("ismcts",)
    option_fields = _OPTIONS

    def options_data(self, options: GameConfig) -> dict[str, object]:
        return {
            "max_rounds": options.max_rounds,
            "start_player": options.start_player,
            "any_two_resources": options.any_two_resources.value,
        }

    def winners(self, state: GameState) -> tuple[int, ...]:
        return super().winners(state) if state.is_over else ()

    def reveals(self, before: GameState, after: GameState) -> bool:
        """Whether the move rolled a die (FLOW-4) or turned a card or tile from a hidden pile
        or stack (INFO-1): what none of the views showed before."""
        return _hidden_count(after) != _hidden_count(before) or after.rolls != before.rolls

    def stage(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """FLOW-5: the round and its phase."""
        return (("round", str(state.round)), ("phase", state.phase.value))

    def bot_names(self) -> tuple[str, ...]:
        return tuple(_BOT_WORDS)

    def bot_description(self, name: str) -> str:
        return _BOT_WORDS[name]

    def bot(self, name: str, seed: str, seconds: float) -> Decider[GameState, Move]:
        if name not in self.bot_names():
            raise GameError(
                f"there is no Stone Age bot {shown(name)} (they are {', '.join(self.bot_names())})"
            )
        if name == "ismcts":
            return self.from_view(ISMCTSBot(random.Random(seed), seconds=seconds))
        return self.from_view(make_bot(name, random.Random(seed).randrange(2**53)))

    def commands(self) -> Commands:
        """Stone Age's words, scenarios and schemas (:mod:`stone_age_rules.commands`, imported
        when first asked for: its schemas are made from every registered game's interface,
        this one's too)."""
        from .commands import commands

        return commands(super().commands())

    def catalogue(self) -> dict[str, object]:
        """Every building tile with its points (BUILD-2 to BUILD-4), civilization card
        (CIV-4 to CIV-14) and card slot with its price (CIV-1) by id, with the digest every
        view names: :func:`stone_age_rules.catalogue.catalogue`. The components carry no
        provenance: none is marked provisional."""
        return catalogue()

    def web_folder(self) -> Path | None:
        """``stone_age_rules/web``: the table's hooks of Stone Age (``game.js``: where its moves
        are listed, its board locations in words, a placement's head-count chosen beside it
        (PLACE-1), the score sheet's lines of SCORE-1 to SCORE-8; a move said by its legal
        entry's text)."""
        return Path(__file__).with_name("web")


#: The game ``"stone-age"``.
GAME = StoneAge()
