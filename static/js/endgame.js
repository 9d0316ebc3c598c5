// The end of a game: who won and why, a per-day chart of morale, support and events on the board,
// each player's injuries and moves, a rematch with the same seats and options, the replay link.
import { el, svg, clear, api, saveInvites, saveSeat, seatName, prettyText, catalogSync, SEAT_LABEL } from "./common.js";

/** The support track's spaces as the board labels them (H2 … N4 … S7), by index 0-6. */
function supportLabel(i) {
  const cat = catalogSync();
  const s = cat && (cat.support_track || []).find((x) => x.index === i);
  if (!s) return String(i);
  return (s.colour === "green" ? "H" : s.colour === "red" ? "S" : "N") + s.hand_limit;
}

const SERIES = [
  { key: "morale", label: "Morale (cards drawn)", cls: "s-morale", value: (p) => p.morale_draw, dash: null, mark: "circle" },
  { key: "support", label: "Support (right axis: the board's track, H2 Hungarian end … S7 Soviet end)", cls: "s-support", value: (p) => p.support,
    dash: "6 3", mark: "square", short: "Support", show: (p) => supportLabel(p.support) },
  { key: "events", label: "Events on the board", cls: "s-events", value: (p) => p.events, dash: "2 2", mark: "triangle" },
];

function marker(kind, x, y, cls) {
  if (kind === "square") return svg("rect", { x: x - 4, y: y - 4, width: 8, height: 8, class: cls });
  if (kind === "triangle") return svg("polygon", { points: `${x},${y - 5} ${x + 5},${y + 4} ${x - 5},${y + 4}`, class: cls });
  return svg("circle", { cx: x, cy: y, r: 4, class: cls });
}

