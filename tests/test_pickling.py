"""Positions travel between processes cheaply: the catalogue goes by its digest."""

from __future__ import annotations

import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hadara_rules import (
    CatalogueError,
    GameConfig,
    GameState,
    apply_move,
    legal_moves,
    load_catalogue,
    new_game,
)
from hadara_rules.catalogue import known_catalogue


def _midgame() -> GameState:
    state = new_game(GameConfig(players=4, seed=3, advanced=True))
    for _ in range(60):
        state = apply_move(state, legal_moves(state, state.to_act[0])[0])
    return state


def test_a_position_pickles_without_its_catalogue() -> None:
    state = _midgame()
    data = pickle.dumps(state)
    assert len(data) < 8_000
    assert load_catalogue().digest.encode() in data
    again = pickle.loads(data)
    assert again == state
    assert again.catalogue is state.catalogue


def test_pickling_a_position_costs_well_under_a_millisecond() -> None:
    state = _midgame()
    start = time.process_time()
    for _ in range(200):
        pickle.loads(pickle.dumps(state))
    assert (time.process_time() - start) / 200 < 0.001


def test_a_fresh_process_knows_the_bundled_catalogue() -> None:
    state = _midgame()
    code = "import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); print(s.ply, len(s.players))"
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert done.stdout.split() == [str(state.ply).encode(), b"4"]


def test_an_unknown_catalogue_is_a_clear_error() -> None:
    with pytest.raises(CatalogueError, match="load it with load_catalogue"):
        known_catalogue("0" * 64)


def test_a_fresh_process_unpickles_a_player_view() -> None:
    """A view travels like a position: a process that has made no view knows its catalogue."""
    from hadara_rules import player_view

    state = _midgame()
    views = [player_view(state, seat) for seat in range(4)]
    code = (
        "import pickle, sys; views = pickle.loads(sys.stdin.buffer.read()); "
        "print(*(v.viewer for v in views), views[0].catalogue.source)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(views), capture_output=True, check=True
    )
    assert done.stdout.split() == [b"0", b"1", b"2", b"3", b"bundled", b"(player", b"view)"]


def test_a_view_with_a_catalogue_of_ones_own_unpickles_where_that_catalogue_is_loaded(
    tmp_path: Path,
) -> None:
    import shutil

    from hadara_rules import player_view
    from hadara_rules._resources import components_dir

    folder = tmp_path / "components"
    shutil.copytree(components_dir(), folder)
    cards = folder / "cards.yaml"
    printed = "{id: I-red-01, epoch: 1, color: red, cost: 1, points: 0,"
    cards.write_text(cards.read_text(encoding="utf-8").replace(printed, printed.replace("0,", "1,")))
    own = load_catalogue(folder)
    view = player_view(new_game(GameConfig(players=2, seed=1, catalogue=own)), 1)
    code = (
        "import pickle, sys; from hadara_rules import load_catalogue; own = load_catalogue(sys.argv[1]); "
        "v = pickle.loads(sys.stdin.buffer.read()); print(v.viewer, v.catalogue.digest)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(folder)], input=pickle.dumps(view), capture_output=True, check=True
    )
    assert done.stdout.split() == [b"1", view.catalogue.digest.encode()]
    unloaded = subprocess.run(
        [sys.executable, "-c", code.replace("own = load_catalogue(sys.argv[1]); ", "")],
        input=pickle.dumps(view),
        capture_output=True,
    )
    assert b"CatalogueError" in unloaded.stderr and b"load it with load_catalogue(path)" in unloaded.stderr


def test_views_travel_to_spawned_workers() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from hadara_rules import player_view

    state = _midgame()
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        seen = list(pool.map(_viewer_and_moves, [player_view(state, seat) for seat in range(4)], timeout=60))
    assert seen == [(seat, len(legal_moves(player_view(state, seat), seat))) for seat in range(4)]


def _viewer_and_moves(view: GameState) -> tuple[int | None, int]:
    assert view.viewer is not None
    return view.viewer, len(legal_moves(view, view.viewer))
