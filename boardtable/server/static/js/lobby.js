// The lobby: the public matches with a seat open (each open seat joined with a click),
// "my matches" (every seat this browser holds), and a form that creates a match of one of
// the server's games (its seat counts, options and bots as `GET /api/games` gives them, the
// default game first and chosen), then a link per person's seat (its token in the address's
// fragment, which a browser never sends to the server) and a spectator link. Each list says
// a match's settings in its game's words (its part of the table, loaded as a list needs it).

import { ApiError, createMatch, listMatches, listOpen } from "./api.js";
import { byId, el, fill } from "./dom.js";
import { gameParts, serverGames } from "./games.js";
import { kindWords, settingsWords, stateWords } from "./matches.js";
import { join, rememberedName } from "./joining.js";
import { optionFields } from "./options.js";
import { forgetSeat, heldSeats, seatAddress } from "./store.js";

/** What plays a seat of any game: a person; the game's bots follow. */
const PEOPLE = [
  ["human", "A person (a link)"],
  ["open", "Open: someone joins"],
];
/** The bots' names in the form; another bot (an operator's engine) is named as the server names it. */
const BOT_NAMES = { random: "Random bot", greedy: "Greedy bot", ismcts: "Search bot (ISMCTS)" };
/** The games of the server (`GET /api/games`), by name, once asked. */
const GAMES = new Map();
/** The chosen game's option fields (`{key, node, read}`). */
let options = [];
/** The clock presets, in seconds: bank and increment a move. */
const CLOCKS = { off: null, "5+5": { bank: 300, increment: 5 }, "15+10": { bank: 900, increment: 10 } };
/** How often the lobby's lists are asked again, in milliseconds. */
const REFRESH_MS = 3000;

/** The default name of a seat, shown until a name is typed. */
function defaultName(seat, kind) {
  return kind === "human" || kind === "open" ? `Player ${seat + 1}` : kindName(kind);
}

function kindName(kind) {
  return BOT_NAMES[kind] ?? `${kind} (bot)`;
}

/** The game the form has chosen (its entry of `GET /api/games`). */
function chosenGame() {
  return GAMES.get(byId("game").value);
}

/** What may play a seat of the chosen game: a person, or one of its bots. */
function kinds() {
  return [...PEOPLE, ...(chosenGame()?.bots ?? []).map((bot) => [bot, kindName(bot)])];
}

/** One row of the seats list: what plays the seat, and its name. */
function seatRow(seat, kind) {
  const select = el(
    "select",
    { id: `seat-${seat}-kind`, name: `seat-${seat}-kind` },
    kinds().map(([value, label]) => el("option", { value, selected: value === kind }, label)),
  );
  const name = el("input", {
    id: `seat-${seat}-name`,
    name: `seat-${seat}-name`,
    type: "text",
    maxlength: "40",
    autocomplete: "off",
    placeholder: defaultName(seat, kind),
  });
  select.addEventListener("change", () => {
    name.placeholder = defaultName(seat, select.value);
  });
  return el(
    "li",
    { class: "seat-row" },
    el("span", { class: "seat-number", "aria-hidden": "true" }, `P${seat}`),
    el("label", { class: "field" }, el("span", {}, `Seat P${seat} plays`), select),
    el("label", { class: "field grow" }, el("span", {}, `Name of P${seat}`), name),
  );
}

/** The seat rows for `players` seats, keeping what was chosen in the rows that stay. */
function showSeats(players) {
  const rows = byId("seat-rows");
  const kept = Array.from(rows.children, (row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input").value,
  }));
  const offered = new Set(kinds().map(([kind]) => kind));
  const bots = chosenGame()?.bots ?? [];
  const bot = bots.includes("greedy") ? "greedy" : (bots[0] ?? "human");
  fill(
    rows,
    Array.from({ length: players }, (_, seat) => {
      const wanted = kept[seat]?.kind;
      const row = seatRow(seat, wanted !== undefined && offered.has(wanted) ? wanted : seat === 0 ? "human" : bot);
      if (kept[seat]) row.querySelector("input").value = kept[seat].name;
      return row;
    }),
  );
}

/** The clock the form states (`{bank, increment}` in seconds, or null), or a sentence saying what is wrong. */
function chosenClock() {
  const preset = byId("clock").value;
  if (preset !== "custom") return CLOCKS[preset] ?? null;
  const minutes = Number(byId("clock-minutes").value);
  const increment = Number(byId("clock-increment").value || "0");
  if (!(minutes > 0 && minutes <= 1440)) return "The clock's time must be more than 0 and at most 1440 minutes.";
  if (!(Number.isInteger(increment) && increment >= 0 && increment <= 3600)) {
    return "The seconds added a move must be a whole number from 0 to 3600.";
  }
  return { bank: Math.round(minutes * 60), increment };
}

