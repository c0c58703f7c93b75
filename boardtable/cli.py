"""The ``hadara`` command.

Bad input of any kind (a missing, empty, oversized or malformed file, a pipe or
device instead of a file, wrong types, unknown ids or move types, a tampered
record, an unknown rule ID, a bad option) ends with one line on standard error
naming the file and what is wrong, and exit status 2; never a traceback.
``hadara check`` exits 1 when a scenario's expectation does not hold.
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import importlib
import os
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from boardtable.errors import GameError, IllegalMove, RecordError
from boardtable.files import check_writable, write_whole
from boardtable.games import AnyGame, Decider, game, names
from boardtable.options import at_least, whole
from boardtable.reader import clip, read_text, shown
from boardtable.screen import Screen, counted
from boardtable.server.limits import BOUNDS, Bounds
from boardtable.terminal import TableWords, play_interface_at_terminal
from stone_age_rules import SEED_LIMIT
from stone_age_rules import records as stone_age_records
from stone_age_rules import rules as stone_age_rules
from stone_age_rules.offers import offer_text
from stone_age_rules.scenario import ScenarioResult as StoneAgeScenarioResult
from stone_age_rules.scenario import is_stone_age
from stone_age_rules.scenario import run_document as run_stone_age_document
from stone_age_rules.schema import SCHEMAS as STONE_AGE_SCHEMAS
from stone_age_rules.text import board_lines, move_text, own_lines, score_sheet_text, where_text

from . import __version__, _render, arena, engines
from ._config import GameConfig
from ._engine import legal_moves, new_game
from ._errors import HadaraError
from ._model import GameState
from ._moves import Move
from ._rulebook import RuleEntry, rules
from ._rules.scoring import winners
from ._text import (
    event_lines,
    format_position,
    format_score_sheet,
    player_name,
    where,
)
from ._vocabulary import Crest
from .bots import BOTS, play_game
from .events import Events, apply_move_with_events
from .records import GameInfo, GameRecord, game_result, load_record, replay, to_json, to_yaml
from .scenario import ScenarioResult, load_scenario_document, run_document
from .schema import SCHEMAS, Schemas
from .terminal import GameLog, play_at_terminal


class UsageError(HadaraError):
    """A command-line argument that names nothing this program knows."""


class _Parser(argparse.ArgumentParser):
    """Argument errors in the command's own style: one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"hadara: {clip(message)} (see '{self.prog} --help')\n")


def _crests(text: str) -> tuple[Crest, ...]:
    """WHEEL-3: crest animals by name, one per seat in seat order: ``monkey,lion``."""
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in tuple(Crest)]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{shown(unknown[0])} is no crest (the crests are {', '.join(Crest)})"
        )
    return tuple(Crest(name) for name in names)


def _seats(text: str) -> tuple[int, ...]:
    """Seat numbers, comma separated, each once: ``0`` or ``0,2``."""
    words = [word.strip() for word in text.split(",")]
    if not all(word.isascii() and word.isdigit() and len(word) <= 2 for word in words):
        raise argparse.ArgumentTypeError(f"expected seat numbers like 0 or 0,2, found {shown(text)}")
    seats = tuple(int(word) for word in words)
    twice = next((seat for i, seat in enumerate(seats) if seat in seats[:i]), None)
    if twice is not None:
        raise argparse.ArgumentTypeError(f"seat {twice} is named twice")
    return seats


def _read_line(prompt: str) -> str | None:
    """A line typed at the prompt; None at the end of the input. Input that is not typed at
    a terminal is echoed after the prompt, so that the output reads as the session did."""
    try:
        line = input(prompt)
    except EOFError:
        return None
    if not sys.stdin.isatty():
        print(line)
    return line


def _line_editing() -> bool:
    """Typing at a terminal gets line editing and a history (the arrow keys) where the
    platform has the readline module (importing it turns it on for ``input()``); elsewhere
    nothing changes. True when it did."""
    try:
        importlib.import_module("readline")
    except ImportError:
        return False
    return True


#: The seeds a game is dealt from by default: 0 to 2**53 - 1 (exact in JSON's numbers).
SEEDS = 2**53


