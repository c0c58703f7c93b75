"""The conformance suite: what every registered game answers alike through the game interface
(:class:`boardtable.games.Game`), run over every game of :func:`boardtable.games.names` and the
tests' own toy (``tests/toy_game.py``)."""
