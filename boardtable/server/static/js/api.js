// The server's HTTP and WebSocket API (docs/server.md), one function per request.
// A seat's token travels in the Authorization header; only the WebSocket, which
// cannot send headers from a browser, carries it in its address, as the API asks.

/** An answer other than 2xx: its status and the error body the server sent. */
export class ApiError extends Error {
  constructor(status, body) {
    super(typeof body.message === "string" ? body.message : `the server answered ${status}`);
    this.status = status;
    this.body = body;
  }
}

function headers(token, json = false) {
  const sent = { Accept: json ? "application/json" : "*/*" };
  if (json) sent["Content-Type"] = "application/json";
  if (token) sent.Authorization = `Bearer ${token}`;
  return sent;
}

async function request(method, path, { token = null, body = undefined, as = "json" } = {}) {
  let answer;
  try {
    answer = await fetch(path, {
      method,
      headers: headers(token, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, { error: "offline", message: "The server cannot be reached." });
  }
  if (!answer.ok) {
    let error;
    try {
      error = await answer.json();
    } catch {
      error = {};
    }
    throw new ApiError(answer.status, error && typeof error === "object" ? error : {});
  }
  return as === "text" ? answer.text() : answer.json();
}

const match = (id) => `/api/matches/${encodeURIComponent(id)}`;

/** GET /api/games: the server's games, the default first, each with its seat counts, options (a JSON Schema), bots and whether it has a module of its own (`web`). */
export const listGames = () => request("GET", "/api/games");

/** POST /api/matches: `{match, seats: [{seat, kind, token?}]}`. */
export const createMatch = (settings) => request("POST", "/api/matches", { body: settings });

/** GET /api/matches/ID: the match without secrets (game, seats, names, seq, ply, over, winners). */
export const getMatch = (id) => request("GET", match(id));

/** GET …/view?since=SEQ: the seat's position, its legal moves, and the events of the entries since SEQ. */
export const getView = (id, token, since) =>
  request("GET", `${match(id)}/view?since=${encodeURIComponent(since)}`, { token });

/** POST …/moves: the move chosen at entry `seq`; answers as the view (events since `seq`). */
export const postMove = (id, token, seq, move) =>
  request("POST", `${match(id)}/moves`, { token, body: { seq, move } });

/**
 * GET …/picture: the server's SVG picture of what the seat (or a spectator) may see now; with
 * `at` (and `seat`: N, `all`, or null for the token's), as it stood after entry `at`, as a replay shows it.
 */
export const getPicture = (id, token, at = null, seat = null) =>
  request("GET", `${match(id)}/picture${pointQuery(at, seat)}`, { token, as: "text" });

/** GET /api/matches?open=1: the lobby's public matches with a seat open, newest first (summaries). */
export const listOpen = () => request("GET", "/api/matches?open=1");

/** GET /api/matches?ids=A,B: the summaries of the matches asked for that exist, in that order. */
export const listMatches = (ids) => request("GET", `/api/matches?ids=${ids.map(encodeURIComponent).join(",")}`);

/** POST …/seats/N/join `{name}`: takes an open seat; `{match, seat, token}`. */
export const joinSeat = (id, seat, name) =>
  request("POST", `${match(id)}/seats/${encodeURIComponent(seat)}/join`, { body: { name } });

/** POST …/seats/N/leave: the seat's bot plays it from now on; answers the seat's view. */
export const leaveSeat = (id, token, seat) =>
  request("POST", `${match(id)}/seats/${encodeURIComponent(seat)}/leave`, { token, body: {} });

/** POST …/seats/N/return: the person plays the seat again; answers the seat's view. */
export const returnSeat = (id, token, seat) =>
  request("POST", `${match(id)}/seats/${encodeURIComponent(seat)}/return`, { token, body: {} });

/**
 * Ends the match as the seat's view's `endings` allow (`how`: resign or abort, at entry `seq`;
 * cancel, the creator's, before the match starts); answers the seat's view.
 */
export function endMatch(id, token, seat, how, seq) {
  return how === "cancel"
    ? request("POST", `${match(id)}/cancel`, { token, body: {} })
    : request("POST", `${match(id)}/seats/${encodeURIComponent(seat)}/${how}`, { token, body: { seq } });
}

/** POST …/takeback `{seq}`: takes back the seat's last move; answers the seat's view. */
export const takeBack = (id, token, seq) => request("POST", `${match(id)}/takeback`, { token, body: { seq } });

/** POST …/rematch: the new match of the same seats, `{match, token}` (this seat's own token). */
export const askRematch = (id, token) => request("POST", `${match(id)}/rematch`, { token, body: {} });

/** GET …/record: the game record, once the game is over (its result block holds the score sheets). */
export const getRecord = (id) => request("GET", `${match(id)}/record`);

const rules = new Map();

/** GET /api/games/GAME/rules/ID: a rule of the game's digest (`{id, page, summary, text, …}`), asked once. */
export function getRule(id, game) {
  const key = `${game} ${id}`;
  if (!rules.has(key)) {
    const asked = request("GET", `/api/games/${encodeURIComponent(game)}/rules/${encodeURIComponent(id)}`);
    asked.catch(() => rules.delete(key));
    rules.set(key, asked);
  }
  return rules.get(key);
}

/** The close codes of a WebSocket the server refuses for good. */
const REFUSED = new Set([4403, 4404]);

/**
 * The match's updates for a seat (or a spectator, without a token), kept open: each
 * message is the seat's whole view with the events since the `seq` the page had shown
 * (`since()`, asked at every connection). After a lost connection it connects again,
 * waiting longer each time (up to 10 s), and calls `opened` whenever a connection opens.
 * A connection the server refuses (4403: a wrong token, 4404: no such match) is not tried
 * again: `closed(reason, final)` says so. Returns a function that closes it for good.
 */
export function followUpdates(id, token, { since, opened, message, closed }) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const address = () => {
    const query = new URLSearchParams({ since: String(since()) });
    if (token) query.set("token", token);
    return `${scheme}//${location.host}${match(id)}/updates?${query}`;
  };
  let socket = null;
  let wait = 500;
  let stopped = false;
  let timer = null;

  function connect() {
    socket = new WebSocket(address());
    socket.addEventListener("open", () => {
      wait = 500;
      opened();
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && typeof data === "object") message(data);
    });
    socket.addEventListener("close", (event) => {
      if (stopped) return;
      if (REFUSED.has(event.code)) {
        stopped = true;
        closed(event.reason, true);
        return;
      }
      closed(event.reason, false);
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    });
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket.close();
  };
}

