"""``hadara serve``: a game server with seats, bots and a web table (the ``server`` extra).

The server keeps the authoritative position of every match it follows and moves
its bots; a person plays a seat through its secret token, in a browser at ``/``
or from any program through the HTTP and WebSocket API (``docs/server.md``). It
reaches its games only through the game interface (:mod:`hadara_rules.games`).
Modules, one job each:

- :mod:`~hadara_rules.server.store`: the store's interface and what it keeps;
  :mod:`~hadara_rules.server.sqlite` and :mod:`~hadara_rules.server.postgres`, its backends;
- :mod:`~hadara_rules.server.match`: one match, its seats and tokens;
- :mod:`~hadara_rules.server.registry`: the matches this process follows;
- :mod:`~hadara_rules.server.referee`: a new match, and a move's way;
- :mod:`~hadara_rules.server.driver`: the bots, and which process moves them
  (:mod:`~hadara_rules.server.claims`); :mod:`~hadara_rules.server.turns`, the search
  processes' turns by creating address;
- :mod:`~hadara_rules.server.present`: what a seat or a spectator is sent;
- :mod:`~hadara_rules.server.hub` and :mod:`~hadara_rules.server.updates`: the WebSockets;
- :mod:`~hadara_rules.server.bodies`: request bodies;
- :mod:`~hadara_rules.server.app`: the routes and their errors;
- :mod:`~hadara_rules.server.guard`: security headers, creations per address, a body's time;
- :mod:`~hadara_rules.server.framing`: HTTP/1.1 as the server reads it (a head's time and size);
- :mod:`~hadara_rules.server.limits`: the bounds, the options of ``hadara serve``;
- :mod:`~hadara_rules.server.command`: ``hadara serve``.
"""
