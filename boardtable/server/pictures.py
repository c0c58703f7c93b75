"""Pictures of a match as it stood: ``GET /api/matches/ID/picture?at=SEQ&seat=N|all``
(``docs/server.md``, "Replays and analysis").

The picture of a point is drawn from the very view a replay of that point answers
(:meth:`Game.picture <boardtable.games.Game.picture>` of :meth:`Eye.sees
<boardtable.games.Eye.sees>`), under the replay's rules of who may see what
(:func:`~boardtable.server.replays.match_point`, ``INFO-1``), with one difference: without
``seat``, the seat the request's token opens (the spectator without one), as the live picture
is. Each is drawn once per match, point and eye and kept with the live pictures
(:meth:`~boardtable.server.present.Presenter.kept_picture`): the picture after entry ``at`` is
the live picture of ``seq`` ``at + 1``. A point short of the last is replayed from the stored
entries only when its picture is not kept.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..games import Eye
from .match import Match
from .present import Presenter
from .registry import Registry
from .replays import ALL, Cursors, match_point, replayed_point

__all__ = ["match_picture"]


async def match_picture(
    registry: Registry,
    cursors: Cursors,
    presenter: Presenter,
    match: Match,
    mine: int | None,
    query: Mapping[str, str],
) -> str:
    """The picture of ``match`` after its entry ``at`` as the query's eye sees it (see the
    module); ``mine``: the seat the request's token opens (None without one)."""
    eye, at = match_point(match, mine, query, Eye(mine))
    viewer = ALL if eye.whole else eye.seat
    kept = presenter.kept_picture(match.id, viewer, at + 1)
    if kept is not None:
        return kept
    # the match as it stands is drawn before anything is awaited; an earlier point is replayed
    then = match if at == match.seq - 1 else await replayed_point(registry, cursors, match, at)
    return presenter.keep_picture(
        match.id, viewer, at + 1, then.game.picture(eye.sees(then.game, then.state))
    )
