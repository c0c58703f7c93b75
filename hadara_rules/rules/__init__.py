"""One module per rule area. Each section module offers the same three functions:

``candidates(state, seat)``
    every move of that section the seated player could name (a superset of the
    legal ones; the engine keeps those :func:`check` accepts),
``check(state, move)``
    why the move is refused (an :class:`~hadara_rules.errors.IllegalMove` carrying
    the rule ID), or None,
``play(state, move)``
    the position after the move, without checks and without automatic steps.
"""
