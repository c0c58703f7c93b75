// The legal moves of a seat: the heading each is listed under, its preview, and which
// component of the picture it names (a card, a pile's top card, a colony stack's top, a
// statue). A move's words come from the server (its legal entry's `text`, as the terminal
// lists it: `hadara_rules/_said.py`).

/** The colours and colony tiers in the order of a position's piles and stacks. */
const COLORS = ["yellow", "red", "blue", "green", "purple"];
const TIERS = [3, 9, 15, 21, 30];

/** The position's own fields (`position` is the whole envelope `to_json` writes). */
export function positionData(position) {
  return position?.data ?? null;
}

function topOf(pile) {
  return Array.isArray(pile) && pile.length > 0 ? pile[pile.length - 1] : null;
}

/** The card a move buys, sells or removes (a pick: its pile's top card), or null. */
export function movedCard(entry, position) {
  const move = entry.move;
  if (move.type === "draft" || move.type === "remove_card") return move.card ?? null;
  if (move.type === "pick") return topOf(positionData(position)?.outer_piles?.[COLORS.indexOf(move.color)]);
  return null;
}

/** The heading a move is listed under. */
export function group(entry) {
  const headings = {
    choose_side: "Start card",
    set_wheel: "Wheel",
    draft: "Draft",
    pick: "Outer piles",
    take_colony: "Colonies",
    carve_statue: "Statues",
    remove_card: "Feeding",
    feed_with_coins: "Feeding",
    buy_silver: "Medals",
    buy_gold: "Medals",
    pass: "Pass",
  };
  return headings[entry.move.type] ?? "Moves";
}

function signed(value) {
  return value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : "0";
}

function words(key) {
  return key.replaceAll("_", " ");
}

/** `−3 coins`, `+1 point`, `+2 culture`. */
function amount(value, key) {
  const name = words(key);
  return `${signed(value)} ${Math.abs(value) === 1 && name.endsWith("s") ? name.slice(0, -1) : name}`;
}

/**
 * A preview (the library's `Preview`: signed `coins`, the `tracks` stepped, the score
 * sheet's `points` by category, `rules`) as short phrases: `["−3 coins", "+2 culture",
 * "+2 points"]`, the rule IDs apart. Numbers of zero say nothing and are left out; the
 * steps and points of allying with a colony are unknown (its back is unseen) and say so.
 */
export function previewParts(preview) {
  const parts = [];
  if (!preview || typeof preview !== "object") return { parts, rules: [] };
  if (typeof preview.coins === "number" && preview.coins !== 0) parts.push(amount(preview.coins, "coins"));
  if (preview.tracks === null) {
    parts.push("steps and points unknown (the colony's back)");
  } else if (preview.tracks && typeof preview.tracks === "object") {
    for (const [track, steps] of Object.entries(preview.tracks)) {
      if (typeof steps === "number" && steps !== 0) parts.push(amount(steps, track));
    }
  }
  const total = preview.points?.total;
  if (typeof total === "number" && total !== 0) parts.push(amount(total, "points"));
  return { parts, rules: (preview.rules ?? []).map(String) };
}

/**
 * The legal moves that name a component of the picture (`kind`, `id` and `player` as
 * its `data-kind`, `data-id` and `data-player`): a card is drafted, removed, or picked
 * when it tops an outer pile; a colony is taken when it tops its tier's stack; a
 * statue of the seat's own board is carved; a medal slot of the seat's own board is bought
 * (silver: one move per free bonus tile to place on it).
 */
export function movesNaming(component, legal, position, seat) {
  const state = positionData(position);
  const { kind, id, player } = component;
  const owned = player === null || player === undefined ? null : Number(player);
  return legal.filter((entry) => {
    const move = entry.move;
    if (kind === "card") {
      if ((move.type === "draft" || move.type === "remove_card") && move.card === id) return true;
      return (
        move.type === "pick" &&
        owned === null &&
        topOf(state?.outer_piles?.[COLORS.indexOf(move.color)]) === id
      );
    }
    if (kind === "colony") {
      return (
        move.type === "take_colony" &&
        owned === null &&
        topOf(state?.colony_stacks?.[TIERS.indexOf(move.tier)]) === id
      );
    }
    if (kind === "statue") {
      return move.type === "carve_statue" && owned === seat && String(move.statue) === id;
    }
    if (kind === "medal") {
      return move.type === `buy_${id}` && owned === seat;
    }
    return false;
  });
}
