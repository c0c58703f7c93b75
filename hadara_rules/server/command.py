"""``hadara serve``: the server run by uvicorn on one SQLite file or a PostgreSQL database."""

from __future__ import annotations

import gc

import uvicorn
from starlette.applications import Starlette

from .._errors import HadaraError
from .app import create_app
from .store import SQLiteStore

__all__ = ["serve"]


class MissingExtra(HadaraError):
    """A PostgreSQL URL given without the ``postgres`` extra installed."""


def _app(db: str) -> Starlette:
    """The app over ``db``: a ``postgresql://`` URL (any number of processes) or a SQLite file."""
    if not db.startswith(("postgresql://", "postgres://")):
        return create_app(SQLiteStore(db))
    try:
        from .postgres import PostgresStore
    except ImportError as exc:
        raise MissingExtra(
            f"a PostgreSQL store needs the postgres extra ({exc.name} is missing): pip install 'hadara-rules[postgres]'"
        ) from None
    store = PostgresStore(db)
    return create_app(store, store.notifier, store.claims)


def serve(host: str, port: int, db: str) -> int:
    """Serve the web table and the API on ``host``:``port``, keeping the matches in ``db``, until interrupted."""
    # One log line per request would cost more than a move (errors and the start are logged);
    # the WebSocket messages are a few hundred bytes, not worth compressing.
    app = _app(db)
    _collect_less()
    uvicorn.run(app, host=host, port=port, log_level="info", access_log=False, ws_per_message_deflate=False)
    return 0


#: The allocations between two collections of the youngest generation (Python's default is 700).
YOUNG_COLLECTION = 10_000


def _collect_less() -> None:
    """Tune the cyclic garbage collector for serving: each move makes thousands of short-lived
    records that hold no cycles, so the youngest generation is collected every
    :data:`YOUNG_COLLECTION` allocations rather than 700, and what is loaded before serving
    (the modules, the app) is frozen out of every collection. Fewer and shorter pauses: less
    CPU per move and a shorter tail of slow answers (``benchmarks/server.py``)."""
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
    gc.freeze()
