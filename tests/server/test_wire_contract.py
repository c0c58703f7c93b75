"""What a client written from the docs alone must not have to guess: every kind of seat a
game's match may have, with what it is; every error body the server can send, against the
error schema; a move inside its document's envelope; one shape of a rule for every game; and
the order in which a move's refusals are checked (``docs/server.md``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardtable.games import game, names
from boardtable.server.app import create_app
from boardtable.server.bodies import Malformed, new_match
from boardtable.server.sqlite import SQLiteStore

from .serving import fits

# --------------------------------------------------------------------------- the kinds of seat


def test_the_games_list_every_kind_of_seat_with_what_it_is(tmp_path: Path) -> None:
    """Each game's entry lists human, open, away, its bots and the operator's engines, each once
    with a line saying what it is; every kind but away is one a new match may ask for, and the
    server takes exactly those."""
    app = create_app(SQLiteStore(tmp_path / "kinds.sqlite"), engines={"mine": "hadara engine greedy"})
    with TestClient(app) as client:
        listed = fits("games", client.get("/api/games").content)["games"]
    assert [entry["game"] for entry in listed] == list(names())
    for entry in listed:
        played = game(entry["game"])
        kinds = {kind["kind"]: kind for kind in entry["kinds"]}
        assert len(kinds) == len(entry["kinds"])
        assert list(kinds) == ["human", "open", "away", *played.bot_names(), "mine"]
        for kind in kinds.values():
            assert kind["description"].strip() and "\n" not in kind["description"], kind
        assert "stand-in" in kinds["away"]["description"]
        assert "away" in kinds[played.stand_in]["description"]
        assert "--engine" in kinds["mine"]["description"]
        for name, kind in kinds.items():
            request = {"game": played.name, "players": played.seats[0], "seats": [name] * played.seats[0]}
            if kind["requestable"]:
                new_match(request, ("mine",))
            else:
                with pytest.raises(Malformed, match="is no kind of seat"):
                    new_match(request, ("mine",))
