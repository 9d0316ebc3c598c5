// "What changed since you last looked": a comparison of two views, location by location, so the
// board can glow where the last move(s) happened.

function locKey(l) {
  return JSON.stringify([l.event && l.event.id, l.militia, l.snipers, l.soviet_tanks, l.barricades, l.facedown,
                         (l.fighters || []).map((f) => [f.id, f.active]), (l.revolutionary_tanks || []).map((t) => t.id),
                         l.players]);
}

// The board's token kinds (board.js data-token) of the view's unit counts.
const UNIT_TOKENS = { soviet_tanks: "tank", militia: "militia", snipers: "sniper", barricades: "barricade" };

/** Which tokens of a location changed: {tokens: Set(token kind), fighters: Set(fighter/tank id)}. */
function unitChanges(b, l) {
  const tokens = new Set(), fighters = new Set();
  for (const [k, token] of Object.entries(UNIT_TOKENS)) if ((b[k] || 0) !== (l[k] || 0)) tokens.add(token);
  const was = new Map((b.fighters || []).map((f) => [f.id, f.active]));
  for (const f of l.fighters || []) if (was.get(f.id) !== f.active) fighters.add(f.id);
  const tanksWere = new Set((b.revolutionary_tanks || []).map((t) => t.id));
  for (const t of l.revolutionary_tanks || []) if (!tanksWere.has(t.id)) { fighters.add(t.id); tokens.add("revtank"); }
  if ((b.revolutionary_tanks || []).length !== (l.revolutionary_tanks || []).length) tokens.add("revtank");
  return { tokens, fighters };
}

/** {locs, units, cards, tracks, logFrom}: what differs from `before` to `after` (both views);
 *  units maps a location to its changed tokens ({tokens, fighters}, see unitChanges). */
export function diffViews(before, after) {
  const out = { locs: new Set(), units: new Map(), cards: new Set(), tracks: new Set(), logFrom: Infinity };
  if (!before || !after) return out;
  for (const [id, l] of Object.entries(after.locations || {})) {
    const b = (before.locations || {})[id];
    if (!b || locKey(b) !== locKey(l)) {
      out.locs.add(id);
      if (b) out.units.set(id, unitChanges(b, l));
    }
  }
  const ids = (v) => new Set((v.market || []).map((m) => m.event && m.event.id).filter(Boolean));
  const was = ids(before);
  for (const id of ids(after)) if (!was.has(id)) out.cards.add(id);
  for (const k of ["morale_draw", "soviet_hand_limit", "support_colour", "day"]) if (before[k] !== after[k]) out.tracks.add(k);
  const lastBefore = Math.max(-1, ...(before.log || []).map((e) => e.n));
  out.logFrom = lastBefore + 1;
  return out;
}

/** Two change sets as one (a waiting seat keeps what changed before its next move too). */
export function mergeChanges(a, b) {
  const units = new Map(a.units || []);
  for (const [loc, u] of b.units || []) {
    const old = units.get(loc);
    units.set(loc, old ? { tokens: new Set([...old.tokens, ...u.tokens]), fighters: new Set([...old.fighters, ...u.fighters]) } : u);
  }
  return { locs: new Set([...a.locs, ...b.locs]), units, cards: new Set([...a.cards, ...b.cards]),
           tracks: new Set([...a.tracks, ...b.tracks]), logFrom: Math.min(a.logFrom, b.logFrom) };
}

/** The board nodes a log entry points at: its places, cards, fighters and standees, and (for an
 *  entry since the last look) the tokens that changed in its places. */
export function refNodes(refs, changes, fresh) {
  const nodes = [];
  for (const r of refs) {
    const loc = document.getElementById(`loc-${r}`);
    if (loc) {
      nodes.push(loc);
      const u = fresh && changes && changes.units ? changes.units.get(r) : null;
      if (u) {
        for (const t of u.tokens) loc.querySelectorAll(`.units[data-token="${CSS.escape(t)}"]`).forEach((n) => nodes.push(n));
        for (const f of u.fighters) loc.querySelectorAll(`[data-fighter="${CSS.escape(f)}"]`).forEach((n) => nodes.push(n));
      }
    }
    document.querySelectorAll(`[data-card="${CSS.escape(r)}"], [data-fighter="${CSS.escape(r)}"], .standee[data-seat="${CSS.escape(r)}"]`)
      .forEach((n) => nodes.push(n));
  }
  return nodes;
}
