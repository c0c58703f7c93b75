"""The games a server plays, their components, their rules and their position's schema:
``GET /api/games``, ``GET /api/games/GAME/catalogue``, ``GET /api/games/GAME/rules/RULE-ID``
and ``GET /api/games/GAME/schemas/position`` (the contract is in ``docs/server.md``).

None needs a match or a token: each says only what every player of the game may
know. ``/api/games`` lists each game's name, title, seat counts, the JSON Schema of
its match options, its bots (with the operator's engines), every kind a seat of its
matches may be with what it is in a line, whether it has a part of its own at the web
table (``/games/GAME/game.js``: :mod:`~boardtable.server.game_files`) and the lines of its
score sheet (:meth:`~boardtable.games.Game.score_sheet`, what a table draws a finished
match's sheet by), the default game first; a game's
catalogue gives every component as data (:meth:`~boardtable.games.Game.catalogue`),
so that a table can show the prices, points and effects of the ids a view names; a
rule is one of the game's digest (``/api/rules/RULE-ID``: the default game's, as before); the position's
schema is the JSON Schema of the game's position document (its ``game_state`` kind, as
``hadara schema --game GAME game_state`` prints it), from which an editor builds its controls.
"""

from __future__ import annotations

import functools
import json

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..games import DEFAULT, AnyGame, UnknownGame, game, names
from ..reader import label
from .match import AWAY, ENGINE_WORDS, KIND_WORDS
from .registry import NotFound

__all__ = ["POSITION", "catalogue_routes", "named_game"]

#: The kind of a game's position document among its schemas.
POSITION = "game_state"


def _game_entry(name: str, engines: tuple[str, ...]) -> dict[str, object]:
    found = game(name)
    low, high = found.seats
    return {
        "game": found.name,
        "title": found.title,
        "seats": [low, high],
        "options": dict(found.options_schema()),
        "bots": [*found.bot_names(), *engines],
        "web": found.web_folder() is not None,
        "kinds": _kinds(found, engines),
        "score": [{"line": line, "name": name} for line, name in found.score_sheet()],
    }


def _kinds(played: AnyGame, engines: tuple[str, ...]) -> list[dict[str, object]]:
    """Every kind a seat of a match of ``played`` may be, each once, with what it is in a line
    and whether a new match may ask for it (``away`` is the server's own)."""
    words = dict(KIND_WORDS)
    for bot in played.bot_names():
        stands_in = " It also plays an away person's seat." if bot == played.stand_in else ""
        words.setdefault(bot, played.bot_description(bot) + stands_in)
    for engine in engines:
        words.setdefault(engine, ENGINE_WORDS)
    return [{"kind": kind, "description": line, "requestable": kind != AWAY} for kind, line in words.items()]


@functools.cache
def _catalogue_body(name: str) -> bytes:
    """A game's catalogue as JSON, made once per process (a game's answer never changes)."""
    return json.dumps(game(name).catalogue(), ensure_ascii=False, separators=(",", ":")).encode()


def named_game(request: Request) -> AnyGame:
    """The game the address names (the default game where it names none); :class:`NotFound` otherwise."""
    try:
        return game(request.path_params.get("game", DEFAULT))
    except UnknownGame as exc:
        raise NotFound(str(exc)) from None


async def _catalogue(request: Request) -> Response:
    return Response(_catalogue_body(named_game(request).name), media_type="application/json")


@functools.cache
def _position_schema(name: str) -> bytes | None:
    """A game's position document's JSON Schema as JSON, made once per process; None for a game
    with no schemas."""
    schemas = game(name).commands().schemas
    if schemas is None or POSITION not in schemas.kinds:
        return None
    return json.dumps(schemas.make(POSITION), ensure_ascii=False, separators=(",", ":")).encode()


async def _schema(request: Request) -> Response:
    played = named_game(request)
    kind = request.path_params["kind"]
    found = _position_schema(played.name) if kind == "position" else None
    if found is None:
        raise NotFound(f"there is no schema {label(kind)} of {played.title} (there is: position)")
    return Response(found, media_type="application/json")


async def _rule(request: Request) -> Response:
    played = named_game(request)
    found = played.rule(request.path_params["rule"])
    if found is None:
        raise NotFound(f"there is no rule {label(request.path_params['rule'])} of {played.title}")
    return JSONResponse(found)


def catalogue_routes(engines: tuple[str, ...] = ()) -> list[Route]:
    """The routes of the games, their catalogues and rules, to mount under ``/api``;
    ``engines``: the operator's engines, bots of every game's too."""

    async def games(request: Request) -> Response:
        return JSONResponse({"games": [_game_entry(name, engines) for name in names()]})

    return [
        Route("/games", games, methods=["GET"]),
        Route("/games/{game}/catalogue", _catalogue, methods=["GET"]),
        Route("/games/{game}/rules/{rule}", _rule, methods=["GET"]),
        Route("/games/{game}/schemas/{kind}", _schema, methods=["GET"]),
        Route("/rules/{rule}", _rule, methods=["GET"]),
    ]
