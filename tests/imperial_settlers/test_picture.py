"""Imperial Settlers' picture: the same view gives the same bytes (in another process too); no
view ever draws a card it hides, over seeded games and every seat's view (LOOK-6, GOODS-4,
DEAL-3); every part is well-formed SVG with no text smaller than MIN_TEXT and none running
out of it; every component a page hooks is a group with its kind, its id and its owner; a
working name is marked provisional."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import attrs

from boardtable.svg import text_width
from imperial_settlers_rules import GameState, player_view
from imperial_settlers_rules._model import KeepOne
from imperial_settlers_rules.picture import MIN_TEXT, PART_WIDTH, render_svg, render_svg_parts

from .tables import acting, card, game, playout

#: A printed card id (``com001``, ``jap017``).
PRINTED = re.compile(r"\b(?:com|rom|bar|egy|jap)\d{3}\b")
_SVG = "{http://www.w3.org/2000/svg}"


def _positions(players: int, seed: int, every: int = 9) -> Iterator[GameState]:
    """Every ``every``-th position of a seeded random game, its last included."""
    after = start = game(players, seed)
    for index, (_, _, after) in enumerate(playout(start, seed)):
        if index % every == 0:
            yield after
    yield after


def _shown(view: GameState) -> set[str]:
    """The printed ids a view holds anywhere (a hidden card is ``?`` there)."""
    return set(PRINTED.findall(repr(view)))


def test_the_same_view_gives_the_same_bytes_in_another_process() -> None:
    state = list(_positions(3, 2, every=40))[3]
    picture = render_svg(player_view(state, 1))
    assert picture == render_svg(player_view(state, 1))
    script = (
        "import sys; from imperial_settlers_rules import player_view;"
        "from imperial_settlers_rules.picture import render_svg;"
        "from tests.imperial_settlers.test_picture import _positions;"
        "sys.stdout.write(render_svg(player_view(list(_positions(3, 2, every=40))[3], 1)))"
    )
    root = Path(__file__).resolve().parents[2]
    again = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": "7"},
    )
    assert again.stdout == picture


def test_no_view_draws_a_card_it_hides() -> None:
    """LOOK-6, GOODS-4, DEAL-3: over seeded games of 2 to 4 players, each seat's and a
    spectator's picture names only cards its view shows; the whole position's picture would
    name the others' hands (the check has teeth)."""
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for state in _positions(players, seed):
            for seat in (*range(players), None):
                view = player_view(state, seat)
                drawn = set(PRINTED.findall(render_svg(view)))
                assert drawn <= _shown(view), (seat, drawn - _shown(view))
                checked += 1
            others = {c for p in state.players[1:] for c in p.hand}
            if others:
                assert others <= set(PRINTED.findall(render_svg(state)))
    assert checked > 200


def test_the_cards_drawn_to_keep_one_of_show_only_to_their_seat() -> None:
    """CARD-23: the cards drawn wait on the agenda; only their seat's picture shows them."""
    drawn = (card("com-quarry"), card("com-statue"))
    state = attrs.evolve(acting(), agenda=(KeepOne(0, drawn, 1, False),))
    own = render_svg(player_view(state, 0))
    for printed in drawn:
        assert f'data-kind="drawn" data-id="{printed}">' in own
    other = render_svg(player_view(state, 1))
    assert 'data-kind="drawn"' not in other and not set(drawn) & set(PRINTED.findall(other))


def test_every_part_is_well_formed_and_its_text_stays_inside_it() -> None:
    """Each part parses, is PART_WIDTH wide and holds no text smaller than MIN_TEXT or running
    out of either edge (at the fonts' average glyph width); no printed id is written as text."""
    texts = 0
    for state in _positions(4, 5, every=25):
        for part in render_svg_parts(player_view(state, 2)):
            root = ET.fromstring(part)
            assert root.get("width") == str(PART_WIDTH)
            for node in root.iter(f"{_SVG}text"):
                words, size = node.text or "", float(node.get("font-size") or 0)
                assert size >= MIN_TEXT and not PRINTED.search(words)
                width = text_width(words, size, node.get("font-weight") or "normal")
                shift = {"end": width, "middle": width / 2}.get(node.get("text-anchor") or "", 0.0)
                left = float(node.get("x") or 0) - shift
                assert left >= 0 and left + width <= PART_WIDTH, words
                texts += 1
    assert texts > 1000


def _groups(picture: str, kind: str) -> list[tuple[str, str]]:
    """Each group of ``kind`` drawn: its id and its owner (``""`` for none)."""
    found = re.findall(rf'<g data-kind="{kind}" data-id="([^"]+)"(?: data-player="(\d)")?>', picture)
    return [(ident, owner) for ident, owner in found]


def test_every_component_a_page_hooks_carries_its_kind_id_and_owner() -> None:
    """The lookout's cards (LOOK-2), the common and faction decks, the own hand card by card and
    another's as one group, every built location, every deal, each supply and board."""
    start = game(3, 4)
    picture = render_svg(player_view(start, 1))
    assert [ident for ident, _ in _groups(picture, "lookout")] == list(start.offer)
    assert _groups(picture, "hand") == [
        ("hand", "0"),
        *((printed, "1") for printed in start.players[1].hand),
        ("hand", "2"),
    ]
    assert ("common", "") in _groups(picture, "deck")
    assert {("faction", str(seat)) for seat in range(3)} <= set(_groups(picture, "deck"))
    assert _groups(picture, "supply") == [("supply", str(seat)) for seat in range(3)]
    assert _groups(picture, "board") == [(f"player-{seat}", str(seat)) for seat in range(3)]
    later = list(_positions(3, 4, every=60))[-1]
    drawn = render_svg(player_view(later, 0))
    built = [(printed, str(seat)) for seat, p in enumerate(later.players) for printed in p.empire]
    assert built and set(built) <= set(_groups(drawn, "location"))
    deals = [(f"deal-{i}", str(seat)) for seat, p in enumerate(later.players) for i in range(len(p.deals))]
    assert deals and _groups(drawn, "deal") == deals


def test_a_working_name_is_marked_provisional() -> None:
    """README section 5: a faction card whose English name is a working translation is drawn
    with a mark and a note saying so, and its tooltip gives the Czech name."""
    provisional = card("rom-sculptors-apprentice")
    state = acting(p0={"hand": (provisional, card("com-quarry"))})
    part = render_svg_parts(player_view(state, 0))[1]
    assert ">Sculptor&#x27;s Apprentice*<" in part
    assert ">* a working name, provisional<" in part
    assert "provisional name; Czech " in part
    plain = render_svg_parts(player_view(acting(p0={"hand": (card("com-quarry"),)}), 0))[1]
    assert "provisional" not in plain
