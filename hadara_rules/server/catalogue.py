"""The games a server plays and their components: ``GET /api/games`` and
``GET /api/games/GAME/catalogue`` (the contract is in ``docs/server.md``).

Neither needs a match or a token: both say only what every player of the game may
know. ``/api/games`` lists each game's name, title, seat counts, the JSON Schema of
its match options and its bots; a game's catalogue gives every component as data
(:meth:`~hadara_rules.games.Game.catalogue`), so that a table can show the prices,
points and effects of the ids a view names.
"""

from __future__ import annotations

import functools
import json

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..games import UnknownGame, game, names
from .registry import NotFound

__all__ = ["catalogue_routes"]


def _game_entry(name: str) -> dict[str, object]:
    found = game(name)
    low, high = found.seats
    return {
        "game": found.name,
        "title": found.title,
        "seats": [low, high],
        "options": dict(found.options_schema()),
        "bots": list(found.bot_names()),
    }


@functools.cache
def _catalogue_body(name: str) -> bytes:
    """A game's catalogue as JSON, made once per process (a game's answer never changes)."""
    return json.dumps(game(name).catalogue(), ensure_ascii=False, separators=(",", ":")).encode()


async def _games(request: Request) -> Response:
    return JSONResponse({"games": [_game_entry(name) for name in names()]})


async def _catalogue(request: Request) -> Response:
    name = request.path_params["game"]
    try:
        game(name)
    except UnknownGame as exc:
        raise NotFound(str(exc)) from None
    return Response(_catalogue_body(name), media_type="application/json")


def catalogue_routes() -> list[Route]:
    """The routes of the games and their catalogues, to mount under ``/api``."""
    return [
        Route("/games", _games, methods=["GET"]),
        Route("/games/{game}/catalogue", _catalogue, methods=["GET"]),
    ]
