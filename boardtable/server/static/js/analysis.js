// The analysis board: a position on its own (from a point of a replay, a record, a scenario
// or a position file), with the legal moves of each seat to act and their previews. A move
// tried (one of those, or one typed in the game's notation or as JSON) is asked of the
// server (`POST /api/games/GAME/analysis`, which keeps nothing): a legal one is played on a
// branch of the board's own, a refused one shows its rule's ID, text and citation. The
// branches are a small tree (the main line and its variations) to step through; the last
// move tried is the disputed one, which the position editor, the scenario export and the
// dispute link are about. The position is drawn as the game's picture (`POST
// /api/games/GAME/picture`), as the live table draws it, and in words, folded away; a part of
// the picture that legal moves name lists them when clicked, as at the table.

import { ApiError, getPositionSchema, postAnalysis, postPicture } from "./api.js";
import { byId, el, fill } from "./dom.js";
import { drawPosition, foldedWords } from "./drawing.js";
import { Editor } from "./editor.js";
import { PictureAsker, reviewPicture } from "./picture.js";
import { DocumentError, disputeLink, download, scenarioDocument } from "./scenario.js";

/** A move in words for the tree and the verdict: its notation, else its JSON. */
function moveWords(move, notation) {
  if (typeof notation === "string" && notation !== "") return notation;
  return typeof move === "string" ? move : JSON.stringify(move);
}

