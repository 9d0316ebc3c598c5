// "The goal" at the table (issue 33): what ends the game and how close it is, from the view's
// `goal` and tracks (the engine counts; nothing here redoes a rule). Each figure carries its rule
// as a tooltip; on a phone the figures fold behind one button and a tap on one shows its rule.
import { el, clear, playerName, SEAT_LABEL } from "./common.js";

function chip(key, label, value, state, rule) {
  const b = el("button", { type: "button", class: "goal-chip", "data-goal": key, "data-state": state, title: rule,
                           "aria-label": `${label} ${value}. ${rule}` },
    el("span", { class: "goal-label", text: label }), " ", el("b", { class: "goal-value", text: value }));
  b.dataset.rule = rule;
  return b;
}

/** The short name of a Revolutionary seat for the injury figures: "You" on your own screen only. */
function who(seat, seats, me) {
  if (seat === me) return "You";
  const info = (seats || []).find((s) => s.seat === seat);
  if (info && info.bot && !info.zombie) return `Rev ${seat.slice(3)} bot`;  // the row stays one line
  return playerName(seat, seats) || SEAT_LABEL[seat] || seat;
}

/** The figures of the goal for `view`: [{key, label, value, state, rule}]. */
export function goalFigures(view, seats, me) {
  const g = view.goal;
  if (!g) return [];
  const zhukov = view.ruleset === "zhukov";
  const out = [];
  const n = g.events_on_board, max = g.evaluation_max_events;
  out.push({ key: "events", label: "Events", value: `${n} / ${max}`, state: n > max ? "bad" : n === max ? "near" : "ok",
             rule: `Evaluation after day ${g.last_day}: the Revolutionaries win if at most ${max} events are on the board, and lose with more. ${n} ${n === 1 ? "is" : "are"} on the board now.` });
  out.push({ key: "day", label: "Day", value: `${view.day} / ${g.last_day}`, state: view.day === g.last_day ? "near" : "ok",
             rule: `The game ends after day ${g.last_day} (October 29th): the penalties of the events left on the board apply, then the evaluation counts the events.` });
  const skull = view.morale_skull;
  out.push({ key: "morale", label: "Morale", value: skull ? "☠ skull" : String(view.morale),
             state: skull ? "bad" : view.morale_index <= 1 ? "near" : "ok",
             rule: "Morale on the skull at the end of any day, or at the end of the game, loses the game for the Revolutionaries. The number is how many cards the team draws after its turns." });
  out.push({ key: "support", label: "Support", value: `${view.support} ${view.support_colour === "neutral" ? "(middle)" : `(${view.support_colour})`}`,
             state: "ok",
             rule: zhukov ? "A General Zhukov card whose colour differs from the support space skips its headline and moves support one space toward the middle 4."
                          : `The Soviet commander's headline hand limit: ${view.support} now (2 at the Hungarian end, 4 in the middle, 7 at the Soviet end).` });
  for (const [seat, hurt] of Object.entries(view.injuries || {})) {
    out.push({ key: `injuries-${seat}`, label: `${who(seat, seats, me)}: injuries`, value: `${hurt} / ${g.injury_limit}`,
               state: hurt >= g.injury_limit ? "bad" : hurt === g.injury_limit - 1 ? "near" : "ok",
               rule: `A Revolutionary who takes injury number ${g.injury_limit} loses the game for the whole team at once.` });
  }
  const left = g.soviet_tanks_on_board + g.militia_on_board;
  out.push({ key: "sweep", label: "To clear for a win", value: `${g.soviet_tanks_on_board} tanks, ${g.militia_on_board} militia`,
             state: left === 0 ? "good" : left <= 2 ? "near" : "ok",
             rule: "If at any moment of the Revolutionary phase the board holds no Soviet tank and no militia, the Revolutionaries win at once (snipers and revolutionary tanks do not count)." });
  return out;
}

/** Draw the goal box: the figures, the phone's fold button, and the rule of the figure last tapped. */
export function renderGoal(box, view, seats, me) {
  const figures = goalFigures(view, seats, me);
  box.hidden = !figures.length;
  if (!figures.length) return;
  const open = box.classList.contains("open");
  const shown = box.dataset.rule || "";
  clear(box);
  const events = figures[0], day = figures[1];
  const toggle = el("button", { type: "button", class: "goal-toggle", "aria-expanded": String(open), "aria-controls": "goal-chips",
                                text: `Goal: events ${events.value} · day ${day.value} ${open ? "▴" : "▾"}` });
  toggle.addEventListener("click", () => { box.classList.toggle("open"); renderGoal(box, view, seats, me); });
  const chips = el("div", { class: "goal-chips", id: "goal-chips" },
    el("span", { class: "goal-title", text: "The goal:" }),
    figures.map((f) => chip(f.key, f.label, f.value, f.state, f.rule)),
    el("a", { class: "goal-rules", href: "/rules#goal", target: "_blank", rel: "noopener", text: "rules" }));
  const rule = el("p", { class: "goal-rule", id: "goal-rule", hidden: !shown, text: shown });
  chips.addEventListener("click", (ev) => {
    const b = ev.target.closest(".goal-chip");
    if (!b) return;
    box.dataset.rule = box.dataset.rule === b.dataset.rule ? "" : b.dataset.rule;  // a second tap hides it
    rule.textContent = box.dataset.rule;
    rule.hidden = !box.dataset.rule;
  });
  box.append(toggle, chips, rule);
}
