// Public facts derived from a view and the static catalog (/api/catalog): event needs right now,
// card texts, card references ("H#10", "E#4") and where the track markers sit.
import { el, catalogSync } from "./common.js";
import { resourceLabel } from "./icons.js";

/** Events on the board now (the number "per event" requirements multiply). */
export function eventsOnBoard(view) {
  return Object.values(view.locations || {}).filter((l) => l.event).length;
}

/**
 * What an event needs now: {need: {icon: n}, why: text or null}, the need from the view's
 * `event_needs` (the engine counts an icon "per event" once for every event on the board). Without
 * it (an event the view does not hold) only the printed icons.
 */
export function eventNeed(ev, view) {
  let need = view && view.event_needs ? view.event_needs[ev.id] : null;
  if (!need) {
    need = {};
    for (const i of ev.requires || []) need[i] = (need[i] || 0) + 1;
  }
  const per = ev.requires_per_event || [];
  const n = eventsOnBoard(view);
  let why = null;
  if (per.length) {
    const names = [...new Set(per)].map(resourceLabel).join(", ");
    why = `one ${names} for each of the ${n} event${n === 1 ? "" : "s"} on the board now`
      + ((ev.requires || []).length ? ", plus the printed icons" : "");
  }
  return { need, why };
}

export function needText(need, label) {
  return Object.entries(need).map(([i, n]) => `${n} ${label(i)}`).join(", ");
}

/** Placement, reward and penalty texts of an event (from the catalog; the view may carry them too). */
export function eventTexts(ev) {
  const c = catalogSync();
  const cat = (c && c.events[ev.id]) || {};
  return { placement: ev.placement ?? cat.placement ?? null, reward: ev.reward ?? cat.reward ?? null,
           penalty: (typeof ev.penalty === "string" ? ev.penalty : null) ?? cat.penalty ?? null,
           location: cat.location || null };
}

/** "H#10" -> "h10", "E#4" -> "e04", "Z#3" -> "z03" (a General Zhukov card). */
export function refId(ref) {
  const m = /^([HEZ])#(\d+)$/.exec(ref);
  if (!m) return null;
  return m[1].toLowerCase() + String(m[2]).padStart(2, "0");
}

/** Title and text of a card reference, or null when the catalog does not know it. */
export function refInfo(ref) {
  const c = catalogSync();
  const id = refId(ref);
  if (!c || !id) return null;
  if (c.headlines[id]) return { id, title: c.headlines[id].title, text: c.headlines[id].text };
  const e = c.events[id];
  if (e) return { id, title: e.title, text: [e.placement && `Placement: ${e.placement}`, e.reward && `Reward: ${e.reward}`,
                                              e.penalty && `Penalty: ${e.penalty}`].filter(Boolean).join(" ") };
  const z = c.zhukov_cards && c.zhukov_cards[id];
  if (z) return { id, title: `General Zhukov card (${z.colour})`, text: zhukovHeadlines(z) };
  return null;
}

/** A General Zhukov card's three headlines by day, for tooltips. */
export function zhukovHeadlines(z) {
  const days = ["top, days 1-2", "middle, days 3-5", "bottom, days 6-7"];
  return z.headlines.map((h, i) => `${days[i]}: ${h.title}`).join(" · ");
}

const REF_RE = /\b([HEZ]#\d+)\b/g;

/** Text as nodes, with every card reference wrapped in a focusable span whose tooltip is its card. */
export function withRefs(text) {
  const s = String(text ?? "");
  const out = [];
  let last = 0;
  for (const m of s.matchAll(REF_RE)) {
    const info = refInfo(m[1]);
    if (!info) continue;
    out.push(s.slice(last, m.index));
    out.push(el("span", { class: "cref", tabindex: "0", "data-ref": info.id, title: `${m[1]} ${info.title}: ${info.text}` }, m[1]));
    last = m.index + m[1].length;
  }
  out.push(s.slice(last));
  return out;
}

/** Plain text with card references spelled out: for SVG <title>s, which cannot hold elements. */
export function refsSpelled(text) {
  return String(text ?? "").replace(REF_RE, (r) => {
    const info = refInfo(r);
    return info ? `${r} (${info.title})` : r;
  });
}

/** Index of the track markers (0-6): the view gives them beside the printed values (docs/contract.md). */
export function supportIndex(view, catalog) {
  return view.support_index;
}

export function moraleIndex(view, catalog) {
  return view.morale_index;
}

/** The pending decision: the view's `decision` when the engine sends one, else what today's view tells. */
export function decisionOf(view) {
  if (view && view.decision && typeof view.decision === "object") return view.decision;
  return { kind: null, stage: view ? view.step : null };
}

/** A fighter's or tank's ability as printed (the view names only its kind). */
export function abilityText(fid) {
  const c = catalogSync();
  const f = c && c.fighters[fid];
  if (!f || !f.ability) return null;
  return { label: f.ability.label, text: f.ability.text };
}

/** A line from `el` for a card text: the text with its card references made hoverable. */
export function textLine(cls, prefix, text) {
  if (!text) return null;
  return el("p", { class: cls }, prefix ? el("b", { text: prefix }) : null, withRefs(text));
}

/**
 * The view with each card's static texts filled in from the catalog where the view leaves them
 * out (views may name cards by id only; the catalog has titles, icons and texts once).
 */
export function fillView(view, catalog) {
  if (!view || !catalog) return view;
  const fill = (obj, rec) => (obj && rec ? { ...rec, ...Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) } : obj);
  const event = (e) => (e ? fill(e, catalog.events[e.id]) : e);
  const fighter = (f) => fill(f, catalog.fighters[f.id] && { ...catalog.fighters[f.id], ability: catalog.fighters[f.id].ability && catalog.fighters[f.id].ability.label });
  const card = (c) => fill(c, catalog.headlines[c.id] || catalog.revolutionary_cards[c.id] || catalog.spa_cards[c.id]);
  const locations = {};
  for (const [id, l] of Object.entries(view.locations || {})) {
    locations[id] = { ...l, event: event(l.event), fighters: (l.fighters || []).map(fighter),
                      revolutionary_tanks: (l.revolutionary_tanks || []).map(fighter) };
  }
  return { ...view, locations, hand: (view.hand || []).map(card), market: (view.market || []).map((m) => ({ ...m, event: event(m.event) })),
           spa_pool: (view.spa_pool || []).map(card), spa_queue: (view.spa_queue || []).map(card) };
}