/** The match settings the form states, or a sentence saying what is wrong. */
function settings() {
  const players = Number(byId("players").value);
  const seats = [];
  const names = [];
  for (let seat = 0; seat < players; seat += 1) {
    const kind = byId(`seat-${seat}-kind`).value;
    seats.push(kind);
    names.push(byId(`seat-${seat}-name`).value.trim() || defaultName(seat, kind));
  }
  const clock = chosenClock();
  if (typeof clock === "string") return clock;
  const body = {
    game: byId("game").value,
    players,
    seats,
    names,
    public: byId("public").checked,
    takeback: byId("takeback").checked,
    clock,
  };
  for (const field of options) {
    const { value, error } = field.read();
    if (error !== undefined) return error;
    if (value !== undefined) body[field.key] = value;
  }
  const seed = byId("seed").value.trim();
  if (seed !== "") {
    if (body.public) return "A match listed in the lobby is dealt from a seed nobody chose: leave the seed empty.";
    if (!/^\d{1,15}$/.test(seed)) return "The seed must be a whole number (at most 15 digits), or left empty.";
    body.seed = Number(seed);
  }
  return body;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = button.parentElement.querySelector("input");
    field.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  setTimeout(() => {
    button.textContent = "Copy";
  }, 1500);
}

function linkRow(title, note, address) {
  const field = el("input", { type: "text", readonly: true, value: address, "aria-label": `${title}: link` });
  field.addEventListener("focus", () => field.select());
  const button = el("button", { type: "button", class: "copy", "aria-label": `Copy the link of ${title}` }, "Copy");
  button.addEventListener("click", () => copy(address, button));
  return el(
    "li",
    { class: "link" },
    el("div", { class: "link-title" }, el("strong", {}, title), note ? el("span", { class: "help" }, note) : null),
    el("div", { class: "link-field" }, field, button, el("a", { class: "open", href: address, target: "_blank", rel: "noopener" }, "Open")),
  );
}

function showLinks(created, body) {
  const rows = created.seats.map((seat) => {
    const title = `P${seat.seat} · ${body.names[seat.seat]}`;
    if (seat.kind === "human" && typeof seat.token === "string") {
      return linkRow(title, "a person plays this seat", seatAddress(created.match, seat.token));
    }
    const note = seat.kind === "open" ? "open: someone joins it from the lobby or the spectator link" : `${kindName(seat.kind)}: plays by itself`;
    return el(
      "li",
      { class: "link bot" },
      el("div", { class: "link-title" }, el("strong", {}, title), el("span", { class: "help" }, note)),
    );
  });
  rows.push(linkRow("Spectators", "everything every seat may see, no hands; an open seat is joined there", seatAddress(created.match, null)));
  fill(byId("links"), rows);
  const panel = byId("created");
  byId("created-heading").textContent = `Match ${created.match} created`;
  panel.hidden = false;
  panel.focus();
}

/** The seats of a summary in words: `P0 Ada, P1 open`. */
function seatsWords(summary) {
  return summary.seats
    .map((seat) => `P${seat.seat} ${seat.kind === "open" ? "open" : `${seat.name} (${kindWords(seat.kind)})`}`)
    .join(", ");
}

function openRow(summary, game) {
  const buttons = summary.seats
    .filter((seat) => seat.kind === "open")
    .map((seat) => {
      const button = el("button", { type: "button", class: "primary join", "data-seat": seat.seat }, `Join as P${seat.seat}`);
      button.addEventListener("click", () => join(summary.match, seat.seat, button, byId("player-name"), byId("join-error")));
      return button;
    });
  return el(
    "li",
    { class: "match-row", "data-match": summary.match, "data-game": summary.game },
    el("div", { class: "match-title" }, el("strong", {}, `${summary.players} players`), el("span", { class: "help" }, settingsWords(summary, game))),
    el("p", { class: "match-seats" }, seatsWords(summary)),
    el("div", { class: "match-actions" }, buttons),
  );
}

