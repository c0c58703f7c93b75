// Imperial Settlers' part of the web table (served at /games/imperial-settlers/game.js, its hooks
// described in the shell's games.js): its moves in words (a card by its name, from the game's
// catalogue, never by its printed id), where they are listed, the components of its picture a
// move names (a card in the hand: its builds, deals and razes; a built location: its
// activations, razes and free steps; a card of the lookout: its pick; a deck: its draw; the
// supply: the workers spent, WORK-1), under a card's move the card's text, where the game
// stands, and the lines of its score sheet (END-2 to END-4). What a move does to its mover comes
// in words from the server (the preview); a move's notation is for engines and records.

import { el } from "/js/dom.js";

/** The supply's kinds, in the order of a supply (GOODS-4), for one and for several. */
const SUPPLY = [
  ["worker", "workers"],
  ["wood", "wood"],
  ["stone", "stone"],
  ["food", "food"],
  ["gold", "gold"],
  ["raze token", "raze tokens"],
  ["defense token", "defense tokens"],
];
/** The goods a worker spend takes (WORK-1), in the order of its `take`. */
const TAKEN = [
  ["wood", "wood"],
  ["stone", "stone"],
  ["food", "food"],
  ["card", "cards"],
];
/** The goods of an effect beside the supply (GOODS-1, GOODS-7). */
const OTHERS = [
  ["vp", "VP", "VP"],
  ["card", "card", "cards"],
  ["common_card", "common card", "common cards"],
  ["faction_card", "faction card", "faction cards"],
];
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

