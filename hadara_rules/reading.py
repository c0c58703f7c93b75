"""Reading what comes from outside: strict JSON, and the one bounded renderer of its values.

Every value read from a file or a request appears in a message only through
:func:`shown` (a value), :func:`label` (a key or an id) or :func:`clip` (a
parser's complaint): each bounded to a few dozen characters, so that no message
can be made long, or made to say something else, by what it quotes. Both games
and the server read through these.

Kept for the code written against it: the reader is :mod:`boardtable.reader`.
"""

from boardtable.reader import clip, label, parse_json, shown

__all__ = ["clip", "label", "parse_json", "shown"]
