"""hadara-rules: the executable rulebook of the board game Hadara.

>>> from hadara_rules import GameConfig, new_game, legal_moves, apply_move
>>> state = new_game(GameConfig(players=3, seed=1))
>>> state.section, state.to_act == (state.first_player,)
(<Section.WHEEL: 'wheel'>, True)
>>> state = apply_move(state, legal_moves(state)[0])
>>> state.section
<Section.DRAFT: 'draft'>
"""

from .catalogue import Catalogue, load_catalogue
from .config import GameConfig, Variants
from .engine import apply_move, check_move, legal_moves, new_game
from .errors import (
    CatalogueError,
    ConfigError,
    HadaraError,
    IllegalMove,
    NotationError,
    RecordError,
    ScenarioError,
)
from .events import apply_move_with_events
from .model import (
    Card,
    CarvedStatue,
    Colony,
    ColonyHolding,
    Color,
    GameState,
    Phase,
    PlayerState,
    Reference,
    Section,
    Side,
    StartCard,
    StartSide,
    Statue,
    TileOnCard,
    Track,
    Tracks,
)
from .moves import (
    Action,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
)
from .notation import parse_move
from .previews import (
    ColonyYield,
    StatueYield,
    buy_price,
    colony_yield,
    food_shortfall,
    gold_price,
    sale_value,
    silver_price,
    statue_yield,
)
from .records import GameRecord, from_json, from_yaml, position_digest, replay, to_json, to_yaml
from .render import render_svg
from .rules.scoring import ScoreSheet, score, winners
from .view import player_view, sample_world

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BuyGold",
    "BuySilver",
    "Card",
    "CarveStatue",
    "CarvedStatue",
    "Catalogue",
    "CatalogueError",
    "ChooseSide",
    "Colony",
    "ColonyHolding",
    "ColonyYield",
    "Color",
    "ConfigError",
    "Draft",
    "FeedWithCoins",
    "GameConfig",
    "GameRecord",
    "GameState",
    "HadaraError",
    "IllegalMove",
    "Move",
    "NotationError",
    "Pass",
    "Phase",
    "Pick",
    "PlayerState",
    "RecordError",
    "Reference",
    "RemoveCard",
    "ScenarioError",
    "ScoreSheet",
    "Section",
    "SetWheel",
    "Side",
    "StartCard",
    "StartSide",
    "Statue",
    "StatueYield",
    "TakeColony",
    "TileOnCard",
    "Track",
    "Tracks",
    "Variants",
    "apply_move",
    "apply_move_with_events",
    "buy_price",
    "check_move",
    "colony_yield",
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
    "render_svg",
    "replay",
    "sale_value",
    "sample_world",
    "score",
    "silver_price",
    "statue_yield",
    "to_json",
    "to_yaml",
    "winners",
]
