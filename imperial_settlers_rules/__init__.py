"""Imperial Settlers (Portal Games 2014), the executable rulebook: positions, moves, rules and scoring.

The rule IDs in refusals and docstrings are those of the game's rules digest
(``spec/rules.yaml`` in this package), not the other games'.
"""

from __future__ import annotations

from ._components import Card, Components, Copy, components, load_components
from ._config import GameConfig
from ._engine import apply_move, apply_move_with_events, check_move, legal_moves
from ._events import Event
from ._model import Deck, GameState, Phase, Player
from ._moves import (
    Activate,
    Build,
    Choose,
    Convert,
    Defend,
    Discard,
    Done,
    Draw,
    Keep,
    MakeDeal,
    Move,
    Pass,
    Pick,
    Raze,
    RazeCard,
    Repeat,
    Samurai,
    Skip,
    Spend,
    Tuck,
)
from ._notation import parse_move
from ._rules.flow import new_game
from ._rules.scoring import ScoreSheet, score, winners
from .picture import render_svg
from .previews import Preview, preview, previews
from .records import (
    GameRecord,
    GameResult,
    from_data,
    from_json,
    game_result,
    position_digest,
    record_digest,
    replay,
    to_data,
    to_json,
)
from .rulebook import Rule, rules
from .view import HIDDEN, events_view, player_view, sample_world

__all__ = [
    "HIDDEN",
    "Activate",
    "Build",
    "Card",
    "Choose",
    "Components",
    "Convert",
    "Copy",
    "Deck",
    "Defend",
    "Discard",
    "Done",
    "Draw",
    "Event",
    "GameConfig",
    "GameRecord",
    "GameResult",
    "GameState",
    "Keep",
    "MakeDeal",
    "Move",
    "Pass",
    "Phase",
    "Pick",
    "Player",
    "Preview",
    "Raze",
    "RazeCard",
    "Repeat",
    "Rule",
    "Samurai",
    "ScoreSheet",
    "Skip",
    "Spend",
    "Tuck",
    "apply_move",
    "apply_move_with_events",
    "check_move",
    "components",
    "events_view",
    "from_data",
    "from_json",
    "game_result",
    "legal_moves",
    "load_components",
    "new_game",
    "parse_move",
    "player_view",
    "position_digest",
    "preview",
    "previews",
    "record_digest",
    "render_svg",
    "replay",
    "rules",
    "sample_world",
    "score",
    "to_data",
    "to_json",
    "winners",
]
