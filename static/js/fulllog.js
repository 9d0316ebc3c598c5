// The whole log at the table (issue 33). Views carry only the log's recent tail; this keeps every
// entry the table has seen, asks the server for the ones it has not (GET /api/games/{id}/log,
// filtered for this seat as its views are: docs/protocol.md) and groups them by day and phase.
import { api } from "./common.js";

const PAGE = 200;       // entries per request
const MAX_GAP = 500;    // the server's largest page: a longer gap restarts from the tail

export const PHASES = { setup: "Setup", soviet: "Soviet phase", revolutionary: "Revolutionary phase",
                        spa: "SPA phase", end: "End of the game", over: "Game over" };
const DATES = ["", "October 23rd", "October 24th", "October 25th", "October 26th", "October 27th", "October 28th", "October 29th"];

/** "Day 2 · October 24th · Soviet phase" (the Zhukov ruleset's Soviet phase is the General Zhukov deck's). */
export function groupLabel(day, phase, ruleset) {
  let p = PHASES[phase] || "";
  if (phase === "soviet" && ruleset === "zhukov") p = "Soviet phase (Zhukov cards)";
  return [`Day ${day}`, DATES[day], p].filter(Boolean).join(" · ");
}

export class FullLog {
  /** `token()` gives the seat token for the request (null: spectator); `changed()` is called
   *  when entries arrive from the server, to draw them. */
  constructor(gid, token, changed) {
    this.gid = gid;
    this.token = token;
    this.changed = changed;
    this.reset(null);
  }

  reset(seat) {
    this.seat = seat;
    this.byN = new Map();
    this.lo = null;          // the first entry held (entries lo..hi are all held)
    this.total = 0;
    this.loading = null;
  }

  /** Take a view's tail; ask for what lies between what we hold and the tail. */
  take(view, seat) {
    if (seat !== this.seat) this.reset(seat);
    const tail = view.log || [];
    this.total = view.log_size ?? (tail.length ? tail[tail.length - 1].n + 1 : 0);
    if (!tail.length) return;
    const first = tail[0].n;
    // An undo rewrites the end of the log: what the tail covers is replaced, what lies past the log is gone.
    for (const n of [...this.byN.keys()]) if (n >= first || n >= this.total) this.byN.delete(n);
    const hi = this.hi();
    if (this.lo === null || hi === null || first - hi - 1 > MAX_GAP) {
      this.byN.clear();
      this.lo = first;
      for (const e of tail) this.byN.set(e.n, e);
      if (first > 0) this.fetchBefore(first, PAGE);
      return;
    }
    for (const e of tail) this.byN.set(e.n, e);
    if (first > hi + 1) this.fetchBefore(first, first - hi - 1);
  }

  hi() {
    if (!this.byN.size) return null;
    let m = -1;
    for (const n of this.byN.keys()) if (n > m) m = n;
    return m;
  }

  /** Entries lo..hi in order. */
  entries() {
    return [...this.byN.values()].sort((a, b) => a.n - b.n);
  }

  /** How many earlier entries the server still has. */
  earlier() {
    return this.lo === null ? 0 : this.lo;
  }

  /** Fetch the page before the first entry held (the "earlier entries" button). */
  loadEarlier() {
    if (this.lo > 0) return this.fetchBefore(this.lo, PAGE);
    return Promise.resolve();
  }

  /** Entries from `n` on, fetching the missing ones first (the "since your last move" summary). */
  async since(n) {
    // A request already under way may stop short of `n`: ask again while that brings entries.
    while (this.lo !== null && n < this.lo) {
      const before = this.lo;
      await this.fetchBefore(this.lo, Math.min(MAX_GAP, this.lo - n));
      if (this.lo >= before) break;
    }
    return this.entries().filter((e) => e.n >= n);
  }

  fetchBefore(before, limit) {
    if (this.loading) return this.loading;
    const seat = this.seat;
    const tok = this.token();
    const path = `/api/games/${encodeURIComponent(this.gid)}/log?before=${before}&limit=${Math.max(1, Math.min(MAX_GAP, limit))}`;
    this.loading = api(path, { token: tok }).then((page) => {
      if (seat !== this.seat) return;
      for (const e of page.entries) if (!this.byN.has(e.n)) this.byN.set(e.n, e);
      this.lo = Math.min(this.lo ?? page.start, page.start);
      this.changed();
    }).catch(() => { /* the tail stays readable; the next view asks again */ })
      .finally(() => { this.loading = null; });
    return this.loading;
  }
}
