// Rules reference: every component from /api/catalog.
import { el, clear, loadCatalog, humanize } from "./common.js";
import { iconRow, resourceLabel } from "./icons.js";
import { withRefs } from "./facts.js";
import { PLACEMENT } from "./zhukov.js";
import { ZHUKOV_SPA_STEPS, ZHUKOV_SPA_RULES } from "./decisions.js";

const root = document.getElementById("rules");

function entry(title, meta, icons, texts) {
  return el("article", { class: "rule card", "data-title": title }, el("h3", { text: title }), meta ? el("div", { class: "meta", text: meta }) : null,
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
    section("headlines", "Headlines (Soviet commander)", Object.values(c.headlines).map((h) =>
      entry(h.title, `${h.colour} · ${h.cp} CP · period ${h.period}${h.spa ? ` · SPA ${h.spa}` : ""}${h.mark ? " · mark" : ""}${h.lapsing ? " · lapsing" : ""}`, [], [[null, h.text]]))),
    section("events", "Events", Object.values(c.events).map((e) =>
      entry(e.title, `${locName[e.location] || humanize(e.location)} · period ${e.period} · cost ${e.cost ?? "–"}`, e.requires,
            [(e.requires_per_event || []).length ? ["Also needs", `one ${[...new Set(e.requires_per_event)].map(resourceLabel).join(", ")} for every event on the board (the table counts them for you)`] : null,
             e.placement ? ["Placement", e.placement] : null, e.reward ? ["Reward", e.reward] : null, e.penalty ? ["Penalty", e.penalty] : null]))),
    section("revcards", "Revolutionary cards", Object.values(c.card_kinds).map((k) =>
      entry(`${k.name} ×${k.copies}`, k.aid ? "Aid: counts as one of its icons" : "", k.icons,
            [k.ability ? [humanize(k.ability.label || "ability"), k.ability.text] : [null, "No ability: discard it for its icons."]]))),
    section("fighters", "Fighters and revolutionary tanks", Object.values(c.fighters).map((f) =>
      entry(f.name, f.id.startsWith("rt_") ? "Revolutionary tank" : "Fighter", f.icons,
            [f.ability ? [humanize(f.ability.label || "ability"), f.ability.text] : [null, "No ability."]]))),
    section("zhukov", "General Zhukov cards (Zhukov ruleset)", Object.values(c.zhukov_cards || {}).map((z) =>
      entry(`General Zhukov card Z#${z.number}`, `${z.colour} · ${(PLACEMENT[z.placement] || { short: humanize(z.placement) }).short} at the event step`, [],
            z.headlines.map((h, i) => [`${["Top (days 1-2)", "Middle (days 3-5)", "Bottom (days 6-7)"][i]}: ${h.title}${h.lapsing ? " (lapsing)" : ""}`, h.text])))),
    section("zhukov-spa", "SPA phase of the Zhukov ruleset (four fixed steps)", Object.entries(ZHUKOV_SPA_STEPS).map(([k, [n, name]]) =>
      entry(`Step ${n}: ${name}`, "", [], [[null, ZHUKOV_SPA_RULES[k]]]))),
    section("spa", "SPA cards (Soviet)", Object.values(c.spa_cards).map((s) => entry(s.name, "", [], [[null, s.text]]))),
    section("powers", "Player powers (promo)", Object.values(c.player_powers).map((p) =>
      entry(`${p.name} (${p.colour})`, "", [], [["Benefit", p.benefit], ["Disadvantage", p.disadvantage]]))),
    section("locations", "Locations", c.locations.map((l) =>
      entry(l.name, "", [], [["Adjacent to", l.neighbours.map((n) => locName[n]).join(", ")]]))),
  );
});

document.getElementById("filter").addEventListener("input", (ev) => {
  const q = ev.target.value.toLowerCase();
  for (const a of root.querySelectorAll("article")) a.hidden = q && !a.textContent.toLowerCase().includes(q);
});
