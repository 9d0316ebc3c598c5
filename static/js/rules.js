// The card catalogue under the rules text (templates/rules_text.html): every component from
// /api/catalog, each anchored as card-<id> so the rules text can link it; and the search box,
// which filters the rules sections and the catalogue alike.
import { el, clear, loadCatalog, humanize } from "./common.js";
import { iconRow, resourceLabel } from "./icons.js";
import { withRefs } from "./facts.js";
import { PLACEMENT } from "./zhukov.js";
import { ZHUKOV_SPA_STEPS, ZHUKOV_SPA_RULES } from "./decisions.js";

const root = document.getElementById("rules");

function entry(title, meta, icons, texts, id) {
  return el("article", { class: "rule card", "data-title": title, id: id ? `card-${id}` : null }, el("h3", { text: title }), meta ? el("div", { class: "meta", text: meta }) : null,
    icons && icons.length ? el("div", { class: "icons" }, iconRow(icons, { label: true })) : null,
    texts.filter(Boolean).map(([label, t]) => el("p", {}, label ? el("b", { text: `${label}: ` }) : null, withRefs(t))));
}

function section(id, title, items) {
  return el("section", { id }, el("h2", { text: title }), el("div", { class: "rule-grid" }, items));
}

loadCatalog().then((c) => {
  clear(root);
  const locName = Object.fromEntries(c.locations.map((l) => [l.id, l.name]));
  root.append(
    section("headlines", "Headlines (Soviet commander)", Object.entries(c.headlines).map(([id, h]) =>
      entry(h.title, `${h.colour} · ${h.cp} CP · period ${h.period}${h.spa ? ` · SPA ${h.spa}` : ""}${h.mark ? " · mark" : ""}${h.lapsing ? " · lapsing" : ""}`, [], [[null, h.text]], id))),
    section("events", "Events", Object.entries(c.events).map(([id, e]) =>
      entry(e.title, `${locName[e.location] || humanize(e.location)} · period ${e.period} · cost ${e.cost ?? "X (minor event)"}`, e.requires,
            [(e.requires_per_event || []).length ? ["Also needs", `one ${[...new Set(e.requires_per_event)].map(resourceLabel).join(", ")} for every event on the board (the table counts them for you)`] : null,
             e.placement ? ["Placement", e.placement] : null, e.reward ? ["Reward", e.reward] : null, e.penalty ? ["Penalty", e.penalty] : null], id))),
    section("revcards", "Revolutionary cards", Object.entries(c.card_kinds).map(([id, k]) =>
      entry(`${k.name} ×${k.copies}`, k.aid ? "Aid: counts as one of its icons" : "", k.icons,
            [k.ability ? [humanize(k.ability.label || "ability"), k.ability.text] : [null, "No ability: discard it for its icons."]], id))),
    section("fighters", "Fighters and revolutionary tanks", Object.entries(c.fighters).map(([id, f]) =>
      entry(f.name, id.startsWith("rt_") ? "Revolutionary tank" : "Fighter", f.icons,
            [f.ability ? [humanize(f.ability.label || "ability"), f.ability.text] : [null, "No ability."]], id))),
    section("zhukov", "General Zhukov cards (Zhukov ruleset)", Object.entries(c.zhukov_cards || {}).map(([id, z]) =>
      entry(`General Zhukov card Z#${z.number}`, `${z.colour} · ${(PLACEMENT[z.placement] || { short: humanize(z.placement) }).short} at the event step`, [],
            z.headlines.map((h, i) => [`${["Top (days 1-2)", "Middle (days 3-5)", "Bottom (days 6-7)"][i]}: ${h.title}${h.lapsing ? " (lapsing)" : ""}`, h.text]), id))),
    section("zhukov-spa", "SPA phase of the Zhukov ruleset (four fixed steps)", Object.entries(ZHUKOV_SPA_STEPS).map(([k, [n, name]]) =>
      entry(`Step ${n}: ${name}`, "", [], [[null, ZHUKOV_SPA_RULES[k]]]))),
    section("spa", "SPA cards (Soviet)", Object.entries(c.spa_cards).map(([id, s]) => entry(s.name, "", [], [[null, s.text]], id))),
    section("powers", "Player powers (promo)", Object.entries(c.player_powers).map(([id, p]) =>
      entry(`${p.name} (${p.colour})`, "", [], [["Benefit", p.benefit], ["Disadvantage", p.disadvantage]], id))),
    section("locations", "Locations", c.locations.map((l) =>
      entry(l.name, "", [], [["Adjacent to", l.neighbours.map((n) => locName[n]).join(", ")]]))),
  );
  // A link to a card (/rules#card-h04) lands once the catalogue exists.
  if (location.hash.startsWith("#card-")) document.getElementById(location.hash.slice(1))?.scrollIntoView();
});

/** Hide the rules sections and catalogue entries that do not mention the search, and say how many do. */
document.getElementById("filter").addEventListener("input", (ev) => {
  const q = ev.target.value.trim().toLowerCase();
  let sections = 0, cards = 0;
  for (const s of document.querySelectorAll(".rules-section")) {
    s.hidden = !!q && !s.textContent.toLowerCase().includes(q);
    if (q && !s.hidden) sections += 1;
  }
  for (const a of root.querySelectorAll("article")) {
    a.hidden = !!q && !a.textContent.toLowerCase().includes(q);
    if (q && !a.hidden) cards += 1;
  }
  document.getElementById("filter-count").textContent =
    q ? `“${ev.target.value.trim()}”: ${sections} rules section${sections === 1 ? "" : "s"}, ${cards} card${cards === 1 ? "" : "s"}` : "";
});
