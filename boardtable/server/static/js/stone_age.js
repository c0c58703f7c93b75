// Stone Age's part of the table: its moves in words and where they are listed, the
// locations of its picture a move names, where the game stands and the lines of its score
// sheet (SCORE-1 to SCORE-8).

/** The board's locations (SETUP-3), as a player names them. */
const LOCATIONS = {
  hunting: "hunting grounds",
  forest: "forest",
  clay_pit: "clay pit",
  quarry: "quarry",
  river: "river",
  tool_maker: "tool maker",
  hut: "hut",
  field: "field",
  building1: "building stack 1",
  building2: "building stack 2",
  building3: "building stack 3",
  building4: "building stack 4",
  card1: "card slot 1",
  card2: "card slot 2",
  card3: "card slot 3",
  card4: "card slot 4",
};
/** What each face of a die chosen under CIV-8 gives. */
const DIE_REWARDS = { 1: "1 wood", 2: "2 clay", 3: "3 stone", 4: "4 gold", 5: "a tool", 6: "agriculture +1" };
const RESOURCES = ["wood", "clay", "stone", "gold"];

function state(position) {
  return position?.data ?? null;
}

/** `2 wood and 1 gold` (nothing: `nothing`). */
function resourceWords(resources) {
  const named = RESOURCES.filter((kind) => (resources?.[kind] ?? 0) > 0).map((kind) => `${resources[kind]} ${kind}`);
  if (named.length === 0) return "nothing";
  return named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/** The location in words; a card slot or building stack with what lies on it (INFO-3). */
function place(location, position) {
  const name = LOCATIONS[location] ?? location;
  const data = state(position);
  if (location.startsWith("card")) {
    const card = data?.display?.[Number(location.slice(4)) - 1];
    return card ? `${name} (${card})` : name;
  }
  if (location.startsWith("building")) {
    const top = data?.stacks?.[Number(location.slice(8)) - 1]?.[0];
    return top ? `${name} (${top})` : name;
  }
  return `the ${name}`;
}

/** The tools a move adds to a roll (TOOL-2, TOOL-5), by their values. */
function toolWords(move, position, seat) {
  const owned = state(position)?.players?.[seat]?.tools ?? [];
  const values = [...move.tools.map((index) => owned[index] ?? "?"), ...move.one_time.map((value) => `${value} (one-time)`)];
  return values.length === 0 ? "Add no tools to the roll" : `Add tools to the roll: ${values.join(", ")}`;
}

/** Whether a move's preview changes anything: dice rolled, or anything certain or expected. */
function changes(preview) {
  return Boolean(preview) && (preview.dice > 0 || preview.certain?.length > 0 || preview.expected?.length > 0);
}

function describe(entry, position, seat) {
  const move = entry.move;
  switch (move.type) {
    case "place":
      return `Place ${move.people} ${move.people === 1 ? "person" : "people"} on ${place(move.location, position)}`;
    case "act":
      return move.pay === null
        ? `Use your people on ${place(move.location, position)}`
        : `Use your people on ${place(move.location, position)}, paying ${resourceWords(move.pay)}`;
    case "take_back":
      return `Take your people back from ${place(move.location, position)} without acting`;
    case "use_tools":
      return toolWords(move, position, seat);
    case "choose_die":
      return `Take the die showing ${move.face}: ${DIE_REWARDS[move.face] ?? "its reward"}`;
    case "take_resources":
      return `Take ${resourceWords(move.take)} (the card's two resources)`;
    case "feed":
      return `Feed your people, paying ${resourceWords(move.pay)} for the missing food`;
    case "go_hungry":
      return "Go hungry: lose all food and 10 points";
    default:
      return entry.notation;
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

export const stoneAge = {
  title: "Stone Age",
  settings: (summary) => (typeof summary.max_rounds === "number" ? [`ends after round ${summary.max_rounds}`] : []),
  where: (position, ply) => {
    const data = state(position);
    if (!data || data.phase === "over") return `Final position after ${ply} moves`;
    return `Round ${data.round}, ${data.phase} · move ${ply}`;
  },
  describe,
  group: (entry) => GROUPS[entry.move.type] ?? "Moves",
  movedCard: () => null,
  /** A preview says in words what the move does to the player's board (with the dice it
   * rolls); a move that changes nothing (people placed, or taken back) says nothing more. */
  preview: (preview) => ({
    parts: changes(preview) && typeof preview.text === "string" ? [preview.text] : [],
    rules: [],
  }),
  extra: () => null,
  /** A location of the board is a box of the picture named by its id (`name`: in words). */
  component: (node) =>
    node.localName === "rect" && LOCATIONS[node.getAttribute("data-id")] !== undefined
      ? { kind: "location", id: node.getAttribute("data-id"), player: null, name: LOCATIONS[node.getAttribute("data-id")] }
      : null,
  naming: (component, legal) => legal.filter((entry) => entry.move.location === component.id),
  wheelFirst: () => false,
  crest: () => null,
  scoreRows: ROWS,
};
