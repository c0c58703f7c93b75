"""Scenarios: the oracle's input format (DESIGN "Scenarios").

A scenario states a position (``config`` + ``components`` + ``given``), plays
``moves`` and states what must follow (``expect``). :func:`run_scenario` never
raises for a failed expectation: it reports each one. A malformed file raises
:class:`~hadara_rules.errors.ScenarioError` naming the file and the problem.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import cast

from attrs import evolve, frozen

from .catalogue import Catalogue, load_catalogue
from .config import GameConfig, Variants
from .effects import add_tile, remove_one
from .engine import apply_move, check_move, legal_moves, settle
from .errors import CatalogueError, ConfigError, IllegalMove, ScenarioError
from .model import (
    COLORS,
    TIERS,
    TRACKS,
    CarvedStatue,
    ColonyHolding,
    Color,
    GameState,
    Phase,
    PlayerState,
    Section,
    Side,
    TileOnCard,
    Track,
    Tracks,
)
from .moves import MOVE_TYPES, Move
from .rules.scoring import score, winners
from .rules.setup import new_game
from .yamltext import MalformedYAML, load_yaml

__all__ = ["FORMAT_VERSION", "ScenarioResult", "load_scenario_document", "run_document", "run_scenario"]

#: The version of the scenario format (the ``scenario:`` key).
FORMAT_VERSION = 1
_TOP_KEYS = {"scenario", "title", "rules", "config", "components", "given", "moves", "expect", "notes"}
_CONFIG_KEYS = {"players", "seed", "advanced", "board_order", "variants"}
_POSITION_KEYS = {
    "epoch",
    "phase",
    "section",
    "first_player",
    "round",
    "wheel",
    "decks",
    "outer_piles",
    "colony_stacks",
}
_GIVEN_KEYS = _POSITION_KEYS | {"to_act", "players"}
_PLAYER_KEYS = {
    "start_card",
    "coins",
    "tracks",
    "cards",
    "colonies",
    "statues",
    "silver",
    "gold",
    "side",
    "free_tiles",
    "tiles_on_cards",
}
_EXPECT_KEYS = _POSITION_KEYS | {
    "sold",
    "removed",
    "players",
    "illegal",
    "score",
    "over",
    "winners",
    "to_act",
    "legal_count",
}
_MOVE_CLASSES: dict[str, type[Move]] = {kind.type: kind for kind in MOVE_TYPES}


@frozen
class ScenarioResult:
    """What running one scenario found."""

    path: str
    title: str
    failures: tuple[str, ...]
    state: GameState

    @property
    def passed(self) -> bool:
        """True when every expectation held."""
        return not self.failures


class _Doc:
    """Typed access to a parsed scenario, raising ScenarioError with the file and key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {where}: {problem}")

    def mapping(self, value: object, where: str, allowed: set[str] | None = None) -> dict[str, object]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a mapping, found {type(value).__name__}")
        keys = {str(k) for k in value}
        if allowed is not None and keys - allowed:
            raise self.fail(where, f"unknown key(s) {sorted(keys - allowed)}")
        return {str(k): v for k, v in value.items()}

    def seq(self, value: object, where: str) -> list[object]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, found {type(value).__name__}")
        return value

    def integer(self, value: object, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"expected a whole number, found {value!r}")
        return value

    def boolean(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, found {value!r}")
        return value

    def string(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a string, found {value!r}")
        return value

    def ids(self, value: object, where: str) -> tuple[str, ...]:
        return tuple(self.string(v, f"{where}[{i}]") for i, v in enumerate(self.seq(value, where)))

    def enum(self, kind: Callable[[str], object], value: object, where: str) -> object:
        try:
            return kind(str(value))
        except ValueError:
            raise self.fail(where, f"{value!r} is not a valid value") from None


# --------------------------------------------------------------------------- loading


def load_scenario_document(path: str | os.PathLike[str]) -> dict[str, object]:
    """Read a scenario file (YAML, safe loader only) as a mapping."""
    source = os.fspath(path)
    try:
        data = load_yaml(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScenarioError(f"{source}: cannot read the file ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, MalformedYAML) as exc:
        raise ScenarioError(f"{source}: {exc}") from None
    return _Doc(source).mapping(data, "top level", _TOP_KEYS)


def _catalogue(doc: _Doc, components: object) -> Catalogue:
    base = load_catalogue()
    if components is None:
        return base
    try:
        return base.extended(doc.mapping(components, "components"), source=doc.source)
    except CatalogueError as exc:
        raise doc.fail("components", str(exc)) from None


def _config(doc: _Doc, raw: object, catalogue: Catalogue) -> GameConfig:
    data = doc.mapping(raw, "config", _CONFIG_KEYS)
    order = data.get("board_order")
    variants = doc.mapping(data.get("variants", {}), "config.variants", {"tie_break_all_coins"})
    return GameConfig(
        players=doc.integer(data.get("players"), "config.players"),
        seed=doc.integer(data.get("seed", 0), "config.seed"),
        advanced=doc.boolean(data.get("advanced", False), "config.advanced"),
        catalogue=catalogue,
        board_order=None
        if order is None
        else tuple(
            cast(Color, doc.enum(Color, c, f"config.board_order[{i}]"))
            for i, c in enumerate(doc.seq(order, "config.board_order"))
        ),
        variants=Variants(
            tie_break_all_coins=doc.boolean(
                variants.get("tie_break_all_coins", False), "config.variants.tie_break_all_coins"
            )
        ),
    )


def _parse_move(doc: _Doc, raw: object, where: str) -> Move:
    """A move from its mapping form (``type`` tag plus fields)."""
    data = doc.mapping(raw, where)
    kind = _MOVE_CLASSES.get(str(data.get("type")))
    if kind is None:
        raise doc.fail(f"{where}.type", f"unknown move type {data.get('type')!r}")
    fields = {k: v for k, v in data.items() if k != "type"}
    converters: dict[str, Callable[[object, str], object]] = {
        "player": doc.integer,
        "rotation": doc.integer,
        "tier": doc.integer,
        "statue": doc.integer,
        "pay": doc.integer,
        "ally": doc.boolean,
        "face_up": doc.boolean,
        "card": doc.string,
        "action": doc.string,
        "side": lambda v, w: doc.enum(Side, v, w),
        "color": lambda v, w: doc.enum(Color, v, w),
        "tile": lambda v, w: None if v is None else doc.enum(Track, v, w),
    }
    try:
        converted = {k: converters[k](v, f"{where}.{k}") for k, v in fields.items()}
        return kind(**converted)  # type: ignore[arg-type]
    except (KeyError, TypeError):
        raise doc.fail(where, f"the fields {sorted(fields)} do not fit a {kind.type} move") from None


# --------------------------------------------------------------------------- the position


def _player(doc: _Doc, state: GameState, seat: int, raw: object) -> PlayerState:
    where = f"given.players.{seat}"
    data = doc.mapping(raw, where, _PLAYER_KEYS)
    player = state.players[seat]
    catalogue = state.catalogue
    changes: dict[str, object] = {}
    if "start_card" in data:
        start_card = doc.string(data["start_card"], f"{where}.start_card")
        if start_card not in catalogue.start_cards:
            raise doc.fail(f"{where}.start_card", f"unknown start card {start_card!r}")
        changes["start_card"] = start_card
    if "coins" in data:
        changes["coins"] = doc.integer(data["coins"], f"{where}.coins")
    if "tracks" in data:
        tracks = doc.mapping(data["tracks"], f"{where}.tracks", {t.value for t in TRACKS})
        values = {t.value: player.tracks.get(t) for t in TRACKS}
        values.update({k: doc.integer(v, f"{where}.tracks.{k}") for k, v in tracks.items()})
        changes["tracks"] = Tracks(**values)
    if "cards" in data:
        cards = doc.ids(data["cards"], f"{where}.cards")
        for card_id in cards:
            if card_id not in catalogue.cards:
                raise doc.fail(f"{where}.cards", f"unknown card {card_id!r}")
        changes["cards"] = cards
    if "colonies" in data:
        holdings = []
        for i, raw_colony in enumerate(doc.seq(data["colonies"], f"{where}.colonies")):
            c = doc.mapping(raw_colony, f"{where}.colonies[{i}]", {"id", "allied"})
            colony_id = doc.string(c.get("id"), f"{where}.colonies[{i}].id")
            if colony_id not in catalogue.colonies:
                raise doc.fail(f"{where}.colonies[{i}]", f"unknown colony {colony_id!r}")
            holdings.append(
                ColonyHolding(colony_id, doc.boolean(c.get("allied", False), f"{where}.colonies[{i}].allied"))
            )
        changes["colonies"] = tuple(holdings)
    if "statues" in data:
        carved = []
        for i, raw_statue in enumerate(doc.seq(data["statues"], f"{where}.statues")):
            s = doc.mapping(raw_statue, f"{where}.statues[{i}]", {"statue", "tile", "face_up"})
            index = doc.integer(s.get("statue"), f"{where}.statues[{i}].statue")
            if index not in catalogue.statues:
                raise doc.fail(f"{where}.statues[{i}]", f"unknown statue {index}")
            tile = cast(Track, doc.enum(Track, s.get("tile"), f"{where}.statues[{i}].tile"))
            carved.append(
                CarvedStatue(
                    index, tile, doc.boolean(s.get("face_up", True), f"{where}.statues[{i}].face_up")
                )
            )
        changes["statues"] = tuple(carved)
    if "silver" in data:
        changes["silver"] = tuple(
            cast(Track, doc.enum(Track, t, f"{where}.silver[{i}]"))
            for i, t in enumerate(doc.seq(data["silver"], f"{where}.silver"))
        )
    if "gold" in data:
        changes["gold"] = doc.integer(data["gold"], f"{where}.gold")
    if "side" in data:
        changes["side"] = doc.enum(Side, data["side"], f"{where}.side")
    if "tiles_on_cards" in data:
        placed = doc.mapping(data["tiles_on_cards"], f"{where}.tiles_on_cards")
        changes["tiles_on_cards"] = tuple(
            TileOnCard(card_id, cast(Track, doc.enum(Track, t, f"{where}.tiles_on_cards.{card_id}")))
            for card_id, t in placed.items()
        )
    player = evolve(player, **changes)  # type: ignore[arg-type]
    if "free_tiles" in data:
        free = tuple(
            cast(Track, doc.enum(Track, t, f"{where}.free_tiles[{i}]"))
            for i, t in enumerate(doc.seq(data["free_tiles"], f"{where}.free_tiles"))
        )
    else:
        free = _free_tiles(state, player, doc, where)
    return evolve(player, free_tiles=free)


def _free_tiles(state: GameState, player: PlayerState, doc: _Doc, where: str) -> tuple[Track, ...]:
    """TILE-1: every tile not on a statue, a silver medal or a PURPLE-2 card."""
    free: tuple[Track, ...] = ()
    for track in TRACKS:
        for _ in range(state.catalogue.reference.tiles_per_track):
            free = add_tile(free, track)
    placed = [*(s.tile for s in player.statues), *player.silver, *(t.tile for t in player.tiles_on_cards)]
    for tile in placed:
        if tile not in free:
            raise doc.fail(where, f"more {tile} bonus tiles are placed than a player has")
        free = remove_one(free, tile)
    return free


def _id_lists(doc: _Doc, raw: object, where: str, keys: Sequence[object]) -> dict[int, tuple[str, ...]]:
    data = doc.mapping(raw, where)
    index = {str(k): i for i, k in enumerate(keys)}
    out: dict[int, tuple[str, ...]] = {}
    for key, value in data.items():
        if key not in index:
            raise doc.fail(f"{where}.{key}", f"expected one of {list(index)}")
        out[index[key]] = doc.ids(value, f"{where}.{key}")
    return out


def _apply_given(doc: _Doc, state: GameState, raw: object) -> GameState:
    """Apply ``given`` overrides, keeping every card and colony in exactly one place."""
    given = doc.mapping(raw, "given", _GIVEN_KEYS)
    changes: dict[str, object] = {}
    if "epoch" in given:
        epoch = doc.integer(given["epoch"], "given.epoch")
        if epoch not in (1, 2, 3):
            raise doc.fail("given.epoch", "an epoch is 1, 2 or 3")
        changes["epoch"] = epoch
        if epoch > state.epoch:
            skipped = state.later_decks[: epoch - state.epoch]
            changes["decks"] = skipped[-1]
            changes["later_decks"] = state.later_decks[epoch - state.epoch :]
            changes["box"] = tuple(
                sorted(
                    (
                        *state.box,
                        *(c for d in state.decks for c in d),
                        *(c for e in skipped[:-1] for d in e for c in d),
                    )
                )
            )
    if "phase" in given:
        changes["phase"] = doc.enum(Phase, given["phase"], "given.phase")
    if "section" in given:
        section = doc.enum(Section, given["section"], "given.section")
        if section is Section.OVER:
            raise doc.fail("given.section", "a scenario cannot start after the game")
        changes["section"] = section
        changes["turn"] = 0
    for key in ("first_player", "round", "wheel"):
        if key in given:
            changes[key] = doc.integer(given[key], f"given.{key}")
    state = evolve(state, **changes)  # type: ignore[arg-type]
    if not 0 <= state.first_player < len(state.players):
        raise doc.fail("given.first_player", f"no player {state.first_player}")

    places: dict[str, dict[int, tuple[str, ...]]] = {}
    for key, keys in (("decks", COLORS), ("outer_piles", COLORS), ("colony_stacks", TIERS)):
        if key in given:
            places[key] = _id_lists(doc, given[key], f"given.{key}", [str(k) for k in keys])
    players = list(state.players)
    if "players" in given:
        for key, raw_player in doc.mapping(given["players"], "given.players").items():
            try:
                seat = int(key)
            except ValueError:
                raise doc.fail("given.players", f"{key!r} is not a seat number") from None
            if not 0 <= seat < len(players):
                raise doc.fail("given.players", f"no player {seat}")
            players[seat] = _player(doc, state, seat, raw_player)
    state = _relocate(doc, state, places, tuple(players))
    if "to_act" in given:
        seat = doc.integer(given["to_act"], "given.to_act")
        if not 0 <= seat < len(state.players):
            raise doc.fail("given.to_act", f"no player {seat}")
        state = evolve(state, turn=(seat - state.first_player) % len(state.players))
    return state


def _relocate(
    doc: _Doc,
    state: GameState,
    places: dict[str, dict[int, tuple[str, ...]]],
    players: tuple[PlayerState, ...],
) -> GameState:
    """Put named cards and colonies where ``given`` says; whatever they displace goes to the box."""
    catalogue = state.catalogue
    named: list[str] = [c for lists in places.values() for ids in lists.values() for c in ids]
    for seat, player in enumerate(players):
        if player.cards != state.players[seat].cards:
            named.extend(player.cards)
        if player.colonies != state.players[seat].colonies:
            named.extend(c.id for c in player.colonies)
    if len(set(named)) != len(named):
        raise doc.fail("given", "a card or colony is placed twice")
    for key, lists in places.items():
        known = catalogue.colonies if key == "colony_stacks" else catalogue.cards
        for ids in lists.values():
            for item in ids:
                if item not in known:
                    raise doc.fail(f"given.{key}", f"unknown id {item!r}")
    moved = set(named)
    displaced: list[str] = []

    def take(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(i for i in ids if i not in moved)

    def replace(
        current: tuple[tuple[str, ...], ...], new: dict[int, tuple[str, ...]]
    ) -> tuple[tuple[str, ...], ...]:
        out = []
        for i, ids in enumerate(current):
            if i in new:
                displaced.extend(take(ids))
                out.append(new[i])
            else:
                out.append(take(ids))
        return tuple(out)

    final_players = []
    for seat, player in enumerate(players):
        before = state.players[seat]
        if player.cards != before.cards:
            displaced.extend(c for c in before.cards if c not in moved)
        else:
            player = evolve(player, cards=take(player.cards))
        if player.colonies != before.colonies:
            displaced.extend(c.id for c in before.colonies if c.id not in moved)
        else:
            player = evolve(player, colonies=tuple(c for c in player.colonies if c.id not in moved))
        final_players.append(evolve(player, drawn=take(player.drawn)))
    state = evolve(
        state,
        players=tuple(final_players),
        decks=replace(state.decks, places.get("decks", {})),
        later_decks=tuple(tuple(take(d) for d in epoch) for epoch in state.later_decks),
        outer_piles=replace(state.outer_piles, places.get("outer_piles", {})),
        colony_stacks=replace(state.colony_stacks, places.get("colony_stacks", {})),
        sold=take(state.sold),
        removed=take(state.removed),
    )
    return evolve(state, box=tuple(sorted((*take(state.box), *displaced))))


# --------------------------------------------------------------------------- running


def run_scenario(path: str | os.PathLike[str]) -> ScenarioResult:
    """Run one scenario file and report every expectation that does not hold."""
    return run_document(load_scenario_document(path), os.fspath(path))


def run_document(top: Mapping[str, object], source: str = "<scenario>") -> ScenarioResult:
    """Run a scenario already parsed into a mapping (``source`` names it in messages)."""
    doc = _Doc(source)
    top = doc.mapping(dict(top), "top level", _TOP_KEYS)
    if top.get("scenario") != FORMAT_VERSION:
        raise doc.fail("scenario", f"the format version must be {FORMAT_VERSION}")
    catalogue = _catalogue(doc, top.get("components"))
    try:
        state = new_game(_config(doc, top.get("config"), catalogue))
    except ConfigError as exc:
        raise doc.fail("config", str(exc)) from None
    if "given" in top:
        state = _apply_given(doc, state, top["given"])
    state = settle(state)
    moves = [_parse_move(doc, m, f"moves[{i}]") for i, m in enumerate(doc.seq(top.get("moves", []), "moves"))]
    expect = doc.mapping(top.get("expect", {}), "expect", _EXPECT_KEYS)
    failures: list[str] = []
    illegal = expect.get("illegal")
    refused_at: int | None = None
    if illegal is not None:
        spec = doc.mapping(illegal, "expect.illegal", {"move", "rule"})
        refused_at = doc.integer(spec.get("move"), "expect.illegal.move")
        rule = doc.string(spec.get("rule"), "expect.illegal.rule")
        if not 0 <= refused_at < len(moves):
            raise doc.fail("expect.illegal.move", f"there is no move {refused_at}")
    for i, move in enumerate(moves):
        if i == refused_at:
            before = state
            refusal = check_move(state, move)
            if refusal is None:
                failures.append(f"move {i} ({move}) was accepted; expected a refusal under {rule}")
            elif refusal.rule != rule:
                failures.append(
                    f"move {i} was refused under {refusal.rule} ({refusal.reason}); expected {rule}"
                )
            with contextlib.suppress(IllegalMove):
                apply_move(state, move)
            if state != before:
                failures.append(f"refusing move {i} changed the position")
            break
        try:
            state = apply_move(state, move)
        except IllegalMove as exc:
            failures.append(f"move {i} ({move}) was refused: {exc.rule}: {exc.reason}")
            break
    failures.extend(_check_expectations(doc, state, expect))
    title = str(top.get("title", Path(source).name))
    return ScenarioResult(source, title, tuple(failures), state)


def _check_expectations(doc: _Doc, state: GameState, expect: Mapping[str, object]) -> list[str]:
    failures: list[str] = []

    def compare(what: str, actual: object, wanted: object) -> None:
        if actual != wanted:
            failures.append(f"{what}: expected {wanted!r}, found {actual!r}")

    for key in ("epoch", "round", "wheel", "first_player"):
        if key in expect:
            compare(key, getattr(state, key), expect[key])
    if "phase" in expect:
        compare("phase", str(state.phase), str(expect["phase"]))
    if "section" in expect:
        compare("section", str(state.section), str(expect["section"]))
    for key, names in (("decks", COLORS), ("outer_piles", COLORS), ("colony_stacks", TIERS)):
        if key in expect:
            wanted_lists = _id_lists(doc, expect[key], f"expect.{key}", [str(k) for k in names])
            current = getattr(state, key)
            for i, ids in wanted_lists.items():
                compare(f"{key}.{names[i]}", list(current[i]), list(ids))
    for key in ("sold", "removed"):
        if key in expect:
            compare(key, sorted(getattr(state, key)), sorted(doc.ids(expect[key], f"expect.{key}")))
    if "over" in expect:
        compare("over", state.is_over, expect["over"])
    if "to_act" in expect:
        compare("to_act", list(state.to_act), expect["to_act"])
    if "winners" in expect:
        compare("winners", list(winners(state)), expect["winners"])
    if "legal_count" in expect:
        for key, n in doc.mapping(expect["legal_count"], "expect.legal_count").items():
            compare(f"legal moves of player {key}", len(legal_moves(state, int(key))), n)
    if "score" in expect:
        sheets = score(state)
        for key, cats in doc.mapping(expect["score"], "expect.score").items():
            sheet = sheets[int(key)]
            for cat, n in doc.mapping(cats, f"expect.score.{key}").items():
                compare(f"score of player {key}: {cat}", getattr(sheet, cat, None), n)
    if "players" in expect:
        for key, wanted_fields in doc.mapping(expect["players"], "expect.players").items():
            player = state.players[int(key)]
            for name, wanted in doc.mapping(wanted_fields, f"expect.players.{key}", _PLAYER_KEYS).items():
                _compare_player_field(compare, f"player {key} {name}", player, name, wanted)
    return failures


def _compare_player_field(
    compare: Callable[[str, object, object], None],
    what: str,
    player: PlayerState,
    name: str,
    wanted: object,
) -> None:
    if name == "tracks" and isinstance(wanted, dict):
        for track, value in wanted.items():
            compare(f"{what}.{track}", getattr(player.tracks, str(track), None), value)
    elif name == "colonies":
        compare(what, [{"id": c.id, "allied": c.allied} for c in player.colonies], wanted)
    elif name == "statues":
        compare(
            what,
            [{"statue": s.statue, "tile": str(s.tile), "face_up": s.face_up} for s in player.statues],
            wanted,
        )
    elif name == "tiles_on_cards":
        compare(what, {t.card: str(t.tile) for t in player.tiles_on_cards}, wanted)
    elif name in ("cards", "silver", "free_tiles"):
        compare(what, [str(v) for v in getattr(player, name)], wanted)
    elif name == "side":
        compare(what, None if player.side is None else str(player.side), wanted)
    else:
        compare(what, getattr(player, name), wanted)