def _game(args: argparse.Namespace) -> tuple[GameConfig, tuple[Move, ...], tuple[int, ...]]:
    """The game ``hadara play`` plays: its configuration, the moves already made (a game
    resumed) and the seats people play."""
    if args.resume is not None:
        given = [f"--{name}" for name in ("players", "seed", "crests") if getattr(args, name) is not None]
        if given or args.advanced:
            raise UsageError(
                f"--resume: the record sets the game; leave out {', '.join(given) or '--advanced'}"
            )
        record = load_record(args.resume)
        try:
            final = replay(record)
        except RecordError as exc:
            raise RecordError(f"{args.resume}: {exc}") from None
        if final.is_over:
            raise UsageError(f"{args.resume}: the game is over ('hadara replay' shows it)")
        names = record.info.players if record.info is not None else ()
        named = tuple(seat for seat, name in enumerate(names) if name == "human")
        humans = args.human or named
        if not humans:
            raise UsageError(
                f"--resume: {args.resume} names no seat played by a person; name them with --human"
            )
        return record.config, record.moves, humans
    players = args.players
    if players is None:  # one seat per crest given, else 4
        players = len(args.crests) if args.crests is not None else 4
    seed = secrets.randbelow(SEEDS) if args.seed is None else args.seed
    return (
        GameConfig(players=players, seed=seed, advanced=args.advanced, crests=args.crests),
        (),
        args.human or (),
    )


def _play(args: argparse.Namespace) -> int:
    if args.game != "hadara":
        return _play_other(args)
    config, played, humans = _game(args)
    players = config.players
    for seat in humans:
        if seat >= players:
            raise UsageError(
                f"--human: no seat {seat} in a {players}-player game (seats are 0 to {players - 1})"
            )
    save_to = args.record or args.resume
    if save_to is not None:  # before the game is played, so a bad path costs no game
        check_writable(save_to, "the record", UsageError)
    bots = engines.make_seats(args.bot, players, config.seed, engines.engine_table(args.engine))
    print(f"Seed {config.seed} ('hadara play --seed {config.seed}' deals this game again)")
    if humans:
        _line_editing()
        if played:
            print(f"Resuming {args.resume} after {counted(len(played), 'move')}")
        hand_over = len(humans) > 1 and sys.stdin.isatty()  # hot seat at a terminal
        screen = Screen.of(sys.stdout)
        game = play_at_terminal(config, humans, bots, _read_line, print, hand_over, screen, played)
        moves, final = game.moves, game.final
        names = tuple("human" if seat in humans else f"{args.bot} bot" for seat in range(players))
        notes = f"hadara play: seats {', '.join(map(str, humans))} played by people, the others by the {args.bot} bot"
        if not final.is_over and save_to is None:  # a game left is kept, to be resumed
            save_to = f"hadara-game-{config.seed}.json"
    else:
        log = GameLog(new_game(config))
        print("\n".join(log.opening()))

        def on_move(before: GameState, move: Move, after: GameState) -> None:
            for line in log.lines(apply_move_with_events(before, move)[1]):
                print(line)

        bot_game = play_game(config, bots, on_move)
        moves, final = bot_game.moves, bot_game.final
        names = tuple(f"{args.bot} bot {seat}" for seat in range(players))
        notes = f"hadara play: every seat played by the {args.bot} bot"
    if final.is_over:
        print(f"\n== Final score (after {counted(len(moves), 'move')})")
        print(format_score_sheet(final))
        won = winners(final)
        names_won = ", ".join(player_name(final, s) for s in won)
        print(f"\nWinner: {names_won}" + (" (shared)" if len(won) > 1 else ""))
    else:
        print(f"The game was left after {counted(len(moves), 'move')}, {where(final)}.")
    if save_to is not None:
        info = GameInfo(players=names, date=datetime.date.today().isoformat(), notes=notes)
        result = game_result(final, config, moves) if final.is_over else None
        record = GameRecord(config, moves, result=result, info=info)
        text = to_yaml(record) if Path(save_to).suffix in (".yaml", ".yml") else to_json(record)
        write_whole(save_to, text, "the record", UsageError)
        print(
            f"Record saved to {save_to}"
            + ("" if final.is_over else f" ('hadara play --resume {save_to}' goes on)")
        )
    return 0 if final.is_over else 1