function heldRow(held, summary, game) {
  const open = el("a", { class: "open", href: seatAddress(held.match, held.token) }, "Open the table");
  const forget = el("button", { type: "button", class: "link-button forget" }, "Forget");
  forget.addEventListener("click", () => {
    forgetSeat(held.match, held.seat);
    showHeld();
  });
  const state = summary ? stateWords(summary, held.seat) : "not on this server";
  return el(
    "li",
    { class: "match-row", "data-match": held.match, "data-seat": held.seat, "data-state": state, "data-game": summary?.game },
    el(
      "div",
      { class: "match-title" },
      el("strong", {}, `Match ${held.match} · P${held.seat}${held.name ? ` ${held.name}` : ""}`),
      el("span", { class: `state${state === "your turn" ? " mine" : ""}` }, state),
    ),
    summary ? el("p", { class: "match-seats" }, `${seatsWords(summary)} · ${settingsWords(summary, game)}`) : null,
    el("div", { class: "match-actions" }, open, forget),
  );
}

/** "My matches": every seat this browser holds, with where its match stands. */
async function showHeld() {
  const held = heldSeats();
  const list = byId("my-list");
  byId("my-empty").hidden = held.length > 0;
  if (held.length === 0) {
    fill(list);
    return;
  }
  const ids = [...new Set(held.map((seat) => seat.match))].slice(0, 50);
  let found = [];
  let games;
  try {
    found = (await listMatches(ids)).matches ?? [];
    games = await gameParts(found.map((summary) => summary.game));
  } catch {
    return; // the list stays as it was; the next refresh asks again
  }
  const byMatch = new Map(found.map((summary) => [summary.match, summary]));
  fill(
    list,
    held.map((seat) => {
      const summary = byMatch.get(seat.match);
      return heldRow(seat, summary, summary === undefined ? null : games.get(summary.game));
    }),
  );
}

/** The open public matches, newest first; rows already shown are kept while they stay the same. */
async function showOpen() {
  let found;
  let games;
  try {
    found = (await listOpen()).matches ?? [];
    games = await gameParts(found.map((summary) => summary.game));
  } catch {
    return;
  }
  const mine = new Set(heldSeats().map((held) => held.match));
  const shown = found.filter((summary) => !mine.has(summary.match));
  byId("open-empty").hidden = shown.length > 0;
  const list = byId("open-list");
  const key = JSON.stringify(shown.map((summary) => [summary.match, summary.seats]));
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  fill(list, shown.map((summary) => openRow(summary, games.get(summary.game))));
}

function refresh() {
  showOpen();
  showHeld();
}

/** The chosen game's seat counts (the number chosen kept where the game allows it), options and seats. */
function showGame() {
  const game = chosenGame();
  const [low, high] = game.seats;
  const players = byId("players");
  const before = Number(players.value);
  fill(
    players,
    Array.from({ length: high - low + 1 }, (_, index) => el("option", { value: low + index }, String(low + index))),
  );
  players.value = String(before >= low && before <= high ? before : low);
  options = optionFields(game.options, game.game);
  fill(byId("game-options"), options.map((field) => field.node));
  showSeats(Number(players.value));
}

/** Asks the server's games and offers them in the form (the first, the default game, chosen). */
async function offerGames() {
  const error = byId("create-error");
  let found;
  try {
    found = await serverGames();
  } catch (problem) {
    error.textContent = `The games cannot be had from the server: ${problem.message}`;
    return;
  }
  for (const game of found) GAMES.set(game.game, game);
  fill(byId("game"), found.map((game) => el("option", { value: game.game }, game.title)));
  showGame();
  byId("create-button").disabled = false;
}

/** Shows the lobby and wires its form and lists. */
export function openLobby() {
  byId("lobby").hidden = false;
  document.title = "Lobby · Board games";
  byId("player-name").value = rememberedName();
  refresh();
  setInterval(refresh, REFRESH_MS);
  const players = byId("players");
  players.addEventListener("change", () => showSeats(Number(players.value)));
  byId("game").addEventListener("change", showGame);
  offerGames();
  const clock = byId("clock");
  clock.addEventListener("change", () => {
    byId("clock-custom").hidden = clock.value !== "custom";
  });
  const form = byId("create");
  const error = byId("create-error");
  const button = byId("create-button");
  button.disabled = true; // until the server's games are known
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = settings();
    if (typeof body === "string") {
      error.textContent = body;
      return;
    }
    button.disabled = true;
    try {
      showLinks(await createMatch(body), body);
    } catch (problem) {
      error.textContent = problem instanceof ApiError ? problem.message : "The match could not be created.";
    } finally {
      button.disabled = false;
    }
  });
}
