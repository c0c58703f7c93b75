// The review pages, for every game through its part of the table: a match's replay
// (`/?replay=ID&at=SEQ&seat=N`), the page that opens files (`/?review`: a game record
// replays, a scenario or a position opens on the analysis board, dropped on the page or
// chosen; nothing is stored), and a dispute's page (`/?dispute#v1.…`). Each has the
// analysis board below it, opened at the point asked.

import { getMatch, getReplay, postAnalysis, postReplay } from "./api.js";
import { Analysis } from "./analysis.js";
import { showDispute } from "./dispute.js";
import { byId, el, fill } from "./dom.js";
import { gamePart, serverGames } from "./games.js";
import { Replay } from "./replay.js";
import { documentKind, fileText, readDocument } from "./scenario.js";

let board = null;

/** The analysis board of the game `name` (made anew for another game), shown. */
async function analysisBoard(name) {
  const holder = byId("analysis");
  if (board === null || board.name !== name) board = new Analysis(holder, name, await gamePart(name, { style: true }));
  holder.hidden = false;
  return board;
}

/** Opens the board at `position` (`ply` moves into the game), the keyboard taken to it. */
async function analyse(name, position, ply = 0) {
  const opened = await analysisBoard(name);
  await opened.open(position, ply);
  byId("analysis-heading").focus();
  return opened;
}

/** A scenario on the board: its position, then its moves tried in turn (the last tried is the disputed one). */
async function analyseScenario(found) {
  const opened = await analyse(found.game, found.position);
  if (typeof found.title === "string") opened.title.value = found.title;
  for (const move of Array.isArray(found.moves) ? found.moves : []) {
    await opened.tryMove(move);
    if (opened.disputed?.verdict.refusal) break;
  }
}

/** The games to try a document with: the one it names (a record's `data.info.game`), else the one chosen, then the others. */
async function gamesToTry(named) {
  const chosen = typeof named === "string" ? named : byId("file-game").value;
  const names = (await serverGames()).map((entry) => entry.game);
  return [chosen, ...names.filter((name) => name !== chosen)];
}

/** `ask(game)` for each game to try until one answers; that game is chosen and its answer given. */
async function firstGameTaking(ask, named = null) {
  let first = null;
  for (const name of await gamesToTry(named)) {
    try {
      const answer = await ask(name);
      byId("file-game").value = name;
      return [name, answer];
    } catch (problem) {
      first ??= problem;
    }
  }
  throw first;
}

/** Opens a file: a record's replay, or a scenario or position on the analysis board. */
async function openFile(file) {
  const error = byId("file-error");
  error.textContent = "";
  try {
    const found = readDocument(await fileText(file));
    const kind = documentKind(found);
    if (kind === "scenario") {
      if (typeof found.game !== "string") found.game = byId("file-game").value;
      await analyseScenario(found);
    } else if (kind === "position") {
      const [name] = await firstGameTaking((game) => postAnalysis(game, found));
      await analyse(name, found);
    } else {
      const [name, answer] = await firstGameTaking((game) => postReplay(game, found, null, null), found.data?.info?.game);
      const holder = byId("replay");
      holder.hidden = false;
      const replay = new Replay(holder, { game: name, record: found, finished: answer.over === true }, await gamePart(name, { style: true }), (shown) =>
        analysePoint(name, answer.over === true, shown, (at) => postReplay(name, found, at, "all")),
      );
      await replay.start(answer.last, null);
    }
  } catch (problem) {
    error.textContent = `${file.name}: ${problem.message ?? String(problem)}`;
  }
}

/**
 * The board at a replay's point `shown`: the whole position there once the game is over
 * (`wholeAt(at)` asks for it), else the view shown; a refusal said under the replay.
 */
async function analysePoint(name, finished, shown, wholeAt) {
  try {
    const whole = finished && shown.seat !== "all" ? await wholeAt(shown.at) : shown;
    await analyse(name, whole.position, whole.ply);
  } catch (problem) {
    byId("replay-error").textContent = `This position cannot be analysed: ${problem.message}`;
  }
}

/** The file panel: a file input, drops anywhere on the page (both heard at once), and the game of a record or position. */
async function wireFiles() {
  byId("file-input").addEventListener("change", (event) => {
    const [file] = event.target.files;
    if (file) openFile(file);
  });
  document.addEventListener("dragover", (event) => {
    event.preventDefault();
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    document.body.classList.remove("dropping");
    const [file] = event.dataTransfer?.files ?? [];
    if (file) openFile(file);
  });
  const names = await serverGames();
  fill(byId("file-game"), names.map((entry) => el("option", { value: entry.game }, entry.title)));
}

/** Shows a problem of the page itself (a match that cannot be had) in its heading. */
function failed(problem) {
  const holder = byId("replay");
  holder.hidden = false;
  fill(holder, el("h1", {}, "The replay cannot be shown"), el("p", { class: "error", role: "alert" }, problem.message ?? String(problem)));
}

/** A match's replay at `at` (null: its last entry) as `seat` sees it; `token` the address's fragment's. */
export async function openReplay(match, token, at, seat) {
  byId("review").hidden = false;
  byId("bar-note").textContent = `Replay of match ${match}`;
  await wireFiles();
  let info;
  let game;
  try {
    info = await getMatch(match);
    game = await gamePart(info.game, { style: true });
  } catch (problem) {
    failed(problem);
    return;
  }
  byId("brand").textContent = game.title;
  const holder = byId("replay");
  holder.hidden = false;
  const replay = new Replay(holder, { match, token, info }, game, (shown) =>
    analysePoint(info.game, info.over === true, shown, (point) => getReplay(match, null, point, "all")),
  );
  try {
    await replay.start(at, seat);
  } catch (problem) {
    failed(problem);
  }
}

/** The page that opens a record, a scenario or a position from a file. */
export async function openFiles() {
  byId("review").hidden = false;
  byId("bar-note").textContent = "Replays, analysis and disputes";
  byId("files").open = true;
  await wireFiles();
}

/** A dispute's page, from its link's fragment. */
export async function openDispute() {
  byId("review").hidden = false;
  byId("bar-note").textContent = "A dispute";
  await wireFiles();
  const holder = byId("dispute");
  holder.hidden = false;
  const show = () => showDispute(holder, (name) => gamePart(name, { style: true }), (found) => analyseScenario(found));
  window.addEventListener("hashchange", show);
  await show();
}