def _play_other(args: argparse.Namespace) -> int:
    """``hadara play --game NAME`` for a game other than Hadara, through its game interface:
    its bots, people at ``--human`` seats (hot seat at a terminal), the record with ``--record``;
    a game people leave is saved, and ``--resume FILE`` goes on with it."""
    played = game(args.game)
    if args.crests is not None or args.advanced:
        raise UsageError(
            f"{'--crests' if args.crests is not None else '--advanced'}: Hadara's option; {played.title} has none"
        )
    table = engines.engine_table(args.engine)
    if args.bot not in played.bot_names() and args.bot not in table:
        raise UsageError(
            f"--bot: {played.title}'s bots are {', '.join([*played.bot_names(), *table])}, not {shown(args.bot)}"
        )
    options, made, humans, players, save_to = _other_game(played, args)
    for seat in humans:
        if seat >= players:
            raise UsageError(
                f"--human: no seat {seat} in a {players}-player game (seats are 0 to {players - 1})"
            )
    if save_to is not None:  # before the game is played, so a bad path costs no game
        check_writable(save_to, "the record", UsageError)
    seed = played.seed(options)
    bots = {
        seat: engines.decider(played, args.bot, seat, f"{seed}:{seat}", table)
        for seat in range(players)
        if seat not in humans
    }
    try:
        return _play_with(played, args, options, made, humans, players, save_to, bots)
    finally:
        engines.close_bots(list(bots.values()))


def _play_with(
    played: AnyGame,
    args: argparse.Namespace,
    options: object,
    made: tuple[object, ...],
    humans: tuple[int, ...],
    players: int,
    save_to: str | None,
    bots: Mapping[int, Decider[Any, Any]],
) -> int:
    """``hadara play --game NAME`` with the bots (or engines) of its seats (see :func:`_play_other`)."""
    seed = played.seed(options)
    words = _WORDS.get(played.name, TableWords())
    start = (
        played.new(options) if args.resume is None else _made_again(played, options, made, bots, args.resume)
    )
    if args.resume is not None and not humans:
        raise UsageError(_NO_PEOPLE.format(args.resume))
    if humans:
        _line_editing()
        if made:
            print(f"Resuming {args.resume} after {counted(len(made), 'move')}")
        hand_over = len(humans) > 1 and sys.stdin.isatty()
        outcome = play_interface_at_terminal(
            played, start, humans, bots, _read_line, print, words, hand_over, made, Screen.of(sys.stdout)
        )
        moves, final = outcome.moves, outcome.final
        if not played.is_over(final) and save_to is None:  # a game left is kept, to be resumed
            save_to = f"{played.name}-game-{seed}.json"
    else:
        state, made_now = start, []
        while not played.is_over(state):
            seat = played.to_act(state)[0]
            move = bots[seat].choose(state, seat)
            state, events = played.play(state, move)
            made_now.append(move)
            for event in events:
                print(played.event_data(event)["text"])
        moves, final = tuple(made_now), state
    names = [("human" if seat in humans else f"{args.bot} bot {seat}") for seat in range(players)]
    if played.is_over(final) and words.score(final):
        print(f"\n== Final score (after {counted(len(moves), 'move')})\n{words.score(final)}")
    if played.is_over(final):
        print(f"\nWinner: {', '.join(f'P{seat} ({names[seat]})' for seat in played.winners(final))}")
    else:
        print(f"The game was left after {counted(len(moves), 'move')}.")
    if save_to is not None:
        notes = f"hadara play --game {played.name}"
        write_whole(save_to, played.record(options, moves, final, names, notes), "the record", UsageError)
        goes_on = (
            ""
            if played.is_over(final)
            else f" ('hadara play --game {played.name} --resume {save_to}' goes on)"
        )
        print(f"Record saved to {save_to}{goes_on}")
    return 0 if played.is_over(final) else 1


#: What each game but Hadara says of its table at the terminal, by the name ``--game`` gives.
_WORDS = {
    "stone-age": TableWords(where_text, own_lines, board_lines, offer_text, score_sheet_text, move_text)
}

#: What ``--resume`` of a record that names no seat played by a person says.
_NO_PEOPLE = "--resume: {} names no seat played by a person; name them with --human"


