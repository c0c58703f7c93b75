"""Pictures of positions: well-formed SVG, one ``data-id`` per visible component, nothing
hidden drawn, parts legible on a phone; the ``hadara render`` command; the short text of a
position."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from helpers import scenario_position, seeded_game
from hypothesis import given
from properties.strategies import PlayedGame, hidden_from, played_games, sampled, suite_settings

from hadara_rules import (
    GameConfig,
    GameRecord,
    GameState,
    apply_move,
    legal_moves,
    new_game,
    player_view,
    render_svg,
    to_json,
    to_yaml,
    winners,
)
from hadara_rules._render import MIN_TEXT, PART_WIDTH, render_svg_parts
from hadara_rules._text import ability, player_name, summary
from hadara_rules.cli import main
from hadara_rules.view import HIDDEN

SVG = "{http://www.w3.org/2000/svg}"


def _positions(players: int, advanced: bool, seed: int, every: int) -> list[GameState]:
    """Every ``every``-th position of a random game, and its last."""
    *played, last = seeded_game(players, advanced, seed)
    return [*(s for s in played if s.ply % every == 0), last]


def _components(svg: str, kind: str) -> Counter[tuple[str, str | None]]:
    """``(data-id, data-player)`` of every group of one kind in the picture."""
    root = ET.fromstring(svg)
    return Counter(
        (g.attrib["data-id"], g.attrib.get("data-player"))
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("data-kind") == kind
    )


def _in_parts(parts: tuple[str, ...], kind: str) -> Counter[tuple[str, str | None]]:
    """The components of one kind in all the parts of a picture together."""
    return sum((_components(part, kind) for part in parts), Counter())


def _visible_cards(state: GameState) -> Counter[tuple[str, str | None]]:
    """The cards a picture of ``state`` shows: outer piles' tops, tableaux, cards drawn."""
    shown: Counter[tuple[str, str | None]] = Counter((pile[-1], None) for pile in state.outer_piles if pile)
    for seat, p in enumerate(state.players):
        shown.update((c, str(seat)) for c in (*p.cards, *p.drawn) if c != HIDDEN)
    return shown


def _visible_colonies(state: GameState) -> Counter[tuple[str, str | None]]:
    shown: Counter[tuple[str, str | None]] = Counter((s[-1], None) for s in state.colony_stacks if s)
    for seat, p in enumerate(state.players):
        shown.update((h.id, str(seat)) for h in p.colonies)
    return shown


def _medals_to_buy(svg: str) -> Counter[tuple[str, str | None]]:
    """The medals the picture offers to buy, by metal and owner, as many as each title says are left."""
    offered: Counter[tuple[str, str | None]] = Counter()
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if g.attrib.get("data-kind") == "medal":
            left = re.fullmatch(r"(silver|gold) medal: (\d) still to buy", g.findtext(f"{SVG}title", ""))
            assert left is not None and left[1] == g.attrib["data-id"]
            offered[(g.attrib["data-id"], g.attrib.get("data-player"))] += int(left[2])
    return offered


def _medals_left(state: GameState) -> Counter[tuple[str, str | None]]:
    """The medals each seat may still buy (MEDAL-2)."""
    reference = state.catalogue.reference
    left: Counter[tuple[str, str | None]] = Counter()
    for seat, p in enumerate(state.players):
        left[("silver", str(seat))] = reference.max_silver - len(p.silver)
        left[("gold", str(seat))] = reference.max_gold - p.gold
    return +left


def _words(svg: str) -> set[str]:
    """Every id-like word of the picture (ids are made of letters, digits and dashes)."""
    return set(re.findall(r"[\w-]+", svg))


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False), (5, True)])
def test_pictures_are_well_formed_with_one_data_id_per_component(players: int, advanced: bool) -> None:
    for state in _positions(players, advanced, seed=players, every=23):
        svg = render_svg(state)
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert _components(svg, "card") == _visible_cards(state)
        assert _components(svg, "colony") == _visible_colonies(state)
        statues = Counter((str(i), str(s)) for s in range(players) for i in state.catalogue.statues)
        assert _components(svg, "statue") == statues
        assert _medals_to_buy(svg) == _medals_left(state)
        assert set(_components(svg, "medal").values()) <= {1}  # one slot per metal and seat
        # the decks are drawn as counts: no card of an inner deck is named (INFO-1)
        assert not _words(svg) & {card for deck in state.decks for card in deck}
        parts = render_svg_parts(state)
        assert len(parts) == 2 + players
        for kind in ("card", "colony", "statue", "medal"):
            assert _in_parts(parts, kind) == _components(svg, kind)
        for seat, board in enumerate(parts[2:]):
            owners = {
                owner
                for kind in ("card", "colony", "statue", "medal")
                for _, owner in _components(board, kind)
            }
            assert owners == {str(seat)}


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False), (5, False)])
def test_a_view_draws_nothing_hidden(players: int, advanced: bool) -> None:
    for whole in _positions(players, advanced, seed=10 + players, every=17):
        for viewer in range(players):
            svg = render_svg(whole, viewer=viewer)
            view = player_view(whole, viewer)
            assert svg == render_svg(view)
            assert _components(svg, "card") == _visible_cards(view)
            assert _components(svg, "colony") == _visible_colonies(view)
            ids = {g.attrib["data-id"] for g in ET.fromstring(svg).iter(f"{SVG}g") if "data-id" in g.attrib}
            assert HIDDEN not in ids
            leaked = hidden_from(whole, viewer) & _words(svg)
            assert not leaked, f"{player_name(whole, viewer)} sees {sorted(leaked)[:3]}"
            parts = render_svg_parts(whole, viewer=viewer)
            assert parts == render_svg_parts(view)
            assert not hidden_from(whole, viewer) & set().union(*map(_words, parts))


