// What each rotation of the wheel gives (WHEEL-1, WHEEL-3): the colour each seat draws
// first, read from the position (its board's colour order and each seat's crest).

/**
 * The crests in their places around the wheel (WHEEL-3, ruling): the order of the bundled
 * catalogue's `crest_order`, which the position names by its digest only.
 */
export const CREST_ORDER = ["monkey", "dragon", "lion", "pegasus", "scarab"];

/**
 * WHEEL-3: with the wheel set to `rotation`, the colour each seat draws from in the first
 * draft round (round 0), `[{seat, color}]` in seat order; a seat whose crest is not on the
 * wheel is left out.
 */
export function firstDraws(state, rotation) {
  const order = state?.board_order;
  if (!Array.isArray(order) || order.length === 0) return [];
  const draws = [];
  (state.players ?? []).forEach((player, seat) => {
    const place = CREST_ORDER.indexOf(player?.crest);
    if (place >= 0) draws.push({ seat, color: order[(place + rotation) % order.length] });
  });
  return draws;
}