def _other_game(
    played: AnyGame, args: argparse.Namespace
) -> tuple[object, tuple[object, ...], tuple[int, ...], int, str | None]:
    """The game ``hadara play --game NAME`` plays: its options, the moves already made (a game
    resumed), the seats people play, the number of seats, and where the record is saved."""
    if args.resume is not None:
        if args.players is not None or args.seed is not None:
            given = [f"--{name}" for name in ("players", "seed") if getattr(args, name) is not None]
            raise UsageError(f"--resume: the record sets the game; leave out {', '.join(given)}")
        text = read_text(args.resume, RecordError)
        try:
            options, moves, names = played.read_record(text)
        except RecordError as exc:
            raise RecordError(f"{args.resume}: {exc}") from None
        if not names:
            raise UsageError(_NO_PEOPLE.format(args.resume))
        humans = args.human or tuple(seat for seat, name in enumerate(names) if name == "human")
        return options, moves, humans, len(names), args.record or args.resume
    fewest, most = played.seats
    players = 4 if args.players is None else args.players
    if not fewest <= players <= most:
        raise UsageError(f"--players: {played.title} is played by {fewest} to {most} players, not {players}")
    seed = secrets.randbelow(SEED_LIMIT) if args.seed is None else args.seed
    print(
        f"{played.title}, seed {seed} ('hadara play --game {played.name} --seed {seed}' deals this game again)"
    )
    return played.read_options({}, players, seed), (), args.human or (), players, args.record


def _made_again(
    played: AnyGame,
    options: object,
    made: tuple[object, ...],
    bots: Mapping[int, Decider[Any, Any]],
    resume: str,
) -> object:
    """The position the moves of a game resumed (from the file ``resume``) lead to. Each bot
    chooses again each move its seat made, so that its generator goes on from where it stood
    and the game goes on as it would have without a break."""
    state = played.new(options)
    for number, move in enumerate(made, 1):
        try:
            after, _ = played.play(state, move)
        except IllegalMove as exc:
            raise RecordError(f"{resume}: move {number} is refused: {exc}") from None
        bot = bots.get(played.mover(move))
        if bot is not None:
            bot.choose(state, played.mover(move))
        state = after
    if played.is_over(state):
        raise UsageError(f"{resume}: the game is over")
    return state


