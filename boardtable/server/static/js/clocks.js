// The seats' clocks: each seat's time left as the server gave it (`left` at the server's
// `now`), counted down on the page for the seats whose clock runs. The page's own clock
// may differ from the server's: the difference is estimated from the views received
// (the largest of `now` minus the time of arrival, as an answer is never older than its
// trip), so a clock shows the same time on every screen. A bot's seat has no clock (its
// `left` is null): nothing is shown for it.

import { clockTime } from "./matches.js";

/** Below this many seconds left (or a tenth of the bank), a clock is shown as low. */
const LOW_SECONDS = 30;
/** How often the running clocks are redrawn, in milliseconds. */
const TICK_MS = 250;

export class Clocks {
  /** The clocks drawn in `holder`: its `.clock[data-seat]` elements. */
  constructor(holder) {
    this.holder = holder;
    this.clock = null;
    this.offset = null;
    setInterval(() => this.tick(), TICK_MS);
  }

  /** The clocks of a view (`{bank, increment, left, running, now}`), or null: no clock. */
  set(clock) {
    if (!clock || !Array.isArray(clock.left) || typeof clock.now !== "number") {
      this.clock = null;
      return;
    }
    const offset = clock.now * 1000 - Date.now();
    this.offset = this.offset === null ? offset : Math.max(this.offset, offset);
    this.clock = clock;
  }

  /** Whether the match has a clock. */
  shown() {
    return this.clock !== null;
  }

  /** The seconds `seat` has left now, by the server's time; null for a seat without a clock (a bot's). */
  left(seat) {
    const left = this.clock.left[seat];
    if (typeof left !== "number") return null;
    if (!(this.clock.running ?? []).includes(seat)) return left;
    const serverNow = (Date.now() + this.offset) / 1000;
    return left - Math.max(0, serverNow - this.clock.now);
  }

  /** Redraws every clock: its time, whether it runs, whether it is low. */
  tick() {
    if (this.clock === null) return;
    const low = Math.max(LOW_SECONDS, this.clock.bank / 10);
    for (const node of this.holder.querySelectorAll(".clock[data-seat]")) {
      const seat = Number(node.dataset.seat);
      const left = this.left(seat);
      node.hidden = left === null;
      if (left === null) continue;
      const text = clockTime(left);
      if (node.textContent !== text) node.textContent = text;
      node.classList.toggle("running", (this.clock.running ?? []).includes(seat));
      node.classList.toggle("low", left <= low);
    }
  }
}
