// The public state that is not on the map: effects in force (ashtray marks, lapsing effects, Last
// Stand), deck counts, the discard piles (the rulebook lets anyone look through them) and what is
// out of the game.
import { el, clear, catalogSync, nameOf, seatName } from "./common.js";
import { withRefs, refsSpelled, zhukovHeadlines } from "./facts.js";

/** A card's full text from the catalog, for tooltips. */
export function cardText(id) {
  const c = catalogSync();
  if (!c) return "";
  if (c.headlines[id]) return c.headlines[id].text || "";
  if (c.zhukov_cards && c.zhukov_cards[id]) return zhukovHeadlines(c.zhukov_cards[id]);
  const e = c.events[id];
  if (e) return [e.placement && `Placement: ${e.placement}`, e.reward && `Reward: ${e.reward}`, e.penalty && `Penalty: ${e.penalty}`]
    .filter(Boolean).join(" ");
  const k = c.card_kinds && id && c.card_kinds[String(id).replace(/^rc_/, "").replace(/_\d+$/, "")];
  const r = c.revolutionary_cards[id] || k;
  if (r) return r.ability ? `${r.ability.label}: ${r.ability.text}` : (r.aid ? "Aid: counts as one of its icons." : "");
  const f = c.fighters[id];
  if (f) return f.ability ? `${f.ability.label}: ${f.ability.text}` : "";
  return "";
}

function chip(card) {
  const title = card.title || card.name || nameOf(card.id);
  const text = refsSpelled(cardText(card.id));
  return el("li", { class: "pile-card" + (card.colour ? ` hl-${card.colour}` : ""), "data-card": card.id, tabindex: "0",
                    title: text ? `${title}: ${text}` : title }, title);
}

function pile(label, cards, open = false) {
  const d = el("details", { class: "pile", open: open || null },
    el("summary", { text: `${label} (${cards.length})` }));
  d.append(cards.length ? el("ul", { class: "pile-list" }, cards.map(chip)) : el("p", { class: "hint", text: "empty" }));
  return d;
}

export function renderPublic(root, view, seats, me) {
  clear(root);
  const inForce = el("div", { class: "in-force" }, el("h3", { text: "In force" }));
  const marks = view.marks || [], lapsing = view.lapsing || [], stand = view.last_stand || [];
  const zLapsing = view.zhukov ? view.zhukov.on_board || [] : [];  // lapsing General Zhukov cards, face up until the end of the day
  if (!marks.length && !lapsing.length && !stand.length && !zLapsing.length) inForce.append(el("p", { class: "hint", text: "No lasting effects." }));
  if (marks.length) {
    inForce.append(el("p", { class: "pile-label", text: "Ashtray marks (resolved; they change other cards):" }),
                   el("ul", { class: "pile-list", id: "marks" }, marks.map(chip)));
  }
  if (lapsing.length) {
    inForce.append(el("p", { class: "pile-label", text: "Lapsing effects today:" }),
                   el("ul", { class: "pile-list", id: "lapsing" }, lapsing.map(chip)));
  }
  if (zLapsing.length) {
    const row = ["top", "middle", "bottom"].indexOf(view.zhukov.row);
    const cat = catalogSync();
    const title = (b) => { const z = cat && cat.zhukov_cards && cat.zhukov_cards[b.id]; return z ? `${b.title}: ${z.headlines[row].title}` : b.title; };
    inForce.append(el("p", { class: "pile-label", text: "General Zhukov cards in force today (lapsing):" }),
                   el("ul", { class: "pile-list", id: "zhukov-lapsing" }, zLapsing.map((b) => chip({ ...b, title: title(b) }))));
  }
  if (stand.length) inForce.append(el("p", { class: "pile-label" }, "Last Stand: ", stand.map((s) => seatName(s, seats, me)).join(", ")));

  const decks = view.headline_decks || {};
  const z = view.zhukov;  // the Zhukov ruleset: no headline decks; a major and a minor event deck, the Zhukov deck
  const counts = el("ul", { class: "deck-counts", id: "deck-counts" },
    z ? [el("li", { text: `Major event deck: ${z.major_deck_count}` }),
         el("li", { text: `Minor event deck: ${z.minor_deck_count}` }),
         el("li", { text: `General Zhukov deck: ${z.deck_count}` })]
      : [el("li", { text: `Event deck: ${view.event_deck_count}` }),
         el("li", { text: `Headline decks: ${Object.entries(decks).map(([k, n]) => `${k}: ${n}`).join(" · ")}` })],
    el("li", { text: `Revolutionary deck: ${view.rev_deck_count}` }),
    el("li", { text: `Revolutionary tanks in supply: ${view.rev_tank_supply}` }),
    view.barricade_supply === undefined ? null : el("li", { text: `Barricades in supply: ${view.barricade_supply}` }));

  const removed = view.fighters_removed || [];
  const gone = view.out_of_game || {};
  const tanks = gone.revolutionary_tanks || [];
  const out = el("div", { class: "out-of-game" }, el("h3", { text: "Out of the game" }),
    removed.length ? [el("p", { class: "pile-label", text: "Fighters removed:" }),
                      el("ul", { class: "pile-list", id: "removed-fighters" }, removed.map((f) => chip({ id: f.id, name: f.name })))]
                   : el("p", { class: "hint", text: "No fighter removed yet." }),
    tanks.length ? [el("p", { class: "pile-label", text: "Revolutionary tanks destroyed:" }),
                    el("ul", { class: "pile-list", id: "destroyed-tanks" }, tanks.map((t) => chip({ id: t.id, name: t.name })))] : null,
    gone.barricades ? el("p", { id: "barricades-out", text: `Barricades removed for good: ${gone.barricades}` }) : null);
  root.append(inForce, el("h3", { text: "Decks" }), counts,
              el("h3", { text: "Discard piles" }),
              z ? pile("General Zhukov discard", z.discard || []) : pile("Headline discard", view.headline_discard || []),
              pile("Event discard", view.event_discard || []),
              pile("Revolutionary discard", view.rev_discard || []),
              out);
}

/** Text with card references, as nodes (re-exported for pages that only need this). */
export { withRefs };
