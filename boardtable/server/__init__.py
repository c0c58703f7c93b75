"""``hadara serve``: a game server with seats, bots and a web table (the ``server`` extra).

The server keeps the authoritative position of every match it follows and moves
its bots; a person plays a seat through its secret token, in a browser at ``/``
or from any program through the HTTP and WebSocket API (``docs/server.md``). It
reaches its games only through the game interface (:mod:`boardtable.games`).
Modules, one job each:

- :mod:`~boardtable.server.store`: the store's interface and what it keeps;
  :mod:`~boardtable.server.sqlite` and :mod:`~boardtable.server.postgres`, its backends;
- :mod:`~boardtable.server.match`: one match, its seats and tokens;
- :mod:`~boardtable.server.registry`: the matches this process follows;
- :mod:`~boardtable.server.referee`: a new match, and a move's way;
- :mod:`~boardtable.server.driver`: the bots, and which process moves them
  (:mod:`~boardtable.server.claims`); :mod:`~boardtable.server.turns`, the search
  processes' turns by creating address;
- :mod:`~boardtable.server.present`: what a seat or a spectator is sent;
- :mod:`~boardtable.server.hub` and :mod:`~boardtable.server.updates`: the WebSockets;
- :mod:`~boardtable.server.bodies`: request bodies;
- :mod:`~boardtable.server.app`: the routes and their errors;
- :mod:`~boardtable.server.guard`: security headers, creations per address, a body's time;
- :mod:`~boardtable.server.framing`: HTTP/1.1 as the server reads it (a head's time and size);
- :mod:`~boardtable.server.limits`: the bounds, the options of ``hadara serve``;
- :mod:`~boardtable.server.command`: ``hadara serve``.
"""
