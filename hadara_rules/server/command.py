"""``hadara serve``: the server run by uvicorn on one SQLite file."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .store import SQLiteStore

__all__ = ["serve"]


def serve(host: str, port: int, db: str) -> int:
    """Serve the web table and the API on ``host``:``port``, keeping the matches in ``db``, until interrupted."""
    # One log line per request would cost more than a move (errors and the start are logged);
    # the WebSocket messages are a few hundred bytes, not worth compressing.
    app = create_app(SQLiteStore(db))
    uvicorn.run(app, host=host, port=port, log_level="info", access_log=False, ws_per_message_deflate=False)
    return 0
