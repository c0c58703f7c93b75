// A game's match options in the form, read from the JSON Schema the server publishes for
// them (`GET /api/games`): a yes-or-no option is a check box, a choice among values a list
// (its first entry: the game's default; a value in the words of its `title` where the schema
// gives one, a `oneOf` branch `{const, title}`), a number a field left empty for the default.
// An option of another shape (a list per seat) is left at the game's default.

import { el } from "./dom.js";
import { ruleButton } from "./log.js";

/** The option's `title` in its schema; else its key in words (`max_rounds`: `Max rounds`). */
function title(key, option) {
  if (typeof option.title === "string") return option.title;
  const words = key.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A rule ID in a description (`FLOW-6`, `SETUP-7`). */
const RULE = /\b[A-Z]+-\d+\b/g;

/**
 * The option's description, each rule ID in it a button that opens the rule's text of
 * `game`'s digest under it (as the table's log does); null without one.
 */
function describe(option, game) {
  if (typeof option.description !== "string") return null;
  const help = el("small", { class: "help" });
  let at = 0;
  for (const found of option.description.matchAll(RULE)) {
    help.append(option.description.slice(at, found.index), ruleButton(found[0], game, help));
    at = found.index + found[0].length;
  }
  help.append(option.description.slice(at));
  return help;
}

/** A value of a choice, `{value, words}`: the words its `title` gives, else the value itself. */
function choice(value, title) {
  return { value, words: typeof title === "string" ? title : String(value) };
}

/**
 * The values a choice offers, each `{value, words}`: an `enum`, or the constants (each in the
 * words of its `title`) and whole-number ranges of a `oneOf`.
 */
function choices(schema) {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => choice(value));
  if (!Array.isArray(schema.oneOf)) return null;
  const values = [];
  for (const branch of schema.oneOf) {
    if ("const" in branch) values.push(choice(branch.const, branch.title));
    else if (branch.type === "integer" && Number.isInteger(branch.minimum) && Number.isInteger(branch.maximum)) {
      for (let value = branch.minimum; value <= branch.maximum; value += 1) values.push(choice(value));
    } else return null;
  }
  return values;
}

function isNumber(schema) {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes("integer");
}

/**
 * The fields of the options `schema` (`{properties}`) of the game named `game`, each `{key,
 * node, read()}`: `read()` gives `{value}` (`undefined`: the game's default) or `{error}`, a
 * sentence saying what is wrong.
 */
export function optionFields(schema, game) {
  const fields = [];
  for (const [key, option] of Object.entries(schema?.properties ?? {})) {
    const id = `option-${key}`;
    const help = describe(option, game);
    const name = title(key, option);
    const values = choices(option);
    if (option.type === "boolean") {
      const box = el("input", { type: "checkbox", id, name: key });
      fields.push({ key, node: el("label", { class: "check" }, box, ` ${name} `, help), read: () => ({ value: box.checked }) });
    } else if (values !== null) {
      const select = el(
        "select",
        { id, name: key },
        el("option", { value: "" }, "The game's default"),
        values.map(({ words }, index) => el("option", { value: String(index) }, words)),
      );
      const read = () => ({ value: select.value === "" ? undefined : values[Number(select.value)].value });
      fields.push({ key, node: el("label", { class: "field" }, el("span", {}, name), select, help), read });
    } else if (isNumber(option)) {
      const input = el("input", { id, name: key, type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "the game's default" });
      const least = Number.isInteger(option.minimum) ? option.minimum : 0;
      const read = () => {
        const text = input.value.trim();
        if (text === "") return { value: undefined };
        if (!/^\d{1,6}$/.test(text) || Number(text) < least) {
          return { error: `${name} must be a whole number of at least ${least}, or left empty.` };
        }
        return { value: Number(text) };
      };
      fields.push({ key, node: el("label", { class: "field" }, el("span", {}, name), input, help), read });
    }
  }
  return fields;
}
