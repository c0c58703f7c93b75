"""A match's settings at the table, beside its game's options: lobby, clock, take-backs, seed.

They are chosen when the match is made (``POST /api/matches``) and never change;
the store keeps them as JSON text (:meth:`Settings.text`).
"""

from __future__ import annotations

import json

from attrs import frozen

from .clock import Clock
from .store import StoreError

__all__ = ["Settings"]


@frozen
class Settings:
    """How a match is played at the table (see the module)."""

    #: Listed in the lobby while a seat is open.
    public: bool = False
    #: The seats' time control; None: no clock.
    clock: Clock | None = None
    #: Whether a seat may take back its last move (while it showed no one anything).
    takeback: bool = False
    #: Whether the match's creator chose its seed (and so may know every hidden card).
    seed_chosen: bool = False
    #: When the match was made, in seconds since the epoch.
    created: float = 0.0
    #: Who made it: a digest of the client's address (never shown; it bounds how many
    #: unfinished matches one address keeps, :meth:`~boardtable.server.store.Store.live_by`).
    creator: str = ""

    def data(self) -> dict[str, object]:
        """What anyone may know of them (a summary's fields)."""
        return {
            "public": self.public,
            "takeback": self.takeback,
            "clock": None if self.clock is None else self.clock.data(),
            "seed_chosen": self.seed_chosen,
            "created": self.created,
        }

    def text(self) -> str:
        """As the store keeps them."""
        return json.dumps({**self.data(), "creator": self.creator})

    @classmethod
    def read(cls, text: str) -> Settings:
        """Settings as :meth:`text` wrote them (``{}``, a match stored before there were any, gives
        the defaults); :class:`~boardtable.server.store.StoreError` for anything else."""
        try:
            data = json.loads(text)
            clock = data.get("clock")
            return cls(
                public=bool(data.get("public", False)),
                clock=None if clock is None else Clock(float(clock["bank"]), float(clock["increment"])),
                takeback=bool(data.get("takeback", False)),
                seed_chosen=bool(data.get("seed_chosen", False)),
                created=float(data.get("created", 0.0)),
                creator=str(data.get("creator", "")),
            )
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise StoreError(f"settings that no server wrote ({exc})") from None
