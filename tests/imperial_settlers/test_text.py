"""Imperial Settlers in words: the terminal's board fits 80 columns and names cards only by what
the seat sees, never by a printed id; each event and each legal move is said in a player's
words, a card by its name (LOOK-6, DEAL-3: a card the seat does not see, face down); a card's
text is made from its data (CARD-14) with a working name marked provisional (README 5)."""

from __future__ import annotations

import re

import attrs
import pytest

from boardtable.games import game as game_interface
from imperial_settlers_rules import (
    Activate,
    Build,
    GameState,
    Tuck,
    apply_move_with_events,
    components,
    events_view,
    legal_moves,
    player_view,
)
from imperial_settlers_rules._moves import MOVE_TAGS
from imperial_settlers_rules.board import board_lines, own_lines
from imperial_settlers_rules.text import (
    _MOVES,
    PROVISIONAL,
    card_name,
    card_text,
    event_text,
    move_text,
    score_sheet_text,
)

from .tables import acting, card, game, playout, supply

#: A printed card id (``com001``) or a hidden card's back standing alone.
RAW = re.compile(r"\b(?:com|rom|bar|egy|jap)\d{3}\b|(?:^|\s)\?(?:\s|$)")


def _game(players: int, seed: int) -> list[GameState]:
    """Every position of a seeded random game but its start."""
    return [after for _, _, after in playout(game(players, seed), seed)]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
def test_the_board_fits_80_columns_and_names_no_id(players: int, seed: int) -> None:
    """Every seat's board (and a spectator's) over a whole game: lines of at most 80 columns,
    no printed id, the seat's own hand by name and the others' as a count."""
    states = _game(players, seed)
    for state in states[::7] + states[-1:]:
        for seat in (*range(players), None):
            lines = board_lines(player_view(state, seat), seat)
            assert all(len(line) <= 80 for line in lines), max(lines, key=len)
            assert not any(RAW.search(line) for line in lines), lines
            for other, player in enumerate(state.players):
                if other != seat:
                    assert f"P{other} (" in "\n".join(lines) and f"; hand {len(player.hand)}; " in "\n".join(
                        lines
                    )
    last = player_view(states[-1], 0)
    assert own_lines(last, 0)[0].startswith("You (") and own_lines(last, 0)[-1].startswith("VP if")


def test_every_event_is_said_in_words_without_an_id_or_a_back() -> None:
    """Every event of a 3-player game, as each seat sees it: its rule ID last, no printed id,
    no bare ``?``; a card another seat drew is face down, one's own by name (GOODS-7)."""
    seen = 0
    drawn: dict[int | None, set[str]] = {}
    for before, move, _ in playout(game(3, 2), 2):
        _, events = apply_move_with_events(before, move)
        for seat in (0, 1, 2, None):
            for event in events_view(events, seat):
                said = event_text(event)
                assert not RAW.search(said) and said.endswith(f"({event.rule})"), said
                if event.rule == "GOODS-7" and event.seat is not None:
                    drawn.setdefault(seat, set()).add(said.split(" (")[0].split(": ")[-1])
                seen += 1
    assert seen > 1000
    assert drawn[None] and all(words.endswith("deck") for words in drawn[None])  # never the card
    assert any(not words.endswith("deck") for words in drawn[0])  # its own by name


def test_every_legal_move_is_said_without_an_id() -> None:
    said = set()
    for before, _, _ in playout(game(4, 5), 5):
        view = player_view(before, before.to_act[0])
        for move in legal_moves(before):
            words = move_text(view, move)
            assert not RAW.search(words) and "=" not in words, words
            said.add(words.split(" ")[0])
    assert {"Pick", "Build", "Raze", "Activate", "Spend", "Pass", "Draw"} <= said


def test_a_build_says_the_card_what_is_paid_and_what_is_discarded() -> None:
    statue, quarry = card("com-statue"), card("com-quarry")
    state = acting(p0={"hand": (statue,), "empire": (quarry,), "supply": supply(wood=1, stone=2)})
    move = Build(0, statue, supply(wood=1, stone=2), discard=quarry)
    assert move_text(player_view(state, 0), move) == (
        "Build Statue, paying 1 wood and 2 stone and discarding Quarry"
    )


