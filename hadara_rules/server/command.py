"""``hadara serve``: the server run by uvicorn on one SQLite file."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .store import SQLiteStore

__all__ = ["serve"]


def serve(host: str, port: int, db: str) -> int:
    """Serve the web table and the API on ``host``:``port``, keeping the matches in ``db``, until interrupted."""
    # One line per request would cost more than a move: errors and the start are logged.
    uvicorn.run(create_app(SQLiteStore(db)), host=host, port=port, log_level="info", access_log=False)
    return 0