def _check(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.files:
        document = load_scenario_document(path)
        result: ScenarioResult | StoneAgeScenarioResult
        if is_stone_age(document):
            result = run_stone_age_document(document, os.fspath(path))
        else:
            result = run_document(document, os.fspath(path))
        mark = "ok  " if result.passed else "FAIL"
        print(f"{mark} {path}: {clip(result.title)}")
        for failure in result.failures:
            print(f"       {failure}")
        if not result.passed:
            print(f"       rules cited: {', '.join(result.rules) or 'none'}")
            print(f"       after the moves: {result.standing}")
        if isinstance(result, StoneAgeScenarioResult):
            if args.explain or not result.passed:
                _print_lines(result.log)
        elif args.explain or not result.passed:
            _print_log(result.log)
        failed += not result.passed
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _print_log(log: Sequence[tuple[str, Events]]) -> None:
    """How a scenario's numbers came: the events of the automatic steps after ``given`` and
    of each move, with their amounts and rule IDs."""
    print("       what happened:")
    for heading, events in log:
        lines = [str(line) for line in event_lines(events)]
        if heading == "given" and not lines:
            continue
        print(f"         {'after given' if heading == 'given' else heading}:")
        for line in lines or ["nothing happened"]:
            print(f"           {line}")


def _print_lines(log: Sequence[tuple[str, Sequence[str]]]) -> None:
    """What happened in a scenario of another game: each move with its events in words."""
    print("       what happened:")
    for heading, lines in log:
        print(f"         {heading}:")
        for line in lines or ["nothing happened"]:
            print(f"           {line}")


def _replay(args: argparse.Namespace) -> int:
    if args.game != "hadara":
        return _replay_other(args)
    try:
        record = load_record(args.file)
    except RecordError:
        _name_its_game(args.file)
        raise
    total = len(record.moves)
    at = _stop_at(args, total)
    try:
        # every move is checked, and a result block must hold, even when stopping earlier
        state = replay(record)
        if at < total:
            state = replay(GameRecord(record.config, record.moves[:at]))
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    if at:  # what the last move, and the automatic steps after it, did
        before = replay(GameRecord(record.config, record.moves[: at - 1]))
        print(f"Move {at}: {record.moves[at - 1]}")
        for line in event_lines(apply_move_with_events(before, record.moves[at - 1])[1]):
            print(f"  {line}")
    print(f"After {at} of {total} moves:")
    print(format_position(state))
    if record.result is not None:
        vouched = "its moves and " if record.result.record is not None else ""
        print(f"The record's result holds: {vouched}position digest {record.result.digest[:16]}…")
    if state.is_over:
        print(format_score_sheet(state))
        return 0
    for seat in state.to_act:
        moves = legal_moves(state, seat)
        print(f"\n{player_name(state, seat)} to act, {len(moves)} legal moves:")
        for move in moves:
            print(f"  {move}")
    return 0


def _stop_at(args: argparse.Namespace, total: int) -> int:
    """How many of a record's ``total`` moves ``--at`` plays (``hadara replay`` and
    ``hadara render``; default: all)."""
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        raise UsageError(f"{args.file}: --at must be between 0 and {total}, not {at}")
    return at


def _name_its_game(path: str) -> None:
    """A record Hadara cannot read that another game's reader takes is refused naming that
    game's ``--game``."""
    text = read_text(path, RecordError)
    for name in names():
        if name != "hadara":
            other = game(name)
            try:
                other.read_record(text)
            except GameError:
                continue
            raise RecordError(f"{path}: a {other.title} record: add --game {name}")


#: The records module of each game but Hadara, by the name ``--game`` gives.
_RECORDS = {"stone-age": stone_age_records}


def _other_record(args: argparse.Namespace) -> tuple[AnyGame, Any]:
    """The game ``--game`` names and its record in FILE, its moves checked and its result
    block held to them."""
    played, records = game(args.game), _RECORDS[args.game]
    text = read_text(args.file, RecordError)
    try:
        record = records.from_json(text, records.GameRecord)
        records.replay(record)
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    return played, record


def _played_to(played: AnyGame, record: Any, at: int) -> tuple[Any, tuple[object, ...]]:
    """The position after the first ``at`` moves of ``record``, and what the last of them did."""
    state = played.new(record.config)
    events: tuple[object, ...] = ()
    for move in record.moves[:at]:
        state, events = played.play(state, move)
    return state, events


def _replay_other(args: argparse.Namespace) -> int:
    """``hadara replay --game NAME FILE``: the record's moves are checked and must lead to
    its result block; then the last move played with what it did, the position in the
    game's words and the legal moves, or the score sheet of a game over."""
    played, record = _other_record(args)
    at = _stop_at(args, len(record.moves))
    state, events = _played_to(played, record, at)
    if at:
        print(f"Move {at}: {record.moves[at - 1]}")
        for event in events:
            print(f"  {played.event_data(event)['text']}")
    print(f"After {at} of {len(record.moves)} moves:")
    words = _WORDS[args.game]
    print("\n".join(words.board(state, 0)))
    if record.result is not None:
        print(f"The record's result holds: its moves and position digest {record.result.digest[:16]}…")
    if played.is_over(state):
        print(words.score(state))
        return 0
    for seat in played.to_act(state):
        legal = played.legal(state, seat)
        print(f"\nP{seat} to act, {counted(len(legal), 'legal move')}:")
        for option in legal:
            print(f"  {option.move}")
    return 0


def _render_any(args: argparse.Namespace) -> int:
    """``hadara render [--game NAME] FILE [--at N] [--viewer P] [-o OUT.svg]``: Hadara's by
    its own module; another game's record replayed (checked) and drawn by its picture, the
    whole position or what ``--viewer`` may see."""
    if args.game == "hadara":
        try:
            return _render.run(args)
        except RecordError:
            _name_its_game(args.file)
            raise
    if args.output != "-":
        check_writable(args.output, "the picture", UsageError)
    played, record = _other_record(args)
    state, _ = _played_to(played, record, _stop_at(args, len(record.moves)))
    players = record.config.players
    if args.viewer is not None and not 0 <= args.viewer < players:
        raise UsageError(f"--viewer must be a player of this game (0 to {players - 1})")
    picture = played.picture(state if args.viewer is None else played.view(state, args.viewer))
    if args.output == "-":
        sys.stdout.write(picture)
    else:
        write_whole(args.output, picture, "the picture", UsageError)
    return 0


def _explain_other(args: argparse.Namespace) -> int:
    """``hadara explain --game NAME RULE-ID`` for a game other than Hadara: the rule named with its game."""
    played = game(args.game)
    found = played.rule(args.rule)
    if found is None:
        raise UsageError(f"{shown(args.rule)}: no such {played.title} rule ID")
    print(f"{found['name']} ({found['area']}; source: {found['source']})")
    print(f"  {found['summary']}")
    if found["text"] != found["summary"]:
        print(f"\n  {found['text']}")
    if found["ruling"]:
        print(f"\n  Ruling: {found['why']}")
    return 0


def _explain(args: argparse.Namespace) -> int:
    if args.game != "hadara":
        return _explain_other(args)
    known = rules()
    rule = known.get(args.rule.upper())
    if rule is None:
        close = difflib.get_close_matches(args.rule.upper(), known, n=3, cutoff=0.6)
        hint = ""
        if close:
            listed = close[0] if len(close) == 1 else f"{', '.join(close[:-1])} or {close[-1]}"
            hint = f"; did you mean {listed}?"
        raise UsageError(f"{shown(args.rule)}: no such rule ID{hint} (see 'hadara rules')")
    print(f"{rule.id} ({rule.area}, rulebook p. {rule.page})")
    print(f"  {rule.summary}")
    if rule.text != rule.summary:
        print(f"\n  {rule.text}")
    if rule.ruling:
        print(f"\n  Ruling: {rule.why}")
        if rule.variant:
            print(f"  Variant: {rule.variant}")
    if rule.implemented_in:
        if args.verbose:
            places = rule.implemented_in
        else:  # the source files, each once
            places = tuple(dict.fromkeys(_source_file(name) for name in rule.implemented_in))
        print(f"\n  Enforced in: {', '.join(places)} (rulebook p. {rule.page})")
    if rule.tested_by:
        print("  Tested by: " + ", ".join(rule.tested_by))
    return 0


def _source_file(name: str) -> str:
    """The source file of a ``module:function`` name of the rule index: ``hadara_rules/_flow.py``."""
    return name.partition(":")[0].replace(".", "/") + ".py"


#: Each game's rule index, by the name ``--game`` gives.
_RULES: dict[str, Callable[[], Mapping[str, RuleEntry]]] = {"hadara": rules, "stone-age": stone_age_rules}


def _rules(args: argparse.Namespace) -> int:
    for rule in _RULES[args.game]().values():
        print(f"{rule.id:<10} {rule.summary}")
    return 0


#: Each game's document schemas, by the name ``--game`` gives.
_SCHEMAS: dict[str, Schemas] = {"hadara": SCHEMAS, "stone-age": STONE_AGE_SCHEMAS}


def _schema(args: argparse.Namespace) -> int:
    """``hadara schema [--game NAME] KIND|--list``: the game's document schemas (Hadara's also
    the table's API bodies)."""
    kinds = _SCHEMAS[args.game].kinds
    if args.list:
        if args.kind is not None:
            raise UsageError("schema takes a KIND or --list, not both")
        for kind, what in kinds.items():
            print(f"{kind:<18} {what}")
        return 0
    if args.kind is None:
        raise UsageError(f"schema needs a KIND or --list (the kinds: {', '.join(kinds)})")
    if args.kind not in kinds:
        raise UsageError(
            f"{shown(args.kind)} is no document kind of {game(args.game).title} (the kinds: {', '.join(kinds)})"
        )
    sys.stdout.write(_SCHEMAS[args.game].text(args.kind))
    return 0


def _engine(args: argparse.Namespace) -> int:
    """``hadara engine BOT``: the engine protocol answered by the built-in bot BOT of the game
    each ``hello`` names."""
    return engines.serve(args.bot, sys.stdin, sys.stdout, sys.stderr)


def _serve(args: argparse.Namespace) -> int:
    try:
        from boardtable.server.command import serve
    except ImportError as exc:  # the server extra is not installed
        raise UsageError(
            f"hadara serve needs the server extra ({clip(str(exc), 80)}): pip install 'hadara-rules[server]'"
        ) from None
    chosen = {field: getattr(args, field) for _, field, _, _ in _BOUNDS}
    bounds = Bounds(**chosen, forwarded_allow_ips=args.forwarded_allow_ips)
    return serve(args.host, args.port, args.db, args.allow_origin, bounds, engines.engine_table(args.engine))


def _connect(args: argparse.Namespace) -> int:
    try:
        from boardtable.engines.connect import connect
    except ImportError as exc:  # the server extra (its WebSocket client) is not installed
        raise UsageError(
            f"hadara connect needs the server extra ({clip(str(exc), 80)}): pip install 'hadara-rules[server]'"
        ) from None
    engines.find_program(args.engine, "--engine")
    return connect(args.url, args.match, args.token, args.engine, sys.stdout, ms=args.ms)


def _port(text: str) -> int:
    """A TCP port: 0 to 65535 (0: any free port)."""
    port = whole(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


#: The options of what one client may take of ``hadara serve``: the option, its field of
#: :class:`~boardtable.server.limits.Bounds` (where its default is), its unit, what it bounds.
_BOUNDS = (
    ("--limit-connections", "connections", "N", "connections served at once (more: 503)"),
    ("--keep-alive", "keep_alive", "SECONDS", "seconds an idle connection is kept open"),
    ("--header-timeout", "header_seconds", "SECONDS", "seconds a request's head may take to arrive"),
    ("--body-timeout", "body_seconds", "SECONDS", "seconds a request's body may take to arrive"),
    ("--max-header-bytes", "header_bytes", "BYTES", "bytes a request's head may have"),
    ("--max-message-bytes", "message_bytes", "BYTES", "bytes of a WebSocket message from a client"),
    (
        "--messages-per-second",
        "messages_per_second",
        "N",
        "WebSocket messages a client may send a second on one socket (a burst of twice as many)",
    ),
    (
        "--create-per-minute",
        "create_per_minute",
        "N",
        "matches created and seats taken a minute per client address",
    ),
    ("--live-per-address", "live_per_address", "N", "unfinished matches one client address may have made"),
    (
        "--searching-per-address",
        "searching_per_address",
        "N",
        "unfinished matches with a searching bot one client address may have made",
    ),
    ("--search-seconds", "search_seconds", "SECONDS", "seconds a searching bot thinks per decision"),
    ("--search-processes", "search_processes", "N", "processes the searching bots think in"),
    ("--abandon-after", "abandon_hours", "HOURS", "hours an unfinished match may go untouched"),
)


def _bounds_options(server: argparse.ArgumentParser) -> None:
    """The options of :data:`_BOUNDS`, and the proxies trusted to name the client."""
    for flag, field, unit, text in _BOUNDS:
        value = getattr(BOUNDS, field)
        server.add_argument(
            flag,
            dest=field,
            type=at_least(1),
            default=value,
            metavar=unit,
            help=f"{text} (default {value:g})",
        )
    server.add_argument(
        "--forwarded-allow-ips",
        default=BOUNDS.forwarded_allow_ips,
        metavar="ADDRESSES",
        help="the proxies (comma-separated addresses, or *) whose X-Forwarded-For names the client "
        "(default: none, the peer is the client)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="hadara", description="The executable rulebook of Hadara.")
    parser.add_argument("--version", action="version", version=f"hadara {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a seeded game with built-in bots, or against them (--human), and print the score sheet",
    )
    play.add_argument(
        "--players",
        type=whole,
        choices=range(2, 6),
        metavar="N",
        help="2 to 5 (default: one per crest given, else 4)",
    )
    play.add_argument(
        "--seed",
        type=whole,
        help=f"the game's seed, 0 to {SEEDS - 1} (default: a random one, printed with the game)",
    )
    play.add_argument("--advanced", action="store_true", help="the advanced game: star purple cards, side B")
    play.add_argument(
        "--crests",
        type=_crests,
        metavar="CRESTS",
        help="each seat's crest animal in seat order, e.g. monkey,lion (default: the wheel's places 0, 1, …)",
    )
    play.add_argument(
        "--bot",
        default="greedy",
        help=f"which bot plays every seat ({', '.join(sorted(BOTS))}, or an --engine)",
    )
    engines.add_engine_option(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save the game record (JSON, or YAML for .yaml/.yml); a game people leave is saved "
        "even without it, to hadara-game-SEED.json (stone-age-game-SEED.json for Stone Age)",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the game saved in FILE (its seats played by people, unless --human says "
        "otherwise), saving it there again",
    )
    play.add_argument(
        "--human",
        type=_seats,
        metavar="SEAT[,SEAT...]",
        help="seats played by people at this terminal, e.g. 0 or 0,2 (hot seat); the bot plays the others",
    )
    play.add_argument(
        "--game",
        choices=names(),
        default="hadara",
        help=f"the game played ({', '.join(names())}; default hadara)",
    )
    play.set_defaults(run=_play)
    check = commands.add_parser("check", help="run scenario files; exit 0 when every expectation holds")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument(
        "--explain",
        action="store_true",
        help="print the events of every move and automatic step of every scenario (a failed one always)",
    )
    check.set_defaults(run=_check)
    replay = commands.add_parser("replay", help="replay a game record and print the position and legal moves")
    replay.add_argument("file", metavar="FILE", help="a game record (JSON, or YAML for .yaml/.yml)")
    replay.add_argument("--at", type=whole, metavar="N", help="stop after N moves (default: all)")
    replay.add_argument(
        "--game",
        choices=names(),
        default="hadara",
        help="the game the record is of (default hadara; another game's record is JSON)",
    )
    replay.set_defaults(run=_replay)
    explain = commands.add_parser(
        "explain", help="print a rule's text, rulebook page and where it is enforced"
    )
    explain.add_argument("rule", metavar="RULE-ID")
    explain.add_argument(
        "--verbose", action="store_true", help="name the functions that enforce it, not only their files"
    )
    explain.add_argument(
        "--game", choices=names(), default="hadara", help="the game whose rule it is (default hadara)"
    )
    explain.set_defaults(run=_explain)
    listing = commands.add_parser("rules", help="list every rule ID with its summary")
    listing.add_argument(
        "--game", choices=names(), default="hadara", help="the game whose rules to list (default hadara)"
    )
    listing.set_defaults(run=_rules)
    tournament = commands.add_parser("arena", help="play seeded games between bots and print their win rates")
    arena.add_arguments(tournament)
    tournament.set_defaults(run=arena.run)
    picture = commands.add_parser("render", help="draw the table of a game record or a position as SVG")
    _render.add_arguments(picture, whole)
    picture.add_argument(
        "--game",
        choices=names(),
        default="hadara",
        help="the game the record is of (default hadara; another game's FILE is a JSON game record)",
    )
    picture.set_defaults(run=_render_any)
    schema = commands.add_parser(
        "schema", help="print the JSON Schema of a document kind or of a body of the table's API"
    )
    schema.add_argument("kind", metavar="KIND", nargs="?", help="a kind that --list lists")
    schema.add_argument("--list", action="store_true", help="list every kind, with what it describes")
    schema.add_argument(
        "--game",
        choices=list(_SCHEMAS),
        default="hadara",
        help="the game whose documents are meant (default hadara)",
    )
    schema.set_defaults(run=_schema)
    engine = commands.add_parser(
        "engine", help="answer the engine protocol on standard input and output with a built-in bot"
    )
    engine.add_argument(
        "bot", choices=engines.bot_names(), help="the bot that answers, of the game hello names"
    )
    engine.set_defaults(run=_engine)
    server = commands.add_parser("serve", help="serve the web table and the game API (the server extra)")
    server.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    server.add_argument("--port", type=_port, default=8000, help="the port to listen on (default 8000)")
    server.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin (https://table.example) whose pages may call the API (CORS); repeatable; none by default",
    )
    server.add_argument(
        "--db",
        default="hadara-matches.sqlite",
        metavar="PATH-or-URL",
        help="the SQLite file the matches are kept in (default hadara-matches.sqlite), or a "
        "postgresql://USER@HOST/NAME database that several server processes share",
    )
    _bounds_options(server)
    engines.add_engine_option(server)
    server.set_defaults(run=_serve)
    joining = commands.add_parser(
        "connect", help="play one seat of a match on a hadara server with an engine (the server extra)"
    )
    joining.add_argument("url", help="the server's address, http://HOST:PORT")
    joining.add_argument("--match", required=True, metavar="ID", help="the match's id")
    joining.add_argument("--token", required=True, help="the seat's token (given when the match was made)")
    joining.add_argument(
        "--engine", required=True, metavar="COMMAND", help="the engine's command (docs/engines.md)"
    )
    joining.add_argument(
        "--ms",
        type=at_least(1),
        default=engines.DEFAULT_MS,
        help="milliseconds the engine has for each decision",
    )
    joining.set_defaults(run=_connect)
    return parser


def _drop_stdout() -> None:
    """Send what is left for standard output nowhere, so that the interpreter's last flush
    does not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hadara`` command."""
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except GameError as exc:
        print(f"hadara: {clip(str(exc), 400)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``hadara play | head``): stop quietly
        _drop_stdout()
        return 1
    except OSError as exc:
        # every file the commands read or write reports its own errors, with its name:
        # an error naming no file is standard output's (a full disk, ``> /dev/full``)
        if exc.filename is not None:
            raise
        _drop_stdout()
        print(f"hadara: cannot write to standard output ({exc.strerror or exc})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hadara: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
