// The table's panels drawn from the view alone: your hand (Revolutionary cards, or the Soviet's
// headlines, CP and SPA pool), the event market (or the General Zhukov panel), the players list and
// the log with its last roll. table.js owns the state, the clicks and the decisions; it hands its
// state and `legalize` (which wires a node to its legal actions) in once, with `usePanels`.
import { el, clear, nameOf, seatName, prettyText } from "./common.js";
import { iconRow, needRow } from "./icons.js";
import { eventNeed, eventTexts, withRefs, textLine, refsSpelled } from "./facts.js";
import { diceOf, diceRow } from "./dice.js";
import { refNodes } from "./changes.js";
import { cardText } from "./piles.js";
import { renderZhukov } from "./zhukov.js";
import { groupLabel } from "./fulllog.js";

const $ = (id) => document.getElementById(id);
let st = null;
let legalize = null;

/** The table's state object and its `legalize(node, acts, title)`. */
export function usePanels(state, legalizeNode) {
  st = state;
  legalize = legalizeNode;
}

/** The card's text, short on screen, whole on demand (the i toggle; phones hide it until asked). */
function textBlock(node, parts) {
  const body = el("div", { class: "card-text" }, parts.filter(Boolean));
  if (!body.childNodes.length) return node;
  const toggle = el("button", { type: "button", class: "text-toggle", "aria-expanded": "false", title: "Show or hide the card text",
                                "aria-label": "Card text", text: "i" });
  toggle.addEventListener("click", (ev) => {
    ev.stopPropagation(); ev.preventDefault();
    const on = node.classList.toggle("expanded");
    toggle.setAttribute("aria-expanded", String(on));
  });
  node.append(toggle, body);
  return node;
}

/** Why some use of this card is not offered now (view.unavailable), as a line on the card. */
function notNow(id) {
  const why = (st.view.unavailable || []).filter((u) => u.card === id).map((u) => u.text);
  return why.length ? el("p", { class: "not-now", "data-unavailable": id }, el("b", { text: "Not now: " }), withRefs(why.join("; "))) : null;
}

function revCard(c, acts) {
  const node = el("div", { class: "card rev-card" + (c.aid ? " aid" : ""), "data-card": c.id, title: `${c.name}: ${refsSpelled(cardText(c.id)) || "icons only"}` },
    el("div", { class: "card-name", text: c.name }),
    el("div", { class: "icons" }, iconRow(c.icons, { label: true })), notNow(c.id));
  textBlock(node, [c.aid ? el("p", { class: "ability", text: "Aid: counts as one of its icons." }) : null,
                   c.ability ? textLine("ability", `${c.ability.label}: `, c.ability.text) : null]);
  return legalize(node, acts, c.name);
}

function headlineCard(h, acts) {
  const cat = st.catalog && st.catalog.headlines[h.id];
  const text = h.text || (cat && cat.text) || "";
  const node = el("div", { class: `card headline ${h.colour}`, "data-card": h.id, title: `${h.title}: ${refsSpelled(text)}` },
    el("div", { class: "card-name" }, el("span", { class: `colour-tag ${h.colour}`, text: h.colour === "red" ? "■ red" : "● green" }), " ", h.title),
    el("div", { class: "meta", title: `period ${h.period}`, text: `${h.cp} CP${h.spa ? ` · SPA ${h.spa}` : ""}${h.mark ? " · mark" : ""}${h.lapsing ? " · lapsing" : ""} · P${h.period}` }),
    notNow(h.id));
  textBlock(node, [textLine("ability", "", text)]);
  return legalize(node, acts, h.title);
}