// ------------------------------------------------------------ replays and analysis

const gamePath = (game) => `/api/games/${encodeURIComponent(game)}`;

/** `?at=…&seat=…`: a point of a replay and the seat it is seen as (null: a spectator; `all`: the whole position). */
function pointQuery(at, seat) {
  const query = new URLSearchParams();
  if (at !== null) query.set("at", String(at));
  if (seat !== null) query.set("seat", String(seat));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** GET …/log?since=SEQ&limit=500: a page of the match's log (`{entries, next}`). */
export const getLog = (id, since) =>
  request("GET", `${match(id)}/log?since=${encodeURIComponent(since)}&limit=500`);

/** GET …/replay?at=SEQ&seat=N|all: the table as it stood after entry `at` (null: the last), as `seat` saw it. */
export const getReplay = (id, token, at, seat) => request("GET", `${match(id)}/replay${pointQuery(at, seat)}`, { token });

/** POST /api/games/GAME/replay?at=PLY&seat=N|all with a game record: the same answer, nothing stored. */
export const postReplay = (game, record, at, seat) =>
  request("POST", `${gamePath(game)}/replay${pointQuery(at, seat)}`, { body: record });

/**
 * POST /api/games/GAME/analysis `{position, seat, move}`: the position's legal moves (each
 * seat's to act), and a move tried on it: `played` (legal) or `refusal` (its rule). Stateless.
 */
export const postAnalysis = (game, position, move = null, seat = null) =>
  request("POST", `${gamePath(game)}/analysis`, { body: { position, seat, move } });

/** POST /api/games/GAME/picture `{position, seat}`: the position drawn as SVG, as `seat` sees it (null: as it is). Stateless. */
export const postPicture = (game, position, seat = null) =>
  request("POST", `${gamePath(game)}/picture`, { body: { position, seat }, as: "text" });

/** GET /api/games/GAME/schemas/position: the JSON Schema of the game's position document. */
export const getPositionSchema = (game) => request("GET", `${gamePath(game)}/schemas/position`);
