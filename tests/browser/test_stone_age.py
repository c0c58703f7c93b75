"""Stone Age at the web table: a match made in the lobby's form and played by clicking its drawn
board through to its score sheet against a bot (at a desktop's and a phone's width, no move
ever showing its notation), and two people's pages of which neither ever shows the card the
other took face down under CIV-13 (INFO-2)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, Response, WebSocket, expect

from stone_age_rules import GameConfig, Place, apply_move_with_events, new_game, player_view
from stone_age_rules.bots import make_bot
from stone_age_rules.records import GameRecord, from_json
from stone_age_rules.text import item_text

from .table import (
    NARROW,
    WAIT_MS,
    WIDE,
    confirm,
    create_match,
    game_sheet_lines,
    seat_address,
    sheet_lines,
    shot,
    shown_ply,
    summary,
    table_page,
    token,
    view,
    wait_for_turn,
    wait_settled,
)

pytestmark = pytest.mark.browser

#: How many moves the person may make in a whole 2-player game at most (about 220 are made).
MOST_MOVES = 600
#: Words of the server's events and the picture's ids a player would not say: a location's
#: id (`clay_pit`, `building1`) or a hidden card's back (`?`).
RAW_WORDS = re.compile(r"\b(?:clay_pit|tool_maker|building[1-4]|card[1-4])\b|(?:^|\s)\?(?:[\s:]|$)")


def _stone_age_record(base: str, match: str) -> GameRecord:
    answer = httpx.get(f"{base}/api/matches/{match}/record", timeout=10)
    assert answer.status_code == 200, answer.text
    return from_json(answer.text, GameRecord)


def _create_in_the_form(page: Page, seed: int) -> tuple[str, str]:
    """A 2-player Stone Age match against the greedy bot, made in the lobby's form: its id and
    the person's table."""
    page.select_option("#game", "stone-age")
    # the game's own seat counts and bots, as the server's catalogue gives them
    assert page.locator("#players option").all_text_contents() == ["2", "3", "4"]
    kinds = page.locator("#seat-1-kind option").evaluate_all("options => options.map(o => o.value)")
    assert kinds == ["human", "open", "greedy", "ismcts", "random"]
    assert page.locator("#option-max_rounds").count() == 1  # its options, read from their schema
    assert page.locator("#option-advanced").count() == 0  # and none of Hadara's
    _options_read_in_words(page)
    page.fill("#seat-0-name", "Ada")
    page.select_option("#seat-1-kind", "greedy")
    page.fill("#seed", str(seed))
    page.click("#create-button")
    address = page.locator("#links a.open").first.get_attribute("href")
    assert address is not None and "#token=" in address
    match = address.split("?match=")[1].split("#")[0]
    assert summary(page.url.split("/?")[0].rstrip("/"), match)["game"] == "stone-age"
    return match, address


def _options_read_in_words(page: Page) -> None:
    """The options are titled and described in a player's words, each rule ID a button that
    opens Stone Age's rule (not Hadara's)."""
    options = page.locator("#game-options")
    said = options.inner_text()
    assert "Last round" in said and "Start player" in said and "(default" not in said
    assert "max_rounds" not in said and "(variant)" not in said
    buttons = options.locator("button.rule")
    assert buttons.all_text_contents() == ["FLOW-6", "SETUP-7", "CIV-12"]
    buttons.first.click()
    opened = options.locator(".rule-text")
    expect(opened).to_contain_text("FLOW-6: ")
    expect(opened).to_contain_text("max_rounds")  # Stone Age's FLOW-6, the rule the option sets
    buttons.first.click()
    assert opened.count() == 0


def _columns_visible(page: Page) -> None:
    """Every column of the score sheet lies inside the window, none scrolled out of view, its
    text no smaller than 12 px."""
    fits = page.evaluate(
        """() => {
             const wrap = document.querySelector('.sheet-wrap');
             const cells = Array.from(document.querySelectorAll('.sheet th, .sheet td'));
             return wrap.scrollWidth <= wrap.clientWidth
               && cells.every(cell => {
                    const box = cell.getBoundingClientRect();
                    return box.left >= 0 && box.right <= window.innerWidth && box.width > 0
                      && parseFloat(getComputedStyle(cell).fontSize) >= 12;
                  });
           }"""
    )
    assert fits


