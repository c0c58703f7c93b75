"""Settling a dispute at the web table, for Hadara and for Stone Age: a finished match replayed
to a point whose link opens there; the analysis board at that point, a legal and an illegal
move tried (the rule's text shown), a counter edited so that the disputed move changes its
verdict (and an edit the game refuses shown at its field); the scenario exported and run by
``hadara check``; the dispute's link opened in a fresh page with the verdict, and the
scenario imported there. A record file replays the same way, and a dispute link shows what
it carries as text only."""

from __future__ import annotations

import base64
import html
import json
import re
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from boardtable.cli import main as hadara
from boardtable.games import game as game_named

from .table import WIDE, create_match, seat_address, summary, table_page, token, wait_until

pytestmark = pytest.mark.browser

Json = dict[str, Any]


def _finished(server: str, game: str, seed: int) -> str:
    """A 2-seat match of ``game`` its random bots played to the end: its id."""
    match = str(create_match(server, game=game, players=2, seats=["random", "random"], seed=seed)["match"])
    deadline = time.monotonic() + 60
    while not summary(server, match)["over"]:
        assert time.monotonic() < deadline, "the bots' match did not end"
        time.sleep(0.1)
    return match


def _replay(server: str, match: str, at: int) -> Json:
    answer = httpx.get(f"{server}/api/matches/{match}/replay", params={"at": at, "seat": "all"}, timeout=10)
    assert answer.status_code == 200, answer.text
    found: Json = answer.json()
    return found