def test_a_cards_text_is_made_from_its_data() -> None:
    """CARD-14: production, a feature, an action with its uses a round and price, a building
    bonus, a raze field, a faction card's deal field (DEAL-4)."""
    assert card_text(card("com-quarry")) == (
        "Quarry: common production location, grey; cost 1 wood and 1 stone; raze: 2 stone. "
        "Production: gain 1 stone. Building bonus: gain 1 stone."
    )
    statue = card_text(card("com-statue"))
    assert "Building bonus: gain 1 card; gain 1 VP per grey location, at most 6." in statue
    for printed, copy in components().copies.items():
        said = card_text(printed)
        assert said.startswith(copy.card.name) and " cost " in said and not RAW.search(said)
        assert ("; deal: " in said) == (copy.deal is not None)
        assert ("provisional name; Czech " in said) == copy.card.name_provisional


def test_a_working_name_is_starred_and_the_board_says_what_the_star_means() -> None:
    """README section 5: a provisional name is the value in play, marked so players can see it."""
    provisional = card("rom-sculptors-apprentice")
    assert card_name(provisional).endswith("*") and not card_name(card("com-quarry")).endswith("*")
    state = acting(p0={"hand": (provisional,)})
    assert PROVISIONAL in board_lines(player_view(state, 0), 0)
    assert PROVISIONAL not in board_lines(player_view(state, 1), 1)


def test_the_score_sheet_has_a_line_per_part_of_the_score() -> None:
    sheet = score_sheet_text(_game(2, 1)[-1]).splitlines()
    assert sheet[0].split() == ["P0", "P1"]
    assert [line.split("  ")[0] for line in sheet[1:]] == [
        "VP during the game",
        "locations",
        "Gates and Shrines",
        "total",
        "tie-break: goods left",
        "tie-break: cards in hand",
    ]


def test_every_kind_of_move_has_its_words() -> None:
    """No move falls back to its notation: each kind of move is said by the text's own words."""
    assert set(_MOVES) == set(MOVE_TAGS.values())


def _cards(value: object) -> set[str]:
    """Every printed card id anywhere in ``value`` (a view, a step, a tuple …)."""
    if isinstance(value, str):
        return {value} if value in components().copies else set()
    if isinstance(value, tuple | list):
        return set().union(*map(_cards, value)) if value else set()
    if attrs.has(type(value)):
        fields = type(value).__attrs_attrs__  # type: ignore[attr-defined]
        return set().union(*(_cards(getattr(value, f.name)) for f in fields))
    return set()


def test_events_name_what_they_are_about_and_nothing_a_seat_s_view_hides() -> None:
    """The option chosen by its goods (CARD-14), the goods given back (CARD-27) or taken for
    workers (WORK-1), the card or good put under or on a location (CARD-26) and whose location
    is razed (RAZE-3); and every event as each seat sees it names only cards that seat's view
    shows, before or after the move (a card another seat put under a Gate, face down)."""
    said: dict[str, set[str]] = {}
    face_down = 0
    for players, seed in ((3, 2), (4, 3), (2, 4)):
        for before, move, after in playout(game(players, seed), seed):
            _, events = apply_move_with_events(before, move)
            for seat in (*range(players), None):
                shown = _cards(player_view(before, seat)) | _cards(player_view(after, seat))
                for event in events_view(events, seat):
                    named = {event.card, event.item} - {None, "?"}
                    assert named <= shown, (seat, event)
                    words = event_text(event)
                    said.setdefault(event.rule, set()).add(words)
                    face_down += "puts a card face down under" in words
    assert face_down
    assert any(re.fullmatch(r"P\d chooses \d+ \w.* \(CARD-14\)", w) for w in said["CARD-14"])
    assert any(re.fullmatch(r"P\d spends workers for \d .* \(WORK-1\)", w) for w in said["WORK-1"])
    assert any(
        re.fullmatch(r"P\d puts \S.* under Gate \(CARD-26\)", w) and "face down" not in w
        for w in said["CARD-26"]
    )
    assert all(re.fullmatch(r"P\d razes P\d's \S.* \(RAZE-3\)", w) for w in said["RAZE-3"])
    assert "P1 gives back 1 gold for VP (CARD-27)" in said["CARD-27"]
    assert not any("option" in w for words in said.values() for w in words)