#: The words of a move's notation that a player never reads: a location's id, the notation's
#: own words, and its amounts (``clay_pit``, ``building1``, ``takeback``, ``pay=``, ``3wood``).
_NOTATION_WORD = re.compile(r"[a-z]+_[a-z]+|[a-z]+[0-9]+|[0-9]+[a-z]+|takeback|pay=")


def _notation_words(legal: list[dict[str, object]]) -> set[str]:
    """The notation words of every legal move (``P0 takeback clay_pit``: ``takeback``,
    ``clay_pit``), and each move's notation of several words without its seat."""
    found: set[str] = set()
    for entry in legal:
        notation = str(entry["notation"]).split(" ", 1)[1]
        if " " in notation:  # one word alone (`hungry`) is a player's word too
            found.add(notation)
        found.update(word for word in re.split(r"[ ,=]", notation) if _NOTATION_WORD.search(word))
        found.update(f"{word}=" for word in re.findall(r"(\w+)=", notation))
    return found


def _shown_text(page: Page) -> str:
    """What the page shows in words: the page's text and the picture's (its tooltips aside)."""
    text: str = page.evaluate(
        """() => document.body.innerText + ' | ' + Array.from(
             document.querySelectorAll('#picture text'), node => node.textContent).join(' | ')"""
    )
    return text


def _no_notation_shown(page: Page, legal: list[dict[str, object]]) -> int:
    """No word of the legal moves' notation is on the screen; how many words were looked for."""
    shown = _shown_text(page)
    words = _notation_words(legal)
    seen = [word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", shown)]
    assert not seen, seen
    return len(words)


def _play_on_the_board(page: Page, rng: random.Random, placed: list[tuple[str, int]]) -> str:
    """One move by clicking the drawn board where a location names moves: the location
    clicked lists its moves; a placement's head-count is chosen beside it (at random) and a
    second click on the location plays it; a location with several moves (which payment) has
    one chosen from its list. Elsewhere (tools, dice, feeding) a move of the list is chosen
    and confirmed. Returns how: ``"board"`` or ``"list"``; each placement made is added to
    ``placed`` (its location and head-count)."""
    before = shown_ply(page)
    playable = page.locator("#picture [data-playable]")
    how = "list"
    if playable.count() > 0:
        component = playable.nth(rng.randrange(playable.count()))
        location = component.get_attribute("data-id") or ""
        component.click()
        how = "board"
        assert page.locator("#picture [data-selected]").count() == 1  # the location chosen is marked
        listed = page.locator("#moves .move-list > *")
        if listed.count() == 1:
            count = page.locator("#moves select.count")
            if count.count() == 1:  # how many people go: one chooser, not a button per count
                values = count.locator("option").all_text_contents()
                chosen = rng.choice(values)
                count.select_option(label=chosen)
                placed.append((location, int(chosen)))
            else:
                notation = page.locator("#moves button.move").get_attribute("data-notation") or ""
                placing = re.fullmatch(r"P\d place \w+ (\d+)", notation)  # its head-count last
                if placing is not None:
                    placed.append((location, int(placing[1])))
            assert page.locator("#moves button.move[aria-pressed=true]").count() == 1  # its move is chosen
            component.click()  # a second click on the location plays it
        else:
            confirm(page, page.locator("#moves button.move").nth(rng.randrange(listed.count())))
    else:
        buttons = page.locator("#moves button.move:not([disabled])")
        confirm(page, buttons.nth(rng.randrange(buttons.count())))
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=before, timeout=WAIT_MS
    )
    return how


