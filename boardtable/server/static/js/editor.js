// The position editor: controls built from the position document's JSON Schema (the
// game's, `GET /api/games/GAME/schemas/position`) over a position: a number field for each
// whole number (coins, tracks, food, resources, tools, whose turn it is), a list for each
// enum, a check box for each yes-or-no, a line of comma-separated items for each list of
// ids or numbers, and a raw JSON editor for the rest. Every edit is checked by the server
// (`check`: the analysis endpoint): a position it refuses (`422 inconsistent`) is not kept,
// and the reason is shown next to the field it names, with the rule it breaks.

import { ApiError } from "./api.js";
import { el, fill } from "./dom.js";

/** The schema a `$ref` (`#/$defs/Name`) names in `root`, followed until it is no reference. */
function resolved(schema, root) {
  let found = schema ?? {};
  for (let depth = 0; typeof found.$ref === "string" && depth < 20; depth += 1) {
    const path = found.$ref.replace(/^#\//, "").split("/");
    found = path.reduce((node, key) => (node && typeof node === "object" ? node[key] : undefined), root) ?? {};
  }
  return found;
}

/** The branch of an `anyOf`/`oneOf` that a value of this type takes (its first that fits). */
function branch(schema, value, root) {
  const options = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(options)) return schema;
  const fits = (option) => {
    const type = resolved(option, root).type;
    if (value === null) return type === "null" || resolved(option, root).const === null;
    if (Array.isArray(value)) return type === "array";
    if (Number.isInteger(value)) return type === "integer" || type === "number";
    return type === typeof value || resolved(option, root).const === value || Array.isArray(resolved(option, root).enum);
  };
  return resolved(options.find(fits) ?? {}, root);
}

/** `$.data.players[1].coins` → `data.players.1.coins`: a field's path as the controls name it. */
function fieldKey(field) {
  return String(field)
    .split(/[.[\]]+/)
    .filter((part) => part !== "" && part !== "$")
    .join(".");
}

/** The position with `value` at `path` (keys), a new document (the old one kept). */
function withValue(document_, path, value) {
  const copy = structuredClone(document_);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)] = value;
  return copy;
}

/** What a list holds, as its line is read: `numbers`, `flags` (true or false), `ids` (words), or null (anything else: raw JSON). */
function listKind(value, items, root) {
  const shape = resolved(items ?? {}, root);
  const all = (test) => value.length > 0 && value.every(test);
  if (shape.type === "integer" || all(Number.isInteger)) return "numbers";
  if (shape.type === "boolean" || all((item) => typeof item === "boolean")) return "flags";
  if (shape.type === "string" || Array.isArray(shape.enum) || all((item) => typeof item === "string")) return "ids";
  return null;
}

/** The items of a comma-separated line, read as `kind` says; null for an item that is none of that kind. */
function listItems(text, kind) {
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (kind === "ids") return items;
  const read = kind === "numbers" ? (item) => (/^-?\d+$/.test(item) ? Number(item) : null) : (item) => (item === "true" ? true : item === "false" ? false : null);
  const found = items.map(read);
  return found.includes(null) ? null : found;
}

/**
 * The editor of a position under `holder`: `schema` the position document's, `check(document)`
 * resolves (with the server's answer) when it takes the position (and rejects with its ApiError when not),
 * `accepted(document, answer)` is told of each position kept, with the server's answer.
 */
export class Editor {
  constructor(holder, schema, position, check, accepted) {
    this.holder = holder;
    this.schema = schema;
    this.position = position;
    this.check = check;
    this.accepted = accepted;
    /** The message slot of each field, by its key (`data.players.0.coins`). */
    this.slots = new Map();
    this.draw();
  }

  draw() {
    this.slots.clear();
    const top = el("p", { class: "field-error", role: "alert", "data-for": "" });
    this.slots.set("", top);
    const data = resolved(resolved(this.schema, this.schema).properties?.data, this.schema);
    this.raw = el("textarea", { class: "raw-json", rows: "12", spellcheck: "false", "aria-label": "The position as JSON" });
    this.raw.value = JSON.stringify(this.position, null, 1);
    const apply = el("button", { type: "button", id: "raw-apply" }, "Check and use this JSON");
    apply.addEventListener("click", () => this.applyRaw());
    const rawSlot = el("p", { class: "field-error", role: "alert" });
    this.slots.set("(raw)", rawSlot);
    fill(
      this.holder,
      top,
      el("div", { class: "editor-fields" }, this.fields(data, this.position.data, ["data"], 0)),
      el("details", { class: "raw" }, el("summary", {}, "Raw JSON (for experts)"), this.raw, apply, rawSlot),
    );
  }

