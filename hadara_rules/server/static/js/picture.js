// The picture of the table: the server's own SVG (render_svg of what the seat may see),
// parsed as an SVG document, never as HTML; the components a legal move names are made
// into buttons of the picture.

const SVG = "http://www.w3.org/2000/svg";
/** The picture's sizes: fitted to its frame, then as parts of its own drawn width. */
const ZOOMS = [null, 0.8, 1, 1.4];
/** On a window this narrow the picture starts enlarged (scrolling in its frame), to stay legible. */
const NARROW = "(max-width: 699px)";

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
    this.zoom = 0;
    this.width = 1400;
    this.selected = null;
    this.buttons = controls;
    controls.out.addEventListener("click", () => this.setZoom(this.zoom - 1));
    controls.in.addEventListener("click", () => this.setZoom(this.zoom + 1));
    controls.fit.addEventListener("click", () => this.setZoom(0));
    frame.addEventListener("click", (event) => this.clicked(event));
    frame.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.clicked(event);
    });
    this.setZoom(window.matchMedia(NARROW).matches ? 1 : 0);
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
    const scale = ZOOMS[this.zoom];
    this.frame.style.setProperty("--picture-width", scale === null ? "100%" : `${Math.round(scale * this.width)}px`);
    this.buttons.out.disabled = this.zoom === 0;
    this.buttons.fit.disabled = this.zoom === 0;
    this.buttons.in.disabled = this.zoom === ZOOMS.length - 1;
  }

  show(text, naming) {
    const svg = parsePicture(text);
    this.width = Number(svg.getAttribute("width")) || this.width;
    this.setZoom(this.zoom);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "The table as this seat sees it");
    const old = this.frame.querySelector("svg");
    if (old === null) this.frame.replaceChildren(svg);
    else old.replaceWith(svg);
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
