// The game socket's view messages (docs/protocol.md): a full view, then per move a JSON Patch on the
// previous version. ViewStream keeps the view as received, applies each patch whose `base` is the
// version it has, and hands the page an ordinary view message with the catalog's texts joined in.
// When it cannot (a version missed, a patch that does not apply), it asks for the full view.
import { applyPatch } from "./patch.js";
import { hydrate } from "./catalog.js";

export class ViewStream {
  constructor(askFull) {
    this.askFull = askFull;    // () => void: send {"type": "sync"}
    this.raw = null; this.version = -1; this.seat = null; this.seats = []; this.asked = false;
  }

  /** A server message -> the message the page handles (a "patch" becomes a "view"), or null. */
  take(m, catalog) {
    if (m.type === "view") {
      this.raw = m.view; this.version = m.version; this.seat = m.seat; this.seats = m.seats || []; this.asked = false;
      return { ...m, view: hydrate(m.view, catalog) };
    }
    if (m.type !== "patch") return m;
    if (!this.raw || m.base !== this.version) return this.resync();
    try {
      this.raw = applyPatch(this.raw, m.patch);
    } catch {
      return this.resync();
    }
    this.version = m.version;
    return { type: "view", version: m.version, status: m.status, seat: this.seat, seats: this.seats,
             view: hydrate(this.raw, catalog) };
  }

  resync() {
    this.raw = null;
    if (!this.asked) { this.asked = true; this.askFull(); }
    return null;
  }
}
