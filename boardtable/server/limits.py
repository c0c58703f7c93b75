"""The bounds of ``hadara serve`` at its edges, each an option of the command with its
default here (``docs/server.md``, "Running it on the internet"). Plain data: the command
line reads its defaults without the server extra installed."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BOUNDS", "Bounds"]


@dataclass(frozen=True)
class Bounds:
    """What strangers may make the server spend: connections, time, bytes, creations, the
    bots' thinking, matches left behind, analyses and replays."""

    #: Connections (WebSockets included) served at once; over it a request is answered 503.
    connections: int = 1000
    #: Seconds an idle connection is kept open after an answer.
    keep_alive: int = 5
    #: Seconds a request's head (line and headers) may take to arrive whole.
    header_seconds: float = 10.0
    #: Seconds a request's body may take to arrive whole.
    body_seconds: float = 10.0
    #: Bytes a request's head may have.
    header_bytes: int = 16 * 1024
    #: Bytes a WebSocket message from a client may have (clients send nothing large).
    message_bytes: int = 4 * 1024
    #: Matches created and seats taken per client address per minute.
    create_per_minute: int = 30
    #: Unfinished matches one client address may have made.
    live_per_address: int = 20
    #: Seconds a searching bot (``ismcts``) thinks per decision at most.
    search_seconds: float = 1.0
    #: Processes the searching bots think in (other bots think in a thread of their own).
    search_processes: int = 2
    #: Hours an unfinished match nothing was stored of may wait before it is abandoned.
    abandon_hours: float = 72.0
    #: The proxies (addresses or networks, comma-separated, or ``*``) whose ``X-Forwarded-For``
    #: names the client; none by default (the peer is the client).
    forwarded_allow_ips: str = ""
    #: WebSocket messages a client may send a second, on one socket (a burst of twice as many).
    messages_per_second: int = 20
    #: WebSockets one client address may open a minute (a bucket of as many).
    sockets_per_minute: int = 120
    #: Unfinished matches with a searching bot's seat one client address may have made
    #: (counted in each server process, of the matches whose bots it moves).
    searching_per_address: int = 5
    #: Leaves, returns and take-backs one seat may ask for a minute (a bucket of as many).
    changes_per_minute: int = 10
    #: Analyses and replays (a match's or a record's) per client address per minute (a bucket
    #: of as many).
    analysis_per_minute: int = 60


#: The bounds by default.
BOUNDS = Bounds()