@pytest.mark.parametrize("width", [WIDE, NARROW])
def test_a_whole_stone_age_game_against_a_bot_is_played_on_the_drawn_board(
    server: str, browser: Browser, screenshots: Path, width: int
) -> None:
    """Made in the lobby's form and played to the score sheet by clicking the drawn board,
    at a desktop's width and a phone's: every answer and message the page is sent fits its
    schema as sent, the header names the game, no move shows its notation, each move is
    listed in the server's words of it, and the head-count of every placement is the one
    chosen beside it."""
    with table_page(browser, width, f"{server}/", game="stone-age") as page:
        match, address = _create_in_the_form(page, seed=7)
        page.goto(address)
        page.wait_for_selector("#picture svg")
        assert (page.locator("#bar-note").text_content() or "").startswith("You play P0 · Ada")
        assert page.locator("header .brand").text_content() == "Stone Age"
        # one line per location where people may go, the head-count beside it
        assert page.locator("#moves .move-list > *").count() == 14
        assert page.locator("#moves select.count").count() == 5
        rng = random.Random(width)
        ways: list[str] = []
        placed: list[tuple[str, int]] = []
        looked_for = warned = 0
        while wait_for_turn(server, match, page):
            assert len(ways) < MOST_MOVES, "the game did not end"
            seq = int(page.locator("#table").get_attribute("data-seq") or 0)
            legal = view(server, match, _token_of(address), seq)["legal"]
            looked_for += _no_notation_shown(page, legal)
            # each move in the server's words of it (the terminal's); a placement listed once
            # with its head-count chosen beside it, its words without the count
            said = {entry["text"] for entry in legal}
            listed = page.locator("#moves button.move .what").all_text_contents()
            assert listed and set(listed) <= said | {re.sub(r": \d+$", "", text) for text in said}, listed
            warned += page.locator("#moves .preview", has_text="you cannot pay for it yet").count()
            if len(ways) == 6:
                shot(page, screenshots, "stone-age-table", width)
            ways.append(_play_on_the_board(page, rng, placed))
        assert looked_for > 500 and warned > 0

        # the score sheet: a column per player, a row per line of the sheet, the total their sum
        result = _stone_age_record(server, match).result
        assert result is not None
        assert page.locator("#turn").text_content() == "The game is over"
        lines = page.locator(".sheet tbody tr").evaluate_all("rows => rows.map(r => r.dataset.line)")
        assert lines == [
            "during_game",
            "culture",
            "farmers",
            "tool_makers",
            "hut_builders",
            "shamans",
            "resources",
            "total",
            "tie_break",
        ]
        assert sheet_lines(page) == game_sheet_lines("stone-age")  # headed by the Python's names
        totals = page.locator(".sheet tr.total td").all_text_contents()
        assert totals == [str(sheet.total) for sheet in result.scores]
        winners = page.locator(".winners").text_content() or ""
        assert all(f"P{seat}" in winners for seat in result.winners)
        _columns_visible(page)
        shot(page, screenshots, "stone-age-end", width)

        # the log reads as sentences: no location's id, no card's back; its rules are Stone Age's
        log = page.locator("#log li .line").all_text_contents()
        assert len(log) > 50 and not [line for line in log if RAW_WORDS.search(line)]
        page.locator("#log li button.rule", has_text="PLACE-1").first.click()
        expect(page.locator("#log .rule-text").first).to_contain_text("PLACE-1: ")
        expect(page.locator("#log .rule-text").first).not_to_contain_text("could not be had")

        # "my matches" says which game the match is, and that it is over
        page.goto(f"{server}/")
        row = page.locator(f'#my-list li[data-match="{match}"]')
        row.wait_for()
        assert row.get_attribute("data-game") == "stone-age" and row.get_attribute("data-state") == "over"
        assert "Stone Age" in (row.text_content() or "")

    moves = _stone_age_record(server, match).moves
    played = {type(move).__name__ for move in moves if move.player == 0}
    assert {"Place", "Act", "UseTools"} <= played, played
    # every placement made on the board took the head-count chosen beside it
    made = [
        (move.location.value, move.people) for move in moves if move.player == 0 and isinstance(move, Place)
    ]
    assert made == placed
    assert ways.count("board") >= 20 and any(count > 1 for _, count in placed), ways


