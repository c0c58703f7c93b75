"""Configuration, components and the game's shape (the public API of stone_age_rules)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from stone_age_rules import (
    CatalogueError,
    ConfigError,
    GameConfig,
    apply_move,
    components,
    legal_moves,
    load_components,
    new_game,
    score,
)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, r"^SETUP-1: Stone Age is played by 2 to 4 players, not 1$"),
        ({"players": 5}, r"^SETUP-1: .* not 5$"),
        ({"players": "2"}, r"^players must be a whole number \(SETUP-1\), not"),
        ({"players": 2, "seed": -1}, r"^seed must be a whole number from 0 to 2\*\*53 - 1, not -1$"),
        ({"players": 2, "seed": 2**53}, r"^seed must be .* not 9007199254740992$"),
        ({"players": 2, "seed": True}, r"^seed must be"),
        ({"players": 2, "max_rounds": 0}, r"^FLOW-6: max_rounds"),
        ({"players": 2, "start_player": 2}, r"^SETUP-7: start_player must be a seat from 0 to 1"),
        ({"players": 2, "any_two_resources": "never"}, r"^CIV-12: any_two_resources must be"),
    ],
)
def test_a_bad_configuration_is_refused_in_one_line(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        GameConfig(**kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_the_largest_seed_is_accepted() -> None:
    assert GameConfig(2, 2**53 - 1).seed == 2**53 - 1


def test_the_bundled_components_are_complete() -> None:
    data = components()
    assert len(data.buildings) == 28 and len(data.cards) == 36
    assert sum(1 for b in data.buildings if b.fixed is not None) == 17
    assert data.card["c24"].count == 2


def _copy_components(tmp_path: Path) -> Path:
    source = Path(__file__).resolve().parents[2] / "spec" / "stone_age" / "components"
    for name in ("buildings.yaml", "civilization.yaml"):
        (tmp_path / name).write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("buildings.yaml", "points: 10,", "points: 11,", r"b01\.points: BUILD-2: a fixed tile scores 10"),
        ("buildings.yaml", "- {id: b28", "- {id: b27", r"every entry needs an id of its own"),
        ("buildings.yaml", "- {id: b28", "- {id: '?'", r"every entry needs an id of its own"),
        (
            "civilization.yaml",
            'culture: art}, qt: "miscBonus[5]"',
            'culture: dance}, qt: "x"',
            r"c01\.bottom",
        ),
        ("civilization.yaml", "type: food, amount: 5", "type: feast, amount: 5", r"unknown effect 'feast'"),
        ("civilization.yaml", "cards:", "cards: [", r"malformed YAML"),
    ],
)
def test_broken_component_files_are_refused_naming_the_entry(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    folder = _copy_components(tmp_path)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CatalogueError, match=message):
        load_components(folder)


def test_a_missing_component_folder_or_file_is_a_catalogue_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"buildings\.yaml: missing file$"):
        load_components(str(tmp_path))
    with pytest.raises(CatalogueError, match=r"nowhere: no such catalogue folder$"):
        load_components(tmp_path / "nowhere")
    with pytest.raises(CatalogueError, match=r"^3: not a folder path$"):
        load_components(3)  # type: ignore[arg-type]


def test_malformed_yaml_is_refused_naming_the_file(tmp_path: Path) -> None:
    """The strict reader's message names the file it read (the platform's reading of a
    component file, :mod:`boardtable.catalogue`)."""
    folder = _copy_components(tmp_path)
    (folder / "civilization.yaml").write_text("cards: [\n", encoding="utf-8")
    with pytest.raises(CatalogueError) as caught:
        load_components(folder)
    assert str(caught.value).startswith(f"{folder / 'civilization.yaml'}: malformed YAML: line ")


def _playout(players: int, seed: int, max_rounds: int | None = None) -> tuple[int, tuple[int, ...]]:
    state = new_game(GameConfig(players, seed, max_rounds=max_rounds))
    chooser = random.Random(seed)
    moves = 0
    while not state.is_over:
        state = apply_move(state, chooser.choice(legal_moves(state)))
        moves += 1
    return moves, tuple(sheet.total for sheet in score(state))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_score_sheet(players: int) -> None:
    moves, totals = _playout(players, 3, max_rounds=4)
    assert moves > 10 and len(totals) == players


def test_a_game_is_the_same_in_another_process_and_hash_seed() -> None:
    here = _playout(3, 11, max_rounds=3)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from test_basics import _playout;"
        "print(_playout(3, 11, max_rounds=3))"
    )
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-c", code, str(Path(__file__).parent)],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
            cwd=Path(__file__).resolve().parents[2],
        )
        assert result.stdout.strip() == str(here)
