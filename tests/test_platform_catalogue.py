"""The platform's part of every game's catalogue (:mod:`boardtable.catalogue`): the folder
and files read with messages naming them, in the game's own error class, and the digest of
the canonical encoding. Each game's own checks are in its catalogue tests."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from boardtable.catalogue import catalogue_folder, digest, read_component_file
from boardtable.errors import CatalogueError


class _OwnError(CatalogueError):
    """A game's own catalogue error."""


def test_the_digest_is_the_sha256_of_the_canonical_json() -> None:
    document = {"b": [1, "Zölle", None, True], "a": {"y": 2, "x": 1}}
    expected = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert digest(document) == hashlib.sha256(expected.encode("ascii")).hexdigest()
    assert digest({"a": {"x": 1, "y": 2}, "b": [1, "Zölle", None, True]}) == digest(document)
    assert digest({**document, "b": [1, "Zölle", None, False]}) != digest(document)


def test_a_folder_is_refused_in_the_game_s_error_naming_it(tmp_path: Path) -> None:
    assert catalogue_folder(str(tmp_path)) == tmp_path
    (tmp_path / "file.yaml").write_text("a: 1\n", encoding="utf-8")
    for path in (tmp_path / "nowhere", tmp_path / "file.yaml", f"{tmp_path}/a\0b"):
        with pytest.raises(_OwnError) as caught:
            catalogue_folder(path, _OwnError)
        assert str(caught.value).endswith(": no such catalogue folder")
    with pytest.raises(_OwnError, match=r"^\[1\]: not a folder path$"):
        catalogue_folder([1], _OwnError)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (None, "missing file"),
        ("", "malformed YAML: the document is empty"),
        ("a: [\n", "malformed YAML: line "),
        ("!!python/object/apply:os.system ['true']\n", "malformed YAML"),
        ("a: &x 1\nb: *x\n", "malformed YAML"),
    ],
)
def test_a_component_file_is_read_strictly_and_a_problem_names_the_file(
    tmp_path: Path, text: str | None, problem: str
) -> None:
    path = tmp_path / "cards.yaml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(_OwnError) as caught:
        read_component_file(path, _OwnError)
    assert str(caught.value).startswith(f"{path}: {problem}")
    assert "\n" not in str(caught.value)


def test_a_component_file_is_its_plain_data(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - {id: a, cost: 3}\n", encoding="utf-8")
    assert read_component_file(path) == {"cards": [{"id": "a", "cost": 3}]}