def _token_of(address: str) -> str:
    return address.split("#token=")[1]


def _greedy_until_a_card_is_drawn(seed: int) -> tuple[list[str], int, str]:
    """The moves of two greedy players of a 2-player game up to the first card drawn under
    CIV-13: their notations, the seat that drew it and the card."""
    state = new_game(GameConfig(players=2, seed=seed))
    bot = make_bot("greedy")
    moves: list[str] = []
    while not state.is_over:
        seat = state.to_act[0]
        move = bot.choose(player_view(state, seat), seat)
        state, events = apply_move_with_events(state, move)
        moves.append(str(move))
        drawn = [event for event in events if event.rule == "CIV-13" and event.item]
        if drawn and drawn[0].player is not None and drawn[0].item is not None:
            return moves, drawn[0].player, drawn[0].item
    raise AssertionError(f"no card is drawn under CIV-13 with seed {seed}")


class Sent:
    """Everything a page is sent by the server: its WebSocket messages and its answers of the API."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.answers: list[Response] = []

    def follow(self, page: Page) -> None:
        page.on("websocket", self._socket)
        page.on("response", self._answer)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._message)

    def _message(self, message: str | bytes) -> None:
        self.messages.append(message if isinstance(message, str) else message.decode())

    def _answer(self, answer: Response) -> None:
        if "/api/" in answer.url:
            self.answers.append(answer)

    def texts(self) -> list[str]:
        """Every message and answer's body, as text."""
        return self.messages + [answer.text() for answer in self.answers]


def test_neither_page_shows_the_card_the_other_seat_drew_face_down(server: str, browser: Browser) -> None:
    seed = 10  # a card is drawn under CIV-13 at about the 90th move
    moves, drawer, card = _greedy_until_a_card_is_drawn(seed)
    created = create_match(server, game="stone-age", players=2, seats=["human", "human"], seed=seed)
    match = created["match"]
    tokens = {seat: token(created, seat) for seat in (0, 1)}
    # the card's id as a word (`c33`, not in `c330`; the SVG's texts run together, `c33P1`)
    hidden_word = re.compile(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![0-9])")
    sent: dict[int, Sent] = {0: Sent(), 1: Sent()}
    with (
        table_page(browser, WIDE, game="stone-age") as first,
        table_page(browser, WIDE, game="stone-age") as second,
    ):
        pages = {0: first, 1: second}
        for seat, page in pages.items():
            sent[seat].follow(page)
            page.goto(seat_address(server, match, tokens[seat]))
            page.wait_for_selector("#picture svg")
        # the seats' moves through the API up to the draw, both pages following them live
        seq = 0
        for notation in moves:
            seat = int(notation.split()[0][1:])
            answer = httpx.post(
                f"{server}/api/matches/{match}/moves",
                json={"seq": seq, "move": notation},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                timeout=10,
            )
            assert answer.status_code == 200, answer.text
            seq = answer.json()["seq"]
        ply = summary(server, match)["ply"]
        assert ply == len(moves)
        for page in pages.values():
            wait_settled(page, ply)

        owner, other = pages[drawer], pages[1 - drawer]
        # the owner's page shows the card: on its board in the picture (its id in a tooltip) and
        # in the log, by what it shows
        assert hidden_word.search(owner.locator("#picture").text_content() or "")
        drew = f"drew a card: {item_text(card)}"
        assert any(drew in line for line in owner.locator("#log li").all_text_contents())
        # the other's page says a card was drawn face down, and names it nowhere
        assert any("drew a card face down" in line for line in other.locator("#log li").all_text_contents())
        assert not hidden_word.search(other.content())
        assert not hidden_word.search(other.locator("body").inner_text())
        assert not hidden_word.search(other.locator("#picture").text_content() or "")
        # nor in any answer of the API (its views, the picture) or WebSocket message it was sent
        texts = sent[1 - drawer].texts()
        assert any(json.loads(text).get("ply") == ply for text in texts if text.startswith("{"))
        assert not [text for text in texts if hidden_word.search(text)]
