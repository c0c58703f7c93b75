"""Carving statues (STATUE-1…3) with bonus tiles (TILE-1/2), and PURPLE-4, -13, -14, -15."""

from __future__ import annotations

from collections.abc import Iterator

from boardtable.reader import shown

from .. import _effects as effects
from .._copy import replace
from .._errors import IllegalMove
from .._events import CoinReason, StatueCarved, coins, steps
from .._model import CarvedStatue, Changes, GameState, PlayerState
from .._moves import CarveStatue, Move, shared
from .._tiles import remove_tile
from .._vocabulary import NO_TRACKS
from .requirement import check_requirement, pay_needed, skip_taker, taker_limits, takes_left
from .section import (
    Limits,
    Narration,
    SectionRules,
    everyone_had_a_turn,
    handles,
    pass_move,
    passed_over,
    passing,
    players_with,
)

_carve = shared(CarveStatue)


def turn_used_up(state: GameState, move: CarveStatue) -> IllegalMove | None:
    """STATUE-1 (with PURPLE-13): the player's takes in this section are used up."""
    player = state.players[move.player]
    if takes_left(player, effects.effect_totals(player.cards, state.catalogue)) > 0:
        return None
    return IllegalMove("STATUE-1", "the player has carved as many statues as allowed this section")


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """Each uncarved statue the player can reach, with each free tile face down or up; then pass."""
    player = state.players[seat]
    totals = effects.effect_totals(player.cards, state.catalogue)
    if takes_left(player, totals) > 0:
        carved = {s.statue for s in player.statues}
        tiles = tuple(dict.fromkeys(player.free_tiles))
        for index, statue in state.catalogue.statues.items():
            if index in carved:
                continue
            pay = pay_needed(player, totals, player.tracks.culture, statue.requirement)
            if pay is None:
                continue
            for tile in tiles:
                yield _carve(seat, index, tile, False, pay)
                yield _carve(seat, index, tile, True, pay)
    yield pass_move(seat)


def check_carve(state: GameState, move: CarveStatue) -> IllegalMove | None:
    """STATUE-1/2, TILE-2 and the requirement effects."""
    player = state.players[move.player]
    statue = state.catalogue.statues.get(move.statue)
    if statue is None:
        return IllegalMove("STATUE-2", f"a player board has statues 0 to 3, not {shown(move.statue)}")
    used_up = turn_used_up(state, move)
    if used_up:
        return used_up
    if any(s.statue == move.statue for s in player.statues):
        return IllegalMove("STATUE-2", f"statue {move.statue} is already carved")
    if move.tile not in player.free_tiles:
        return IllegalMove("TILE-2", f"the player has no free {move.tile} bonus tile")
    return check_requirement(
        player,
        effects.effect_totals(player.cards, state.catalogue),
        player.tracks.culture,
        statue.requirement,
        move.pay,
        "STATUE-2",
        f"statue {move.statue}",
    )


def carve(state: GameState, move: CarveStatue) -> Changes:
    """STATUE-3: the tile goes on the statue; face up, its track advances by the reward."""
    player = state.players[move.player]
    statue = state.catalogue.statues[move.statue]
    after = replace(
        player,
        coins=player.coins - move.pay,
        tracks=player.tracks.step(move.tile, statue.reward) if move.face_up else player.tracks,
        free_tiles=remove_tile(player.free_tiles, move.tile),
        statues=(*player.statues, CarvedStatue(move.statue, move.tile, move.face_up)),
        section_takes=player.section_takes + 1,
        section_paid=player.section_paid + move.pay,
    )
    carved = effects.with_effect_steps(player, after, state.catalogue)
    return {"players": players_with(state, move.player, carved)}


def narrate_carve(before: GameState, move: CarveStatue, after: GameState) -> Narration:
    """STATUE-3 with PURPLE-15's pay; face up, the reward's steps; PURPLE-4's steps."""
    seat = move.player
    statue = before.catalogue.statues[move.statue]
    yield StatueCarved(rule="STATUE-3", player=seat, statue=move.statue, tile=move.tile, face_up=move.face_up)
    yield from coins(seat, -move.pay, CoinReason.REQUIREMENT, "PURPLE-15")
    if move.face_up:
        yield from steps(seat, NO_TRACKS.step(move.tile, statue.reward), NO_TRACKS, "STATUE-3")
    yield from effects.effect_step_events(seat, before.players[seat], after.players[seat], before.catalogue)


def skip(state: GameState, seat: int) -> Changes | None:
    """STATUE-1: a player whose takes are used up, or who could only pass, is passed over."""
    return skip_taker(legal, state, seat)


def limits(state: GameState, player: PlayerState) -> Limits:
    """STATUE-1: what a player who had their turn may have taken and paid (one take per statue carved)."""
    return taker_limits(len(player.statues), player, state)


#: Statues (STATUE-1…3): in turn, carve statues or pass.
STATUE = SectionRules(
    moves=dict(
        [
            handles(CarveStatue, check_carve, carve, narrate_carve, out_of_turn=turn_used_up),
            passing("STATUE-1"),
        ]
    ),
    legal=legal,
    finished=everyone_had_a_turn,
    skip=skip,
    narrate_step=passed_over("STATUE-1"),
    limits=limits,
)
