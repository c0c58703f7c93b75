// A position document drawn for any game, as words: the table as it stood at a point of a
// replay, on the analysis board or on a dispute's page. Its `players` are a table, a column
// per seat; every other field a line (a list's items in order, a list of lists one list a
// line). Everything is set as text: a position may come from a file or a link.

import { el } from "./dom.js";

/** `income 2, military 3`: an object of scalars in words; anything deeper as JSON. */
function words(value) {
  if (value === null) return "none";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((item) => (item !== null && typeof item === "object" ? words(item) : String(item))).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([key, item]) => `${key} ${item !== null && typeof item === "object" ? `(${words(item)})` : String(item)}`)
      .join(", ");
  }
  return String(value);
}

/** A field's value: a list of lists is a list of lines, numbered from 0 (a list of ids with its length). */
function valueNode(value) {
  if (Array.isArray(value) && value.length > 0 && value.every(Array.isArray)) {
    return el(
      "ol",
      { class: "drawn-lists", start: "0" },
      value.map((item) => el("li", {}, item.some((part) => typeof part === "string") ? `${words(item)} (${item.length})` : words(item))),
    );
  }
  return el("span", {}, words(value));
}

/** The seats' boards: a row per field, a column per seat (`seat` marked as the one seen as). */
function playersTable(players, seat) {
  const keys = [...new Set(players.flatMap((player) => (player && typeof player === "object" ? Object.keys(player) : [])))];
  return el(
    "div",
    { class: "sheet-wrap" },
    el(
      "table",
      { class: "drawn-players" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "col" }, "Seat"),
          players.map((_, index) => el("th", { scope: "col", class: index === seat ? "mine" : null }, `P${index}`)),
        ),
      ),
      el(
        "tbody",
        {},
        keys.map((key) =>
          el(
            "tr",
            { "data-field": key },
            el("th", { scope: "row" }, key),
            players.map((player) => el("td", {}, words(player?.[key] ?? null))),
          ),
        ),
      ),
    ),
  );
}

/**
 * The position document `position` (`{data: {...}}`) drawn in words; `seat`: the seat it
 * is seen as (its column marked), null for a spectator or the whole position.
 */
export function drawPosition(position, seat = null) {
  const data = position && typeof position === "object" ? position.data : null;
  if (data === null || typeof data !== "object") return el("p", { class: "quiet" }, "No position to draw.");
  const rest = Object.entries(data).filter(([key]) => key !== "players");
  return el(
    "div",
    { class: "drawn" },
    Array.isArray(data.players) ? playersTable(data.players, seat) : null,
    el(
      "dl",
      { class: "drawn-fields" },
      rest.map(([key, value]) => el("div", { "data-field": key }, el("dt", {}, key), el("dd", {}, valueNode(value)))),
    ),
  );
}

/**
 * The words of a position, folded under its picture as its text alternative: a `<details>`
 * (id `id`) whose summary says `summary`, holding the element (id `drawingId`) the words go in.
 */
export function foldedWords(id, summary, drawingId) {
  return el("details", { class: "drawing-words", id }, el("summary", {}, summary), el("div", { class: "drawing", id: drawingId }));
}
