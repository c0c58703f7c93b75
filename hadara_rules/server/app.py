"""The HTTP and WebSocket routes of ``hadara serve`` (``docs/server.md``)."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

__all__ = ["STATIC", "create_app"]

#: The web table: plain HTML, CSS and JavaScript modules, served at ``/``.
STATIC = Path(__file__).with_name("static")


async def _not_yet(request: Request) -> JSONResponse:
    return JSONResponse({"error": "not_found", "message": "not implemented yet"}, status_code=404)


def create_app() -> Starlette:
    """The ASGI application: the API under ``/api`` and the web table at ``/``."""
    routes = [
        Route("/api/matches", _not_yet, methods=["POST"]),
        Route("/api/matches/{match}", _not_yet, methods=["GET"]),
        Route("/api/matches/{match}/view", _not_yet, methods=["GET"]),
        Route("/api/matches/{match}/moves", _not_yet, methods=["POST"]),
        Route("/api/matches/{match}/record", _not_yet, methods=["GET"]),
        Mount("/", StaticFiles(directory=STATIC, html=True, check_dir=False)),
    ]
    return Starlette(routes=routes)