export function renderHand(view, T) {
  const hand = clear($("hand"));
  const me = st.me;
  const title = $("hand-title");
  const extra = clear($("soviet-extra"));
  if (me === "spectator" || me === "admin") {
    title.textContent = "Spectating";
    hand.append(el("p", { class: "hint", text: "You are watching: hands stay hidden. Hand sizes are in the players list." }));
    return;
  }
  if (me === "soviet") {
    title.textContent = `Your headline hand (${view.hand.length}/${view.soviet_hand_limit})`;
    hand.classList.toggle("many", view.hand.length > 4);  // a second row: texts on demand, so the market stays in view
    for (const h of view.hand) hand.append(headlineCard(h, T.card.get(h.id)));
    // CP, the SPA pool's heading and its discard queue share one line: the market stays in view.
    const cp = el("div", { class: "cp-box", id: "cp-box" }, el("b", { text: `CP: ${view.cp}` }),
      view.cp_cards && view.cp_cards.length ? ` (from ${view.cp_cards.map((c) => c.title).join(", ")})` : "");
    const queue = el("span", { class: "hint spa-queue", text: `Played (discard queue): ${view.spa_queue.length ? view.spa_queue.map((c) => c.name).join(" → ") : "none"}` });
    const pool = el("div", { class: "spa", id: "spa-pool" },
      el("div", { class: "spa-head" }, cp, el("h3", { text: `SPA pool (${view.spa_pool.length})` }), queue));
    const row = el("div", { class: "spa-row" });
    for (const c of view.spa_pool) {
      const text = st.catalog && st.catalog.spa_cards[c.id] ? st.catalog.spa_cards[c.id].text : "";
      const node = el("div", { class: "card spa-card", "data-card": c.id, title: `${c.name}: ${refsSpelled(text)}` }, el("div", { class: "card-name", text: c.name }));
      row.append(legalize(textBlock(node, [textLine("ability", "", text)]), T.card.get(c.id), c.name));
    }
    pool.append(row);
    extra.append(pool);
  } else {
    hand.classList.remove("many");
    title.textContent = `Your hand (${view.hand.length})`;
    if (!view.hand.length) hand.append(el("p", { class: "hint", text: "No cards." }));
    // Another player is taking cards from this hand, blind by place (R5): number the cards so the
    // holder can say which to take, and mark the places picked so far.
    const d = view.decision || {};
    const taking = d.kind === "act" && d.action === "take_cards" && d.giver === me;
    const picked = new Set((taking && view.picks && view.picks.positions) || []);
    view.hand.forEach((c, i) => {
      const node = revCard(c, T.card.get(c.id));
      if (taking) {
        node.dataset.place = String(i + 1);
        node.prepend(el("span", { class: "card-place", text: `card ${i + 1}` }));
        if (picked.has(i)) node.classList.add("picked");
      }
      hand.append(node);
    });
  }
}

/** One market slot as a card: title, cost, where it goes, what it needs now and why, and its
 *  placement, reward and penalty texts (short on screen, whole with the i toggle and in the tooltip).
 *  Shared by the table, the public replay and the admin review; the table makes it clickable. */
export function eventCardNode(m, view, changes = null) {
  const e = m.event;
  const node = el("div", { class: "card event-card" + (e ? "" : " empty") + (e && changes && changes.cards.has(e.id) ? " changed" : ""),
                           "data-slot": m.slot, "data-card": e ? e.id : null },
    el("div", { class: "slot", text: `Slot ${m.slot + 1} · +${m.surcharge} CP` }));
  if (!e) { node.append(el("div", { class: "hint", text: "empty" })); return node; }
  const t = eventTexts(e);
  const { need, why } = eventNeed(e, view);
  node.title = refsSpelled([e.title, t.placement && `Placement: ${t.placement}`, t.reward && `Reward: ${t.reward}`,
                            t.penalty && `Penalty: ${t.penalty}`, why && `Needs now: ${why}`].filter(Boolean).join("\n"));
  node.append(el("div", { class: "card-name", text: e.title }),
    el("div", { class: "meta", text: `Cost ${m.cost} CP · ${nameOf(m.location, view)}` }),
    el("div", { class: "icons need", "data-need": JSON.stringify(need) }, needRow(need)));
  if (why) node.append(el("div", { class: "need-why", text: `Needs now: ${why}` }));
  return textBlock(node, [textLine("ability placement", "Placement: ", t.placement), textLine("ability reward", "Reward: ", t.reward),
                          textLine("ability penalty", "Penalty: ", t.penalty)]);
}

export function renderMarket(view, T, changes) {
  const box = clear($("market"));
  box.classList.toggle("zhukov", !!view.zhukov);
  if (view.zhukov) { renderZhukov(box, view, st.catalog, $("market-title"), $("deck-count")); return; }  // no market
  $("deck-count").textContent = `· ${view.event_deck_count} in the deck`;
  // Deciding in the market (buy, keep): the Soviet's cards show their texts (app.css, tablefix).
  box.classList.toggle("deciding", T.slot.size > 0);
  document.body.classList.toggle("market-deciding", T.slot.size > 0);
  for (const m of view.market) {
    box.append(legalize(eventCardNode(m, view, changes), T.slot.get(m.slot), m.event ? m.event.title : `Slot ${m.slot + 1}`));
  }
}

