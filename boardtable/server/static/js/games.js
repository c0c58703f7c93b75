// The games the table plays, each with its own part of the table (its moves, picture and
// score sheet in words; its events come in words from the server): the rest of the page
// is the same for every game.

import { hadara } from "./hadara.js";
import { stoneAge } from "./stone_age.js";

const GAMES = { hadara, "stone-age": stoneAge };

/** The part of the table of the game `name` (a match without a game is Hadara's). */
export function gameRules(name) {
  return GAMES[name ?? "hadara"] ?? hadara;
}
