"""One module per rule area.

Each section of the epoch (EPOCH-1) is defined at the bottom of its own module as a
:class:`~hadara_rules._rules.section.SectionRules` record (``colony.COLONY``,
``draft.DRAFT`` …): its moves, each with the handler that checks, plays and narrates
it, the legal moves of a seated player, and what happens in it without a decision.
The order of play (:mod:`hadara_rules._flow`) puts them in order. The other modules
hold what several sections share: buying and selling (:mod:`.acquire`), requirements
(:mod:`.requirement`), tracks (:mod:`.tracks`) and final scoring (:mod:`.scoring`).
"""