export function renderPlayers(view) {
  const ul = clear($("player-list"));
  for (const seat of view.seats) {
    const active = (view.active || []).includes(seat);
    const li = el("li", { class: "player" + (active ? " active" : "") + (seat === st.me ? " me" : ""), "data-seat": seat },
      el("span", { class: `seat-dot ${seat}`, text: seat === "soviet" ? "☭" : seat.replace("rev", "") }),
      el("span", { class: "pname", text: seatName(seat, st.seats, st.me) }));
    const bits = [];
    if (seat === "soviet") {
      bits.push(`${view.hands.soviet} headline(s)`, `CP ${view.cp}`, `SPA pool ${view.spa_pool.length}`);
    } else {
      const hurt = view.injuries[seat] ?? 0;
      bits.push(`${view.hands[seat] ?? 0} card(s)`, `${hurt} injur${hurt === 1 ? "y" : "ies"}`);
      if (view.positions[seat]) bits.push(`at ${nameOf(view.positions[seat], view)}`);
    }
    li.append(el("span", { class: "pinfo", text: bits.join(" · ") }));
    if (active) li.append(el("span", { class: "badge", text: "to act" }));
    ul.append(li);
  }
  if (view.zhukov && view.zhukov.injury_limit) {
    ul.append(el("li", { class: "hint injury-limit", text: `Injury number ${view.zhukov.injury_limit} of any Revolutionary loses the game for the team.` }));
  }
  if (!view.zhukov && st.me !== "soviet") {  // the Zhukov deck has its own panel (zhukov.js)
    ul.append(el("li", { class: "spa-public hint", text: `SPA pool: ${view.spa_pool.map((c) => c.name).join(", ") || "empty"} · played: ${view.spa_queue.map((c) => c.name).join(", ") || "none"}` }));
  }
}

function highlightRefs(refs, on, fresh) {
  for (const n of refNodes(refs, st.changes, fresh)) n.classList.toggle("ref-hl", on);
}

/** The log: every entry the table holds (`full`, a FullLog: fulllog.js), grouped by day and phase,
 *  with a button for the earlier ones. A reader scrolled up keeps the place; at the bottom it follows. */
export function renderLog(view, changes, full) {
  const ol = $("log");
  const atBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
  const keep = atBottom ? null : ol.scrollHeight - ol.scrollTop;
  clear(ol);
  const entries = full ? full.entries() : (view.log || []);
  const earlier = full ? full.earlier() : 0;
  if (earlier > 0) {
    const more = el("button", { type: "button", class: "secondary small", id: "log-earlier",
                                text: `Show earlier entries (${earlier} more)` });
    more.addEventListener("click", () => { more.disabled = true; full.loadEarlier(); });
    ol.append(el("li", { class: "log-more" }, more));
  }
  let group = null;
  for (const e of entries) {
    const key = `${e.day}:${e.phase || ""}`;
    if (key !== group) {
      group = key;
      ol.append(el("li", { class: "log-head", "data-day": e.day, "data-phase": e.phase || "", role: "heading", "aria-level": "3",
                           text: groupLabel(e.day, e.phase, view.ruleset) }));
    }
    const fresh = e.n >= changes.logFrom;
    const li = el("li", { tabindex: "0", "data-refs": (e.refs || []).join(" "), "data-n": e.n, class: fresh ? "new" : null });
    const text = prettyText(e.text, st.seats, st.me);
    li.append(...withRefs(text));
    const dice = diceOf(e);
    if (dice.length) { li.classList.add("dice"); li.append(" ", diceRow(dice, 18)); }
    if (e.refs && e.refs.length) {
      li.title = "Refers to: " + e.refs.map((r) => nameOf(r, view)).join(", ");
      const on = () => highlightRefs(e.refs, true, fresh), off = () => highlightRefs(e.refs, false, fresh);
      li.addEventListener("mouseenter", on); li.addEventListener("mouseleave", off);
      li.addEventListener("focus", on); li.addEventListener("blur", off);
    }
    ol.append(li);
  }
  ol.scrollTop = keep === null ? ol.scrollHeight : ol.scrollHeight - keep;
  // The last roll, while it is news: rolled since your last look, or among today's last entries.
  const log = view.log || [];
  const lastN = log.length ? log[log.length - 1].n : -1;
  const roll = [...log].reverse().find((e) => diceOf(e).length);
  const lr = $("last-roll");
  const current = roll && roll.day === view.day && !view.result && (roll.n >= changes.logFrom || lastN - roll.n < 4);
  clear(lr);
  lr.hidden = !current;
  if (current) lr.append(el("span", { text: "Last roll: " }), diceRow(diceOf(roll), 22), " ", prettyText(roll.text, st.seats, st.me));
}
