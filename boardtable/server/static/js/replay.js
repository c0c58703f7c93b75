// A replay: a match (`GET /api/matches/ID/replay`) or a game record from a file (`POST
// /api/games/GAME/replay`, nothing stored), stepped through with first, back, forward and
// last buttons, a slider and the arrow keys (Home and End too); the log beside it, the
// entry shown marked; the table as it stood then, as the seat chosen saw it (a seat, the
// spectator, or the whole position once the game is over): the game's picture of it, as the
// live table draws it (`GET …/picture?at=…&seat=…`; a record's point: `POST
// /api/games/GAME/picture` with the point's position), and the same in words, folded away. A match's point has a link of
// its own, `/?replay=ID&at=SEQ&seat=N`, which opens there (no token in it: a seat's view
// of an unfinished match needs the seat's token, which this browser holds or the link's
// fragment carries, `#token=…`).

import { ApiError, getLog, getPicture, getReplay, getView, postPicture, postReplay } from "./api.js";
import { byId, el, fill } from "./dom.js";
import { drawPosition, foldedWords } from "./drawing.js";
import { rows } from "./log.js";
import { PictureAsker, reviewPicture } from "./picture.js";
import { heldSeats } from "./store.js";

/** How long the steps pause before the point they stop at is asked for (ms). */
const PAUSE_MS = 150;
/** How many pages of a match's log are read at most (500 entries each: past a match's 5,000). */
const LOG_PAGES = 12;

/** The replay on the page, which the arrow keys step through (a record opened later takes its place). */
let shown = null;

/** A seat as the address says it: `all`, a seat's number, or null (the spectator). */
export function seatParameter(text) {
  if (text === "all") return "all";
  return text !== null && /^\d{1,2}$/.test(text) ? Number(text) : null;
}

/** The words of a log row: what happened (its events), or what the entry was. */
function rowWords(events, fallback) {
  const found = rows(events).map((row) => row.text);
  return found.length > 0 ? found.join("; ") : fallback;
}

/**
 * The replay under `holder` of `source`: `{match, token, info}` (a match, its summary, and the
 * token of the address's fragment or null) or `{game, record, finished}` (a record, not
 * stored, and whether its game is over); `game`
 * is the game's part of the table; `analyse(answer)` opens the analysis board at the point shown.
 */
export class Replay {
  constructor(holder, source, game, analyse) {
    this.holder = holder;
    this.source = source;
    this.game = game;
    this.analyse = analyse;
    this.at = 0;
    this.last = 0;
    this.seat = null;
    /** Whether the game is over (its last point, not the one shown): every seat's view and the whole position are open then. */
    this.over = source.match === undefined ? source.finished === true : source.info.over === true;
    this.answer = null;
    this.asked = 0;
    /** The point last gone to, and the seat (what the next ask asks for). */
    this.target = { at: null, seat: null };
    this.timer = null;
    /** The seat of the address's token (null: none, or a spectator's). */
    this.ownSeat = null;
    /** The log's words of each point, by its number (a record's are learnt as they are shown). */
    this.words = new Map();
    this.build();
  }

  get isMatch() {
    return this.source.match !== undefined;
  }

