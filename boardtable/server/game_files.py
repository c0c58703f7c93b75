"""Each game's own part of the web table: ``GET /games/GAME/FILE`` (the contract is in
``docs/server.md``, "A game's part of the web table").

A game that has one names its folder (:meth:`~boardtable.games.Game.web_folder`); the
files in it are served as the table's own files are: by Starlette's static files, so
only a file inside that folder (no path that climbs out of it, no link that leads out,
no folder listed), with the same headers (those of
:class:`~boardtable.server.guard.Guard`, which puts the security headers on every
answer) and the same cache policy (an ``ETag`` and a ``Last-Modified`` to ask again
with, no ``Cache-Control``). Anything else is ``404 not_found``: an unknown game, a game
without a folder, a file that is not there.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from ..games import UnknownGame, game
from ..reader import label

__all__ = ["GameFiles"]


class GameFiles:
    """The ASGI application of ``/games/{game}``: the file the rest of the path names in
    that game's folder."""

    def __init__(self) -> None:
        #: Each game's files, by its name, made when first asked for (one per registered game).
        self._served: dict[str, StaticFiles] = {}

    def _files(self, name: str) -> StaticFiles:
        found = self._served.get(name)
        if found is None:
            try:
                folder = game(name).web_folder()
            except UnknownGame:
                raise HTTPException(404, f"there is no game {label(name)}") from None
            if folder is None:
                raise HTTPException(404, f"{label(name)} has no part of its own at the web table")
            found = self._served[name] = StaticFiles(directory=folder, check_dir=False)
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._files(scope["path_params"]["game"])(scope, receive, send)
