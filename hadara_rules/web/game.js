// Hadara's part of the web table (served at /games/hadara/game.js, its hooks described in
// the shell's games.js): where its moves are listed (each said by the shell in the server's
// words, its legal entry's `text`), what a component of its picture is and which moves name
// it, where the game stands, the wheel's preview (WHEEL-3) and the purple abilities on the
// table (PURPLE-*).

import { el } from "/js/dom.js";
import { group, movedCard, movesNaming, positionData, previewParts } from "./moves.js";
import { firstDraws } from "./wheel.js";

const ROMAN = { 1: "I", 2: "II", 3: "III" };
const SECTIONS = {
  setup: "choosing start card sides",
  wheel: "setting the wheel",
  draft: "draft",
  pick: "picking from the outer piles",
  income: "income",
  colony: "colonies",
  statue: "statues",
  feeding: "feeding",
  medals: "medals",
};

/** `Epoch I, phase A: draft, round 3 of 5 · move 12`. */
function where(position, ply) {
  const state = positionData(position);
  if (!state || state.section === "over") return `Final position after ${ply} moves`;
  const round = state.section === "draft" ? `, round ${state.round + 1} of 5` : "";
  const section = SECTIONS[state.section] ?? state.section;
  return `Epoch ${ROMAN[state.epoch] ?? state.epoch}, phase ${state.phase}: ${section}${round} · move ${ply}`;
}

/** WHEEL-3: the colour each seat draws first with the wheel at the move's rotation (the viewer's own marked). */
function extra(entry, position, seat) {
  if (entry.move.type !== "set_wheel") return null;
  const draws = firstDraws(positionData(position), entry.move.rotation);
  return el(
    "span",
    { class: "wheel-preview" },
    "First draws: ",
    draws.map(({ seat: drawer, color }, index) => [
      index > 0 ? ", " : null,
      el("span", { class: drawer === seat ? "mine" : null, "data-seat": drawer }, `P${drawer} ${color}`),
    ]),
  );
}

/** The rule of a purple card's ability, as its title in the picture names it: `… (PURPLE-3)`. */
const ABILITY = /\bPURPLE-\d+\b/;

export default {
  style: new URL("./game.css", import.meta.url).href,
  settings: (summary) => [summary.advanced ? "Advanced game" : "Basic game"],
  where,
  group,
  movedCard,
  preview: previewParts,
  /** The move's notation and the rules its preview names, under its words. */
  note: (entry, rules) => [entry.notation, ...rules].join(" · "),
  extra,
  /** A component is drawn with its kind, id and (on a board) player. */
  component: (node) =>
    node.hasAttribute("data-kind")
      ? { kind: node.getAttribute("data-kind"), id: node.getAttribute("data-id"), player: node.getAttribute("data-player") }
      : null,
  naming: movesNaming,
  /** While the wheel is set, the wheel (the picture's first shared part) is shown next to the seat's own board. */
  leading: (position) => positionData(position)?.section === "wheel",
  /** Crests name the seats on the boards: `P1 · Ada (dragon)`. */
  badge: (position, seat) => positionData(position)?.players?.[seat]?.crest ?? null,
  /** A purple card drawn in the picture shows its ability's rule (PURPLE-*). */
  ability: (component) =>
    component.kind === "card" ? (ABILITY.exec(component.node.querySelector("title")?.textContent ?? "")?.[0] ?? null) : null,
  abilities: "Purple abilities on the table",
};
