// The table's log: every event the seat may see, in words, a row per event with the coins
// and steps it gave, each row with its rules; a rule's button shows the rule's text under
// the row. Refusals and the abilities on the table open their rules the same way.

import { getRule } from "./api.js";
import { el } from "./dom.js";

/** `text` without its closing `(RULE)`, which the rule's own button then shows. */
function withoutRule(text, rule) {
  const suffix = ` (${rule})`;
  return rule && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
}

function ruleWords(rule) {
  const page = rule.page ? ` (rulebook p. ${rule.page})` : "";
  return `${rule.id}${page}: ${rule.text ?? rule.summary ?? ""}`;
}

/**
 * A button that opens the rule `id` of the game named `game` under `holder`: the text given
 * (`known`, as a refusal carries it), or else the one the server's digest of the game's rules gives.
 */
export function ruleButton(id, game, holder, known = null) {
  const button = el("button", { type: "button", class: "rule", "aria-expanded": "false" }, id);
  let shown = null;
  button.addEventListener("click", async () => {
    if (shown !== null) {
      shown.remove();
      shown = null;
      button.setAttribute("aria-expanded", "false");
      return;
    }
    shown = el("p", { class: "rule-text" }, known ? `${id}: ${known}` : `${id}: …`);
    holder.append(shown);
    button.setAttribute("aria-expanded", "true");
    if (known) return;
    const paragraph = shown;
    try {
      paragraph.textContent = ruleWords(await getRule(id, game));
    } catch {
      paragraph.textContent = `${id}: the rule's text could not be had from the server.`;
    }
  });
  return button;
}

/** The match's notices among the events: who joined, left, came back, ran out of time; take-backs; rematches; its end. */
const NOTICES = new Set([
  "joined",
  "left",
  "returned",
  "timed_out",
  "taken_back",
  "rematch",
  "resigned",
  "aborted",
  "cancelled",
  "abandoned",
]);

/** The events that only count what the event before them did to the same player: coins and track steps. */
const CONSEQUENCES = new Set(["coins", "track"]);

/** `P1: -3 coins (price)` said after `P1 buys …`: `-3 coins (price)`. */
function withoutPlayer(text, player) {
  const prefix = `P${player}: `;
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

/**
 * The events as rows, one per thing that happened: an event, then the coins and track
 * steps it gave the same player (`P1 buys I-red-04: −3 coins (price), income +2 steps`),
 * each row with the rules of its events, once each (each event's text is the game's own words).
 */
export function rows(events) {
  const found = [];
  for (const event of events) {
    const rule = typeof event.rule === "string" ? event.rule : null;
    const text = withoutRule(typeof event.text === "string" ? event.text : String(event.type ?? ""), rule);
    const last = found.at(-1);
    if (
      last !== undefined &&
      CONSEQUENCES.has(event.type) &&
      !CONSEQUENCES.has(last.type) &&
      typeof event.player === "number" &&
      event.player === last.player
    ) {
      last.details.push(withoutPlayer(text, event.player));
      if (rule && !last.rules.includes(rule)) last.rules.push(rule);
      continue;
    }
    found.push({ type: event.type, player: event.player, text, details: [], rules: rule ? [rule] : [] });
  }
  return found.map(({ type, text, details, rules }) => ({
    type,
    text: details.length > 0 ? `${text}: ${details.join(", ")}` : text,
    rules,
  }));
}

/**
 * The log list: rows are added at its end, newest last. It is a live region from the
 * second batch on: the first is the game so far (all of it, when a page opens late),
 * and only what happens from then on is announced.
 */
export class Log {
  constructor(list) {
    this.list = list;
    /** The name of the game whose rules the rows' buttons open (set once the match is known). */
    this.game = null;
  }

  add(events) {
    for (const row of rows(events)) {
      const item = el("li", { class: row.type === "game_over" ? "over" : NOTICES.has(row.type) ? "notice" : null });
      item.append(el("span", { class: "line" }, row.text));
      for (const rule of row.rules) item.append(" ", ruleButton(rule, this.game, item));
      this.list.append(item);
    }
    const box = this.list.parentElement;
    if (events.length > 0 && box !== null) box.scrollTop = box.scrollHeight;
    this.list.setAttribute("aria-live", "polite");
  }
}
