// The General Zhukov panel (Zhukov ruleset), where Conflict has the event market: the card being
// resolved drawn as a card, today's cards in draw order, the lapsing cards in force, the decks.
//
// Everything comes from the view's public `zhukov` part (docs/contract.md) and the catalog's
// `zhukov_cards` (titles, texts, placement icon); nothing here guesses a hidden fact.
import { el, clear } from "./common.js";
import { withRefs, refsSpelled } from "./facts.js";
import { ZHUKOV_SPA_STEPS, ZHUKOV_SPA_RULES } from "./decisions.js";

const ROWS = ["top", "middle", "bottom"];
const ROW_DAYS = { top: "days 1-2", middle: "days 3-5", bottom: "days 6-7" };
const COLOUR = { green: "● green", red: "■ red" };
const OTHER = { green: "red", red: "green" };
const STEP = { support: "support step", headline: "headline step", event: "event step", done: "finishing" };
// The placement icon: a glyph (shape, not colour alone) and what the event step does with it.
export const PLACEMENT = {
  place_minor: { glyph: "◆", short: "place a minor event",
                 text: "draw a minor event and place it in its location; if that location already has an event, the minor one is discarded." },
  discard_major: { glyph: "✕", short: "discard a major event",
                   text: "draw a major event and discard it face up, without effect." },
  place_major: { glyph: "▼", short: "place a major event",
                 text: "draw a major event and place it: an event already in its location is removed without effect, then its placement effect runs (the players make its choices)." },
};

function cardData(catalog, id) {
  return (catalog && catalog.zhukov_cards && catalog.zhukov_cards[id]) || null;
}

function supportLine(colour, outcome) {
  if (outcome === "resolved") {
    return `Support step: support was on the neutral 4 or a ${colour} space, so today's headline applies.`;
  }
  if (outcome === "skipped") {
    return `Support step: support was on a ${OTHER[colour] || "other"} space, so it moved one space toward the neutral 4 and the headline is skipped.`;
  }
  return `Support step: the headline applies if support is on the neutral 4 or a ${colour} space; otherwise support moves one space toward the neutral 4 instead.`;
}

/** One General Zhukov card, as drawn: colour, the three headlines (today's highlighted), the support
 *  step's outcome, the placement icon. `brief` is the view's {id, title, colour, headline?}. */
export function zhukovCard(brief, { row, stage, outcome, catalog, label }) {
  const c = cardData(catalog, brief.id);
  const colour = brief.colour || (c && c.colour) || "";
  const node = el("div", { class: `card zhukov-card ${colour}`, id: "zhukov-current", "data-card": brief.id,
                           "data-stage": stage || "", "data-headline": outcome || "" },
    el("div", { class: "zk-head" },
      el("span", { class: "card-name" }, el("span", { class: `colour-tag ${colour}`, text: COLOUR[colour] || colour }), " ",
         `General Zhukov card ${brief.title}`),
      el("span", { class: "zk-label", text: label })));
  if (c) {
    const list = el("ol", { class: "zk-headlines" });
    c.headlines.forEach((h, i) => {
      const today = ROWS[i] === row;
      const skipped = today && outcome === "skipped";
      const li = el("li", { class: "zk-headline" + (today ? " today" : "") + (skipped ? " skipped" : ""), "data-row": ROWS[i],
                            title: `${h.title}: ${refsSpelled(h.text)}` },
        el("span", { class: "zk-row", text: `${ROWS[i]} · ${ROW_DAYS[ROWS[i]]}` }), " ",
        el("b", { text: h.title }),
        h.lapsing ? el("span", { class: "zk-tag", text: "lapsing" }) : null,
        today ? el("span", { class: "zk-tag today-tag", text: skipped ? "today: skipped" : "today" }) : null);
      if (today) li.append(el("p", { class: "zk-text" }, withRefs(h.text)));
      list.append(li);
    });
    node.append(list);
  }
  node.append(el("p", { class: "zk-support" + (outcome === "skipped" ? " skipped" : ""), text: supportLine(colour, outcome) }));
  const p = c && PLACEMENT[c.placement];
  if (p) {
    node.append(el("p", { class: "zk-placement", "data-placement": c.placement },
      el("span", { class: `zk-icon ${c.placement}`, "aria-hidden": "true", text: p.glyph }), " ",
      el("b", { text: `Event step: ${p.short}` }), `: ${p.text}`));
  }
  return node;
}

function chip(brief, catalog, extra = "", before = "") {
  const c = cardData(catalog, brief.id);
  const texts = c ? c.headlines.map((h, i) => `${ROWS[i]}: ${h.title}`).join("\n") : "";
  return el("li", { class: "pile-card" + (brief.colour ? ` hl-${brief.colour}` : ""), "data-card": brief.id, tabindex: "0",
                    title: texts ? `${brief.title} (${brief.colour})\n${texts}` : brief.title },
    `${before}${brief.title}${extra}`);
}

/** The SPA phase's four fixed steps (catalog `zhukov_spa_steps`): the one under way, those done, and
 *  those an event's reward skips today (the resolved lapsing event: Appendix B). */
