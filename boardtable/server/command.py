"""``hadara serve``: the server run by uvicorn on one SQLite file or a PostgreSQL database."""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import Mapping, Sequence
from urllib.parse import unquote_plus

import uvicorn
from starlette.applications import Starlette

from ..games import GameError
from .app import create_app
from .framing import framing
from .limits import BOUNDS, Bounds
from .sockets import Sockets
from .sqlite import SQLiteStore

__all__ = ["serve"]


class MissingExtra(GameError):
    """A PostgreSQL URL given without the ``postgres`` extra installed."""


def _app(db: str, allow_origins: Sequence[str], bounds: Bounds, engines: Mapping[str, str]) -> Starlette:
    """The app over ``db``: a ``postgresql://`` URL (any number of processes) or a SQLite file."""
    if not db.startswith(("postgresql://", "postgres://")):
        return create_app(SQLiteStore(db), allow_origins=allow_origins, bounds=bounds, engines=engines)
    try:
        from .postgres import PostgresStore
    except ImportError as exc:
        raise MissingExtra(
            f"a PostgreSQL store needs the postgres extra ({exc.name} is missing): pip install 'hadara-rules[postgres]'"
        ) from None
    store = PostgresStore(db)
    return create_app(
        store, store.notifier, store.claims, allow_origins=allow_origins, bounds=bounds, engines=engines
    )


def serve(
    host: str,
    port: int,
    db: str,
    allow_origins: Sequence[str] = (),
    bounds: Bounds = BOUNDS,
    engines: Mapping[str, str] = {},
) -> int:
    """Serve the web table and the API on ``host``:``port``, keeping the matches in ``db``, until
    interrupted; pages of ``allow_origins`` may call the API (CORS); no client takes more
    than ``bounds``; ``engines`` (``{name: command}``) play seats of any game by
    name (``--engine NAME=COMMAND``)."""
    app = _app(db, allow_origins, bounds, engines)
    _keep_tokens_out_of_the_log()
    _no_traceback_for_bad_text()
    _collect_less()
    # One log line per request would cost more than a move (errors and the start are logged);
    # a WebSocket message carries a whole view (several KB), compressed when the client offers
    # to (permessage-deflate). The client's address (the ``client`` of each request's scope,
    # which the guard and the app count by) is its proxy's ``X-Forwarded-For`` only when the
    # peer is one of ``forwarded_allow_ips``: with none named, uvicorn reads no proxy's headers
    # (its own default trusts 127.0.0.1, where any local process could name its address).
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="info",
        access_log=False,
        http=framing(bounds.header_seconds, bounds.header_bytes),
        h11_max_incomplete_event_size=bounds.header_bytes,
        limit_concurrency=bounds.connections,
        timeout_keep_alive=bounds.keep_alive,
        ws=Sockets,
        ws_max_size=bounds.message_bytes,
        ws_per_message_deflate=True,
        proxy_headers=bool(bounds.forwarded_allow_ips),
        forwarded_allow_ips=bounds.forwarded_allow_ips,
    )
    return 0


#: A parameter of a path's query string, as uvicorn logs a WebSocket's path (``?token=…``).
_PARAMETER = re.compile(r"([?&;]([^=&;\s\"]*)=)([^&;\s\"]*)")


def _masked(text: str) -> str:
    """``text`` with the value of every query parameter that names a token masked, however
    it is spelled (``token``, ``TOKEN``, ``%74oken``)."""

    def mask(found: re.Match[str]) -> str:
        named = unquote_plus(found[2]).strip().lower() == "token"
        return found[1] + "…" if named else found[0]

    return _PARAMETER.sub(mask, text)


class _NoTokens(logging.Filter):
    """Takes every seat's token out of what is logged: uvicorn logs each WebSocket's path with
    its query string, where the contract puts the token (``…/updates?token=TOKEN``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _masked(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_masked(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def _keep_tokens_out_of_the_log() -> None:
    """The server's loggers (uvicorn's, ours) log no token (a filter of each logger stays when
    uvicorn configures their handlers)."""
    for name in ("uvicorn.error", "uvicorn.access", "hadara.server"):
        logging.getLogger(name).addFilter(_NoTokens())


class _BadText(logging.Filter):
    """A client's text that is not UTF-8 puts no traceback in the log: uvicorn closes its
    WebSocket with 1007 and logs the decoding error with its traceback, at ERROR; this makes
    that one line at INFO."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, UnicodeDecodeError) and "UTF-8" in str(record.msg):
            record.msg, record.args = "a WebSocket client sent text that is not UTF-8: closed (1007)", ()
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def _no_traceback_for_bad_text() -> None:
    """uvicorn's WebSocket protocol logs on ``uvicorn.error``: its filter makes a client's text
    that is not UTF-8 one line (:class:`_BadText`)."""
    logging.getLogger("uvicorn.error").addFilter(_BadText())


#: When the cyclic garbage collector runs (``gc.set_threshold``; Python's default is 700, 10,
#: 10): the youngest generation every 2,000 allocations, the middle one every 5 collections
#: of the youngest, the oldest (every object not frozen) every 100 of the middle one at most.
COLLECTIONS = (2_000, 5, 100)


def _collect_less() -> None:
    """Tune the cyclic garbage collector for serving. A collection stops the event loop for as
    long as it takes to look through its generation's objects, and under load each move leaves
    a few dozen records alive (the position, the events): so the two younger generations are
    collected often enough that each pause stays short (a few milliseconds), and the oldest,
    whose collection looks through every live match, over ten times more rarely than by
    default (:data:`COLLECTIONS`). What is loaded before serving (the modules, the app) is
    frozen out of every collection. The pauses were the longest waits of a loaded server
    (``benchmarks/server.py``)."""
    gc.set_threshold(*COLLECTIONS)
    gc.freeze()
