"""Bonus tiles (TILE-1): the free tiles of a player are kept in the board's track order."""

from __future__ import annotations

from ._vocabulary import TRACK_INDEX, Track


def remove_tile(tiles: tuple[Track, ...], tile: Track) -> tuple[Track, ...]:
    """``tiles`` less one ``tile``."""
    i = tiles.index(tile)
    return (*tiles[:i], *tiles[i + 1 :])


def add_tile(tiles: tuple[Track, ...], tile: Track) -> tuple[Track, ...]:
    """``tiles`` plus ``tile``, kept in board order."""
    return tuple(sorted((*tiles, tile), key=TRACK_INDEX.__getitem__))
