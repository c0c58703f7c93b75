"""Imperial Settlers as a PettingZoo AEC environment (``imperial_settlers_v0``) and a Gymnasium
single-agent environment: the platform's environments (:mod:`boardtable.rl`) with Imperial
Settlers' encoding.

Agents ``player_0`` … ``player_{n-1}`` act one at a time, as the rules have them (FLOW-1):
the next picker of the lookout (LOOK-2), the player whose turn it is (ACT-1), the seat a
pending decision waits on (CARD-14, CARD-25). Each observation is a dict of ``observation``
(:mod:`.observation`) and ``action_mask`` (1 for each legal action of :mod:`.actions`),
both read from the agent's own view. Rewards come at the end of the game only.

A game has 2 to 4 players (SETUP-1); its ``options`` are a match's (``factions``,
``first_player``, ``faction_deck_reshuffle``).
"""

from __future__ import annotations

from boardtable.rl import LibraryEnvironments, LibrarySingleAgentEnv

from .. import GameState, Move
from ..game import GAME
from .encoding import ENCODING

__all__ = ["SingleAgentEnv", "env"]

#: The game's environments, from its game and encoding (pickled by this module's name).
ENVIRONMENTS = LibraryEnvironments(GAME, ENCODING, __name__)

#: ``env(players=2, seed=None, reward="score_diff", render_mode=None, options=None)``: a
#: PettingZoo AEC environment of Imperial Settlers (:meth:`boardtable.rl.LibraryEnvironments.env`).
env = ENVIRONMENTS.env


class SingleAgentEnv(LibrarySingleAgentEnv[GameState, Move]):
    """One seat learns; the other seats are played by Imperial Settlers' bots (``random``,
    ``greedy``, ``ismcts``), each deciding from its own view (the platform's
    :class:`~boardtable.rl.LibrarySingleAgentEnv`)."""

    environments = ENVIRONMENTS
