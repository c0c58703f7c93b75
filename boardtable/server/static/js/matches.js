// How the lobby and the table say a match's settings and state in words: its clock, its
// options, and where it stands for a seat.

/** `5 min + 5 s`: a time control in words (seconds given). */
export function clockWords(clock) {
  if (!clock) return "no clock";
  const bank = clock.bank >= 60 && clock.bank % 60 === 0 ? `${clock.bank / 60} min` : `${clock.bank} s`;
  return clock.increment > 0 ? `${bank} + ${clock.increment} s a move` : bank;
}

/**
 * `TITLE · SETTINGS · 15 min + 10 s a move · take-backs allowed`: the game and settings of a
 * summary, its title and settings said by the part of the table of its game (`game`, from games.js).
 */
export function settingsWords(summary, game) {
  return [
    game.title,
    ...game.settings(summary),
    clockWords(summary.clock),
    summary.takeback ? "take-backs allowed" : "no take-backs",
  ].join(" · ");
}

/** `1:05`, `12:00`, `1:02:03`: seconds left on a clock (whole seconds, never below 0). */
export function clockTime(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** What plays a seat, in words: an away seat is played by the bot standing in. */
export function kindWords(kind) {
  const words = {
    human: "a person",
    open: "open: someone joins",
    away: "away: bot plays",
    random: "random bot",
    greedy: "greedy bot",
    ismcts: "search bot",
  };
  return words[kind] ?? `${kind} bot`;
}

/** Where a match stands for `seat` (null: for anyone): waiting for players, your turn, over… */
export function stateWords(summary, seat) {
  if (summary.over || summary.state === "over") return "over";
  if (summary.state === "abandoned") return "abandoned";
  if (!summary.started) return "waiting for players";
  if (seat !== null && (summary.to_act ?? []).includes(seat)) return "your turn";
  return "playing";
}