/** What the box of "try a move" holds, as the request's move: JSON data, else the text as notation. */
function typedMove(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

/** Where the rulebook says a rule: a citation's words (`rules summary, p. 4`), given as text or as `{source, page}`. */
function citationWords(citation) {
  if (citation === null || citation === undefined || citation === "") return null;
  if (typeof citation !== "object") return String(citation);
  const page = citation.page === null || citation.page === undefined ? "" : `, p. ${citation.page}`;
  return `${String(citation.source ?? "")}${page}`;
}

/** A refusal in elements: the rule's ID and the reason, then its text and where the rulebook says it. */
export function refusalWords(refusal) {
  return [
    el("p", { class: "verdict-line" }, el("strong", {}, "Refused"), ` under ${refusal.rule}: ${refusal.reason ?? ""}`),
    el("p", { class: "rule-text", "data-rule": refusal.rule }, `${refusal.rule}: ${refusal.rule_text ?? ""}`),
    citationWords(refusal.citation) === null ? null : el("p", { class: "citation" }, `Where: ${citationWords(refusal.citation)}`),
  ];
}

/** The analysis board under `holder` (the page's `#analysis` section), for the game `name` and its part `game`. */
export class Analysis {
  constructor(holder, name, game) {
    this.holder = holder;
    this.name = name;
    this.game = game;
    this.nodes = [];
    this.current = null;
    /** The last move tried: `{node, move, words, verdict}` (`verdict`: the answer's `played` or `refusal`). */
    this.disputed = null;
    this.schema = null;
    /** The ply of the board's first position in its game (a replay's point; 0 for a file). */
    this.ply = 0;
    /** The component of the picture whose moves are listed alone (null: every move). */
    this.chosen = null;
    this.build();
  }

  build() {
    const tryBox = el("input", {
      type: "text",
      id: "try-move",
      autocomplete: "off",
      spellcheck: "false",
      "aria-label": "A move in the game's notation or as JSON",
      placeholder: "a move: its notation, or JSON",
    });
    const tryForm = el("form", { class: "try", id: "try-form" }, tryBox, el("button", { type: "submit", id: "try-button" }, "Try this move"));
    tryForm.addEventListener("submit", (event) => {
      event.preventDefault();
      if (tryBox.value.trim() !== "") this.tryMove(typedMove(tryBox.value));
    });
    const nav = (id, words, go) => {
      const button = el("button", { type: "button", id }, words);
      button.addEventListener("click", go);
      return button;
    };
    const title = el("input", { type: "text", id: "scenario-title", value: "Was that legal?", maxlength: "200" });
    const drawn = reviewPicture("analysis-picture", "The position", (component) => this.choose(component), (node) => this.game.component(node));
    this.picture = drawn.picture;
    this.pictures = new PictureAsker(this.picture);
    fill(
      this.holder,
      el("h2", { id: "analysis-heading", tabindex: "-1" }, "Analysis board"),
      el("p", { class: "where", id: "analysis-where" }),
      el(
        "div",
        { class: "replay-controls", role: "group", "aria-label": "Step through the branches" },
        nav("analysis-start", "Start", () => this.go(this.nodes[0])),
        nav("analysis-back", "Undo (back)", () => this.go(this.current.parent ?? this.current)),
        nav("analysis-forward", "Forward", () => this.go(this.current.children[0] ?? this.current)),
      ),
      el("div", { class: "tree", id: "analysis-tree", "aria-label": "The moves tried: the main line and its variations" }),
      el("div", { class: "review-columns" },
        el(
          "div",
          { class: "analysis-main" },
          el(
            "details",
            { class: "panel editor", id: "editor-panel" },
            el("summary", { id: "edit-position" }, "Edit this position"),
            el("p", { class: "help" }, "Each change is checked by the server; a change it takes starts the board anew at the edited position, and the disputed move is tried again on it."),
            el("div", { id: "editor" }),
          ),
          drawn.area,
          foldedWords("analysis-words", "The position in words", "analysis-drawing"),
        ),
        el(
          "div",
          { class: "analysis-side" },
          el("section", { class: "panel" }, el("h3", {}, "Try a move"), tryForm, el("div", { id: "verdict", class: "verdict", role: "status" })),
          el(
            "section",
            { class: "panel settle", "aria-labelledby": "settle-heading" },
            el("h3", { id: "settle-heading" }, "Settle it"),
            el("label", { class: "field" }, el("span", {}, "Title"), title),
            el("div", { class: "match-actions" },
              nav("export-scenario", "Export as scenario", () => this.export()),
              nav("make-link", "Make a dispute link", () => this.link()),
            ),
            el("div", { class: "link-field", id: "dispute-link-field", hidden: true },
              el("input", { type: "text", readonly: true, id: "dispute-link", "aria-label": "The dispute's link" }),
              el("a", { id: "dispute-open", class: "button", href: "/", target: "_blank", rel: "noopener" }, "Open"),
            ),
            el("p", { class: "error", id: "settle-error", role: "alert" }),
          ),
          el(
            "section",
            { class: "panel" },
            el("h3", { id: "analysis-moves-heading", tabindex: "-1" }, "Legal moves"),
            el("p", { class: "chosen", id: "analysis-chosen", hidden: true }),
            el("div", { id: "analysis-moves", class: "moves analysis-moves" }),
          ),
        ),
      ),
    );
    this.title = title;
    byId("editor-panel").addEventListener("toggle", () => {
      const open = byId("editor-panel").open;
      byId("analysis-words").hidden = open; // the editor shows every value the words do
      if (open) this.edit();
    });
  }

  /** Starts the board anew at `position` (a whole position document, `ply` moves into its game); rejects with the server's refusal. */
  async open(position, ply = 0) {
    const answer = await postAnalysis(this.name, position);
    this.ply = ply;
    this.nodes = [];
    this.chosen = null;
    this.current = this.node(null, null, null, answer);
    this.show();
    if (byId("editor-panel").open) this.edit();
    return answer;
  }

  node(parent, move, notation, answer) {
    const made = {
      parent,
      move,
      notation,
      position: answer.position,
      digest: answer.digest,
      over: answer.over === true,
      legal: answer.legal && typeof answer.legal === "object" ? answer.legal : {},
      children: [],
    };
    this.nodes.push(made);
    if (parent !== null) parent.children.push(made);
    return made;
  }

  go(node) {
    this.current = node;
    this.chosen = null;
    this.show();
    if (byId("editor-panel").open) this.edit();
  }

  /** Tries `move` on the position shown: a legal one is played on a branch (or its branch is gone to again). */
  async tryMove(move) {
    const from = this.current;
    let answer;
    try {
      answer = await postAnalysis(this.name, from.position, move);
    } catch (problem) {
      this.say(problem);
      return;
    }
    if (answer.refusal) {
      this.disputed = { node: from, move, words: moveWords(move, null), verdict: { refusal: answer.refusal } };
      this.showVerdict();
      return;
    }
    const played = answer.played;
    const words = moveWords(move, played.notation);
    this.disputed = { node: from, move, words, verdict: { played } };
    const known = from.children.find((child) => child.digest === played.digest && child.notation === played.notation);
    if (known !== undefined) {
      this.go(known);
      return;
    }
    try {
      this.go(this.node(from, move, played.notation, await postAnalysis(this.name, played.position)));
    } catch (problem) {
      this.say(problem);
    }
  }

  say(problem) {
    const box = byId("verdict");
    const body = problem instanceof ApiError ? problem.body : {};
    fill(box, el("p", { class: "verdict-line" }, el("strong", {}, "Not tried: "), problem.message ?? String(problem)));
    box.dataset.verdict = body.error ?? "problem";
  }

  show() {
    const node = this.current;
    byId("analysis-where").textContent = `${this.game.where(node.position, this.ply + this.depth(node))} · digest ${String(node.digest).slice(0, 12)}…${node.over ? " · the game is over" : ""}`;
    fill(byId("analysis-drawing"), drawPosition(node.position));
    this.askPicture(node);
    byId("analysis-back").disabled = node.parent === null;
    byId("analysis-forward").disabled = node.children.length === 0;
    this.showTree();
    this.showMoves();
    this.showVerdict();
  }

  depth(node) {
    let count = 0;
    for (let at = node; at.parent !== null; at = at.parent) count += 1;
    return count;
  }

  /** The tree: the main line, each variation in brackets after the move it replaces. */
  showTree() {
    const button = (node, words) => {
      const made = el("button", { type: "button", class: "tree-move", "aria-current": node === this.current ? "step" : null }, words);
      made.addEventListener("click", () => this.go(node));
      return made;
    };
    const line = (from) => {
      const items = [];
      for (let node = from; node.children.length > 0; ) {
        const [main, ...others] = node.children;
        items.push(button(main, moveWords(main.move, main.notation)));
        for (const other of others) {
          items.push(el("span", { class: "variation" }, "( ", button(other, moveWords(other.move, other.notation)), line(other), " )"));
        }
        node = main;
      }
      return items;
    };
    fill(byId("analysis-tree"), button(this.nodes[0], "Start"), line(this.nodes[0]));
  }

  /** The picture of `node`'s position (a whole position whole, a seat's view as its seat's), its parts that name moves made buttons. */
  askPicture(node) {
    this.pictures.ask(
      () => postPicture(this.name, node.position),
      (text) => {
        if (node !== this.current) return;
        this.picture.show(text, (component) => this.naming(component).length, null, () => "", this.game.leading(node.position));
        this.picture.frame.dataset.digest = String(node.digest);
      },
      () => {
        byId("analysis-words").open = true;
      },
    );
  }

  /** The legal moves of the seats to act that name `component` of the picture (the game's `naming`), by seat: `Map(seat → entries)`. */
  naming(component) {
    const node = this.current;
    const found = new Map();
    for (const [seat, entries] of Object.entries(node.legal)) {
      const named = this.game.naming(component, Array.isArray(entries) ? entries : [], node.position, Number(seat));
      if (named.length > 0) found.set(seat, named);
    }
    return { length: [...found.values()].reduce((sum, entries) => sum + entries.length, 0), bySeat: found };
  }

  /** A click on a part of the picture that names moves: only those are listed (its one move is not tried: a click on the list does). */
  choose(component) {
    if (this.naming(component).length === 0) return;
    this.chosen = component;
    this.picture.select(component);
    this.showMoves();
    byId("analysis-moves-heading").focus();
  }

  /** The legal moves of each seat to act, in the game's words with their previews; a click tries one. */
  showMoves() {
    const node = this.current;
    const chosen = byId("analysis-chosen");
    const named = this.chosen === null ? null : this.naming(this.chosen).bySeat;
    chosen.hidden = named === null;
    this.picture.select(this.chosen);
    if (named !== null) {
      const all = el("button", { type: "button", class: "link-button", id: "analysis-all-moves" }, "Show all moves");
      all.addEventListener("click", () => {
        this.chosen = null;
        this.showMoves();
        byId("analysis-moves-heading").focus();
      });
      fill(chosen, el("span", {}, `Moves with ${this.chosen.name ?? this.chosen.id}`), " ", all);
    }
    const legal = named === null ? node.legal : Object.fromEntries(named);
    const seats = Object.keys(legal);
    if (node.over || seats.length === 0) {
      fill(byId("analysis-moves"), el("p", { class: "quiet" }, node.over ? "The game is over: no moves." : "No seat has a move here."));
      return;
    }
    fill(
      byId("analysis-moves"),
      seats.map((seat) =>
        el(
          "section",
          { class: "move-group", "data-seat": seat },
          el("h4", {}, `P${seat} to act`),
          el(
            "div",
            { class: "move-list" },
            (Array.isArray(legal[seat]) ? legal[seat] : []).map((entry) => {
              const { parts } = this.game.preview(entry.preview);
              const button = el(
                "button",
                { type: "button", class: "move", "data-notation": entry.notation },
                el("span", { class: "what" }, this.game.describe(entry, node.position, Number(seat), false)),
                parts.length > 0 ? el("span", { class: "preview" }, parts.join(" · ")) : null,
                el("span", { class: "notation" }, entry.notation),
              );
              button.addEventListener("click", () => this.tryMove(entry.move));
              return button;
            }),
          ),
        ),
      ),
    );
  }

  /** The disputed move (the last tried) and the server's verdict on it. */
  showVerdict() {
    const box = byId("verdict");
    const disputed = this.disputed;
    if (disputed === null) {
      fill(box, el("p", { class: "quiet" }, "Pick a legal move, or type one: the server says whether the rules allow it."));
      delete box.dataset.verdict;
      return;
    }
    const { refusal, played } = disputed.verdict;
    box.dataset.verdict = refusal ? "illegal" : "legal";
    fill(
      box,
      el("p", { class: "disputed" }, "Disputed move: ", el("code", {}, disputed.words)),
      refusal
        ? refusalWords(refusal)
        : el("p", { class: "verdict-line" }, el("strong", {}, "Legal"), `: the position after it has the digest ${String(played.digest).slice(0, 12)}…`),
    );
  }

  /** The position editor over the position shown, its schema asked once. */
  async edit() {
    const holder = byId("editor");
    try {
      this.schema ??= await getPositionSchema(this.name);
    } catch (problem) {
      fill(holder, el("p", { class: "error" }, `The position's schema cannot be had: ${problem.message}`));
      return;
    }
    new Editor(holder, this.schema, this.current.position, (edited) => postAnalysis(this.name, edited), (edited, answer) => this.edited(answer));
  }

  /** A position the editor kept: the board starts anew at it, and the disputed move is tried on it again. */
  async edited(answer) {
    this.nodes = [];
    this.chosen = null;
    this.current = this.node(null, null, null, answer);
    const disputed = this.disputed;
    this.disputed = null;
    this.show();
    if (disputed === null) return;
    try {
      const again = await postAnalysis(this.name, answer.position, disputed.move);
      this.disputed = {
        node: this.current,
        move: disputed.move,
        words: moveWords(disputed.move, again.played?.notation ?? null),
        verdict: again.refusal ? { refusal: again.refusal } : { played: again.played },
      };
      this.showVerdict();
    } catch (problem) {
      this.say(problem);
    }
  }

  /** The scenario of the disputed move (null, with a note, before one was tried). */
  scenario() {
    byId("settle-error").textContent = "";
    if (this.disputed === null) {
      byId("settle-error").textContent = "Try a move first: the scenario is about the last move tried.";
      return null;
    }
    const { node, move, verdict } = this.disputed;
    return scenarioDocument({ game: this.name, title: this.title.value, position: node.position, move, verdict });
  }

  export() {
    const found = this.scenario();
    if (found !== null) download(`${this.name}-dispute.json`, found);
  }

  async link() {
    const found = this.scenario();
    if (found === null) return;
    try {
      const address = await disputeLink(found);
      byId("dispute-link").value = address;
      byId("dispute-open").href = address;
      byId("dispute-link-field").hidden = false;
    } catch (problem) {
      if (!(problem instanceof DocumentError)) throw problem;
      byId("settle-error").textContent = problem.message;
    }
  }
}
