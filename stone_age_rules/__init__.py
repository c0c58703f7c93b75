"""Stone Age (Hans im Glück 2008), the executable rulebook: positions, moves, rules and scoring.

The rule IDs in refusals, events and docstrings are those of Stone Age's rules
digest (``spec/stone_age/rules.yaml``), not Hadara's. The top level has the names
Hadara's has (:mod:`hadara_rules`) where Stone Age has the thing they name: the
documents (``to_json``, ``from_json``, ``to_yaml``, ``from_yaml``, ``GameRecord``,
``replay``, ``position_digest``), the score (``score``, ``winners``), the previews
(``preview``, ``previews``), the rules (``rules``) and the picture (``render_svg``).

>>> from stone_age_rules import GameConfig, GameRecord, GameState, new_game, legal_moves, apply_move
>>> from stone_age_rules import from_json, from_yaml, preview, replay, score, to_json, to_yaml, winners
>>> state = new_game(GameConfig(players=2, seed=1))
>>> state.phase, state.to_act
(<Phase.PLACE: 'place'>, (0,))
>>> move = legal_moves(state)[0]
>>> str(move), str(preview(state, move))
('P0 place hunting 1', 'no change to your board')
>>> after = apply_move(state, move)
>>> from_json(to_json(after), GameState) == after == from_yaml(to_yaml(after), GameState)
True
>>> replay(GameRecord(GameConfig(players=2, seed=1), [move])) == after
True
>>> [sheet.total for sheet in score(after)], winners(after)
([0, 0], (0, 1))
"""

from __future__ import annotations

from hadara_rules.foundations import (
    CatalogueError,
    ConfigError,
    HadaraError,
    IllegalMove,
    NotationError,
    RecordError,
    ScenarioError,
)

from ._components import Building, Card, Components, Effect, components, load_components
from ._config import SEED_LIMIT, Claim, GameConfig
from ._engine import apply_move, apply_move_with_events, check_move, legal_moves
from ._events import Event, EventType
from ._goods import Kind, Resources
from ._model import DiceChoice, GameState, Location, Phase, Player, Roll
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools
from ._notation import parse_move
from ._rules.scoring import ScoreSheet, score, winners
from ._rules.setup import new_game
from .picture import render_svg
from .previews import Preview, preview, previews
from .records import GameRecord, from_json, from_yaml, position_digest, replay, to_json, to_yaml
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
    "EventType",
    "Feed",
    "GameConfig",
    "GameRecord",
    "GameState",
    "GoHungry",
    "HadaraError",
    "IllegalMove",
    "Kind",
    "Location",
    "Move",
    "NotationError",
    "Phase",
    "Place",
    "Player",
    "Preview",
    "RecordError",
    "Resources",
    "Roll",
    "Rule",
    "ScenarioError",
    "ScoreSheet",
    "TakeBack",
    "TakeResources",
    "UseTools",
    "apply_move",
    "apply_move_with_events",
    "check_move",
    "components",
    "events_view",
    "from_json",
    "from_yaml",
    "legal_moves",
    "load_components",
    "new_game",
    "parse_move",
    "player_view",
    "position_digest",
    "preview",
    "previews",
    "render_svg",
    "replay",
    "rules",
    "sample_world",
    "score",
    "to_json",
    "to_yaml",
    "winners",
]
