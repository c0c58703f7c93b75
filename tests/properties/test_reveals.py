"""What a take-back may undo: a move "reveals" when some viewer's view shows a card or colony it
did not show before, or a colony's front in one more place than before (the stack's next colony
turned up, though the same front shows elsewhere: the viewer learns it); the game interface's
``reveals``, which a take-back asks."""

from __future__ import annotations

import random
import re
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from boardtable.games import game
from hadara_rules import GameConfig, GameState, legal_moves, load_catalogue, new_game, player_view
from hadara_rules.records import to_json
from hadara_rules.view import front_id

from .strategies import suite_settings

HADARA = game("hadara")
_CATALOGUE = load_catalogue()
#: Every card and colony id, and what looks like one in a document's text.
_COMPONENTS = frozenset(_CATALOGUE.cards) | frozenset(_CATALOGUE.colonies)
_ID = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")


def component_ids(view: GameState) -> set[str]:
    """The card and colony ids a view's document names anywhere (read from its text, not its
    fields: independent of how the game decides), a colony's front's with the colony's."""
    named = set(_ID.findall(to_json(view)))
    fronts = {front_id(_CATALOGUE.colonies[c]) for c in named & frozenset(_CATALOGUE.colonies)}
    return named & _COMPONENTS | fronts | {n for n in named if n.startswith("front-")}


def fronts_shown(view: GameState) -> Counter[str]:
    """How many places of a view's document show each colony front (read from its text)."""
    return Counter(n for n in _ID.findall(to_json(view)) if n.startswith("front-"))


def _learns(before: GameState, after: GameState) -> bool:
    """Whether a view shows what the view before it did not: a new id, or a front in more places."""
    return not component_ids(after) <= component_ids(before) or not fronts_shown(after) <= fronts_shown(
        before
    )


def _viewers(state: GameState) -> list[int | None]:
    return [*range(len(state.players)), None]


@suite_settings(weight=0.1, dear=True)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    advanced=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_a_move_that_reveals_nothing_shows_no_viewer_a_new_component(
    players: int, seed: int, advanced: bool, rng: random.Random
) -> None:
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    quiet = 0
    while not state.is_over:
        move = rng.choice(legal_moves(state, rng.choice(state.to_act)))
        after, _ = HADARA.play(state, move)
        grew = any(_learns(player_view(state, v), player_view(after, v)) for v in _viewers(state))
        assert HADARA.reveals(state, after) == grew, move
        quiet += not grew
        state = after
    assert quiet > 0


def test_the_wheel_deals_the_decks_and_so_reveals() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    after, _ = HADARA.play(state, legal_moves(state)[0])
    assert HADARA.reveals(state, after)
    assert not HADARA.reveals(after, after)
