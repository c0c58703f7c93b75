// A seat's table (or a spectator's, without a token): the picture, whose turn it is,
// the legal moves with their previews, the players with their clocks, the log, and the
// score sheet and the rematch at the end; what is the game's own is said by its part of the
// table (games.js), loaded once the match's game is known.
//
// No single click plays a move: a click on a move (or on the component of the picture it
// names) chooses it, and a second click on it, or on its Play button, plays it.
//
// Every view the page shows comes from the server, applied one at a time and in order:
// the WebSocket's messages (each the seat's whole view, with the events since the `seq`
// the page had when it connected), and the answers to what this page posts. An event is
// shown once, by its entry's `seq`: nothing is missed or shown twice, whether an update
// arrives on the WebSocket, the connection comes back, or a move posted from this page
// (or another tab) finds the table moved on.

import {
  ApiError,
  askRematch,
  endMatch,
  followUpdates,
  getMatch,
  getPicture,
  getRecord,
  getRule,
  getView,
  leaveSeat,
  postMove,
  returnSeat,
  takeBack,
} from "./api.js";
import { Clocks } from "./clocks.js";
import { byId, el, fill } from "./dom.js";
import { GENERIC, gamePart } from "./games.js";
import { join, rememberedName } from "./joining.js";
import { Log, ruleButton } from "./log.js";
import { kindWords } from "./matches.js";
import { Picture } from "./picture.js";
import { scoreSheet } from "./scores.js";
import { goToSeat, holdSeat, seatAddress } from "./store.js";