function spaSteps(view, catalog) {
  const z = view.zhukov;
  const steps = (catalog && catalog.zhukov_spa_steps) || [];
  const lapsing = new Set((view.lapsing || []).map((e) => e.id));
  const now = view.phase === "spa" && ZHUKOV_SPA_STEPS[z.spa_step] ? ZHUKOV_SPA_STEPS[z.spa_step][0] : null;
  const skipped = [];
  const list = el("ol", { class: "zk-spa-steps", id: "zhukov-spa-steps" }, steps.map((step) => {
    const [order, name] = ZHUKOV_SPA_STEPS[step.id] || [step.order, step.id];
    const by = step.skipped_by && lapsing.has(step.skipped_by) ? catalog.events[step.skipped_by] : null;
    if (by) skipped.push(name);
    const state = by ? "skipped" : now === null ? "" : order < now ? "done" : order === now ? "now" : "";
    return el("li", { class: `zk-spa-step ${state}`, "data-step": step.id, "data-state": state || "later", title: ZHUKOV_SPA_RULES[step.id] || "" },
      el("b", { text: name[0].toUpperCase() + name.slice(1) }),
      state === "now" ? el("span", { class: "zk-tag today-tag", text: "now" }) : null,
      state === "done" ? el("span", { class: "zk-tag", text: "done" }) : null,
      by ? el("span", { class: "zk-tag", text: `skipped today: ${by.title}` }) : null,
      el("span", { class: "zk-step-rule" }, " ", ZHUKOV_SPA_RULES[step.id] || ""));
  }));
  const title = `SPA phase: the four fixed steps${skipped.length ? ` (${skipped.join(", ")} skipped today)` : ""}`;
  if (view.phase === "spa") return el("div", { class: "zk-section" }, el("p", { class: "pile-label", text: title }), list);
  return el("details", { class: "zk-section pile" }, el("summary", { text: title }), list);
}

/** The panel: `root` is the market's box, `titleNode`/`countNode` its heading (either may be null). */
export function renderZhukov(root, view, catalog, titleNode, countNode) {
  const z = view.zhukov;
  clear(root);
  if (titleNode) titleNode.textContent = "General Zhukov";
  if (countNode) countNode.textContent = `· ${z.deck_count} in the deck`;
  const today = z.today || [];
  const soviet = view.phase === "soviet" && !view.result;
  const cur = z.current;
  const last = today[today.length - 1];
  if (view.phase === "spa" && !view.result) root.append(spaSteps(view, catalog));  // what the SPA does now, first
  if (cur) {
    const n = today.map((d) => d.id).lastIndexOf(cur.card.id) + 1;
    root.append(zhukovCard(cur.card, { row: cur.row, stage: cur.stage, outcome: cur.headline, catalog,
                                       label: `card ${n || "?"} of 4 · now: ${STEP[cur.stage] || cur.stage}` }));
  } else if (last) {
    root.append(zhukovCard(last, { row: z.row, outcome: last.headline, catalog, label: `last card drawn today (${today.length} of 4)` }));
  } else {
    root.append(el("p", { class: "hint", id: "zhukov-current", text: `No General Zhukov card drawn yet today. Each Soviet phase draws 4, resolved one at a time; today the ${z.row} headline applies.` }));
  }

  const c = (d) => cardData(catalog, d.id);
  const todayTitle = (d) => {
    const h = c(d) && c(d).headlines[ROWS.indexOf(z.row)];
    return h ? `: ${d.headline === "skipped" ? "headline skipped" : h.title}` : d.headline === "skipped" ? ": headline skipped" : "";
  };
  const drawn = el("ol", { class: "pile-list zk-today", id: "zhukov-today" },
    today.map((d, i) => chip(d, catalog, `${todayTitle(d)}${cur && i === today.length - 1 && cur.card.id === d.id ? " (resolving)" : ""}`,
                             `${i + 1}. `)));
  const left = Math.max(0, 4 - today.length);
  root.append(el("div", { class: "zk-section" },
    el("p", { class: "pile-label", text: `Drawn today, in order (day ${view.day}, ${z.row} headlines):` }),
    today.length ? drawn : el("p", { class: "hint", text: "none yet" }),
    soviet && left ? el("p", { class: "hint", text: `${left} more to draw this Soviet phase.` }) : null));
  if ((z.on_board || []).length) {
    root.append(el("div", { class: "zk-section" },
      el("p", { class: "pile-label", text: "Lapsing, in force until the end of the day:" }),
      el("ul", { class: "pile-list", id: "zhukov-on-board" }, z.on_board.map((d) => chip(d, catalog, todayTitle(d))))));
  }
  const discard = el("details", { class: "pile", id: "zhukov-discard" },
    el("summary", { text: `General Zhukov discard pile (${z.discard.length})` }),
    z.discard.length ? el("ul", { class: "pile-list" }, z.discard.map((d) => chip(d, catalog))) : el("p", { class: "hint", text: "empty" }));
  root.append(el("ul", { class: "deck-counts zk-decks", id: "zhukov-decks" },
    el("li", { text: `General Zhukov deck: ${z.deck_count} card${z.deck_count === 1 ? "" : "s"} left`, title: "When it runs out (on day 4, after 2 cards) every discarded card is shuffled into a new deck." }),
    el("li", { text: `Major event deck: ${z.major_deck_count}` }),
    el("li", { text: `Minor event deck: ${z.minor_deck_count}` })), discard);
  if (view.phase !== "spa" || view.result) root.append(spaSteps(view, catalog));
}
