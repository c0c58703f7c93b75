"""One module per rule area. Each section module offers the same three functions:

``legal(state, seat)``
    every legal move of the seated player in that section, in the order of
    :func:`hadara_rules._engine.move_key`, built legal from the same predicates
    :func:`check` uses,
``check(state, move)``
    why the move is refused (an :class:`~hadara_rules._errors.IllegalMove` carrying
    the rule ID), or None,
``play(state, move)``
    what the move changes in the position (a :class:`~hadara_rules._model.Changes`),
    without checks and without automatic steps: the engine makes the position after
    the move in one copy.
"""
