// The picture of the table: the server's own SVG (the game's picture of what the seat may
// see), parsed as an SVG document, never as HTML, and shown as its parts (the shared parts,
// one board per player), which flow to the frame's width: side by side on a wide screen,
// one under another on a phone, each at a size its text stays legible at. The components a
// legal move names are made into buttons of the picture.

import { ApiError } from "./api.js";
import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
/** The sizes of the parts, as multiples of their drawn width; ZOOMS[FIT] is the drawn width. */
const ZOOMS = [0.8, 1, 1.4, 1.8];
const FIT = 1;
/** How much wider than its viewBox a picture drawn to scale to its frame is shown. */
const SCALED = 1.5;

/** The SVG element of the server's picture; refuses anything that is not one SVG document. */
export function parsePicture(text) {
  const document_ = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = document_.documentElement;
  if (
    root.namespaceURI !== SVG ||
    root.localName !== "svg" ||
    document_.getElementsByTagNameNS("*", "parsererror").length > 0
  ) {
    throw new Error("the server's picture is not an SVG document");
  }
  return document.importNode(root, true);
}

/**
 * The parts of a picture (its nested `<svg>` panels), each made a picture of its own
 * drawn size (`--part-width` in the style sheet); a picture without parts is one part.
 */
function pictureParts(picture) {
  const font = picture.getAttribute("font-family");
  const nested = Array.from(picture.children).filter(
    (node) => node.namespaceURI === SVG && node.localName === "svg",
  );
  const parts = nested.length > 0 ? nested : [picture];
  for (const part of parts) {
    // a picture drawn to scale to its frame (`width="100%"`) is shown half as wide again
    // as its viewBox, narrower where the frame is (a phone)
    const scaled = part.getAttribute("width")?.endsWith("%") ? SCALED : 1;
    const width = Number(part.getAttribute("width")) || (part.viewBox.baseVal?.width ?? 0) * scaled;
    const height = Number(part.getAttribute("height"));
    if (width > 0 && height > 0 && part !== picture) part.setAttribute("viewBox", `0 0 ${width} ${height}`);
    if (width > 0) part.style.setProperty("--part-width", `${width}px`);
    for (const name of ["x", "y", "width", "height"]) part.removeAttribute(name);
    if (font !== null) part.setAttribute("font-family", font);
  }
  return parts;
}

/**
 * The components drawn in the picture: `{node, kind, id, player}` for every `data-id` that
 * `read(node)` (the game's) says is one, as `{kind, id, player}`.
 */
function components(root, read) {
  return Array.from(root.querySelectorAll("[data-id]"), (node) => {
    const found = read(node);
    return found === null ? null : { node, ...found };
  }).filter((component) => component !== null);
}

/** The player whose board a part is (the components on it name the player), or null. */
function boardOf(part) {
  const node = part.querySelector("[data-kind][data-player]");
  return node === null ? null : Number(node.getAttribute("data-player"));
}

/**
 * The parts in the order they are shown: for a seat, its own board and the shared parts
 * (the first of them before the others when `leading`, else after them), then the other
 * boards; for a spectator, as drawn.
 */
function arranged(drawn, seat, leading) {
  if (seat === null) return drawn;
  const own = drawn.filter((part) => boardOf(part) === seat);
  const boards = drawn.filter((part) => boardOf(part) !== null && !own.includes(part));
  const [first, ...rest] = drawn.filter((part) => boardOf(part) === null);
  const middle = leading ? [first, ...rest] : [...rest, first];
  return [...own, ...middle, ...boards].filter((part) => part !== undefined);
}

/**
 * A board's heading (`P0 (monkey)` as a game's picture may draw it) with the seat's `name` in
 * it (`P0 · Ada (monkey)`), the name shortened to end before the badge beside it, if any.
 */
function nameBoard(part, player, name) {
  const prefix = new RegExp(`^P${player} (\\([a-z]+\\))`);
  const heading = Array.from(part.querySelectorAll("text")).find((node) => prefix.test(node.textContent));
  if (heading === undefined || !name) return;
  const [drawn, badge] = prefix.exec(heading.textContent);
  const rest = heading.textContent.slice(drawn.length);
  const x = Number(heading.getAttribute("x"));
  const y = Number(heading.getAttribute("y"));
  let limit = part.viewBox.baseVal.width - x - 12;
  for (const rect of part.querySelectorAll(":scope > rect")) {
    const left = Number(rect.getAttribute("x"));
    const top = Number(rect.getAttribute("y"));
    if (left > x + 20 && top < y && top + Number(rect.getAttribute("height")) > y - 8) {
      limit = Math.min(limit, left - x - 8);
    }
  }
  let shown = name;
  const write = () => {
    heading.textContent = `P${player} · ${shown} ${badge}${rest}`;
  };
  write();
  while (heading.getComputedTextLength() > limit && shown.length > 2) {
    shown = `${shown.slice(0, -2)}…`;
    write();
  }
}

/**
 * The picture in its frame, with zoom buttons. `show(text, naming, …)` puts a new picture
 * in (keeping the zoom and the scroll) and `mark(naming)` marks it anew;
 * `naming(component)` says how many legal moves a component names, and
 * `choose(component)` is called when a player clicks one of those (or presses Enter or
 * Space on it); `read(node)` says which component a node drawn with a `data-id` is (the
 * game's reading: `{kind, id, player}`, or null for a node that is none).
 */
