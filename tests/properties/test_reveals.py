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


#: What a view's document shows: the card and colony ids it names anywhere, and how many of its
#: places show each colony front.
Shown = tuple[set[str], Counter[str]]


def shown(view: GameState) -> Shown:
    """The card and colony ids a view's document names anywhere (read from its text, not its
    fields: independent of how the game decides), a colony's front's with the colony's; and
    how many places of it show each colony front (read from its text)."""
    named = _ID.findall(to_json(view))
    ids = set(named)
    fronts = {front_id(_CATALOGUE.colonies[c]) for c in ids & frozenset(_CATALOGUE.colonies)}
    components = ids & _COMPONENTS | fronts | {n for n in ids if n.startswith("front-")}
    return components, Counter(n for n in named if n.startswith("front-"))


def _learns(before: Shown, after: Shown) -> bool:
    """Whether a view shows what the view before it did not: a new id, or a front in more places."""
    return not after[0] <= before[0] or not after[1] <= before[1]


def _viewers(state: GameState) -> list[int | None]:
    return [*range(len(state.players)), None]


def _shown_to_each(state: GameState) -> list[Shown]:
    """What each viewer's view of ``state`` shows (the players', then a spectator's)."""
    return [shown(player_view(state, viewer)) for viewer in _viewers(state)]


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
    seen = _shown_to_each(state)  # each position's views read once: as the after, then the before
    while not state.is_over:
        move = rng.choice(legal_moves(state, rng.choice(state.to_act)))
        after, _ = HADARA.play(state, move)
        seen_after = _shown_to_each(after)
        grew = any(_learns(before, now) for before, now in zip(seen, seen_after, strict=True))
        assert HADARA.reveals(state, after) == grew, move
        quiet += not grew
        state, seen = after, seen_after
    assert quiet > 0


def test_the_wheel_deals_the_decks_and_so_reveals() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    after, _ = HADARA.play(state, legal_moves(state)[0])
    assert HADARA.reveals(state, after)
    assert not HADARA.reveals(after, after)
