"""hadara-rules: the executable rulebook of the board game Hadara.

>>> from hadara_rules import GameConfig, new_game, legal_moves, apply_move
>>> state = new_game(GameConfig(players=3, seed=1))
>>> state.section, state.to_act == (state.first_player,)
(<Section.WHEEL: 'wheel'>, True)
>>> state = apply_move(state, legal_moves(state)[0])
>>> state.section
<Section.DRAFT: 'draft'>
"""

from boardtable import __version__ as __version__

from . import _moves
from ._components import Card, Colony, Reference, StartCard, StartSide, Statue
from ._config import GameConfig, Variants
from ._engine import apply_move, check_move, legal_moves, new_game
from ._errors import (
    CatalogueError,
    ConfigError,
    HadaraError,
    IllegalMove,
    NotationError,
    RecordError,
    ScenarioError,
)
from ._model import SPECTATOR, CarvedStatue, ColonyHolding, GameState, PlayerState, TileOnCard
from ._moves import *  # noqa: F403  # Action, Move and every move class: the names _moves.__all__ lists
from ._notation import parse_move
from ._previews import (
    ColonyYield,
    Preview,
    StatueYield,
    buy_price,
    colony_yield,
    food_shortfall,
    gold_price,
    preview,
    previews,
    sale_value,
    silver_price,
    statue_yield,
)
from ._render import render_svg
from ._rulebook import Rule, rules
from ._rules.scoring import ScoreSheet, score, winners
from ._rules.wheel import deck_color
from ._vocabulary import COLORS, TIERS, TRACKS, Color, Crest, Phase, Section, Side, Track, Tracks
from .catalogue import Catalogue, load_catalogue
from .events import apply_move_with_events
from .records import GameRecord, from_json, from_yaml, position_digest, replay, to_json, to_yaml
from .view import player_view, sample_world

__all__ = [
    "COLORS",
    "SPECTATOR",
    "TIERS",
    "TRACKS",
    "Card",
    "CarvedStatue",
    "Catalogue",
    "CatalogueError",
    "Colony",
    "ColonyHolding",
    "ColonyYield",
    "Color",
    "ConfigError",
    "Crest",
    "GameConfig",
    "GameRecord",
    "GameState",
    "HadaraError",
    "IllegalMove",
    "NotationError",
    "Phase",
    "PlayerState",
    "Preview",
    "RecordError",
    "Reference",
    "Rule",
    "ScenarioError",
    "ScoreSheet",
    "Section",
    "Side",
    "StartCard",
    "StartSide",
    "Statue",
    "StatueYield",
    "TileOnCard",
    "Track",
    "Tracks",
    "Variants",
    "apply_move",
    "apply_move_with_events",
    "buy_price",
    "check_move",
    "colony_yield",
    "deck_color",
    "food_shortfall",
    "from_json",
    "from_yaml",
    "gold_price",
    "legal_moves",
    "load_catalogue",
    "new_game",
    "parse_move",
    "player_view",
    "position_digest",
    "preview",
    "previews",
    "render_svg",
    "replay",
    "rules",
    "sale_value",
    "sample_world",
    "score",
    "silver_price",
    "statue_yield",
    "to_json",
    "to_yaml",
    "winners",
]
__all__ += _moves.__all__
