// The web table's entry: `/` is the lobby; `/?match=ID` a match's table, for the seat
// whose token follows in the fragment (`#token=…`, never sent to the server in the
// address), or for a spectator without one; `/?replay=ID&at=SEQ&seat=N` the match's replay
// at that point (review.js), `/?review` the page that opens a record, a scenario or a
// position from a file, and `/?dispute#v1.…` a dispute's page.

import { openLobby } from "./lobby.js";
import { seatParameter } from "./replay.js";
import { openDispute, openFiles, openReplay } from "./review.js";
import { openTable } from "./table.js";

const query = new URLSearchParams(location.search);
const match = query.get("match");
const replay = query.get("replay");
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const at = query.get("at");

if (match) openTable(match, token || null);
else if (replay) openReplay(replay, token || null, at !== null && /^\d{1,9}$/.test(at) ? Number(at) : null, seatParameter(query.get("seat")));
else if (query.has("dispute")) openDispute();
else if (query.has("review")) openFiles();
else openLobby();
