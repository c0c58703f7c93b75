// The games of the server (`GET /api/games`, the default game first) and each game's own part
// of the table: the hooks that say its moves and its picture in words. A game that has a part
// of its own ships it as a JavaScript module, `GET /games/GAME/game.js`, whose default export
// holds its hooks (each left out is the generic one below); it may name a style sheet of its
// own (`style`, an address), put on a table's page. The rest of the page is the same for every
// game, and a game without a module is played with the generic hooks: its picture as the
// server draws it, and its legal moves as a list in the server's words of them (where the game
// says them) or their notation. The lines of every game's score sheet are the server's (its
// entry's `score`), never a module's.

import { listGames } from "./api.js";

/** A line of a score sheet as `GET /api/games` gives it (`{line, name}`), as the sheet draws it: its name capitalised. */
function scoreRow({ line, name }) {
  const shown = String(name);
  return { key: line, name: shown.charAt(0).toUpperCase() + shown.slice(1), total: line === "total", value: (sheet) => sheet[line] };
}

/** The score sheet's one line every game's sheet has. */
const TOTAL = scoreRow({ line: "total", name: "total" });

/**
 * The hooks of a game's part of the table, as a game without a module has them (the
 * server's own words and nothing of the game's own). `entry` is a legal move's wire entry
 * (`{move, notation, preview}`), `position` the view's position document, `seat` the seat
 * shown (null: a spectator), `component` one the picture draws (`{kind, id, player, name?,
 * node}`, from `component(node)`).
 */
export const GENERIC = Object.freeze({
  /** The title of the game (the server's). */
  title: "",
  /** The address of the game's own style sheet, or null. */
  style: null,
  /** A match summary's settings in words, beside its clock and take-backs. */
  settings: () => [],
  /** Where the game stands: `Move 12`. */
  where: (position, ply) => `Move ${ply}`,
  /** A move in words: the server's (its entry's `text`), else its notation (`several`: it is listed with the other counts it could take, see `count`). */
  describe: (entry) => entry.text ?? entry.notation,
  /** The heading a move is listed under. */
  group: () => "Moves",
  /** The id of the card a move buys, sells or removes (its ability is said on it), or null. */
  movedCard: () => null,
  /** A move's preview as short phrases, and the rule IDs it names. */
  preview: (preview) => ({ parts: typeof preview?.text === "string" && preview.text !== "" ? [preview.text] : [], rules: [] }),
  /** Moves that differ only in a count are listed as one line, the count chosen beside it: `{key, count, label}`, or null. */
  count: () => null,
  /** The small print under a move's words (its rules), or null. */
  note: (entry, rules) => (rules.length > 0 ? rules.join(" · ") : null),
  /** More of a move's button (an element), or null. */
  extra: () => null,
  /** The component of the picture a node drawn with a `data-id` is (`{kind, id, player, name?}`), or null: none is played by a click. */
  component: () => null,
  /** The legal moves that name a component of the picture. */
  naming: () => [],
  /** Whether the first of the picture's shared parts (those of no seat's board) comes before the others, next to the seat's own board. */
  leading: () => true,
  /** The badge a seat is known by beside its name (`dragon`), or null. */
  badge: () => null,
  /** The rule ID of the ability a component of the picture shows, or null. */
  ability: () => null,
  /** The heading of the abilities the picture shows. */
  abilities: "Abilities on the table",
  /** The score sheet's lines, `{key, name, value(sheet), total}`: not a hook, the server's (its entry's `score`, the total alone where it gives none). */
  scoreRows: [TOTAL],
});

let listed = null;

/** The server's games (`GET /api/games`), asked once (again after a failure). */
export function serverGames() {
  if (listed === null) {
    listed = listGames().then((body) => (Array.isArray(body.games) ? body.games : []));
    listed.catch(() => {
      listed = null;
    });
  }
  return listed;
}

const parts = new Map();

/** The part of the table of the game named `name`: its module's hooks over the generic ones, its score sheet's lines the server's. */
async function load(name) {
  const games = await serverGames();
  const entry = games.find((game) => game.game === name);
  if (entry === undefined) throw new Error(`the server plays no game ${JSON.stringify(name)}`);
  const own = entry.web ? (await import(`/games/${encodeURIComponent(name)}/game.js`)).default : {};
  const scoreRows = Array.isArray(entry.score) ? entry.score.map(scoreRow) : GENERIC.scoreRows;
  return Object.freeze({ ...GENERIC, ...own, title: entry.title, scoreRows });
}

/**
 * The part of the table of game `name` (null or undefined: the server's default game, the
 * first it lists), its module loaded once; `style`: its style sheet is put on the page too.
 */
export async function gamePart(name, { style = false } = {}) {
  const named = name ?? (await serverGames())[0]?.game;
  if (!parts.has(named)) {
    const loading = load(named);
    loading.catch(() => parts.delete(named));
    parts.set(named, loading);
  }
  const part = await parts.get(named);
  if (style && part.style !== null && document.querySelector(`link[data-game="${CSS.escape(named)}"]`) === null) {
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = part.style;
    sheet.dataset.game = named;
    document.head.append(sheet);
  }
  return part;
}

/** The parts of the games `names` (each once), by name. */
export async function gameParts(names) {
  const unique = [...new Set(names)];
  return new Map(await Promise.all(unique.map(async (name) => [name, await gamePart(name)])));
}