def _analysis(server: str, game: str, position: Json, move: object = None) -> Json:
    answer = httpx.post(
        f"{server}/api/games/{game}/analysis",
        json={"position": position, "seat": None, "move": move},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text
    found: Json = answer.json()
    return found


def _edited(position: Json, seat: int, counter: str, value: int) -> Json:
    copy: Json = json.loads(json.dumps(position))
    copy["data"]["players"][seat][counter] = value
    return copy


@dataclass(frozen=True)
class Dispute:
    """A game's dispute: the point (``at``) and ``seat``, the ``disputed`` move, a move the
    rules refuse there (``illegal``), and the edit (``counter`` of the seat set to ``value``)
    that changes the disputed move's verdict, to a refusal under ``rule`` or (None) to legal."""

    at: int
    seat: int
    disputed: Json
    illegal: Json
    counter: str
    value: int
    rule: str | None


def _hadara_dispute(server: str, match: str) -> Dispute:
    """A point where a seat may buy a drafted card (the disputed move, legal) that it could not
    pay for with 0 coins (BUY-1), and a move of the seat's the rules refuse there."""
    last = _replay(server, match, 0)["last"]
    for at in range(last):
        position = _replay(server, match, at)["position"]
        for seat, entries in _analysis(server, "hadara", position)["legal"].items():
            for entry in entries:
                move = entry["move"]
                if move["type"] != "draft" or move["action"] != "buy":
                    continue
                refusal = _analysis(server, "hadara", _edited(position, int(seat), "coins", 0), move)[
                    "refusal"
                ]
                if refusal is None:
                    continue
                illegal = {"type": "buy_gold", "player": int(seat)}
                assert _analysis(server, "hadara", position, illegal)["refusal"] is not None
                return Dispute(at, int(seat), move, illegal, "coins", 0, refusal["rule"])
    raise AssertionError("no point of the match has a card to buy")


def _stone_age_dispute(server: str, match: str) -> Dispute:
    """A point where a seat places its people, and placing one more than it has (the disputed
    move) is refused (PLACE-1) until the seat has one more person."""
    last = _replay(server, match, 0)["last"]
    for at in range(last):
        position = _replay(server, match, at)["position"]
        for seat, entries in _analysis(server, "stone-age", position)["legal"].items():
            places = [entry["move"] for entry in entries if entry["move"]["type"] == "place"]
            people = position["data"]["players"][int(seat)]["people"]
            if not places or people >= 10:
                continue
            most = max(move["people"] for move in places)
            move = {"type": "place", "player": int(seat), "location": "hunting", "people": most + 1}
            if _analysis(server, "stone-age", position, move)["refusal"] is None:
                continue
            if _analysis(server, "stone-age", _edited(position, int(seat), "people", people + 1), move)[
                "played"
            ]:
                return Dispute(at, int(seat), move, move, "people", people + 1, None)
    raise AssertionError("no point of the match has people to place")


def _rule_shown(page: Page, game: str, rule: str) -> None:
    """The verdict names ``rule`` and shows its text, as the game's rulebook has it."""
    text = page.locator("#verdict .rule-text, #dispute-verdict .rule-text").first
    expect(text).to_contain_text(rule)
    found = game_named(game).rule(rule)
    assert found is not None, rule
    expect(text).to_contain_text(str(found["text"])[:40])


@pytest.mark.parametrize("game", ["hadara", "stone-age"])
def test_a_dispute_is_settled_from_a_replay(server: str, browser: Browser, tmp_path: Path, game: str) -> None:
    match = _finished(server, game, seed=5)
    dispute = (_hadara_dispute if game == "hadara" else _stone_age_dispute)(server, match)
    at = dispute.at
    # the replay, at its last point, stepped to the point by its log and the arrow keys
    with table_page(browser, WIDE, f"{server}/?replay={match}", game=game) as page:
        page.locator(f'#replay-log li[data-at="{at + 1}"] button').click()
        expect(page.locator("#replay-slider")).to_have_value(str(at + 1))
        page.locator("#replay-heading").click()
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#replay-slider")).to_have_value(str(at))
        expect(page.locator("#replay-log li.current")).to_have_attribute("data-at", str(at))
        page.select_option("#replay-seat", "0")
        expect(page.locator("#replay-link")).to_have_value(f"{server}/?replay={match}&at={at}&seat=0")
        shared = page.locator("#replay-link").input_value()
    # the link opens there; the analysis board at that point
    with table_page(browser, WIDE, shared, game=game) as page:
        expect(page.locator("#replay-slider")).to_have_value(str(at))
        expect(page.locator("#replay-seat")).to_have_value("0")
        expect(page.locator('#replay-log li[aria-current="step"]')).to_have_attribute("data-at", str(at))
        page.click("#replay-analyse")
        moves = page.locator("#analysis-moves button.move")
        expect(moves.first).to_be_visible()
        # a legal move plays on a branch, which is undone
        if game == "hadara":
            disputed = _analysis(server, game, _replay(server, match, at)["position"], dispute.disputed)
            page.locator(
                f'#analysis-moves button.move[data-notation="{disputed["played"]["notation"]}"]'
            ).click()
        else:
            moves.first.click()
        expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
        expect(page.locator("#analysis-tree button.tree-move")).to_have_count(2)
        page.click("#analysis-back")
        expect(page.locator("#analysis-tree button.tree-move").first).to_have_attribute(
            "aria-current", "step"
        )
        # an illegal one, typed as JSON, shows its rule and the rule's text
        page.fill("#try-move", json.dumps(dispute.illegal))
        page.click("#try-button")
        expect(page.locator("#verdict")).to_have_attribute("data-verdict", "illegal")
        refused = _analysis(server, game, _replay(server, match, at)["position"], dispute.illegal)["refusal"]
        _rule_shown(page, game, refused["rule"])
        if game == "hadara":  # the disputed move is the legal buy
            page.locator(
                f'#analysis-moves button.move[data-notation="{disputed["played"]["notation"]}"]'
            ).click()
            expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
            page.click("#analysis-back")
        # the editor: a count the game refuses is shown at its field, then the counter edited
        page.click("#edit-position")
        field = page.locator(f'input[name="data.players.{dispute.seat}.{dispute.counter}"]')
        slot = page.locator(f'[data-for="data.players.{dispute.seat}.{dispute.counter}"]')
        field.fill("-1" if game == "hadara" else "4")
        field.dispatch_event("change")
        expect(slot).not_to_be_empty()
        field.fill(str(dispute.value))
        field.dispatch_event("change")
        expect(slot).to_be_empty()
        flipped = "legal" if dispute.rule is None else "illegal"
        expect(page.locator("#verdict")).to_have_attribute("data-verdict", flipped)
        if dispute.rule is not None:
            _rule_shown(page, game, dispute.rule)
        # the scenario, exported, holds for `hadara check`
        with page.expect_download() as download:
            page.click("#export-scenario")
        exported = tmp_path / "dispute.json"
        download.value.save_as(exported)
        assert hadara(["check", str(exported)]) == 0
        assert json.loads(exported.read_text())["game"] == game
        page.click("#make-link")
        link = page.locator("#dispute-link").input_value()
    # the dispute's link, in a fresh page, with the verdict
    with table_page(browser, WIDE, link, game=game) as page:
        verdict = page.locator("#dispute-verdict")
        expect(verdict).to_have_attribute("data-verdict", flipped)
        if dispute.rule is not None:
            _rule_shown(page, game, dispute.rule)
        expect(page.locator("#dispute-move")).to_contain_text(f'"player":{dispute.seat}')
        # the exported scenario, imported, opens on the analysis board with the same verdict
        page.set_input_files("#file-input", str(exported))
        expect(page.locator("#verdict")).to_have_attribute("data-verdict", flipped)
        expect(page.locator("#scenario-title")).to_have_value("Was that legal?")


def _fragment(document: object) -> str:
    """A dispute link's fragment, as the page writes one: base64url of deflate-raw JSON."""
    packer = zlib.compressobj(wbits=-15)
    packed = packer.compress(json.dumps(document).encode()) + packer.flush()
    return "v1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_dispute_link_shows_what_it_carries_as_text_only(server: str, browser: Browser) -> None:
    stone_age = game_named("stone-age")
    start = stone_age.position_data(stone_age.new(stone_age.read_options({}, 2, 1)))
    title = '<img src="x" onerror="document.title=\'run\'">Who places first?'
    document = {
        "scenario": 1,
        "game": "stone-age",
        "title": title,
        "position": start,
        "moves": [{"type": "place", "player": 0, "location": "hunting", "people": 6}],
        "expect": {"illegal": {"move": 0, "rule": "PLACE-1"}},
    }
    with table_page(browser, WIDE, f"{server}/?dispute#{_fragment(document)}", game="stone-age") as page:
        expect(page.locator("#dispute-verdict")).to_have_attribute("data-verdict", "illegal")
        expect(page.locator("#dispute-heading")).to_have_text(title)
        assert page.locator("#dispute img").count() == 0
        assert page.title() != "run"
        _rule_shown(page, "stone-age", "PLACE-1")
        page.goto(f"{server}/?dispute#v1.not-deflate")
        expect(page.locator("#dispute-heading")).to_have_text("This link holds no dispute")


def test_a_record_file_replays_and_its_position_is_analysed(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    match = _finished(server, "hadara", seed=8)
    record = tmp_path / "record.json"
    record.write_text(httpx.get(f"{server}/api/matches/{match}/record", timeout=10).text)
    with table_page(browser, WIDE, f"{server}/?review") as page:
        page.set_input_files("#file-input", str(record))
        plies = summary(server, match)["ply"]
        expect(page.locator("#replay-slider")).to_have_value(str(plies))
        page.click("#replay-first")
        expect(page.locator("#replay-at")).to_have_text(f"Move 0 of {plies}")
        page.click("#replay-analyse")
        expect(page.locator("#analysis-moves button.move").first).to_be_visible()


def test_an_unfinished_match_replays_for_its_seat_up_to_now(server: str, browser: Browser) -> None:
    """A seat's table links to the replay, which shows the seat's own view up to now and offers
    neither another seat's nor the whole position before the end."""
    created = create_match(server, game="stone-age", players=2, seats=["random", "human"], seed=3)
    match = str(created["match"])
    wait_until(lambda: summary(server, match)["seq"] > 0)  # the bot, the start player, has placed
    with table_page(browser, WIDE, seat_address(server, match, token(created, 1)), game="stone-age") as page:
        page.click("#replay-open")
        expect(page.locator("#replay-seat")).to_have_value("1")
        options = page.locator("#replay-seat option").evaluate_all("options => options.map(o => o.value)")
        assert options == ["", "1"]
        last = summary(server, match)["seq"] - 1
        expect(page.locator("#replay")).to_have_attribute("data-at", str(last))
        assert "token=" not in page.locator("#replay-link").input_value()


_DATA_ID = re.compile(r'data-id="([^"]*)"')


def _ids_shown(page: Page, frame: str) -> list[str]:
    """The ``data-id`` of every node of the picture in ``frame``, sorted."""
    found: list[str] = page.locator(f"#{frame} [data-id]").evaluate_all(
        "nodes => nodes.map(node => node.getAttribute('data-id'))"
    )
    return sorted(found)


def _ids_drawn(svg: str) -> list[str]:
    return sorted(html.unescape(found) for found in _DATA_ID.findall(svg))


@pytest.mark.parametrize("game", ["hadara", "stone-age"])
def test_a_replay_and_the_analysis_board_show_the_game_s_picture(
    server: str, browser: Browser, game: str
) -> None:
    """A replay's point shows the server's picture of that point as the seat saw it (its
    ``data-id``s, every one), the words folded under it; the analysis board shows the picture of
    the position after a legal move tried, and a part of it that names moves lists them alone."""
    match = _finished(server, game, seed=6)
    at = 4
    with table_page(browser, WIDE, f"{server}/?replay={match}&at={at}&seat=1", game=game) as page:
        frame = page.locator("#replay-picture")
        expect(frame).to_have_attribute("data-at", str(at))
        expect(frame).to_have_attribute("data-seat", "1")
        drawn = httpx.get(f"{server}/api/matches/{match}/picture", params={"at": at, "seat": 1}, timeout=10)
        assert drawn.status_code == 200 and _ids_drawn(drawn.text)
        assert _ids_shown(page, "replay-picture") == _ids_drawn(drawn.text)
        words = page.locator("#replay-words")
        assert words.get_attribute("open") is None
        expect(page.locator("#replay-drawing")).to_be_hidden()
        page.click("#replay-words > summary")
        expect(page.locator("#replay-drawing [data-field]").first).to_be_visible()
        # another point, as the whole table: its own picture
        page.select_option("#replay-seat", "all")
        expect(frame).to_have_attribute("data-seat", "all")
        whole = httpx.get(
            f"{server}/api/matches/{match}/picture", params={"at": at, "seat": "all"}, timeout=10
        )
        assert _ids_shown(page, "replay-picture") == _ids_drawn(whole.text)
        # the analysis board: the position after a legal move, drawn
        page.click("#replay-analyse")
        first = page.locator("#analysis-moves button.move").first
        expect(first).to_be_visible()
        first.click()
        expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
        position = _replay(server, match, at)["position"]
        played = _analysis(server, game, position, _first_legal(server, game, position))["played"]
        expect(page.locator("#analysis-picture")).to_have_attribute("data-digest", played["digest"])
        after = httpx.post(
            f"{server}/api/games/{game}/picture", json={"position": played["position"]}, timeout=10
        )
        assert after.status_code == 200 and _ids_shown(page, "analysis-picture") == _ids_drawn(after.text)
        assert page.locator("#analysis-words").get_attribute("open") is None
        # a part of the picture that names moves lists those moves alone, as at the table
        playable = page.locator("#analysis-picture [data-playable]")
        expect(playable.first).to_be_attached()
        playable.first.click()
        expect(page.locator("#analysis-chosen")).to_be_visible()
        listed = page.locator("#analysis-moves button.move").count()
        assert listed >= 1
        page.click("#analysis-all-moves")
        expect(page.locator("#analysis-chosen")).to_be_hidden()
        assert page.locator("#analysis-moves button.move").count() >= listed


def _first_legal(server: str, game: str, position: Json) -> object:
    """The move the board lists first: the first legal move of the first seat to act."""
    legal = _analysis(server, game, position)["legal"]
    return legal[next(iter(legal))][0]["move"]
