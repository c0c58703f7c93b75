// The picture of the table: the server's own SVG (render_svg of what the seat may see),
// parsed as an SVG document, never as HTML, and shown as its parts (the wheel, the
// supply, one board per player), which flow to the frame's width: side by side on a wide
// screen, one under another on a phone, each at a size its text stays legible at. The
// components a legal move names are made into buttons of the picture.

const SVG = "http://www.w3.org/2000/svg";
/** The sizes of the parts, as multiples of their drawn width; ZOOMS[FIT] is the drawn width. */
const ZOOMS = [0.8, 1, 1.4, 1.8];
const FIT = 1;

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
    const width = Number(part.getAttribute("width"));
    const height = Number(part.getAttribute("height"));
    if (width > 0 && height > 0 && part !== picture) part.setAttribute("viewBox", `0 0 ${width} ${height}`);
    part.style.setProperty("--part-width", `${width}px`);
    for (const name of ["x", "y", "width", "height"]) part.removeAttribute(name);
    if (font !== null) part.setAttribute("font-family", font);
  }
  return parts;
}

/** The components drawn in the picture: `{node, kind, id, player}` for every `data-id`. */
function components(root) {
  return Array.from(root.querySelectorAll("[data-kind][data-id]"), (node) => ({
    node,
    kind: node.getAttribute("data-kind"),
    id: node.getAttribute("data-id"),
    player: node.getAttribute("data-player"),
  }));
}

/**
 * The picture in its frame, with zoom buttons. `show(text, naming)` puts a new picture
 * in (keeping the zoom and the scroll) and `mark(naming)` marks it anew;
 * `naming(component)` says how many legal moves a component names, and
 * `choose(component)` is called when a player clicks one of those (or presses Enter or
 * Space on it).
 */
export class Picture {
  constructor(frame, controls, choose) {
    this.frame = frame;
    this.choose = choose;
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
    this.choose({
      kind: node.getAttribute("data-kind"),
      id: node.getAttribute("data-id"),
      player: node.getAttribute("data-player"),
    });
  }

  setZoom(level) {
    this.zoom = Math.max(0, Math.min(ZOOMS.length - 1, level));
    this.frame.style.setProperty("--part-scale", String(ZOOMS[this.zoom]));
    this.buttons.out.disabled = this.zoom === 0;
    this.buttons.fit.disabled = this.zoom === FIT;
    this.buttons.in.disabled = this.zoom === ZOOMS.length - 1;
  }

  show(text, naming) {
    const parts = document.createElement("div");
    parts.className = "picture-parts";
    parts.setAttribute("role", "group");
    parts.setAttribute("aria-label", "The table as this seat sees it");
    parts.replaceChildren(...pictureParts(parsePicture(text)));
    const old = this.frame.querySelector(".picture-parts");
    if (old === null) this.frame.replaceChildren(parts);
    else old.replaceWith(parts);
    this.mark(naming);
  }

  /**
   * Makes the components that legal moves name into buttons of the picture, and only
   * those: called with each new view, so that a picture still on its way never offers
   * the moves of an older one.
   */
  mark(naming) {
    for (const component of components(this.frame)) {
      const { node } = component;
      const count = naming(component);
      if (count === 0) {
        for (const name of ["data-playable", "tabindex", "role", "aria-label"]) node.removeAttribute(name);
        continue;
      }
      const title = node.querySelector("title")?.textContent ?? component.id;
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
    for (const found of components(this.frame)) {
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
