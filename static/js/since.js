// "Since your last move" (issue 33): when a decision comes to your seat, a short account of what
// the others did since your previous decision ended, read from the whole log (fulllog.js), with a
// button to the first of those entries in the log. Kept apart from any other summary of the table
// (such as one of the bots' moves) so the two can be reconciled.
import { el, clear, prettyText } from "./common.js";
import { groupLabel } from "./fulllog.js";

// The entries that change the game's course; the others (passes, free steps, draws) only count.
const KEY = /collects \d+ CP|placed in|is placed|takes an injury|removes an injury|Morale shifts|Support shifts|resolves|destroys|Attack!|fire at|is removed from|buys|joins|Game over|wins|attacks \d+ militia/i;
const MAX_LINES = 6;

export class SinceLastMove {
  constructor(gid, log, box, onShow) {
    this.gid = gid;
    this.log = log;          // a FullLog
    this.box = box;
    this.onShow = onShow;    // (n) => scroll the log to entry n
    this.mine = null;        // whether the seat had a decision in the last view
    this.seat = null;
    this.shownFor = null;
  }

  key() { return `doi:since:${this.gid}:${this.seat}`; }

  /** Call with every rendered view. */
  onView(view, seat, seats) {
    this.seats = seats;
    if (seat === "spectator" || seat === "admin" || view.result) { this.hide(); this.seat = seat; return; }
    if (seat !== this.seat) { this.seat = seat; this.mine = null; this.hide(); }
    const mine = (view.actions || []).length > 0;
    const size = view.log_size ?? 0;
    if (this.mine && !mine) {
      // Your decision ended: what follows is the others'.
      try { localStorage.setItem(this.key(), String(size)); } catch { /* private mode: no summary next time */ }
      this.hide();
    } else if (mine && !this.mine) {
      const from = Number(localStorage.getItem(this.key()) ?? 0);
      if (size > from && this.shownFor !== size) this.show(from, size, view);
    }
    this.mine = mine;
  }

  hide() {
    this.box.hidden = true;
    this.shownFor = null;
  }

  async show(from, upto, view) {
    this.shownFor = upto;
    const seat = this.seat;
    const entries = (await this.log.since(from)).filter((e) => e.n < upto);
    if (seat !== this.seat || this.shownFor !== upto || !entries.length) return;
    const box = clear(this.box);
    const key = entries.filter((e) => KEY.test(e.text) || e.dice);
    // The game's opening lines (its setup, "the Soviet phase begins") are no news: a box saying so
    // would only push the table down.
    if (from === 0 && entries.every((e) => e.phase === "setup" || / phase begins\.$/.test(e.text))) return;
    const lines = [];
    let group = null;
    for (const e of key.slice(-MAX_LINES)) {
      const g = groupLabel(e.day, e.phase, view.ruleset);
      lines.push(el("li", { "data-n": e.n }, g !== group ? el("span", { class: "since-when", text: `${g}: ` }) : null,
                    prettyText(e.text, this.seats || [], seat)));
      group = g;
    }
    const hidden = key.length > MAX_LINES ? key.length - MAX_LINES : 0;
    box.append(
      el("p", { class: "since-head" }, el("b", { text: from === 0 ? "Since the game began: " : "Since your last move: " }),
         `${entries.length} log ${entries.length === 1 ? "entry" : "entries"}` +
         (key.length ? `, ${key.length} that changed the board or the tracks${hidden ? ` (the last ${MAX_LINES} here)` : ""}.` : ", nothing that changed the board."),
         " ",
         el("button", { type: "button", class: "secondary small", id: "since-read", text: "Read them all in the log",
                        onclick: () => this.onShow(entries[0].n) }),
         " ",
         el("button", { type: "button", class: "secondary small", id: "since-close", text: "Hide",
                        onclick: () => { this.box.hidden = true; } })),
      ...(lines.length ? [el("ul", { class: "since-lines" }, lines)] : []));
    box.hidden = false;
  }
}
