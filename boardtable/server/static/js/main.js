// The web table's entry: `/` is the lobby; `/?match=ID` a match's table, for the seat
// whose token follows in the fragment (`#token=…`, never sent to the server in the
// address), or for a spectator without one.

import { openLobby } from "./lobby.js";
import { openTable } from "./table.js";

const match = new URLSearchParams(location.search).get("match");
const token = new URLSearchParams(location.hash.slice(1)).get("token");

if (match) openTable(match, token || null);
else openLobby();
