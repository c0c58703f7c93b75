"""Each game's own part of the web table, ``GET /games/GAME/FILE``: the files of the folder the
game names (:meth:`boardtable.games.Game.web_folder`) and nothing else, with the headers and the
cache policy of the table's own files; ``GET /api/games`` says which games have one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardtable.games import game, names, register, unregister
from hadara_rules.game import Hadara

from .serving import refused


class _Elsewhere(Hadara):
    """Hadara under another name, its part of the table in ``folder`` (None: it has none)."""

    def __init__(self, name: str, folder: Path | None) -> None:
        self.name = name
        self.folder = folder

    def web_folder(self) -> Path | None:
        return self.folder


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[Path]:
    """Two games registered for the test: ``plain``, with no part of its own, and ``linked``,
    whose folder holds a module and a link to a file outside it."""
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "game.js").write_text("export default {};\n", encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the web", encoding="utf-8")
    (folder / "secret.txt").symlink_to(secret)
    register("plain", _Elsewhere("plain", None))
    register("linked", _Elsewhere("linked", folder))
    try:
        yield folder
    finally:
        unregister("plain")
        unregister("linked")


def test_each_games_files_are_served_as_the_tables_own(client: TestClient) -> None:
    """Every file of each game's folder, as it is, typed by its name; with an ``ETag`` and a
    ``Last-Modified`` and no ``Cache-Control``, as ``/js/main.js`` (asked again with its
    ``ETag``: ``304``)."""
    shell = client.get("/js/main.js")
    served = 0
    for name in ("hadara", "stone-age"):
        folder = game(name).web_folder()
        assert folder is not None
        for path in sorted(folder.iterdir()):
            answer = client.get(f"/games/{name}/{path.name}")
            assert answer.status_code == 200, path
            assert answer.content == path.read_bytes()
            kind = {".js": "text/javascript", ".css": "text/css"}[path.suffix]
            assert answer.headers["content-type"].startswith(kind)
            assert {"etag", "last-modified"} <= set(answer.headers) and "cache-control" not in answer.headers
            again = client.get(
                f"/games/{name}/{path.name}", headers={"if-none-match": answer.headers["etag"]}
            )
            assert again.status_code == 304
            served += 1
    assert served >= 4  # hadara: game.js, game.css, moves.js, wheel.js; stone-age: game.js
    assert {"etag", "last-modified"} <= set(shell.headers) and "cache-control" not in shell.headers


#: Paths that climb out of a game's folder, as they reach the server (a client sends ``../``
#: resolved, but ``%2E%2E`` and ``%2F`` as they are, which the server reads as ``..`` and ``/``).
CLIMBING = [
    "/games/hadara/..%2Fgame.py",  # the game's package, beside its folder
    "/games/hadara/%2E%2E/%2E%2E/boardtable/server/app.py",
    "/games/stone-age/%2E%2E/%2E%2E/hadara_rules/web/game.js",  # another game's files
    "/games/%2E%2E/game.py",
]


@pytest.mark.parametrize(
    "path", [*CLIMBING, "/games/hadara/", "/games/hadara", "/games/hadara/no-such-file.js"]
)
def test_no_path_leaves_the_games_folder(client: TestClient, path: str) -> None:
    """Nothing outside the folder, no folder listed, no file that is not there."""
    refused(client.get(path), 404, "not_found")


def test_the_climbing_paths_name_files_that_are_there() -> None:
    """Each path refused above names a file outside the folder that exists: refused for where it is."""
    for path in CLIMBING[:3]:
        relative = path.removeprefix("/games/").replace("%2E", ".").replace("%2F", "/")
        name, _, rest = relative.partition("/")
        found = game(name).web_folder()
        assert found is not None and (found / rest).resolve().is_file(), path


def test_a_link_out_of_the_folder_is_not_followed(client: TestClient, elsewhere: Path) -> None:
    assert client.get("/games/linked/game.js").text == "export default {};\n"
    assert (elsewhere / "secret.txt").read_text(encoding="utf-8") == "not for the web"
    refused(client.get("/games/linked/secret.txt"), 404, "not_found")


def test_a_game_without_a_part_of_its_own_has_no_files_and_says_so(
    client: TestClient, elsewhere: Path
) -> None:
    """``/api/games`` says which games have a module (the default game first); a game without
    one, and a name no game has, are ``404 not_found`` in one line."""
    listed = {entry["game"]: entry["web"] for entry in client.get("/api/games").json()["games"]}
    assert listed == {
        "hadara": True,
        "imperial-settlers": True,
        "stone-age": True,
        "plain": False,
        "linked": True,
    }
    assert next(iter(listed)) == names()[0] == "hadara"
    body = refused(client.get("/games/plain/game.js"), 404, "not_found")
    assert body["message"] == "plain has no part of its own at the web table"
    body = refused(client.get("/games/chess/game.js"), 404, "not_found")
    assert body["message"].startswith("there is no game chess")


def test_only_reading_is_allowed(client: TestClient) -> None:
    answer = client.post("/games/hadara/game.js", json={})
    refused(answer, 405, "method_not_allowed")
    assert client.head("/games/hadara/game.js").status_code == 200
