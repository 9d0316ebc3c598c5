// "What changed since you last looked": a comparison of two views, location by location, so the
// board can glow where the last move(s) happened.

function locKey(l) {
  return JSON.stringify([l.event && l.event.id, l.militia, l.snipers, l.soviet_tanks, l.barricades, l.facedown,
                         (l.fighters || []).map((f) => [f.id, f.active]), (l.revolutionary_tanks || []).map((t) => t.id),
                         l.players]);
}

/** {locs, cards, tracks, logFrom}: what differs from `before` to `after` (both views). */
export function diffViews(before, after) {
  const out = { locs: new Set(), cards: new Set(), tracks: new Set(), logFrom: Infinity };
  if (!before || !after) return out;
  for (const [id, l] of Object.entries(after.locations || {})) {
    const b = (before.locations || {})[id];
    if (!b || locKey(b) !== locKey(l)) out.locs.add(id);
  }
  const ids = (v) => new Set((v.market || []).map((m) => m.event && m.event.id).filter(Boolean));
  const was = ids(before);
  for (const id of ids(after)) if (!was.has(id)) out.cards.add(id);
  for (const k of ["morale_draw", "soviet_hand_limit", "support_colour", "day"]) if (before[k] !== after[k]) out.tracks.add(k);
  const lastBefore = Math.max(-1, ...(before.log || []).map((e) => e.n));
  out.logFrom = lastBefore + 1;
  return out;
}
