"""boardtable: the platform every game of hadara-rules is played on.

It holds what the games share and no game itself: the errors' base class
(:mod:`.errors`), the strict reader and its bounded renderer (:mod:`.reader`), documents
and digests (:mod:`.documents`, :mod:`.canonical`), generated records (:mod:`.build`),
rule indexes (:mod:`.rulebook`), scenario files (:mod:`.scenario`), schemas
(:mod:`.schema`, :mod:`.wire_schemas`), the search bot (:mod:`.search`), the terminal
loop (:mod:`.terminal`), the game interface and its registry (:mod:`.games`), the engine
protocol (:mod:`.engines`), the server (:mod:`.server`) and the reinforcement-learning
environments (:mod:`.rl`, optional extra ``rl``). A game is a package of its
own that registers under the entry-point group ``boardtable.games``.
"""

#: The distribution's version (the one place it is written).
__version__ = "0.1.0"
