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
from .engine import apply_move, check_move, legal_moves
from .errors import (
    CatalogueError,
    ConfigError,
    HadaraError,
    IllegalMove,
    RecordError,
    ScenarioError,
)
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
from .records import GameRecord, from_json, from_yaml, replay, to_json, to_yaml
from .rules.scoring import ScoreSheet, score, winners
from .rules.setup import new_game
from .view import player_view, sample_world

__version__ = "0.1.0"

__all__ = [
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
    "TakeColony",
    "TileOnCard",
    "Track",
    "Tracks",
    "Variants",
    "apply_move",
    "check_move",
    "from_json",
    "from_yaml",
    "legal_moves",
    "load_catalogue",
    "new_game",
    "player_view",
    "replay",
    "sample_world",
    "score",
    "to_json",
    "to_yaml",
    "winners",
]
