// The lobby: a form that creates a match, then a link per human seat (its token in the
// address's fragment, which a browser never sends to the server) and a spectator link.

import { ApiError, createMatch } from "./api.js";
import { byId, el, fill } from "./dom.js";

const KINDS = [
  ["human", "A person"],
  ["random", "Random bot"],
  ["greedy", "Greedy bot"],
  ["ismcts", "Search bot (ISMCTS)"],
];
const KIND_NAMES = Object.fromEntries(KINDS);

/** The default name of a seat, shown until a name is typed. */
function defaultName(seat, kind) {
  return kind === "human" ? `Player ${seat + 1}` : KIND_NAMES[kind];
}

/** One row of the seats list: what plays the seat, and its name. */
function seatRow(seat, kind) {
  const select = el(
    "select",
    { id: `seat-${seat}-kind`, name: `seat-${seat}-kind` },
    KINDS.map(([value, label]) => el("option", { value, selected: value === kind }, label)),
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
  fill(
    rows,
    Array.from({ length: players }, (_, seat) => {
      const row = seatRow(seat, kept[seat]?.kind ?? (seat === 0 ? "human" : "greedy"));
      if (kept[seat]) row.querySelector("input").value = kept[seat].name;
      return row;
    }),
  );
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
  const body = { players, seats, names, advanced: byId("create").elements.game.value === "advanced" };
  const seed = byId("seed").value.trim();
  if (seed !== "") {
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
  const base = `${location.origin}/?match=${encodeURIComponent(created.match)}`;
  const rows = created.seats.map((seat) => {
    const title = `P${seat.seat} · ${body.names[seat.seat]}`;
    if (seat.kind === "human" && typeof seat.token === "string") {
      return linkRow(title, "a person plays this seat", `${base}#token=${encodeURIComponent(seat.token)}`);
    }
    return el(
      "li",
      { class: "link bot" },
      el("div", { class: "link-title" }, el("strong", {}, title), el("span", { class: "help" }, `${KIND_NAMES[seat.kind] ?? seat.kind}: plays by itself`)),
    );
  });
  rows.push(linkRow("Spectators", "everything every seat may see, no hands", base));
  fill(byId("links"), rows);
  const panel = byId("created");
  byId("created-heading").textContent = `Match ${created.match} created`;
  panel.hidden = false;
  panel.focus();
}

/** Shows the lobby and wires its form. */
export function openLobby() {
  byId("lobby").hidden = false;
  document.title = "Hadara: new match";
  const players = byId("players");
  players.addEventListener("change", () => showSeats(Number(players.value)));
  showSeats(Number(players.value));
  const form = byId("create");
  const error = byId("create-error");
  const button = byId("create-button");
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