  /** The controls of the value at `path` (an object's fields, a list's items, or one control). */
  fields(schema, value, path, depth) {
    const shape = branch(resolved(schema, this.schema), value, this.schema);
    const key = path.join(".");
    const name = String(path.at(-1));
    const title = typeof shape.description === "string" ? shape.description : null;
    const slot = el("span", { class: "field-error", role: "alert", "data-for": key });
    this.slots.set(key, slot);
    const nested = (items, entries) => {
      const open = depth < 1 || name === "players" || (depth === 2 && path.at(-2) === "players");
      return el(
        "details",
        { class: "edit-group", "data-path": key, open },
        el("summary", { title }, path.at(-2) === "players" ? `P${name}` : name),
        slot,
        entries.map(([item, itemSchema]) => this.fields(itemSchema, value[item], [...path, item], depth + 1)),
      );
    };
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const properties = shape.properties ?? {};
      return nested(value, Object.keys(value).map((item) => [item, properties[item] ?? {}]));
    }
    if (Array.isArray(value) && value.some((item) => item !== null && typeof item === "object")) {
      return nested(value, value.map((_, index) => [index, shape.items ?? {}]));
    }
    return el("label", { class: "edit-field", "data-path": key, title }, el("span", {}, name), this.control(shape, value, path), slot);
  }

  /** One value's control, which checks the edited position with the server when changed. */
  control(shape, value, path) {
    const key = path.join(".");
    let input;
    let read;
    const kind = Array.isArray(value) ? listKind(value, shape.items, this.schema) : null;
    if (kind !== null) {
      input = el("input", { type: "text", value: value.join(", "), "data-list": kind });
      read = () => listItems(input.value, kind);
    } else if (Array.isArray(value)) {
      return el("span", { class: "quiet" }, `${value.length === 0 ? "none" : JSON.stringify(value)} (edit it as raw JSON)`);
    } else if (Array.isArray(shape.enum)) {
      input = el("select", {}, shape.enum.map((option) => el("option", { value: String(option), selected: option === value }, String(option))));
      read = () => shape.enum.find((option) => String(option) === input.value);
    } else if (typeof value === "boolean") {
      input = el("input", { type: "checkbox", checked: value });
      read = () => input.checked;
    } else if (typeof value === "number") {
      input = el("input", { type: "number", step: "1", value: String(value), min: shape.minimum, max: shape.maximum });
      read = () => (input.value.trim() !== "" && Number.isInteger(Number(input.value)) ? Number(input.value) : null);
    } else if (typeof value === "string") {
      input = el("input", { type: "text", value });
      read = () => input.value;
    } else {
      return el("span", { class: "quiet" }, value === null ? "none (edit it as raw JSON)" : JSON.stringify(value));
    }
    input.name = key;
    input.addEventListener("change", () => {
      const edited = read();
      if (edited === null || edited === undefined) {
        this.say(key, "not a value of this field (a whole number, true or false, or a list of them)", null);
        input.setAttribute("aria-invalid", "true");
        return;
      }
      this.submit(withValue(this.position, path, edited), input);
    });
    return input;
  }

  applyRaw() {
    let found;
    try {
      found = JSON.parse(this.raw.value);
    } catch (problem) {
      this.clear();
      this.say("(raw)", `not JSON: ${problem.message}`, null);
      return;
    }
    this.submit(found, this.raw, true);
  }

  /** Checks an edited position with the server: kept when it takes it, else the reason beside its field. */
  async submit(edited, input, whole = false) {
    this.clear();
    let answer;
    try {
      answer = await this.check(edited);
    } catch (problem) {
      if (!(problem instanceof ApiError)) throw problem;
      input.setAttribute("aria-invalid", "true");
      const body = problem.body;
      const field = typeof body.field === "string" ? fieldKey(body.field) : "";
      this.say(whole ? "(raw)" : field, problem.message, typeof body.rule === "string" ? body.rule : null, whole ? null : input);
      return;
    }
    this.position = edited;
    if (whole) this.draw();
    else this.raw.value = JSON.stringify(edited, null, 1);
    this.accepted(edited, answer);
  }

  /** Shows a refusal next to the field `key` (its nearest drawn field above it, else the top, else `fallback`'s). */
  say(key, message, rule, fallback = null) {
    let at = key;
    while (at !== "" && !this.slots.has(at)) at = at.split(".").slice(0, -1).join(".");
    let slot = this.slots.get(at);
    if (at === "" && fallback !== null) slot = fallback.parentElement.querySelector(".field-error") ?? slot;
    const named = this.holder.querySelector(`[data-path="${CSS.escape(at)}"]`);
    if (named instanceof HTMLDetailsElement) named.open = true;
    for (let node = named; node !== null; node = node.parentElement?.closest("details") ?? null) node.open = true;
    fill(slot, rule === null ? message : `${rule}: ${message}`);
    slot.dataset.rule = rule ?? "";
  }

  clear() {
    for (const slot of this.slots.values()) {
      fill(slot);
      delete slot.dataset.rule;
    }
    for (const node of this.holder.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  }
}