/** A small line chart of the summary's points (one per day start, plus the end). */
export function timelineChart(points) {
  const Wc = 460, Hc = 180, L = 34, R = 30, T = 12, B = 30;
  // One scale for all three lines, so the axis reads true for each.
  const top = Math.max(6, ...points.map((p) => p.events));
  const chart = svg("svg", { viewBox: `0 0 ${Wc} ${Hc}`, class: "timeline", role: "img",
                             "aria-label": "Per-day chart of morale, support and events on the board" });
  const xs = (i) => L + (i * (Wc - L - R)) / Math.max(1, points.length - 1);
  const ys = (v, max) => T + (Hc - T - B) * (1 - v / max);
  for (let v = 0; v <= top; v += 2) {
    chart.append(svg("line", { x1: L, x2: Wc - R, y1: ys(v, top), y2: ys(v, top), class: "grid" }),
                 svg("text", { x: L - 6, y: ys(v, top) + 4, class: "axis", "text-anchor": "end", text: String(v) }));
  }
  for (let v = 0; v <= 6; v++) {  // support on its own axis, in the board's words (not its index)
    chart.append(svg("text", { x: Wc - R + 4, y: ys(v, top) + 4, class: "axis axis-support", "text-anchor": "start", text: supportLabel(v) }));
  }
  points.forEach((p, i) => chart.append(svg("text", { x: xs(i), y: Hc - 10, class: "axis", "text-anchor": "middle",
                                                       text: p.at === "end" ? "end" : `D${p.day}` })));
  for (const s of SERIES) {
    const max = top;
    const pts = points.map((p, i) => `${xs(i).toFixed(1)},${ys(s.value(p), max).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { points: pts, class: `line ${s.cls}`, "stroke-dasharray": s.dash }));
    points.forEach((p, i) => chart.append(svg("g", {}, svg("title", { text: `${p.at === "end" ? "End" : `Day ${p.day}`}: ${s.short || s.label} ${s.show ? s.show(p) : s.value(p)}` }),
                                               marker(s.mark, xs(i), ys(s.value(p), max), `dot ${s.cls}`))));
  }
  const legend = el("ul", { class: "chart-legend" }, SERIES.map((s) => {
    const sw = svg("svg", { viewBox: "0 0 30 12", width: 30, height: 12, "aria-hidden": "true" },
      svg("line", { x1: 0, x2: 30, y1: 6, y2: 6, class: `line ${s.cls}`, "stroke-dasharray": s.dash }), marker(s.mark, 15, 6, `dot ${s.cls}`));
    return el("li", {}, sw, " ", s.label);
  }));
  return el("figure", { class: "chart" }, chart, legend);
}

/** Fill the end screen. ctx: {gid, view, seats, me, status}. Fetches the public summary once. */
export async function renderEndscreen(ctx, cache) {
  const { gid, view, seats, me } = ctx;
  const rev = view.result.winner === "revolutionaries";
  const mine = me === "soviet" ? !rev : me.startsWith("rev") ? rev : null;
  document.getElementById("end-title").textContent = (rev ? "The Revolutionaries win!" : view.zhukov ? "General Zhukov wins." : "The Soviet commander wins.") +
    (mine === true ? " Victory is yours." : mine === false ? " You lost this time." : "");
  document.getElementById("end-reason").textContent = prettyText(view.result.reason || "", seats, me);  // names, not seat ids
  document.getElementById("replay-link").href = `/games/${encodeURIComponent(gid)}/replay`;
  const players = clear(document.getElementById("end-players"));
  const table = el("table", { class: "end-table" }, el("thead", {}, el("tr", {}, el("th", { text: "Player" }),
    el("th", { text: "Injuries" }), el("th", { text: "Moves" }))));
  const body = el("tbody");
  for (const seat of view.seats) {
    const moves = cache.summary && cache.summary.moves ? (cache.summary.moves[seat] ?? 0) : "…";
    body.append(el("tr", { "data-seat": seat }, el("td", { class: "pname", text: seatName(seat, seats, me) }),
      el("td", { text: seat === "soviet" ? "—" : String(view.injuries[seat] ?? 0) }), el("td", { text: String(moves) })));
  }
  table.append(body);
  players.append(table);
  const chartBox = document.getElementById("end-chart");
  if (!cache.summary && !cache.loading && ctx.status === "finished") {
    cache.loading = true;
    try {
      cache.summary = await api(`/api/games/${encodeURIComponent(gid)}/summary`);
    } catch (e) {
      cache.error = e.message;
    }
    cache.loading = false;
    renderEndscreen(ctx, cache);
    return;
  }
  clear(chartBox);
  if (cache.summary) chartBox.append(el("h2", { text: "Day by day" }), timelineChart(cache.summary.points));
  else if (cache.error) chartBox.append(el("p", { class: "hint", text: `The day-by-day chart is not available: ${cache.error}` }));
}

/** Rematch: a new room with the same seats (the same bots at the same levels), the same options,
 *  pace and privacy; your own seat is taken for you under the same name. The other players' invite
 *  links are shown to send on; with no other person to wait for, the new table opens at once. */
export async function rematch(gid, view, mine) {
  const box = clear(document.getElementById("end-rematch"));
  let room = null;
  try { room = await api(`/api/games/${encodeURIComponent(gid)}`); } catch { /* the defaults below */ }
  const bots = {};
  for (const s of (room && room.seats) || []) if (s.bot && !s.zombie) bots[s.seat] = s.bot;
  const body = { revolutionaries: view.revolutionaries, options: view.options || {}, private: !!(room && room.private), bots };
  if (room && room.pace) body.pace = room.pace;
  try {
    const created = await api("/api/games", { method: "POST", body });
    saveInvites(created.id, created.invites);
    let claimed = null;
    if (mine && created.invites[mine.seat]) {
      const invite = new URL(created.invites[mine.seat], location.href).searchParams.get("invite");
      if (/^you$/i.test(mine.name || "")) mine.name = "Guest";  // a name the server now refuses (schemas.not_you)
      try {
        const tok = await api(`/api/games/${encodeURIComponent(created.id)}/seats/${mine.seat}`,
                              { method: "POST", body: { name: mine.name, invite } });
        saveSeat(created.id, { seat: tok.seat, token: tok.token, name: mine.name });
        claimed = mine.seat;
      } catch { /* the link below still works */ }
    }
    const others = Object.entries(created.invites).filter(([seat]) => seat !== claimed);
    if (claimed && !others.length) { location.href = `/games/${encodeURIComponent(created.id)}/table`; return; }
    const ul = el("ul", { class: "invites" });
    for (const [seat, link] of others) {
      ul.append(el("li", {}, el("b", { text: `${SEAT_LABEL[seat] || seat}: ` }),
                el("input", { readonly: true, value: link, class: "invite-link", "data-seat": seat, "aria-label": `Invite link for ${SEAT_LABEL[seat] || seat}` })));
    }
    box.append(el("h2", { text: "Rematch room ready" }),
               el("p", {}, claimed ? `You keep your seat (${SEAT_LABEL[claimed]}). Send each other player their link, or ` : "Send each player their link, or ",
                  el("a", { href: `/games/${encodeURIComponent(created.id)}`, id: "rematch-room", text: "open the new room" }), "."),
               ul);
  } catch (e) {
    box.append(el("p", { class: "error", text: `No rematch room: ${e.message}` }));
  }
}
