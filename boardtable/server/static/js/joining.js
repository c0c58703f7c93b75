// Taking an open seat (from the lobby, or from a match's table while it waits for
// players): a name, then the seat's token, kept among "my matches", and its table.

import { ApiError, joinSeat } from "./api.js";
import { goToSeat, holdSeat } from "./store.js";

const NAME_KEY = "table.name";

/** The name this browser joined with last ("" for none). */
export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/** The name typed (`{name}`), or what is wrong with it (`{problem}`). */
function typedName(field) {
  const name = field.value.trim();
  if (name === "") return { problem: "Type your name first: the other players see it." };
  if (name.length > 40) return { problem: "A name has at most 40 characters." };
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // kept for this page only
  }
  return { name };
}

/**
 * Takes the open `seat` of `match` with the name in `field`, keeps the seat among "my
 * matches" and goes to its table; a problem is said in `error` in one line.
 */
export async function join(match, seat, button, field, error) {
  error.textContent = "";
  const { name, problem: wrong } = typedName(field);
  if (wrong) {
    error.textContent = wrong;
    field.focus();
    return;
  }
  button.disabled = true;
  try {
    const joined = await joinSeat(match, seat, name);
    holdSeat({ match: joined.match, seat: joined.seat, token: joined.token, name });
    goToSeat(joined.match, joined.token);
  } catch (problem) {
    error.textContent =
      problem instanceof ApiError && problem.body.error === "taken"
        ? `Seat P${seat} of match ${match} was just taken.`
        : problem.message;
    button.disabled = false;
  }
}
