// Stone Age's part of the web table (served at /games/stone-age/game.js, its hooks described
// in the shell's games.js): where its moves are listed (a placement once, its head-count
// chosen beside it), the locations of its picture a move names (and a player's pair of
// resources of choice not yet taken, which the moves taking it name, CIV-12) and where the game
// stands. A move and what it does (what lies where its people go, what it changes, a warning
// before a placement the seat cannot pay for or going hungry) come in words from the server,
// as the terminal says them (its legal entry's `text` and its preview's); a move's notation is
// for engines and records, and the list says the move in words only.

/** The board's locations (SETUP-3), as a player names them. */
const LOCATIONS = {
  hunting: "the hunting grounds",
  forest: "the forest",
  clay_pit: "the clay pit",
  quarry: "the quarry",
  river: "the river",
  tool_maker: "the tool maker",
  hut: "the hut",
  field: "the field",
  building1: "building stack 1",
  building2: "building stack 2",
  building3: "building stack 3",
  building4: "building stack 4",
  card1: "card slot 1",
  card2: "card slot 2",
  card3: "card slot 3",
  card4: "card slot 4",
};
/** The phases of a round (FLOW-5), as a player names them. */
const PHASES = { place: "placing people", act: "actions", feed: "feeding" };
/** A placement's words end in its head-count (`Place people at the forest: 3`), as the terminal's do. */
const COUNT = /: \d+$/;

function state(position) {
  return position?.data ?? null;
}

/**
 * The move in words: the server's (its entry's `text`, as the terminal lists it); `several`:
 * the move is listed with the other counts of people it could place there, chosen beside it,
 * and its words leave the count out (`Place people at the forest`).
 */
function describe(entry, _position, _seat, several = false) {
  return several ? entry.text.replace(COUNT, "") : entry.text;
}

const GROUPS = {
  place: "Place people",
  act: "Act",
  take_back: "Act",
  use_tools: "Tools",
  choose_die: "Dice for everyone",
  take_resources: "Two resources",
  feed: "Feeding",
  go_hungry: "Feeding",
};

export default {
  settings: (summary) => (typeof summary.max_rounds === "number" ? [`ends after round ${summary.max_rounds}`] : []),
  where: (position, ply) => {
    const data = state(position);
    if (!data || data.phase === "over") return `Final position after ${ply} moves`;
    return `Round ${data.round}: ${PHASES[data.phase] ?? data.phase} · move ${ply}`;
  },
  describe,
  group: (entry) => GROUPS[entry.move.type] ?? "Moves",
  /** PLACE-1: the placements at one location differ only in how many people go: one line, the count chosen beside it. */
  count: (entry) =>
    entry.move.type === "place" ? { key: `place ${entry.move.location}`, count: entry.move.people, label: "People" } : null,
  /**
   * A location of the board is a group of the picture (`data-kind="location"`), named in
   * words; so is a player's pair of resources of choice not yet taken (`data-kind="claims"`
   * on the player's board, CIV-12).
   */
  component: (node) => {
    const id = node.getAttribute("data-id");
    const kind = node.getAttribute("data-kind");
    if (kind === "claims" && id === "claims") {
      return { kind, id, player: Number(node.getAttribute("data-player")), name: "the two resources of your choice to take" };
    }
    return kind === "location" && LOCATIONS[id] !== undefined ? { kind, id, player: null, name: LOCATIONS[id] } : null;
  },
  /** A location names the moves there; a player's untaken pair, the moves that take it (CIV-12). */
  naming: (component, legal) =>
    component.kind === "claims"
      ? legal.filter((entry) => entry.move.type === "take_resources" && entry.move.player === component.player)
      : legal.filter((entry) => entry.move.location === component.id),
};
