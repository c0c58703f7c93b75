// The score sheet at the end of the game, as on the score pad: a row per category,
// a column per player, the winners marked.

import { el } from "./dom.js";

/** The rows of the score pad, in its order, with what each counts (SCORE-1…6). */
const ROWS = [
  ["colonies", "Colonies"],
  ["statues", "Statues"],
  ["silver", "Silver"],
  ["gold", "Gold"],
  ["cards", "Cards"],
  ["coins", "Coins"],
  ["total", "Total"],
];

/** The sheet of a game record's result block, `winners` marked; `label(seat)` names a seat. */
export function scoreSheet(result, label) {
  const winners = new Set(result.winners ?? []);
  const sheets = result.scores ?? [];
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, el("span", { class: "sr-only" }, "Category")),
    sheets.map((sheet) =>
      el(
        "th",
        { scope: "col", class: winners.has(sheet.player) ? "winner" : null },
        label(sheet.player),
        winners.has(sheet.player) ? el("span", { class: "crown" }, "wins") : null,
      ),
    ),
  );
  const body = ROWS.map(([key, name]) =>
    el(
      "tr",
      { class: key === "total" ? "total" : null },
      el("th", { scope: "row" }, name),
      sheets.map((sheet) => el("td", { class: winners.has(sheet.player) ? "winner" : null }, String(sheet[key] ?? ""))),
    ),
  );
  return el(
    "div",
    { class: "sheet-wrap" },
    el("table", { class: "sheet" }, el("caption", {}, "Score sheet"), el("thead", {}, head), el("tbody", {}, body)),
  );
}