export class Picture {
  constructor(frame, controls, choose, read) {
    this.frame = frame;
    this.choose = choose;
    this.read = read;
    this.zoom = FIT;
    this.selected = null;
    this.buttons = controls;
    controls.out.addEventListener("click", () => this.setZoom(this.zoom - 1));
    controls.in.addEventListener("click", () => this.setZoom(this.zoom + 1));
    controls.fit.addEventListener("click", () => this.setZoom(FIT));
    frame.addEventListener("click", (event) => this.clicked(event));
    frame.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.clicked(event);
    });
    this.setZoom(FIT);
  }

  clicked(event) {
    const node = event.target instanceof Element ? event.target.closest("[data-playable]") : null;
    if (node === null || !this.frame.contains(node)) return;
    event.preventDefault();
    this.choose(this.read(node));
  }

  setZoom(level) {
    this.zoom = Math.max(0, Math.min(ZOOMS.length - 1, level));
    this.frame.style.setProperty("--part-scale", String(ZOOMS[this.zoom]));
    this.buttons.out.disabled = this.zoom === 0;
    this.buttons.fit.disabled = this.zoom === FIT;
    this.buttons.in.disabled = this.zoom === ZOOMS.length - 1;
  }

  /**
   * Puts a new picture in, the board of `seat` (if any) first so that it is in view with
   * the moves (see `arranged`: the first shared part next when `leading`), each board's
   * heading naming its seat's `name(player)`.
   */
  show(text, naming, seat, name, leading = true) {
    const parts = document.createElement("div");
    parts.className = "picture-parts";
    parts.setAttribute("role", "group");
    parts.setAttribute("aria-label", "The table as this seat sees it");
    const drawn = pictureParts(parsePicture(text));
    parts.replaceChildren(...arranged(drawn, seat, leading));
    const old = this.frame.querySelector(".picture-parts");
    if (old === null) this.frame.replaceChildren(parts);
    else old.replaceWith(parts);
    for (const part of drawn) {
      const player = boardOf(part);
      if (player !== null) nameBoard(part, player, name(player));
    }
    this.mark(naming);
  }

  /**
   * The components drawn in the picture that show an ability, each with its rule, as
   * `ability(component)` (the game's) gives it: `Map(id → rule ID)`.
   */
  abilities(ability) {
    const found = new Map();
    for (const component of components(this.frame, this.read)) {
      const rule = ability(component);
      if (rule !== null) found.set(component.id, rule);
    }
    return found;
  }

  /**
   * Makes the components that legal moves name into buttons of the picture, and only
   * those: called with each new view, so that a picture still on its way never offers
   * the moves of an older one.
   */
  mark(naming) {
    for (const component of components(this.frame, this.read)) {
      const { node } = component;
      const count = naming(component);
      if (count === 0) {
        for (const name of ["data-playable", "tabindex", "role", "aria-label"]) node.removeAttribute(name);
        continue;
      }
      const title = component.name ?? node.querySelector("title")?.textContent ?? component.id;
      node.setAttribute("data-playable", "");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", `${title} (${count === 1 ? "1 move" : `${count} moves`})`);
    }
    this.select(this.selected);
  }

  /** Marks the component whose moves are listed (none: `null`). */
  select(component) {
    this.selected = component;
    for (const node of this.frame.querySelectorAll("[data-selected]")) node.removeAttribute("data-selected");
    if (component === null) return;
    for (const found of components(this.frame, this.read)) {
      if (found.kind === component.kind && found.id === component.id && found.player === component.player) {
        found.node.setAttribute("data-selected", "");
      }
    }
  }

  /** Clears the picture, saying why (while it loads, or when it cannot be had). */
  note(text) {
    const paragraph = document.createElement("p");
    paragraph.className = "picture-note";
    paragraph.textContent = text;
    this.frame.replaceChildren(paragraph);
  }
}

/**
 * A picture of a review page (a replay's point, the analysis board's position): its zoom
 * buttons and frame, the frame's id `id`, made a `Picture` (`choose` and `read` as its);
 * `{area, picture}`, the area to put on the page.
 */
export function reviewPicture(id, label, choose, read) {
  const button = (which, words) => el("button", { type: "button", id: `${id}-${which}` }, words);
  const controls = { out: button("smaller", "Smaller"), fit: button("normal", "Normal"), in: button("larger", "Larger") };
  const frame = el("div", { id, class: "picture" }, el("p", { class: "picture-note" }, "Loading the picture…"));
  const area = el(
    "section",
    { class: "picture-area review-picture", "aria-label": label },
    el("div", { class: "zoom", role: "group", "aria-label": "Picture size" }, controls.out, controls.fit, controls.in),
    frame,
  );
  return { area, picture: new Picture(frame, controls, choose, read) };
}

/**
 * Asks for the pictures of what a page shows, one after another: an answer a newer ask
 * overtook is left aside, and after `429` the same picture is asked again once the wait
 * the server names is over (as a replay's point is).
 */
export class PictureAsker {
  constructor(picture) {
    this.picture = picture;
    this.asked = 0;
    this.timer = null;
  }

  /**
   * Asks `fetch()` for a picture and gives its text to `show`; `failed(problem)` is called
   * when it cannot be had (the picture then says why).
   */
  async ask(fetch, show, failed = () => {}) {
    clearTimeout(this.timer);
    const asked = ++this.asked;
    let text;
    try {
      text = await fetch();
    } catch (problem) {
      if (asked !== this.asked) return;
      const wait = problem instanceof ApiError && problem.status === 429 ? Number(problem.body.retry_after) : NaN;
      if (Number.isFinite(wait) && wait > 0) {
        this.picture.note(`Too many pictures asked for from here: the page asks again in ${Math.ceil(wait)} s.`);
        this.timer = setTimeout(() => this.ask(fetch, show, failed), wait * 1000);
        return;
      }
      this.picture.note(`The picture cannot be shown: ${problem.message ?? String(problem)}`);
      failed(problem);
      return;
    }
    if (asked === this.asked) show(text);
  }
}
