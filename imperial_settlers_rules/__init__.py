"""Imperial Settlers (Portal Games 2014), the executable rulebook: positions, moves, rules and scoring.

The rule IDs in refusals and docstrings are those of the game's rules digest
(``spec/rules.yaml`` in this package), not the other games'. The top level has the
names the other games' have where Imperial Settlers has the thing they name: the
documents (``to_json``, ``from_json``, ``to_yaml``, ``from_yaml``, ``GameRecord``,
``replay``, ``position_digest``), the score (``score``, ``winners``), the previews
(``preview``, ``previews``), the rules (``rules``) and the picture (``render_svg``).

>>> from imperial_settlers_rules import GameConfig, GameRecord, GameState, new_game, legal_moves
>>> from imperial_settlers_rules import apply_move, check_move, from_json, from_yaml, preview
>>> from imperial_settlers_rules import replay, score, to_json, to_yaml, winners
>>> config = GameConfig(players=2, seed=1, factions=("romans", "japanese"))
>>> state = new_game(config)
>>> state.phase, state.to_act, state.offer
(<Phase.LOOKOUT: 'lookout'>, (0,), ('com035', 'com021', 'com059'))
>>> move = legal_moves(state)[0]
>>> str(move), str(preview(state, move))
('P0 pick card=com035', '+1 card in hand')
>>> after = apply_move(state, move)
>>> check_move(after, move)
IllegalMove('FLOW-1: player 0 is not to act; waiting for 1')
>>> from_json(to_json(after), GameState) == after == from_yaml(to_yaml(after), GameState)
True
>>> replay(GameRecord(config, [move])) == after
True
>>> [sheet.total for sheet in score(after)], winners(after)
([0, 0], (0,))
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
    from_yaml,
    game_result,
    position_digest,
    record_digest,
    replay,
    to_data,
    to_json,
    to_yaml,
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
    "from_yaml",
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
    "to_yaml",
    "winners",
]
