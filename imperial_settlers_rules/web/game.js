// Imperial Settlers' part of the web table (served at /games/imperial-settlers/game.js, its hooks
// described in the shell's games.js): where its moves are listed, the components of its picture a
// move names (a card in the hand: its builds, deals and razes; a built location: its
// activations, razes and free steps; a card of the lookout: its pick; a deck: its draw; the
// supply: the workers spent, WORK-1) and those components in words (a card by its name, from the
// game's catalogue, never by its printed id), under a card's move the card's text, and where the
// game stands. A move itself comes in words from the server (the legal entry's text, as the
// terminal lists it), and so does what it does to its mover (the preview); a move's notation is
// for engines and records.

import { el } from "/js/dom.js";

/** The phases of a round (FLOW-5), as a player names them. */
const PHASES = { lookout: "the lookout", production: "production", actions: "actions" };
const LAST_ROUND = 5;

/** The catalogue's cards (`GET /api/games/imperial-settlers/catalogue`): each printed id's entry. */
async function loadCards() {
  try {
    const answer = await fetch("/api/games/imperial-settlers/catalogue");
    if (!answer.ok) return new Map();
    const body = await answer.json();
    const entries = new Map(body.cards.map((card) => [card.key, card]));
    return new Map(body.copies.map((copy) => [copy.id, entries.get(copy.card)]));
  } catch {
    return new Map();
  }
}

const CARDS = await loadCards();

/** A card by its name, a working name starred (README section 5); one not shown, face down. */
function cardName(id) {
  const card = CARDS.get(id);
  if (card === undefined) return id === "?" ? "a card face down" : "a card";
  return card.name_provisional ? `${card.name}*` : card.name;
}

function state(position) {
  return position?.data ?? null;
}

const GROUPS = {
  pick: "The lookout",
  build: "Cards in your hand",
  make_deal: "Cards in your hand",
  raze_card: "Cards in your hand",
  activate: "Action locations",
  raze: "Raze",
  spend: "Workers",
  draw: "Draw",
  defend: "Free steps",
  samurai: "Free steps",
  tuck: "Free steps",
  pass: "End of the turn",
  done: "End of the turn",
};

/** The card a move names by its `card` field (pick, build, deal, raze, keep, discard), or null. */
function namedCard(entry) {
  return typeof entry.move.card === "string" ? entry.move.card : null;
}

/** Under a card's move, the card's text in words (the catalogue's, made from its data). */
function extra(entry) {
  const card = CARDS.get(namedCard(entry) ?? "");
  return card === undefined ? null : el("span", { class: "is-card-words" }, card.words);
}

/** Whether a move of `entry` names a location (`id`) of the picture. */
function namesLocation(move, id) {
  return (
    move.location === id ||
    move.target === id ||
    move.repeat === id ||
    (move.type === "build" && (move.samurai ?? []).includes(id))
  );
}

/** Whether a move names a card of a hand (`id`): built, dealt, razed, discarded, tucked or paid. */
function namesHandCard(move, id) {
  return move.card === id || move.item === id || (move.type === "activate" && move.cards.includes(id));
}

/** The kinds of component the picture draws that a move may name, and their words. */
const KINDS = {
  lookout: (id) => `${cardName(id)} in the lookout`,
  hand: (id) => cardName(id),
  drawn: (id) => `${cardName(id)}, drawn`,
  location: (id) => cardName(id),
  foundation: (id) => `the foundation ${cardName(id)}`,
  deal: (id) => `deal ${Number(id.slice(5)) + 1}`,
  deck: (id) => `the ${id} deck`,
  supply: () => "the supply",
};

/** The legal moves that name a component of the picture. */
function naming(component, legal) {
  const { kind, id, player } = component;
  const own = (entry) => player === null || entry.move.player === player;
  switch (kind) {
    case "lookout":
      return legal.filter((entry) => entry.move.type === "pick" && entry.move.card === id);
    case "hand":
      return legal.filter((entry) => own(entry) && namesHandCard(entry.move, id));
    case "drawn":
      return legal.filter((entry) => entry.move.type === "keep" && entry.move.card === id);
    case "location":
      return legal.filter((entry) => namesLocation(entry.move, id) && (entry.move.type !== "raze" || entry.move.opponent === player));
    case "foundation":
      return legal.filter((entry) => own(entry) && entry.move.discard === id);
    case "deal": {
      const index = Number(id.slice(5));
      return legal.filter((entry) =>
        entry.move.player === player ? entry.move.deal === index : entry.move.opponent === player && entry.move.target === index,
      );
    }
    case "deck":
      return legal.filter((entry) => entry.move.type === "draw" && entry.move.deck === id && own(entry));
    case "supply":
      return legal.filter((entry) => entry.move.type === "spend" && own(entry));
    default:
      return [];
  }
}

export default {
  style: new URL("./game.css", import.meta.url).href,
  where: (position, ply) => {
    const data = state(position);
    if (!data || data.phase === "over") return `Final position after ${ply} moves`;
    return `Round ${data.round} of ${LAST_ROUND}: ${PHASES[data.phase] ?? data.phase} · move ${ply}`;
  },
  group: (entry) => GROUPS[entry.move.type] ?? "Decisions",
  extra,
  /** A component of the picture a move may name (`data-kind`, `data-id`, `data-player`), in words. */
  component: (node) => {
    const kind = node.getAttribute("data-kind");
    const id = node.getAttribute("data-id");
    const words = KINDS[kind];
    if (words === undefined || id === null || (kind === "hand" && id === "hand")) return null;
    const player = node.hasAttribute("data-player") ? Number(node.getAttribute("data-player")) : null;
    return { kind, id, player, name: words(id) };
  },
  naming,
};