  build() {
    const button = (id, words, label, go) => {
      const made = el("button", { type: "button", id, "aria-label": label }, words);
      made.addEventListener("click", go);
      return made;
    };
    this.slider = el("input", { type: "range", id: "replay-slider", min: "0", max: "0", value: "0", "aria-label": "The point of the game shown" });
    this.slider.addEventListener("input", () => this.goTo(Number(this.slider.value)));
    this.seatChoice = el("select", { id: "replay-seat" });
    this.seatChoice.addEventListener("change", () => this.goTo(this.target.at, seatParameter(this.seatChoice.value || null)));
    const drawn = reviewPicture("replay-picture", "The table then", () => {}, (node) => this.game.component(node));
    this.picture = drawn.picture;
    this.pictures = new PictureAsker(this.picture);
    fill(
      this.holder,
      el("h1", { id: "replay-heading" }, this.isMatch ? "Replay of the match" : "Replay of a game record"),
      el("p", { class: "where", id: "replay-where" }),
      el(
        "div",
        { class: "replay-controls", role: "group", "aria-label": "Step through the game" },
        button("replay-first", "« First", "First", () => this.goTo(0)),
        button("replay-back", "‹ Back", "Back", () => this.goTo((this.target.at ?? this.last) - 1)),
        this.slider,
        button("replay-forward", "Forward ›", "Forward", () => this.goTo((this.target.at ?? this.last) + 1)),
        button("replay-last", "Last »", "Last", () => this.goTo(this.last)),
        el("output", { id: "replay-at", for: "replay-slider" }),
      ),
      el(
        "div",
        { class: "settings replay-settings" },
        el("label", { class: "field" }, el("span", {}, "Seen as"), this.seatChoice),
        this.isMatch
          ? el(
              "div",
              { class: "field" },
              el("span", {}, "Link to this point"),
              el(
                "div",
                { class: "link-field" },
                el("input", { type: "text", readonly: true, id: "replay-link", "aria-label": "The link to this point of the replay" }),
                button("replay-copy", "Copy", "Copy the link", () => this.copy()),
              ),
            )
          : el("p", { class: "help" }, "A record from a file is not stored: this replay has no link."),
        button("replay-analyse", "Analyse this position", "Open this position on the analysis board", () => this.analyseTarget()),
      ),
      el("p", { class: "error", id: "replay-error", role: "alert" }),
      el(
        "div",
        { class: "review-columns" },
        el(
          "div",
          {},
          el("h2", {}, "The table then"),
          el("ul", { class: "events", id: "replay-events", "aria-live": "polite" }),
          drawn.area,
          foldedWords("replay-words", "The table in words", "replay-drawing"),
        ),
        el("div", {}, el("h2", {}, "The log"), el("div", { class: "log-box replay-log-box" }, el("ol", { class: "log replay-log", id: "replay-log" }))),
      ),
    );
    if (shown === null) document.addEventListener("keydown", (event) => shown?.key(event));
    shown = this;
  }

