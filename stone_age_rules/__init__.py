"""Stone Age (Hans im Glück 2008), the executable rulebook: positions, moves, rules and scoring.

The rule IDs in refusals, events and docstrings are those of Stone Age's rules
digest (``spec/stone_age/rules.yaml``), not Hadara's.
"""

from __future__ import annotations

from boardtable.errors import CatalogueError, ConfigError, IllegalMove, NotationError

from ._components import Building, Card, Components, Effect, components, load_components
from ._config import SEED_LIMIT, Claim, GameConfig
from ._engine import apply_move, apply_move_with_events, check_move, legal_moves
from ._events import Event
from ._goods import Kind, Resources
from ._model import DiceChoice, GameState, Location, Phase, Player, Roll
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools
from ._notation import parse_move
from ._rules.scoring import ScoreSheet, score, winners
from ._rules.setup import new_game
from .picture import render_svg
from .previews import Preview, previews
from .rulebook import Rule, rules
from .view import events_view, player_view, sample_world

__all__ = [
    "SEED_LIMIT",
    "Act",
    "Building",
    "Card",
    "CatalogueError",
    "ChooseDie",
    "Claim",
    "Components",
    "ConfigError",
    "DiceChoice",
    "Effect",
    "Event",
    "Feed",
    "GameConfig",
    "GameState",
    "GoHungry",
    "IllegalMove",
    "Kind",
    "Location",
    "Move",
    "NotationError",
    "Phase",
    "Place",
    "Player",
    "Preview",
    "Resources",
    "Roll",
    "Rule",
    "ScoreSheet",
    "TakeBack",
    "TakeResources",
    "UseTools",
    "apply_move",
    "apply_move_with_events",
    "check_move",
    "components",
    "events_view",
    "legal_moves",
    "load_components",
    "new_game",
    "parse_move",
    "player_view",
    "previews",
    "render_svg",
    "rules",
    "sample_world",
    "score",
    "winners",
]
