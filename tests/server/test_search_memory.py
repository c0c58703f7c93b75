"""A search process keeps nothing for good per decision (``benchmarks/search_memory.py`` measures it).

A Stone Age decision once made a type validator at every configuration it sampled (its
number of players checked), and every validator made is kept for good: a search process
grew by about a megabyte a decision. Decisions are made here as the server's search
processes make them (:func:`boardtable.server.driver._search`), in this process.
"""

from __future__ import annotations

import random

import pytest

from boardtable import build
from boardtable.games import game
from boardtable.server.driver import _search


@pytest.mark.parametrize("name", ["hadara", "stone-age"])
def test_a_search_decision_makes_no_validator_to_keep(name: str) -> None:
    played = game(name)
    rng = random.Random(5)
    state = played.new(played.read_options({}, 3, 7))
    decisions = 0
    kept = len(build.KINDS)
    while decisions < 3 and not played.is_over(state):
        seat = played.to_act(state)[0]
        moves = played.moves(state, seat)
        if len(moves) > 1:
            _search(name, "ismcts", f"test:{decisions}", 0.2, state, seat)
            decisions += 1
        state, _ = played.play(state, rng.choice(moves))
    assert decisions == 3 and len(build.KINDS) == kept
