// "My matches": the seats this browser holds, kept in its localStorage as
// `{match, seat, token, name}`, so that a closed tab loses no seat. A token never
// leaves the browser but in the requests of its own seat.

const KEY = "table.seats";

/** The seats held, newest first (an unreadable store reads as none). */
export function heldSeats() {
  let found;
  try {
    found = JSON.parse(localStorage.getItem(KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(found)) return [];
  return found.filter(
    (held) =>
      held &&
      typeof held.match === "string" &&
      typeof held.token === "string" &&
      typeof held.seat === "number",
  );
}

function keep(seats) {
  try {
    localStorage.setItem(KEY, JSON.stringify(seats));
  } catch {
    // a browser that keeps nothing (private mode, storage full): the links still work
  }
}

/** Keeps a seat (first in the list); the same match and seat again replaces the one held. */
export function holdSeat({ match, seat, token, name }) {
  const others = heldSeats().filter((held) => !(held.match === match && held.seat === seat));
  keep([{ match, seat, token, name: typeof name === "string" ? name : "" }, ...others]);
}

/** Forgets a seat this browser holds. */
export function forgetSeat(match, seat) {
  keep(heldSeats().filter((held) => !(held.match === match && held.seat === seat)));
}

/** The table's address of a held seat: its token in the fragment, never sent to the server. */
export function seatAddress(match, token) {
  const base = `${location.origin}/?match=${encodeURIComponent(match)}`;
  return token ? `${base}#token=${encodeURIComponent(token)}` : base;
}

/** Opens a seat's table (the page is loaded anew even when only the fragment differs). */
export function goToSeat(match, token) {
  const address = new URL(seatAddress(match, token));
  const same = address.pathname === location.pathname && address.search === location.search;
  location.assign(address.href);
  if (same) location.reload();
}