  /** The arrow keys step (Home and End go to the ends), unless the keyboard is in a field. */
  key(event) {
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea, #analysis") !== null) return;
    const from = this.target.at ?? this.last;
    const moves = { ArrowLeft: from - 1, ArrowRight: from + 1, Home: 0, End: this.last };
    if (!(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.goTo(moves[event.key]);
  }

  /** Opens the replay at `at` (null: the last point) as `seat` sees it. */
  async start(at, seat) {
    this.seat = seat;
    if (this.isMatch) await this.readLog();
    await this.goTo(at, this.seat);
  }

  /** The match's log, each entry in the words of its events as this page's seat (or a spectator) saw them. */
  async readLog() {
    const { match, token } = this.source;
    const entries = [];
    let since = 0;
    for (let page = 0; page < LOG_PAGES && since !== null; page += 1) {
      const found = await getLog(match, since);
      entries.push(...(Array.isArray(found.entries) ? found.entries : []));
      since = found.next ?? null;
    }
    const seen = await getView(match, token, 0);
    if (typeof seen.seat === "number") this.ownSeat = seen.seat;
    if (this.seat === null && this.ownSeat !== null) this.seat = this.ownSeat;
    const bySeq = new Map();
    for (const event of Array.isArray(seen.events) ? seen.events : []) {
      if (!bySeq.has(event.seq)) bySeq.set(event.seq, []);
      bySeq.get(event.seq).push(event);
    }
    for (const entry of entries) {
      const who = typeof entry.seat === "number" ? ` (P${entry.seat})` : "";
      this.words.set(entry.seq, rowWords(bySeq.get(entry.seq) ?? [], `${entry.kind}${who}`));
    }
  }

  /** The token of `seat` this browser holds for the match (the address's, else one kept), or null. */
  token(seat) {
    if (typeof seat !== "number") return null;
    const held = heldSeats().find((entry) => entry.match === this.source.match && entry.seat === seat);
    return held?.token ?? (seat === this.ownSeat ? this.source.token : null);
  }

  /**
   * Goes to the point `at` (null: the last) as `seat` sees it: the slider and the count
   * move at once, and the server is asked once the steps pause (PAUSE_MS), so that a
   * slider dragged or a key held asks for the point it stops at, not every point passed.
   */
  goTo(at, seat = this.target.seat) {
    const point = at === null ? null : Math.max(0, this.answer === null ? at : Math.min(this.last, at));
    this.target = { at: point, seat };
    clearTimeout(this.timer);
    if (this.answer === null) return this.ask();
    this.slider.value = String(point);
    byId("replay-at").textContent = this.count(point);
    this.timer = setTimeout(() => this.ask(), PAUSE_MS);
    return undefined;
  }

  /** Asks for the point last gone to; an answer a newer step overtook is left aside. */
  async ask() {
    const target = this.target;
    const { at, seat } = target;
    const asked = ++this.asked;
    let answer;
    try {
      answer = this.isMatch
        ? await getReplay(this.source.match, this.token(seat), at, seat)
        : await postReplay(this.source.game, this.source.record, at, seat);
    } catch (problem) {
      if (asked !== this.asked || target !== this.target) return;
      const wait = problem instanceof ApiError && problem.status === 429 ? Number(problem.body.retry_after) : NaN;
      if (Number.isFinite(wait) && wait > 0) {
        byId("replay-error").textContent = `Too many points asked for from here: the page asks again in ${Math.ceil(wait)} s.`;
        this.timer = setTimeout(() => this.ask(), wait * 1000);
        return;
      }
      if (this.answer === null && at !== null && problem instanceof ApiError && problem.status === 400) {
        this.target = { at: null, seat }; // a link past the game's end: its last point
        this.ask();
        return;
      }
      const who = seat === null ? "a spectator" : seat === "all" ? "the whole position" : `P${seat}`;
      byId("replay-error").textContent = `This point cannot be shown as ${who}: ${problem.message}`;
      this.target = { at: this.at, seat: this.seat };
      this.showSeats();
      return;
    }
    if (asked !== this.asked || target !== this.target) return;
    byId("replay-error").textContent = "";
    this.answer = answer;
    this.at = answer.at;
    this.last = answer.last;
    this.seat = answer.seat === undefined ? seat : seatParameter(answer.seat === null ? null : String(answer.seat));
    this.target = { at: this.at, seat: this.seat };
    this.show();
  }

  /** The analysis board at the point gone to (asked for now, if the steps have not paused yet). */
  async analyseTarget() {
    if (this.target.at !== this.at || this.target.seat !== this.seat) {
      clearTimeout(this.timer);
      await this.ask();
    }
    this.analyse(this.answer);
  }

  /** `Entry 3 of 120` (a record's: `Move 3 of 40`). */
  count(at) {
    return `${this.isMatch ? "Entry" : "Move"} ${at} of ${this.last}`;
  }

  show() {
    const answer = this.answer;
    const events = Array.isArray(answer.events) ? answer.events : [];
    if (!this.isMatch || !this.words.has(this.at)) this.words.set(this.at, rowWords(events, this.at === 0 ? "The start" : `Move ${this.at}`));
    this.slider.max = String(this.last);
    this.slider.value = String(this.at);
    byId("replay-at").textContent = this.count(this.at);
    byId("replay-where").textContent = this.game.where(answer.position, answer.ply);
    byId("replay-first").disabled = byId("replay-back").disabled = this.at === 0;
    byId("replay-last").disabled = byId("replay-forward").disabled = this.at === this.last;
    fill(byId("replay-events"), rows(events).map((row) => el("li", {}, row.text)));
    fill(byId("replay-drawing"), drawPosition(answer.position, typeof this.seat === "number" ? this.seat : null));
    this.askPicture(answer);
    this.showSeats();
    this.showLog();
    if (this.isMatch) this.showLink();
    this.holder.dataset.at = String(this.at);
  }

  /**
   * The picture of the point `answer` shows, as its eye saw it: a match's from its point (the
   * token of the seat shown, if any), a record's from the point's position (a spectator's view
   * that the game draws no picture of leaves the words open instead).
   */
  askPicture(answer) {
    const seat = this.seat;
    const fetch = this.isMatch
      ? () => getPicture(this.source.match, this.token(seat), answer.at, seat)
      : () => postPicture(this.source.game, answer.position, typeof seat === "number" ? seat : null);
    this.pictures.ask(
      fetch,
      (text) => {
        this.picture.show(text, () => 0, typeof seat === "number" ? seat : null, (player) => this.seatName(player), this.game.leading(answer.position));
        this.picture.frame.dataset.at = String(answer.at);
        this.picture.frame.dataset.seat = seat === null ? "" : String(seat);
      },
      () => {
        byId("replay-words").open = true;
      },
    );
  }

  /** A seat's name, as the match's summary gives it ("" for a record's). */
  seatName(seat) {
    if (!this.isMatch) return "";
    const found = Array.isArray(this.source.info.seats) ? this.source.info.seats.find((entry) => entry.seat === seat) : undefined;
    return typeof found?.name === "string" ? found.name : "";
  }

  /** The seats to see the table as: the spectator, each seat (an unfinished match's: those held here), and all once over. */
  showSeats() {
    const players = this.players();
    const options = [el("option", { value: "" }, "a spectator")];
    for (let seat = 0; seat < players; seat += 1) {
      if (this.over || !this.isMatch || this.token(seat) !== null) options.push(el("option", { value: String(seat) }, `P${seat}`));
    }
    if (this.over) options.push(el("option", { value: "all" }, "all (the whole position)"));
    fill(this.seatChoice, options);
    this.seatChoice.value = this.seat === null ? "" : String(this.seat);
  }

  players() {
    if (this.isMatch) return Array.isArray(this.source.info.seats) ? this.source.info.seats.length : 0;
    const players = this.source.record?.data?.config?.players;
    return Number.isInteger(players) ? players : 0;
  }

  /** The log, a row per point, the point shown marked; a click on a row goes there. */
  showLog() {
    const list = byId("replay-log");
    if (list.children.length !== this.last + 1) {
      fill(
        list,
        Array.from({ length: this.last + 1 }, (_, at) => {
          const item = el("li", { "data-at": at }, el("button", { type: "button", class: "link-button" }, `${at}`), " ", el("span", { class: "line" }));
          item.firstChild.addEventListener("click", () => this.goTo(at));
          return item;
        }),
      );
    }
    for (const item of list.children) {
      const at = Number(item.dataset.at);
      item.querySelector(".line").textContent = this.words.get(at) ?? (at === 0 ? "The start" : "…");
      if (at === this.at) {
        item.setAttribute("aria-current", "step");
        item.classList.add("current");
      } else {
        item.removeAttribute("aria-current");
        item.classList.remove("current");
      }
    }
    const current = list.querySelector(".current");
    const box = list.closest(".log-box");
    if (current !== null && box !== null) {
      box.scrollTop += current.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 2;
    }
  }

  /** The address of this point (also made the page's, so that a reload lands here). */
  showLink() {
    const query = new URLSearchParams({ replay: this.source.match, at: String(this.at) });
    if (this.seat !== null) query.set("seat", String(this.seat));
    const address = `${location.origin}/?${query}`;
    byId("replay-link").value = address;
    history.replaceState(null, "", `/?${query}${location.hash}`);
  }

  async copy() {
    const field = byId("replay-link");
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    byId("replay-copy").textContent = "Copied";
  }
}