@pytest.mark.slow
@suite_settings(0.25)
@given(played_games())
def test_a_seat_s_pictures_name_nothing_it_may_not_see(game: PlayedGame) -> None:
    for state in sampled(game, every=31):
        for seat in range(len(state.players)):
            drawn = (render_svg(state, viewer=seat), *render_svg_parts(state, viewer=seat))
            leaked = hidden_from(state, seat) & set().union(*map(_words, drawn))
            assert not leaked, f"{player_name(state, seat)} sees {sorted(leaked)[:3]}"


def test_other_players_drawn_cards_are_backs_in_a_view() -> None:
    state = new_game(GameConfig(players=3, seed=2))
    state = apply_move(state, legal_moves(state)[0])
    assert all(p.drawn for p in state.players)
    svg = render_svg(state, viewer=0)
    assert svg.count(">hidden card</text>") == 4
    for card in state.players[0].drawn:
        assert f'data-id="{card}" data-player="0"' in svg
    assert "as P0 (monkey) sees it" in svg


#: The narrowest box a picture is shown in on the site: a rulebook example on a phone 390 px
#: wide (the page's margins and the example's frame leave 339 CSS px).
NARROWEST = 339
#: The least text size, in CSS px, the site's pictures may show (Apple's Human Interface
#: Guidelines give 11 pt, a CSS px on a phone, as the smallest legible text).
LEGIBLE = 11


def _text_sizes(svg: str) -> list[float]:
    return [float(text.attrib["font-size"]) for text in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (4, False), (5, True)])
def test_every_part_is_legible_at_a_phone_s_width(players: int, advanced: bool) -> None:
    assert MIN_TEXT * NARROWEST / PART_WIDTH >= LEGIBLE
    for state in _positions(players, advanced, seed=20 + players, every=29):
        for viewer in (None, players - 1):
            for part in render_svg_parts(state, viewer):
                root = ET.fromstring(part)
                assert root.attrib["width"] == str(PART_WIDTH)
                assert root.attrib["viewBox"] == f"0 0 {PART_WIDTH} {root.attrib['height']}"
                assert min(_text_sizes(part)) >= MIN_TEXT
        assert min(_text_sizes(render_svg(state))) >= MIN_TEXT


def test_a_board_says_who_acts_and_who_won() -> None:
    state = new_game(GameConfig(players=3, seed=2))
    state = apply_move(state, legal_moves(state)[0])
    boards = render_svg_parts(state)[2:]
    assert all(">to act</text>" in board for board in boards)
    start, final = _positions(3, False, seed=4, every=10_000)
    crowned = [">winner</text>" in board for board in render_svg_parts(final)[2:]]
    assert [seat for seat, won in enumerate(crowned) if won] == list(winners(final))
    assert ">winner</text>" not in render_svg(start)


def test_ids_are_escaped() -> None:
    odd = 'x<&">y'
    state = scenario_position(
        {
            "config": {"players": 2, "seed": 1},
            "components": {
                "cards": [{"id": odd, "epoch": 1, "color": "red", "cost": 2, "points": 1, "military": 1}]
            },
            "given": {"players": {0: {"cards": [odd]}}},
        }
    )
    svg = render_svg(state)
    assert _components(svg, "card")[(odd, "0")] == 1


def test_a_view_is_drawn_only_for_its_own_viewer() -> None:
    view = player_view(new_game(GameConfig(players=2, seed=1)), 1)
    assert render_svg(view, viewer=1) == render_svg(view)
    with pytest.raises(ValueError, match="already a player view"):
        render_svg(view, viewer=0)


