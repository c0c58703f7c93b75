// Building the page's elements. Text is always set as text (textContent), never
// parsed as HTML: names, notations, event lines and rule texts come from the server
// and from other players, and are shown exactly as they are.

/**
 * A new element: `el("button", {class: "move", onclick: play}, "Pass")`.
 * Attributes named `on…` are event listeners; `false`, `null` and `undefined` leave an
 * attribute out; children are elements or strings (inserted as text).
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

/** Appends children (elements, strings as text, nested arrays; null skipped). */
export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces every child of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** The element of the page with this id (it is part of index.html). */
export function byId(id) {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node;
}
