"""The bounds of ``hadara serve`` at its edges, each an option of the command with its
default here (``docs/server.md``, "Running it on the internet"). Plain data: the command
line reads its defaults without the server extra installed."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BOUNDS", "Bounds"]


@dataclass(frozen=True)
class Bounds:
    """What one client may take of the server: connections, time, bytes, creations."""

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
    #: The proxies (addresses, comma-separated, or ``*``) whose ``X-Forwarded-For`` names the client.
    forwarded_allow_ips: str = "127.0.0.1"


#: The bounds by default.
BOUNDS = Bounds()