function listed(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Counts of named goods in words: `2 workers and 1 gold` (none: `nothing`). */
function counts(amounts, nouns) {
  const named = nouns.flatMap(([one, several], index) => {
    const count = amounts?.[index] ?? 0;
    return count > 0 ? [`${count} ${count === 1 ? one : several}`] : [];
  });
  return named.length === 0 ? "nothing" : listed(named);
}

/** What an effect gives (GOODS-1), as the position writes it. */
function goodsWords(goods) {
  const supply = counts(goods?.supply, SUPPLY);
  const others = OTHERS.filter(([key]) => (goods?.[key] ?? 0) > 0).map(
    ([key, one, several]) => `${goods[key]} ${goods[key] === 1 ? one : several}`,
  );
  const all = [...(supply === "nothing" ? [] : [supply]), ...others];
  return all.length === 0 ? "nothing" : all.join(" and ");
}

function state(position) {
  return position?.data ?? null;
}

function paying(pay) {
  return pay.some((count) => count > 0) ? `, paying ${counts(pay, SUPPLY)}` : "";
}

/** CARD-14: the option of the choice waiting on the agenda, in words. */
function chosen(move, position) {
  const options = state(position)?.agenda?.[0]?.options;
  return Array.isArray(options) && options[move.option] !== undefined
    ? `Gain ${goodsWords(options[move.option])}`
    : `Take option ${move.option + 1}`;
}

/** ACTLOC-1 to ACTLOC-7: an activation, with what it pays and acts on. */
function activated(move) {
  let said = `Activate ${cardName(move.location)}${move.times > 1 ? ` ${move.times} times` : ""}`;
  const paid = [
    ...(move.pay.some((count) => count > 0) ? [counts(move.pay, SUPPLY)] : []),
    ...move.cards.map(cardName),
  ];
  if (move.deal !== null && move.deal !== undefined) paid.push(`your deal ${move.deal + 1}`);
  if (paid.length > 0) said += `, paying ${listed(paid)}`;
  if (move.opponent !== null && move.opponent !== undefined) said += `, against P${move.opponent}`;
  if (typeof move.target === "number") said += `, on their deal ${move.target + 1}`;
  else if (typeof move.target === "string") said += `, on ${cardName(move.target)}`;
  if (move.goods.length > 0) said += `, taking ${listed(move.goods)}`;
  return said;
}

/**
 * ENG-9: what a move decides for its effects before a hidden card is seen, in words: its
 * choices of gains (CARD-14), its first card's deck (GOODS-7), the location produced again
 * (CARD-9), where samurai go (CARD-29); "" where it decides nothing.
 */
function decided(move) {
  const parts = [];
  const choice = move.choice ?? [];
  if (choice.length > 0) parts.push(`choosing option${choice.length === 1 ? "" : "s"} ${listed(choice.map((option) => String(option + 1)))}`);
  if (move.deck) parts.push(`drawing from the ${move.deck} deck`);
  if (move.repeat) parts.push(`having ${cardName(move.repeat)} produce again`);
  if ((move.samurai ?? []).length > 0) parts.push(`putting samurai on ${listed(move.samurai.map(cardName))}`);
  return parts.map((part) => `, ${part}`).join("");
}

/** The move in words, as a player would say it. */
function describe(entry, position) {
  const said = moveWords(entry, position);
  return entry.move.type === "draw" ? said : said + decided(entry.move);
}

/** The move in words but what it decides for its effects. */
function moveWords(entry, position) {
  const move = entry.move;
  switch (move.type) {
    case "pick":
      return `Pick ${cardName(move.card)} from the lookout`;
    case "draw":
      return `Draw a card from the ${move.deck} deck`;
    case "choose":
      return chosen(move, position);
    case "keep":
      return `Keep ${cardName(move.card)}`;
    case "repeat":
      return `Have ${cardName(move.location)} produce once more`;
    case "convert":
      return move.give.length === 0 ? "Give back nothing" : `Give back ${listed(move.give)} for ${move.give.length} VP`;
    case "discard":
      return `Discard ${cardName(move.card)}`;
    case "skip":
      return "Do not follow up";
    case "build":
      return (
        `Build ${cardName(move.card)}${paying(move.pay)}` +
        (move.discard ? ` and discarding ${cardName(move.discard)}` : "") +
        (move.option !== null && move.option !== undefined ? ` (with purchase ${move.option + 1})` : "")
      );
    case "make_deal":
      return `Make a deal with ${cardName(move.card)}${paying(move.pay)}`;
    case "raze_card":
      return `Raze ${cardName(move.card)} from your hand`;
    case "raze":
      return `Raze P${move.opponent}'s ${cardName(move.location)}`;
    case "activate":
      return activated(move);
    case "spend":
      return `Spend workers for ${counts(move.take, TAKEN)}`;
    case "pass":
      return "Pass for the rest of the round";
    case "done":
      return "End your turn";
    case "defend":
      return `Put a defense token on ${cardName(move.location)}`;
    case "samurai":
      return `Put a samurai on ${cardName(move.location)}`;
    case "tuck":
      return `Put ${CARDS.has(move.item) ? cardName(move.item) : `1 ${move.item}`} under or on ${cardName(move.location)}`;
    default:
      return "A move of Imperial Settlers";
  }
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

/** The lines of the score sheet (END-2, END-3), the total and its tie-breaks (END-4). */
const ROWS = [
  { key: "played", name: "VP during the game", value: (sheet) => sheet.played },
  { key: "locations", name: "Locations", value: (sheet) => sheet.locations },
  { key: "tucked", name: "Gates and Shrines", value: (sheet) => sheet.tucked },
  { key: "total", name: "Total", total: true, value: (sheet) => sheet.total },
  { key: "goods_left", name: "Tie-break: goods left", value: (sheet) => sheet.goods_left },
  { key: "hand", name: "Tie-break: cards in hand", value: (sheet) => sheet.hand },
];

export default {
  style: new URL("./game.css", import.meta.url).href,
  where: (position, ply) => {
    const data = state(position);
    if (!data || data.phase === "over") return `Final position after ${ply} moves`;
    return `Round ${data.round} of ${LAST_ROUND}: ${PHASES[data.phase] ?? data.phase} · move ${ply}`;
  },
  describe,
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
  scoreRows: ROWS,
};
