// The score sheet at the end of the game, as on the score pad: a row per line of the
// game's sheet, a column per player, the winners marked.

import { el } from "./dom.js";

/**
 * The sheet of a game record's result block, `winners` marked: `rows` are the game's lines
 * (`{key, name, value(sheet), total}`), `label(seat)` names a seat; a sheet without its
 * `player` is the seat of its place in the list.
 */
export function scoreSheet(result, rows, label) {
  const winners = new Set(result.winners ?? []);
  const sheets = (result.scores ?? []).map((sheet, index) => ({ sheet, player: sheet.player ?? index }));
  const won = (player) => (winners.has(player) ? "winner" : null);
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, el("span", { class: "sr-only" }, "Category")),
    sheets.map(({ player }) =>
      el(
        "th",
        { scope: "col", class: won(player) },
        label(player),
        winners.has(player) ? el("span", { class: "crown" }, "wins") : null,
      ),
    ),
  );
  const body = rows.map((row) =>
    el(
      "tr",
      { class: row.total ? "total" : null, "data-line": row.key },
      el("th", { scope: "row" }, row.name),
      sheets.map(({ sheet, player }) => el("td", { class: won(player) }, String(row.value(sheet) ?? ""))),
    ),
  );
  return el(
    "div",
    { class: "sheet-wrap" },
    el("table", { class: "sheet" }, el("caption", {}, "Score sheet"), el("thead", {}, head), el("tbody", {}, body)),
  );
}
