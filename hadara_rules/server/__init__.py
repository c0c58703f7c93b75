"""``hadara serve``: a game server with seats, bots and a web table (the ``server`` extra).

The server keeps the authoritative position of every match and moves its bots;
a person plays a seat through its secret token, in a browser at ``/`` or from
any program through the HTTP and WebSocket API (``docs/server.md``). Modules,
one job each:

- :mod:`~hadara_rules.server.store`: where matches and moves are kept (SQLite);
- :mod:`~hadara_rules.server.matches`: the matches being played, seats, tokens and bots;
- :mod:`~hadara_rules.server.present`: what a seat or a spectator is sent;
- :mod:`~hadara_rules.server.hub`: updates pushed to each seat's WebSocket;
- :mod:`~hadara_rules.server.app`: the HTTP routes and their errors.
"""