/** The kinds of seat a person holds (present or not): a bot's seat has no connection to show. */
const PEOPLE = new Set(["human", "open", "away"]);
/** The states of a match that ended with no result (no record, no rematch). */
const NO_RESULT = new Set(["aborted", "cancelled", "abandoned"]);
/** What each way of ending the match asks before it is done, and its button's words then. */
const ENDINGS = {
  resign: ["Resign? The match ends now, and the others win as the table stands.", "Resign"],
  abort: ["Abort the match? It ends now with no result.", "Abort"],
  cancel: ["Cancel the match? It ends before it starts.", "Cancel the match"],
};
function listWords(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

class Table {
  constructor(match, token) {
    this.match = match;
    this.token = token;
    this.info = null;
    this.seat = null;
    this.seq = 0;
    this.ply = 0;
    this.toAct = [];
    this.position = null;
    this.legal = [];
    this.chosen = null;
    this.pending = null;
    /** The count chosen beside each line of moves that differ only in it (`count` of the game's part). */
    this.counts = new Map();
    this.abilities = new Map();
    this.busy = false;
    this.over = false;
    this.started = true;
    this.seats = [];
    this.mayTakeBack = false;
    /** How this seat may end the match now (the view's `endings`). */
    this.endings = [];
    this.rematch = null;
    this.held = false;
    this.pictureAsked = 0;
    this.clocks = new Clocks(byId("seats"));
    this.queue = Promise.resolve();
    /** The game's own part of the table (its moves, picture and score sheet in words), once the match is known. */
    this.game = GENERIC;
    this.log = new Log(byId("log"));
    this.picture = new Picture(
      byId("picture"),
      { out: byId("zoom-out"), in: byId("zoom-in"), fit: byId("zoom-fit") },
      (component) => this.choose(component),
      (node) => this.game.component(node),
    );
  }

  /** The name of a seat: the one given in the lobby, else what plays it. */
  name(seat) {
    const entry = this.seats.find((s) => s.seat === seat);
    return entry?.name || (entry ? kindWords(entry.kind) : `seat ${seat}`);
  }

  /** What plays the seat now (`human`, `open`, `away` or a bot's name), or null. */
  kind(seat) {
    return this.seats.find((s) => s.seat === seat)?.kind ?? null;
  }

  /** `P1 · Ada (dragon)`: how a seat is named on this page (without its badge when `short`). */
  label(seat, short = false) {
    const badge = short ? null : this.game.badge(this.position, seat);
    return `P${seat} · ${this.name(seat)}${badge ? ` (${badge})` : ""}`;
  }

  async start() {
    byId("table").hidden = false;
    const skip = byId("skip");
    skip.hidden = false;
    skip.addEventListener("click", (event) => {
      event.preventDefault(); // the address's fragment holds the token: it stays as it is
      byId("moves-heading").focus();
    });
    this.wireButtons();
    // the replay sees the table as this seat does: the token goes along in the fragment
    byId("replay-open").href = `/?replay=${encodeURIComponent(this.match)}${this.token ? `#token=${encodeURIComponent(this.token)}` : ""}`;
    try {
      this.info = await getMatch(this.match);
      this.seats = Array.isArray(this.info.seats) ? this.info.seats : [];
      this.game = await gamePart(this.info.game, { style: true });
      this.log.game = this.info.game;
      byId("table").dataset.game = this.info.game;
      byId("brand").textContent = this.game.title;
      byId("abilities-heading").textContent = this.game.abilities;
    } catch (problem) {
      byId("turn").textContent =
        problem instanceof ApiError && problem.status === 404 ? "There is no such match" : "The match cannot be loaded";
      byId("where").textContent = problem.message;
      this.picture.note("");
      return;
    }
    await this.enqueue(() => this.refresh());
    followUpdates(this.match, this.token, {
      since: () => this.seq,
      opened: () => {
        byId("connection").textContent = "Live";
        this.reached();
      },
      message: (update) => {
        if (update.position !== undefined) this.enqueue(() => this.apply(update));
        else if (typeof update.seq === "number" && update.seq > this.seq) this.enqueue(() => this.refresh(update.seq));
      },
      closed: (reason, final) => {
        byId("connection").textContent = final
          ? `No updates: ${reason || "the server refused them"}`
          : "Connection lost; reconnecting…";
      },
    });
  }

  /** Runs `task` after every request before it, so that views are applied in order. */
  enqueue(task) {
    this.queue = this.queue.then(task).catch((problem) => this.problem(problem));
    return this.queue;
  }

  /** Asks the view since the last entry shown (unless the `seq` `reached` is shown already). */
  async refresh(reached = null) {
    if (reached !== null && reached <= this.seq) return;
    this.apply(await getView(this.match, this.token, this.seq));
  }

  /**
   * Shows a view: one older than the one shown is left aside, and of its events only
   * those of entries the page has not shown are added to the log.
   */
  apply(view) {
    this.reached();
    if (typeof view.seq !== "number" || view.seq < this.seq) return;
    const moved = view.seq !== this.seq || this.position === null;
    const events = (Array.isArray(view.events) ? view.events : []).filter(
      (event) => typeof event.seq !== "number" || event.seq >= this.seq,
    );
    this.seat = typeof view.seat === "number" ? view.seat : null;
    this.log.add(events);
    this.seq = view.seq;
    this.ply = view.ply;
    this.toAct = Array.isArray(view.to_act) ? view.to_act : [];
    this.position = view.position;
    this.legal = Array.isArray(view.legal) ? view.legal : [];
    if (Array.isArray(view.seats)) this.seats = view.seats;
    this.started = view.started !== false;
    this.mayTakeBack = view.takeback === true;
    this.endings = Array.isArray(view.endings) ? view.endings : [];
    this.rematch = view.rematch ?? null;
    this.over = view.over === true;
    this.clocks.set(view.clock ?? null);
    this.holdSeat();
    byId("table").dataset.ply = String(this.ply); // the ply and seq shown, for scripts that drive the page
    byId("table").dataset.seq = String(this.seq);
    byId("replay-open").hidden = this.seq === 0; // a replay needs an entry to show
    if (this.chosen !== null && this.naming(this.chosen).length === 0) this.chosen = null;
    if (this.pending !== null && !this.legal.some((entry) => entry.notation === this.pending.notation)) {
      this.pending = null;
    }
    this.showStatus();
    this.showSeats();
    this.showWaiting();
    this.showMoves();
    this.picture.mark((component) => this.naming(component).length);
    if (moved) this.askPicture();
    if (this.over) this.showResult();
    this.showRematch();
  }

  /** The seat this page plays, kept among "my matches" (once, with its name). */
  holdSeat() {
    if (this.held || this.seat === null || !this.token) return;
    this.held = true;
    holdSeat({ match: this.match, seat: this.seat, token: this.token, name: this.name(this.seat) });
  }

  /** The buttons of the seat's own actions: take back, leave, return, rematch. */
  wireButtons() {
    byId("takeback-button").addEventListener("click", () =>
      this.act((seq) => takeBack(this.match, this.token, seq)),
    );
    byId("leave-button").addEventListener("click", () =>
      this.act(() => leaveSeat(this.match, this.token, this.seat)),
    );
    byId("return-button").addEventListener("click", () =>
      this.act(() => returnSeat(this.match, this.token, this.seat)),
    );
    for (const how of Object.keys(ENDINGS)) {
      byId(`${how}-button`).addEventListener("click", () => this.confirmEnd(how));
    }
    byId("share-copy").addEventListener("click", async () => {
      const field = byId("share-link");
      try {
        await navigator.clipboard.writeText(field.value);
      } catch {
        field.select();
        document.execCommand("copy");
      }
      byId("share-copy").textContent = "Copied";
    });
  }

  /** Asks whether to end the match as `how` says (resign, abort, cancel): a second button does it. */
  confirmEnd(how) {
    const [question, words] = ENDINGS[how];
    const yes = el("button", { type: "button", class: "primary", id: "end-yes", "data-end": how }, words);
    const no = el("button", { type: "button", class: "link-button" }, "Keep playing");
    const box = byId("end-confirm");
    yes.addEventListener("click", () => {
      box.hidden = true;
      this.act((seq) => endMatch(this.match, this.token, this.seat, how, seq));
    });
    no.addEventListener("click", () => {
      box.hidden = true;
      byId(`${how}-button`).focus();
    });
    fill(box, el("p", {}, question), yes, no);
    box.hidden = false;
    no.focus();
  }

  /** Posts one of the seat's actions (given the seq shown) and shows the view it answers. */
  act(post) {
    if (this.busy) return;
    this.busy = true;
    this.hideRefusal();
    const seq = this.seq;
    for (const button of byId("seat-actions").querySelectorAll("button")) button.disabled = true;
    this.enqueue(async () => {
      try {
        this.apply(await post(seq));
      } catch (problem) {
        if (problem instanceof ApiError && problem.status === 409) await this.refresh();
        throw problem;
      } finally {
        this.busy = false;
        this.showSeats();
        this.showMoves();
      }
    });
  }

  /** The players: name, what plays each seat, who is connected, whose turn, and their clocks. */
  showSeats() {
    const rows = this.seats.map((entry) => {
      const acting = this.started && !this.over && this.toAct.includes(entry.seat);
      return el(
        "li",
        {
          class: `seat${acting ? " acting" : ""}${entry.seat === this.seat ? " mine" : ""}`,
          "data-seat": entry.seat,
          "data-kind": entry.kind,
        },
        PEOPLE.has(entry.kind)
          ? el("span", {
              class: `presence${entry.connected ? " on" : ""}`,
              role: "img",
              "aria-label": entry.connected ? "connected" : "not connected",
              title: entry.connected ? "connected" : "not connected",
            })
          : el("span", { class: "presence none", "aria-hidden": "true" }),
        el(
          "span",
          { class: "seat-name" },
          `P${entry.seat} · ${entry.kind === "open" ? "open seat" : entry.name}`,
          entry.seat === this.seat ? el("span", { class: "you" }, " (you)") : null,
        ),
        el("span", { class: "seat-kind" }, kindWords(entry.kind)),
        this.clocks.shown() ? el("span", { class: "clock", "data-seat": entry.seat }) : null,
      );
    });
    fill(byId("seats"), rows);
    this.clocks.tick();
    const kind = this.seat === null ? null : this.kind(this.seat);
    const playing = this.started && !this.over;
    byId("leave-button").hidden = !(playing && kind === "human");
    byId("return-button").hidden = !(playing && kind === "away");
    byId("takeback-button").hidden = !this.mayTakeBack;
    for (const how of Object.keys(ENDINGS)) byId(`${how}-button`).hidden = !this.endings.includes(how);
    const confirming = byId("end-confirm").querySelector("[data-end]")?.dataset.end;
    if (confirming !== undefined && !this.endings.includes(confirming)) byId("end-confirm").hidden = true;
    for (const button of byId("seat-actions").querySelectorAll("button")) button.disabled = this.busy;
  }

  /** While a seat is open: the link to share, and (for a spectator) the open seats to take. */
  showWaiting() {
    byId("waiting").hidden = this.started;
    if (this.started) return;
    byId("share-link").value = seatAddress(this.match, null);
    const open = this.seats.filter((entry) => entry.kind === "open");
    byId("join-here").hidden = this.seat !== null || open.length === 0;
    if (this.seat !== null) return;
    const field = byId("table-name");
    if (field.value === "") field.value = rememberedName();
    fill(
      byId("join-seats"),
      open.map((entry) => {
        const button = el("button", { type: "button", class: "primary join", "data-seat": entry.seat }, `Join as P${entry.seat}`);
        button.addEventListener("click", () => join(this.match, entry.seat, button, field, byId("table-join-error")));
        return button;
      }),
    );
  }

  /**
   * After the end: a person's seat asks for the rematch, and goes to it; once there is
   * one, every seat's view carries it, a person's with its own token (kept like any seat).
   */
  showRematch() {
    const holder = byId("rematch");
    holder.hidden =
      !this.over || (this.rematch === null && this.seat === null) || this.info?.over !== true || NO_RESULT.has(this.info.state);
    if (holder.hidden) return;
    if (this.rematch !== null) {
      if (holder.dataset.match === this.rematch.match) return;
      holder.dataset.match = this.rematch.match;
      if (typeof this.rematch.token === "string") {
        holdSeat({ match: this.rematch.match, seat: this.seat, token: this.rematch.token, name: this.name(this.seat) });
      }
      const address = seatAddress(this.rematch.match, this.rematch.token ?? null);
      fill(
        holder,
        el("p", {}, this.seat === null ? "The players started a rematch." : "A rematch of this match has started."),
        el("a", { class: "button primary", id: "rematch-link", href: address }, this.seat === null ? "Watch the rematch" : "Go to the rematch"),
      );
      return;
    }
    if (holder.querySelector("#rematch-button") !== null) return;
    const button = el("button", { type: "button", class: "primary", id: "rematch-button" }, "Rematch");
    button.addEventListener("click", () => this.askRematch(button));
    fill(holder, el("p", {}, "Play again with the same seats and settings?"), button);
  }

  async askRematch(button) {
    button.disabled = true;
    try {
      const made = await askRematch(this.match, this.token);
      holdSeat({ match: made.match, seat: this.seat, token: made.token, name: this.name(this.seat) });
      goToSeat(made.match, made.token);
    } catch (problem) {
      button.disabled = false;
      this.problem(problem);
    }
  }

  naming(component) {
    return this.game.naming(component, this.legal, this.position, this.seat);
  }

  async askPicture() {
    const asked = ++this.pictureAsked;
    const ply = this.ply;
    let text;
    try {
      text = await getPicture(this.match, this.token);
    } catch (problem) {
      if (asked === this.pictureAsked) this.picture.note(`The picture cannot be shown: ${problem.message}`);
      return;
    }
    if (asked !== this.pictureAsked) return;
    this.picture.show(
      text,
      (component) => this.naming(component).length,
      this.seat,
      (seat) => this.name(seat),
      this.game.leading(this.position),
    );
    this.abilities = this.picture.abilities((component) => this.game.ability(component));
    this.showAbilities();
    this.picture.frame.dataset.ply = String(ply);
  }

  showStatus() {
    const mine = this.seat !== null && this.toAct.includes(this.seat);
    const others = this.toAct.filter((seat) => seat !== this.seat).map((seat) => this.label(seat, true));
    let turn;
    if (this.over) turn = "The game is over";
    else if (!this.started) turn = "Waiting for players";
    else if (this.seat !== null && this.kind(this.seat) === "away") turn = "You are away: a bot plays for you";
    else if (mine) turn = others.length > 0 ? `Your turn, with ${listWords(others)}` : "Your turn";
    else if (this.seat === null) turn = `${listWords(others)} to act`;
    else turn = `Waiting for ${listWords(others)}`;
    byId("turn").textContent = turn;
    byId("where").textContent = this.game.where(this.position, this.ply);
    byId("bar-note").textContent =
      this.seat === null ? `Watching match ${this.match}` : `You play ${this.label(this.seat)}`;
    document.title = `${mine ? "Your turn · " : ""}${this.game.title}`;
  }

  showMoves() {
    const holder = byId("moves");
    const chosen = byId("chosen");
    byId("moves-heading").textContent = this.seat === null ? "Moves" : "Your moves";
    chosen.hidden = this.chosen === null;
    this.picture.select(this.chosen);
    if (this.over) {
      fill(holder, el("p", { class: "quiet" }, "The match is over: how it ended is above the table."));
      return;
    }
    if (this.seat === null) {
      fill(holder, el("p", { class: "quiet" }, "You are watching: the players make the moves."));
      return;
    }
    if (!this.started) {
      fill(holder, el("p", { class: "quiet" }, "The game starts when every open seat is taken."));
      return;
    }
    if (this.kind(this.seat) === "away") {
      fill(holder, el("p", { class: "quiet" }, "A bot plays your seat while you are away. Return to the table to play again."));
      return;
    }
    if (this.legal.length === 0) {
      fill(holder, el("p", { class: "quiet" }, "Nothing to decide now. Your moves appear here when it is your turn."));
      return;
    }
    let entries = this.legal;
    if (this.chosen !== null) {
      entries = this.naming(this.chosen);
      const all = el("button", { type: "button", class: "link-button" }, "Show all moves");
      all.addEventListener("click", () => {
        this.chosen = null;
        this.showMoves();
        byId("moves-heading").focus();
      });
      fill(chosen, el("span", {}, `Moves with ${this.chosen.name ?? this.chosen.id}`), " ", all);
    }
    const groups = new Map();
    for (const row of this.rows(entries)) {
      const heading = this.game.group(row.entries[0]);
      if (!groups.has(heading)) groups.set(heading, []);
      groups.get(heading).push(row);
    }
    fill(
      holder,
      Array.from(groups, ([heading, list]) =>
        el(
          "section",
          { class: "move-group" },
          el("h3", {}, heading),
          el("div", { class: "move-list" }, list.map((row) => this.moveRow(row))),
        ),
      ),
    );
  }

  /**
   * The moves as the list shows them: a line per move, but the moves that differ only in a
   * count (the game's `count`: how many people a placement takes) on one line, the count
   * chosen beside it. Each row is `{key, label, entries}` (`key` null for a single move).
   */
  rows(entries) {
    const found = [];
    const byKey = new Map();
    for (const entry of entries) {
      const counted = this.game.count(entry);
      const row = counted === null ? undefined : byKey.get(counted.key);
      if (row !== undefined) {
        row.entries.push(entry);
      } else {
        const made = { key: counted?.key ?? null, label: counted?.label ?? null, entries: [entry] };
        if (counted !== null) byKey.set(counted.key, made);
        found.push(made);
      }
    }
    return found;
  }

  /** The move a row shows: the one chosen to play, else the one of the count chosen beside it, else its first. */
  rowEntry(row) {
    if (row.entries.length === 1) return row.entries[0];
    const pending = row.entries.find((entry) => entry.notation === this.pending?.notation);
    if (pending !== undefined) return pending;
    const count = this.counts.get(row.key);
    return row.entries.find((entry) => this.game.count(entry).count === count) ?? row.entries[0];
  }

  /** A row of the list: its move's button and, for moves that differ only in a count, the count's chooser beside it. */
  moveRow(row) {
    const entry = this.rowEntry(row);
    if (row.entries.length === 1) return this.moveButton(entry);
    const select = el(
      "select",
      {
        class: "count",
        "data-key": row.key,
        "aria-label": `${row.label}: ${this.game.describe(entry, this.position, this.seat, true)}`,
        disabled: this.busy,
      },
      row.entries.map((option) =>
        el("option", { value: option.notation, selected: option === entry }, String(this.game.count(option).count)),
      ),
    );
    select.addEventListener("change", () => {
      const picked = row.entries.find((option) => option.notation === select.value) ?? entry;
      this.counts.set(row.key, this.game.count(picked).count);
      if (row.entries.some((option) => option.notation === this.pending?.notation)) this.pending = picked;
      this.showMoves();
      byId("moves").querySelector(`select.count[data-key="${CSS.escape(row.key)}"]`)?.focus();
    });
    return el(
      "div",
      { class: "counted-move" },
      this.moveButton(entry, true),
      el("label", { class: "count-field" }, el("span", {}, row.label), select),
    );
  }

  moveButton(entry, several = false) {
    const { parts, rules } = this.game.preview(entry.preview);
    const note = this.game.note(entry, rules);
    const chosen = this.pending?.notation === entry.notation;
    const button = el(
      "button",
      {
        type: "button",
        class: "move",
        "data-notation": entry.notation,
        "data-card": this.game.movedCard(entry, this.position),
        "aria-pressed": String(chosen),
        disabled: this.busy,
      },
      el("span", { class: "what" }, this.game.describe(entry, this.position, this.seat, several)),
      parts.length > 0 ? el("span", { class: "preview" }, parts.join(" · ")) : null,
      this.game.extra(entry, this.position, this.seat),
      note === null ? null : el("span", { class: "notation" }, note),
    );
    button.addEventListener("click", () => this.pick(entry));
    this.sayAbility(button);
    if (!chosen) return button;
    const play = el("button", { type: "button", class: "primary play", disabled: this.busy }, "Play this move");
    play.addEventListener("click", () => this.play(entry));
    const cancel = el("button", { type: "button", class: "link-button" }, "Cancel");
    cancel.addEventListener("click", () => {
      this.pending = null;
      this.showMoves();
      this.focusMove(entry);
    });
    return el("div", { class: "chosen-move" }, button, el("div", { class: "confirm" }, play, cancel));
  }

  /** A move's button that names a card with an ability on the table: the ability in words, its rule ID beside. */
  sayAbility(button) {
    const rule = this.abilities.get(button.dataset.card);
    if (rule === undefined || button.querySelector(".ability") !== null) return;
    const line = el("span", { class: "ability" }, `Ability: ${rule}`);
    const notation = button.querySelector(".notation");
    if (notation === null) button.append(line);
    else notation.before(line);
    getRule(rule, this.info.game).then(
      (found) => {
        line.textContent = `Ability: ${found.summary} (${rule})`;
      },
      () => {},
    );
  }

  /**
   * The abilities the picture shows (the game's `ability`), in words, each with its rule ID
   * opening the rule's text; and each on the moves that name its card.
   */
  showAbilities() {
    const rules = [...new Set(this.abilities.values())].sort(
      (a, b) => Number(a.split("-")[1]) - Number(b.split("-")[1]),
    );
    fill(
      byId("ability-list"),
      rules.map((rule) => {
        const words = el("span", { class: "ability-words" }, "…");
        const item = el("li", { "data-rule": rule }, words, " ");
        item.append(ruleButton(rule, this.info.game, item));
        getRule(rule, this.info.game).then(
          (found) => {
            words.textContent = found.summary;
          },
          () => {
            words.textContent = "its words could not be had from the server";
          },
        );
        return item;
      }),
    );
    byId("abilities").hidden = rules.length === 0;
    for (const button of byId("moves").querySelectorAll("button.move[data-card]")) this.sayAbility(button);
  }

  /** The keyboard back on the button of `entry`, once the moves are drawn anew. */
  focusMove(entry) {
    const button = Array.from(byId("moves").querySelectorAll("button.move")).find(
      (node) => node.dataset.notation === entry.notation,
    );
    button?.focus();
  }

  /** A click on a move: the first chooses it, a second on the chosen move plays it. */
  pick(entry) {
    if (this.pending?.notation === entry.notation) {
      this.play(entry);
      return;
    }
    this.pending = entry;
    this.showMoves();
    this.focusMove(entry);
  }

  /**
   * A click on a component of the picture: its moves are listed, its one move chosen;
   * a second click on it plays the move chosen.
   */
  choose(component) {
    const moves = this.naming(component);
    if (moves.length === 0) return;
    const same =
      this.chosen !== null &&
      this.chosen.kind === component.kind &&
      this.chosen.id === component.id &&
      this.chosen.player === component.player;
    if (same && this.pending !== null && moves.some((entry) => entry.notation === this.pending.notation)) {
      this.play(this.pending);
      return;
    }
    this.chosen = component;
    const rows = this.rows(moves);
    this.pending = rows.length === 1 ? this.rowEntry(rows[0]) : null;
    this.showMoves();
    if (rows.length > 1) byId("moves-heading").focus();
  }

  play(entry) {
    if (this.busy) return;
    this.busy = true;
    this.pending = null;
    this.hideRefusal();
    const choosing = byId("moves").contains(document.activeElement) || byId("picture").contains(document.activeElement);
    const seq = this.seq; // the move was chosen on this view: posted later, a newer table refuses it as stale
    for (const button of byId("moves").querySelectorAll("button")) button.disabled = true;
    this.enqueue(async () => {
      try {
        this.chosen = null;
        this.apply(await postMove(this.match, this.token, seq, entry.move));
      } catch (problem) {
        if (problem instanceof ApiError && problem.status === 409) {
          await this.refresh();
        } else {
          throw problem;
        }
      } finally {
        this.busy = false;
        this.showMoves();
        // the button or component chosen is gone: keep the keyboard at the moves
        if (choosing && !byId("table").contains(document.activeElement)) {
          byId("moves-heading").focus({ preventScroll: true });
        }
      }
    });
  }

  hideRefusal() {
    const box = byId("refusal");
    box.hidden = true;
    delete box.dataset.offline;
    fill(box);
  }

  /** The server answered (a view, or a WebSocket opened): a note that it cannot be reached goes. */
  reached() {
    if (byId("refusal").dataset.offline !== undefined) this.hideRefusal();
  }

  /** A refusal, with its rule's text, or any other problem in one line. */
  problem(problem) {
    if (this.position === null) {
      // nothing shown yet: the link itself is wrong (a bad token) or the server is away
      byId("turn").textContent =
        problem instanceof ApiError && problem.status === 403 ? "This link opens no seat of the match" : "The match cannot be loaded";
      byId("where").textContent = problem.message ?? String(problem);
      this.picture.note("");
      return;
    }
    const box = byId("refusal");
    delete box.dataset.offline;
    const body = problem instanceof ApiError ? problem.body : {};
    const close = el("button", { type: "button", class: "link-button", "aria-label": "Dismiss" }, "Dismiss");
    close.addEventListener("click", () => this.hideRefusal());
    if (body.error === "illegal") {
      fill(box, el("p", {}, el("strong", {}, "Refused: "), String(body.reason ?? problem.message), " "), close);
      if (typeof body.rule === "string") {
        const known = typeof body.rule_text === "string" ? body.rule_text : null;
        const rule = ruleButton(body.rule, this.info.game, box, known);
        box.firstChild.append(rule);
        rule.click();
      }
    } else {
      fill(box, el("p", {}, el("strong", {}, "Problem: "), problem.message ?? String(problem), " "), close);
      if (problem instanceof ApiError && problem.status === 0) box.dataset.offline = "";
    }
    box.hidden = false;
  }

  /**
   * After the end: the match's summary says how it ended. With a result (the game's end, or
   * a resignation) the winners and the score sheet from the record; without (aborted,
   * cancelled, abandoned), that it has none.
   */
  async showResult() {
    const holder = byId("result");
    if (!holder.hidden) return;
    holder.hidden = false;
    fill(holder, el("p", { class: "quiet" }, "Counting the scores…"));
    try {
      this.info = await getMatch(this.match);
    } catch (problem) {
      fill(holder, el("p", {}, `The result cannot be had: ${problem.message}`));
      return;
    }
    this.showRematch();
    if (NO_RESULT.has(this.info.state)) {
      fill(holder, el("h3", { class: "winners" }, `The match was ${this.info.state}: it has no result`));
      return;
    }
    const winners = (this.info.winners ?? []).map((seat) => this.label(seat));
    const resigned = typeof this.info.resigned === "number" ? this.info.resigned : null;
    let result = null;
    try {
      const record = await getRecord(this.match);
      result = record?.data?.result ?? record?.result ?? null;
    } catch (problem) {
      fill(holder, el("p", {}, `The score sheet cannot be had: ${problem.message}`));
      return;
    }
    // a game's record may hold its score sheets; any game's summary holds its totals
    const scored = {
      winners: result?.winners ?? this.info.winners ?? [],
      scores: result?.scores ?? (this.info.totals ?? []).map((total) => ({ total })),
    };
    const names = (result?.winners ?? []).map((seat) => this.label(seat));
    const headline = names.length > 0 ? names : winners;
    fill(
      holder,
      el("h3", { class: "winners" }, headline.length > 1 ? `${listWords(headline)} win` : `${headline[0] ?? "Nobody"} wins`),
      resigned === null ? null : el("p", { class: "resigned" }, `${this.label(resigned)} resigned: the scores are the table's as it stood then.`),
      scored.scores.length > 0 ? scoreSheet(scored, this.game.scoreRows, (seat) => this.label(seat, true)) : null,
      el(
        "p",
        {},
        el("a", { href: `/api/matches/${encodeURIComponent(this.match)}/record`, download: `${this.info.game}-${this.match}.json` }, "Download the game record"),
        " · ",
        el("a", { href: "/" }, "New match"),
      ),
    );
  }
}

/** Shows the table of `match` for the seat whose `token` is given (a spectator's without). */
export function openTable(match, token) {
  return new Table(match, token).start();
}
