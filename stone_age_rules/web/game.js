// Stone Age's part of the web table (served at /games/stone-age/game.js, its hooks described
// in the shell's games.js): its moves in words and where they are listed, the locations of
// its picture a move names (and a player's pair of resources of choice not yet taken, which
// the moves taking it name, CIV-12), where the game stands and the lines of its score sheet
// (SCORE-1 to SCORE-8). What a move does (what lies where its people go, what it changes, a
// warning before a placement the seat cannot pay for or going hungry) comes in words from
// the server, as the terminal says it (the generic preview); a move's notation is for
// engines and records, and the list says the move in words only.

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
/** What the action at each location of the village and the gathering places does (ACT-3 to ACT-6). */
const ACTIONS = {
  hunting: "Hunt at the hunting grounds (roll for food)",
  forest: "Gather at the forest (roll for wood)",
  clay_pit: "Gather at the clay pit (roll for clay)",
  quarry: "Gather at the quarry (roll for stone)",
  river: "Gather at the river (roll for gold)",
  tool_maker: "Take a tool at the tool maker",
  hut: "Take a new person at the hut",
  field: "Raise agriculture at the field",
};
/** What each face of a die chosen under CIV-8 gives. */
const DIE_REWARDS = { 1: "1 wood", 2: "2 clay", 3: "3 stone", 4: "4 gold", 5: "a tool", 6: "a step of agriculture" };
const RESOURCES = ["wood", "clay", "stone", "gold"];
/** The phases of a round (FLOW-5), as a player names them. */
const PHASES = { place: "placing people", act: "actions", feed: "feeding" };

function state(position) {
  return position?.data ?? null;
}

function listed(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** `2 wood and 1 gold` (nothing: `nothing`). */
function resourceWords(resources) {
  const named = RESOURCES.filter((kind) => (resources?.[kind] ?? 0) > 0).map((kind) => `${resources[kind]} ${kind}`);
  return named.length === 0 ? "nothing" : listed(named);
}

/** `1 person`, `3 people`. */
function people(count) {
  return `${count} ${count === 1 ? "person" : "people"}`;
}

/** The tools a move adds to a roll (TOOL-2, TOOL-5), by their levels. */
function toolWords(move, position, seat) {
  const owned = state(position)?.players?.[seat]?.tools ?? [];
  const added = [...move.tools.map((index) => String(owned[index] ?? "?")), ...move.one_time.map((value) => `one-time ${value}`)];
  return added.length === 0 ? "Add no tools to the roll" : `Add tools to the roll: ${listed(added)}`;
}

/**
 * The move in words, as a player would say it; `several`: the move is listed with the other
 * counts of people it could place there, chosen beside it (`Place people at the forest`).
 */
function describe(entry, position, seat, several = false) {
  const move = entry.move;
  const where = LOCATIONS[move.location] ?? "somewhere";
  switch (move.type) {
    case "place":
      return several ? `Place people at ${where}` : `Place ${people(move.people)} at ${where}`;
    case "act":
      if (move.location.startsWith("card")) return `Buy the card at ${where}, paying ${resourceWords(move.pay)}`;
      if (move.location.startsWith("building")) return `Build at ${where}, paying ${resourceWords(move.pay)}`;
      return ACTIONS[move.location] ?? `Act at ${where}`;
    case "take_back": {
      const instead = move.location.startsWith("card") ? "buying" : move.location.startsWith("building") ? "building" : "acting";
      return `Take your people back from ${where} without ${instead}`;
    }
    case "use_tools":
      return toolWords(move, position, seat);
    case "choose_die":
      return `Take the die showing ${move.face}: ${DIE_REWARDS[move.face] ?? "its reward"}`;
    case "take_resources":
      return `Take ${resourceWords(move.take)} (the card's two resources of your choice)`;
    case "feed":
      return `Feed your people, paying ${resourceWords(move.pay)} for the missing food`;
    case "go_hungry":
      return "Go hungry: lose all your food and 10 points";
    default:
      return "A move of Stone Age";
  }
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

/** The lines of the score sheet (SCORE-1 to SCORE-7), the total (SCORE-8) and its tie-break. */
const LINES = [
  ["during_game", "During the game"],
  ["culture", "Culture sets"],
  ["farmers", "Farmers"],
  ["tool_makers", "Tool makers"],
  ["hut_builders", "Hut builders"],
  ["shamans", "Shamans"],
  ["resources", "Resources"],
];
const ROWS = [
  ...LINES.map(([key, name]) => ({ key, name, value: (sheet) => sheet[key] })),
  { key: "total", name: "Total", total: true, value: (sheet) => sheet.total },
  { key: "tie_break", name: "Tie-break", value: (sheet) => sheet.tie_break },
];

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
  scoreRows: ROWS,
};