def test_the_wheel_shows_where_each_crest_draws() -> None:
    state = new_game(GameConfig(players=3, seed=1))
    svg = render_svg(apply_move(state, legal_moves(state)[2]))
    for color in ("yellow", "red", "blue", "green", "purple"):
        assert f">{color}</text>" in svg
    for crest in ("monkey", "dragon", "lion", "pegasus", "scarab"):
        assert f">{crest}</text>" in svg


# --------------------------------------------------------------------------- hadara render


@pytest.fixture(scope="module")
def record() -> GameRecord:
    rng = random.Random(1)
    config = GameConfig(players=2, seed=1)
    state = new_game(config)
    moves = []
    for _ in range(30):
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply_move(state, move)
    return GameRecord(config, tuple(moves))


def test_render_writes_a_record_s_position(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(to_json(record), encoding="utf-8")
    out = tmp_path / "out.svg"
    assert main(["render", str(path), "--at", "12", "--viewer", "1", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None and "move 12" in title.text
    assert "as P1 (dragon) sees it" in out.read_text(encoding="utf-8")


def test_render_reads_a_position_document(
    record: GameRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(record.config)
    for move in record.moves[:5]:
        state = apply_move(state, move)
    path = tmp_path / "position.yaml"
    path.write_text(to_yaml(state), encoding="utf-8")
    assert main(["render", str(path)]) == 0
    assert ET.fromstring(capsys.readouterr().out).tag == f"{SVG}svg"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["nowhere.json"], "nowhere.json: cannot read the file"),
        (["{game}", "--at", "99"], "--at must be between 0 and 30, not 99"),
        (["{game}", "--viewer", "2"], "--viewer must be a player of this game (0 to 1)"),
        (["{position}", "--at", "1"], "--at applies to game records"),
        (["{game}", "--at", "x"], "expected a whole number"),
        (["{broken}"], "broken.json"),
        ([], "the following arguments are required: FILE"),
        (["{game}", "-o", "{folder}"], "cannot write the picture"),
    ],
)
def test_render_refuses_bad_input_in_one_line(
    args: list[str], says: str, record: GameRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {
        "game": tmp_path / "game.json",
        "position": tmp_path / "position.json",
        "broken": tmp_path / "broken.json",
        "folder": tmp_path,
    }
    files["game"].write_text(to_json(record), encoding="utf-8")
    files["position"].write_text(to_json(new_game(record.config)), encoding="utf-8")
    files["broken"].write_text('{"schema_version": 1, "kind": "game_record", "data": {', encoding="utf-8")
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    try:
        code = main(["render", *argv])
    except SystemExit as exit_:  # argument errors leave through argparse
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("hadara: ")
    assert err.count("\n") == 1
    assert says in err


# --------------------------------------------------------------------------- str(state)


def test_summary_says_where_the_game_is_and_who_acts() -> None:
    state = new_game(GameConfig(players=3, seed=1))
    state = apply_move(state, legal_moves(state)[0])
    lines = summary(state).splitlines()
    assert lines[0] == (
        "Epoch I, phase A: draft (round 1 of 5, wheel 0); move 1; first player P0 (monkey); "
        "to act: P0 (monkey), P1 (dragon), P2 (lion)"
    )
    p = state.players[1]
    assert (
        f"P1 (dragon): {p.coins} coins; income {p.tracks.income}, military {p.tracks.military}, "
        f"culture {p.tracks.culture}, food {p.tracks.food}"
    ) in lines
    assert summary(player_view(state, 2)).splitlines()[0].endswith("(as P2 (lion) sees it)")
    final = _positions(2, False, seed=3, every=10_000)[-1]
    assert summary(final).splitlines()[0] == f"The game is over; move {final.ply}"


def test_a_purple_card_says_its_ability_in_words_with_its_rule_id() -> None:
    """A purple card's face and title say what it does, not its bare rule ID (PURPLE-1..16)."""
    rng = random.Random(2)
    state = new_game(GameConfig(players=3, seed=2))
    for _ in range(120):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state, rng.choice(state.to_act))))
    picture = render_svg(player_view(state, 0))
    titled = set(re.findall(r"<title>([^:<]+):", picture))
    purple = [c for c in state.catalogue.cards.values() if c.effect is not None and c.id in titled]
    assert purple
    for card in purple:
        assert card.effect is not None
        words = ability(card.effect, card.effect_color)
        assert words != card.effect and f"({card.effect})" in words
        assert html.escape(words) in picture
    assert not re.search(r"[ ,>]PURPLE-\d+[<,\"]", picture)  # never the bare ID
