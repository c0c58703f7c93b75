// A dispute's page, `/?dispute#v1.…`: the scenario its link carries whole (scenario.js),
// shown as text only: the position, the disputed move, the verdict the link states, and the
// server's own verdict on it now (`POST /api/games/GAME/analysis`) with its rule's text.
// Nothing of the link is parsed as HTML or run.

import { postAnalysis } from "./api.js";
import { refusalWords } from "./analysis.js";
import { el, fill } from "./dom.js";
import { drawPosition } from "./drawing.js";
import { DocumentError, readDisputeFragment } from "./scenario.js";

/** The verdict a scenario's `expect` states, in words. */
function claimed(expect) {
  if (expect?.illegal && typeof expect.illegal === "object") return `refused under ${String(expect.illegal.rule ?? "a rule")}.`;
  if (typeof expect?.digest === "string") return `legal, leading to the position of digest ${expect.digest.slice(0, 12)}…`;
  return "no verdict";
}

/**
 * Shows the dispute of the page's fragment under `holder`, then `analyse(document)` opens it on
 * the analysis board when asked. `part(game)` is the game's part of the table.
 */
export async function showDispute(holder, part, analyse) {
  fill(holder, el("h1", { id: "dispute-heading" }, "A dispute"), el("p", { class: "quiet" }, "Reading the link…"));
  let found;
  try {
    found = await readDisputeFragment(location.hash);
  } catch (problem) {
    if (!(problem instanceof DocumentError)) throw problem;
    fill(holder, el("h1", { id: "dispute-heading" }, "This link holds no dispute"), el("p", { class: "error", role: "alert" }, problem.message));
    return;
  }
  let game;
  try {
    game = await part(found.game);
  } catch (problem) {
    fill(holder, el("h1", { id: "dispute-heading" }, "This dispute cannot be shown"), el("p", { class: "error", role: "alert" }, problem.message));
    return;
  }
  const [move] = found.moves;
  const verdict = el("div", { class: "verdict", id: "dispute-verdict", role: "status" }, el("p", { class: "quiet" }, "Asking the server…"));
  const open = el("button", { type: "button", id: "dispute-analyse" }, "Open on the analysis board");
  const opening = el("p", { class: "error", role: "alert" });
  open.addEventListener("click", () =>
    analyse(found).catch((problem) => {
      opening.textContent = `The analysis board cannot open it: ${problem.message}`;
    }),
  );
  fill(
    holder,
    el("h1", { id: "dispute-heading" }, typeof found.title === "string" && found.title !== "" ? found.title : "A dispute"),
    el("p", { class: "where" }, game.title),
    el("p", { class: "disputed" }, "The disputed move: ", el("code", { id: "dispute-move" }, typeof move === "string" ? move : JSON.stringify(move))),
    el("p", { id: "dispute-claim" }, `The link says: ${claimed(found.expect)}`),
    el("h2", {}, "The rules say"),
    verdict,
    open,
    opening,
    el("h2", {}, "The position"),
    el("div", { class: "drawing" }, drawPosition(found.position)),
  );
  try {
    const answer = await postAnalysis(found.game, found.position, move);
    verdict.dataset.verdict = answer.refusal ? "illegal" : "legal";
    fill(
      verdict,
      answer.refusal
        ? refusalWords(answer.refusal)
        : el("p", { class: "verdict-line" }, el("strong", {}, "Legal"), `: ${answer.played.notation} leads to the position of digest ${String(answer.played.digest).slice(0, 12)}…`),
    );
  } catch (problem) {
    verdict.dataset.verdict = "problem";
    fill(verdict, el("p", { class: "error" }, `The server cannot judge it: ${problem.message}`));
  }
}
