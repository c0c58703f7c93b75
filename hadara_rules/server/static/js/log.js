// The table's log: every event the seat may see, in words, each with its rule; a rule's
// button shows the rule's text under the line. Refusals are shown the same way.

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
 * A button that opens the rule's text under `holder`: the text given (`known`, as a
 * refusal carries it), or else the one the server's rules digest gives.
 */
export function ruleButton(id, holder, known = null) {
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
      paragraph.textContent = ruleWords(await getRule(id));
    } catch {
      paragraph.textContent = `${id}: the rule's text could not be had from the server.`;
    }
  });
  return button;
}

/**
 * The log list: events are added at its end, newest last. It is a live region from the
 * second batch on: the first is the game so far (all of it, when a page opens late),
 * and only what happens from then on is announced.
 */
export class Log {
  constructor(list) {
    this.list = list;
  }

  add(events) {
    for (const event of events) {
      const rule = typeof event.rule === "string" ? event.rule : null;
      const text = typeof event.text === "string" ? event.text : String(event.type ?? "");
      const item = el("li", { class: event.type === "game_over" ? "over" : null });
      const line = el("span", { class: "line" }, withoutRule(text, rule));
      item.append(line);
      if (rule) item.append(" ", ruleButton(rule, item));
      this.list.append(item);
    }
    const box = this.list.parentElement;
    if (events.length > 0 && box !== null) box.scrollTop = box.scrollHeight;
    this.list.setAttribute("aria-live", "polite");
  }
}
