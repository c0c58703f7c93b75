"""The foundations Hadara stands on, in one place: the platform's pieces (:mod:`boardtable`)
under the names this module gave them before the platform became a package of its own.

Kept for the code written against it; a new game imports :mod:`boardtable`'s modules
(:mod:`boardtable.reader`, :mod:`boardtable.documents`, :mod:`boardtable.build` …), and its
errors derive from :class:`boardtable.errors.GameError`. Here the errors are Hadara's:

- the errors: every one a :class:`HadaraError`, a refused move an :class:`IllegalMove`
  naming its rule ID;
- the strict reader of untrusted documents: :func:`read_text` (bounded files),
  :func:`parse_yaml` and :func:`parse_json` (plain data only), :func:`converter` (the one
  strict cattrs converter), :func:`register_tagged` (records told apart by a ``type`` tag),
  :func:`envelope_data` and :func:`structure` (a document's data, or a one-line error naming
  the path of the first thing wrong), :class:`Refusal` (what a hook raises) and the bounded
  renderers :func:`shown`, :func:`label` and :func:`clip` for values in messages;
- :func:`canonical`, the encoding every digest is taken of, and :func:`digest`, a document's
  digest;
- a record's checks: :func:`check_info` (its headers), :func:`replay_moves` (its moves, from a
  new game), :func:`check_vouched` (the record its result block vouches for) and
  :func:`check_result` (the result block, field by field, against the one the moves give);
- :func:`exactly`, the attrs validator of a field's exact type;
- :func:`copier`, the generated copy of a frozen, slotted record with some fields changed, and
  :func:`maker`, the generated constructor of one that skips its validators (for values known good);
- :func:`spec_dir`, the bundled ``spec/`` folder (each game's rules digest and components);
- :class:`RuleEntry`, a rule of a game's digest (each game's adds its rulebook citation), and
  :func:`read_index`, the reader of a game's rule index;
- :func:`score_table`, a score pad as text, a column per player;
- :class:`InformationSetSearch`, the search bot every game's ``ismcts`` is (information-set
  MCTS over worlds sampled from the seat's view), with the :class:`Policy` that models the
  other seats.

>>> from hadara_rules.foundations import canonical, parse_json, shown
>>> canonical(parse_json('{"b": 1, "a": [true, null]}', ValueError))
b'{"a":[true,null],"b":1}'
>>> len(shown("x" * 100))
40
"""

from __future__ import annotations

from boardtable.build import copier, exactly, maker
from boardtable.canonical import canonical
from boardtable.documents import Result, check_info, check_result, check_vouched, digest, replay_moves
from boardtable.reader import (
    MAX_BYTES,
    MAX_DEPTH,
    Refusal,
    clip,
    converter,
    envelope_data,
    label,
    parse_json,
    parse_yaml,
    read_text,
    register_tagged,
    shown,
    structure,
)
from boardtable.rulebook import RuleEntry, read_index
from boardtable.screen import score_table
from boardtable.search import InformationSetSearch, Policy

from ._errors import (
    CatalogueError,
    ConfigError,
    HadaraError,
    IllegalMove,
    NotationError,
    RecordError,
    ScenarioError,
)
from ._resources import spec_dir

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "CatalogueError",
    "ConfigError",
    "HadaraError",
    "IllegalMove",
    "InformationSetSearch",
    "NotationError",
    "Policy",
    "RecordError",
    "Refusal",
    "Result",
    "RuleEntry",
    "ScenarioError",
    "canonical",
    "check_info",
    "check_result",
    "check_vouched",
    "clip",
    "converter",
    "copier",
    "digest",
    "envelope_data",
    "exactly",
    "label",
    "maker",
    "parse_json",
    "parse_yaml",
    "read_index",
    "read_text",
    "register_tagged",
    "replay_moves",
    "score_table",
    "shown",
    "spec_dir",
    "structure",
]