def test_what_is_put_under_or_on_a_location_is_named_and_a_card_face_down_to_the_others() -> None:
    """CARD-26, LOOK-6: a good put on a Shrine is named to everyone; a card put under a Gate by
    its name to its owner, face down to the other seats and a spectator."""
    shrine, gate, quarry = card("jap-shrine"), card("jap-gate"), card("com-quarry")
    state = acting(
        ("japanese", "romans"), p0={"empire": (shrine, gate), "hand": (quarry,), "supply": supply(wood=1)}
    )
    said = {}
    for item, location in (("wood", shrine), (quarry, gate)):
        _, events = apply_move_with_events(state, Tuck(0, location, item))
        said[item] = [event_text(events_view(events, seat)[0]) for seat in (0, 1, None)]
    assert said["wood"] == ["P0 puts 1 wood on Shrine (CARD-26)"] * 3
    assert (
        said[quarry]
        == ["P0 puts Quarry under Gate (CARD-26)"] + ["P0 puts a card face down under Gate (CARD-26)"] * 2
    )


def test_a_build_says_each_option_it_chooses_by_what_its_card_gives() -> None:
    """ENG-9, CARD-14, CARD-3: a build's options of the choices of gains are said by the goods
    each gives and the card whose choice it is, in the order carried out: the card built (its
    production, BUILD-5), then each own location reacting to the build in empire order; by
    number where the cards give no such choice."""
    guard, workshop = card("egy-pharaohs-guard"), card("rom-sculptors-workshop")
    headquarters, administration, statue = (
        card("rom-headquarters"),
        card("rom-administration"),
        card("com-statue"),
    )
    romans = acting(p0={"hand": (workshop, statue), "empire": (administration, headquarters)})
    view = player_view(romans, 0)
    both = Build(0, workshop, supply(stone=1), choice=(1, 0))
    assert move_text(view, both) == (
        "Build Sculptor's Workshop*, paying 1 stone, choosing 1 VP from Administration* and 1 VP from Headquarters*"
    )
    assert move_text(view, Build(0, statue, supply(stone=1), choice=(1,))).endswith(
        "choosing 1 gold from Headquarters*"
    )
    egyptians = acting(("egyptians", "romans"), p0={"hand": (guard,)})
    assert move_text(player_view(egyptians, 0), Build(0, guard, supply(food=2), choice=(1,))).endswith(
        "choosing 2 VP from Pharaoh's Guard*"
    )
    assert move_text(view, Build(0, statue, supply(stone=1), choice=(0, 1))).endswith(
        "choosing options 1 and 2"
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (2, 8)])
def test_a_greedy_game_s_chosen_options_are_what_its_moves_said(players: int, seed: int) -> None:
    """Every build and activation of a seeded game of greedy bots (Headquarters reacting,
    Pharaoh's Guard produced again by Farmers At Work and by Porters) that chooses options
    said them as the goods its "chooses" events then gave (CARD-14)."""
    played = game_interface("imperial-settlers")
    bots = [played.bot("greedy", f"{seed}:{seat}", 1.0) for seat in range(players)]
    state = played.new(played.read_options({}, players, seed))
    said = 0
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        move = bots[seat].choose(state, seat)
        words = move_text(player_view(state, seat), move)
        state, events = played.play(state, move)
        chose = [event_text(e).removesuffix(" (CARD-14)") for e in events if e.what == "chooses"]
        if isinstance(move, Build | Activate) and move.choice:
            assert len(chose) == len(move.choice) == 1, (words, chose)
            assert f", choosing {chose[0].removeprefix(f'P{seat} chooses ')} from " in words, (words, chose)
            said += 1
    assert said >= 4
