// Scenario documents (docs/scenarios): a position, the disputed move and the verdict the
// server gave on it, which the command line's `check FILE` runs unchanged. The page writes them as JSON
// (JSON is YAML), downloads them, reads them back from a file, and carries one whole in a
// dispute link's fragment: `/?dispute#v1.` then the base64url of the deflate-raw
// compressed UTF-8 JSON, at most FRAGMENT_LIMIT characters.

/** The longest fragment a dispute link may have (characters after `#`), written or read. */
const FRAGMENT_LIMIT = 32 * 1024;
/** The most bytes a link's data may inflate to. */
const INFLATED_LIMIT = 1024 * 1024;
/** The largest file the page reads (a record, a scenario or a position): the server's bound on a record's body. */
const FILE_LIMIT = 512 * 1024;
const PREFIX = "v1.";

/** A problem with a file or a link, said in one line. */
export class DocumentError extends Error {}

/**
 * The scenario of a dispute: `position` (a whole position document), the `move` tried on it
 * (data, or the game's notation), and the server's `verdict` (`{refusal}` or `{played}`,
 * as the analysis answer gives them). Refused: `expect.illegal` names the move and its rule;
 * legal: `expect.digest` the position after it.
 */
export function scenarioDocument({ game, title, position, move, verdict }) {
  const refused = verdict.refusal ?? null;
  const expect = refused !== null ? { illegal: { move: 0, rule: refused.rule } } : { digest: verdict.played.digest };
  return {
    scenario: 1,
    game,
    title,
    ...(refused !== null ? { rules: [refused.rule] } : {}),
    position,
    moves: [move],
    expect,
  };
}

/** Downloads `document_` as a JSON file named `name`. */
export function download(name, document_) {
  const blob = new Blob([`${JSON.stringify(document_, null, 2)}\n`], { type: "application/json" });
  const address = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = address;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 1000);
}

/** The text of a file chosen or dropped (refused past FILE_LIMIT). */
export async function fileText(file) {
  if (file.size > FILE_LIMIT) throw new DocumentError(`the file is larger than ${FILE_LIMIT / 1024} KiB`);
  return file.text();
}

/**
 * A document read from a file's text: JSON, which is also the form of YAML the page writes.
 * YAML beyond JSON (block style) is refused with a note saying so.
 */
export function readDocument(text) {
  try {
    const found = JSON.parse(text);
    if (found === null || typeof found !== "object" || Array.isArray(found)) throw new DocumentError("the file holds no document (a JSON object)");
    return found;
  } catch (problem) {
    if (problem instanceof DocumentError) throw problem;
    throw new DocumentError(
      "the file is not JSON: the page reads JSON files and YAML in its JSON form (as the page exports them); " +
        "for another YAML file, use the command line's `check` or `analyse`",
    );
  }
}

/** What a document is: `record` (a game record), `scenario` (with a `position:`) or `position`; else refused. */
export function documentKind(found) {
  if (found.kind === "game_record") return "record";
  if (found.kind === "game_state") return "position";
  if (found.scenario !== undefined) {
    if (found.position === null || typeof found.position !== "object") {
      throw new DocumentError("this scenario states no `position:` (an older form): open it with the command line's `analyse`");
    }
    return "scenario";
  }
  throw new DocumentError("the file is no game record, scenario or position document");
}

function toBase64Url(bytes) {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new DocumentError("the link's data is not base64url");
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4);
  let binary;
  try {
    binary = atob(padded);
  } catch {
    throw new DocumentError("the link's data is not base64url");
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function transformed(bytes, stream) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > INFLATED_LIMIT) {
      reader.cancel().catch(() => {});
      throw new DocumentError("the link's data is too large");
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** The dispute link of a scenario document (DocumentError past FRAGMENT_LIMIT). */
export async function disputeLink(document_) {
  const bytes = new TextEncoder().encode(JSON.stringify(document_));
  const fragment = PREFIX + toBase64Url(await transformed(bytes, new CompressionStream("deflate-raw")));
  if (fragment.length > FRAGMENT_LIMIT) {
    throw new DocumentError(`the dispute is too large for a link (${fragment.length} characters, at most ${FRAGMENT_LIMIT}): export it as a file`);
  }
  return `${location.origin}/?dispute#${fragment}`;
}

/** The scenario document a dispute link's fragment (`location.hash`) carries. */
export async function readDisputeFragment(hash) {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!fragment.startsWith(PREFIX)) throw new DocumentError("the link carries no dispute (its fragment must begin with v1.)");
  if (fragment.length > FRAGMENT_LIMIT) throw new DocumentError(`the link is longer than ${FRAGMENT_LIMIT} characters`);
  let text;
  try {
    const inflated = await transformed(fromBase64Url(fragment.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
    text = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch (problem) {
    if (problem instanceof DocumentError) throw problem;
    throw new DocumentError("the link's data is damaged (it does not inflate)");
  }
  const found = readDocument(text);
  if (documentKind(found) !== "scenario" || !Array.isArray(found.moves) || found.moves.length !== 1 || typeof found.game !== "string") {
    throw new DocumentError("the link's scenario is not a dispute (a game, a position and one move)");
  }
  return found;
}
