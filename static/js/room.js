// Room page: invite links, who sits where, claim or leave a seat; goes to the table at the start.
import { el, clear, api, loadSeat, saveSeat, forgetSeat, loadInvites, SEAT_LABEL } from "./common.js";

const main = document.getElementById("main");
const gid = main.dataset.game;
const params = new URLSearchParams(location.search);
let joinSeat = main.dataset.joinSeat || null;
const invite = params.get("invite");
const $ = (id) => document.getElementById(id);
let summary = null;

$("room-id").textContent = gid;
$("watch-link").href = `/games/${encodeURIComponent(gid)}/table`;

function inviteFor(seat) {
  const inv = loadInvites(gid);
  if (inv && inv[seat]) return new URL(inv[seat], location.origin).href;
  if (summary && !summary.private) return `${location.origin}/games/${gid}/join/${seat}`;
  return null;
}

function render() {
  const mine = loadSeat(gid);
  const tbody = clear($("seats").querySelector("tbody"));
  for (const s of summary.seats) {
    const link = inviteFor(s.seat);
    const cells = [
      el("td", {}, el("span", { class: `seat-dot ${s.seat}` }), SEAT_LABEL[s.seat]),
      el("td", { class: "who", text: s.claimed ? s.name + (mine && mine.seat === s.seat ? " (you)" : "") : "free" }),
    ];
    const linkCell = el("td", { class: "invite" });
    if (link && !s.claimed) {
      const input = el("input", { readonly: true, value: link, "aria-label": `Invite link for ${SEAT_LABEL[s.seat]}`, "data-seat": s.seat, class: "invite-link" });
      linkCell.append(input, el("button", { type: "button", class: "secondary", text: "Copy", onclick: async () => {
        input.select();
        try { await navigator.clipboard.writeText(link); } catch { document.execCommand && document.execCommand("copy"); }
      } }));
    } else linkCell.append(el("span", { class: "hint", text: s.claimed ? "taken" : "ask the room's creator" }));
    cells.push(linkCell);
    const act = el("td");
    if (summary.status === "open") {
      if (mine && mine.seat === s.seat) act.append(el("button", { type: "button", class: "secondary", id: "leave-btn", text: "Leave", onclick: leave }));
      else if (!s.claimed && !mine && (link || !summary.private)) {
        act.append(el("button", { type: "button", class: "action", "data-seat": s.seat, text: "Sit here", onclick: () => { joinSeat = s.seat; render(); } }));
      }
    }
    cells.push(act);
    tbody.append(el("tr", { "data-seat": s.seat, class: s.claimed ? "claimed" : "" }, cells));
  }
  const free = summary.seats.filter((s) => !s.claimed).length;
  $("room-status").textContent = summary.status === "open"
    ? `Waiting for ${free} more player${free === 1 ? "" : "s"}: the game starts when every seat is taken.`
    : summary.status === "active" ? "The game is running." : `This game is ${summary.status}.`;
  const form = $("claim-form");
  const target = joinSeat && summary.seats.find((s) => s.seat === joinSeat);
  form.hidden = !(summary.status === "open" && target && !target.claimed && !mine);
  if (!form.hidden) $("claim-title").textContent = `Take the seat: ${SEAT_LABEL[joinSeat]}`;
  $("join-note").textContent = joinNote(mine, target);
  $("join-note").hidden = !$("join-note").textContent;
  if (summary.status !== "open" && mine && (!joinSeat || joinSeat === mine.seat)) location.href = `/games/${encodeURIComponent(gid)}/table`;
}

/** Why an invite link opened here cannot be used (it would otherwise show nothing). */
function joinNote(mine, target) {
  if (!joinSeat) return "";
  if (!target) return `This game has no seat "${joinSeat}".`;
  if (mine && mine.seat === joinSeat) return "";
  if (mine) {
    return `This browser already holds the seat ${SEAT_LABEL[mine.seat]}${mine.name ? ` (as ${mine.name})` : ""} in this game, and a browser `
      + `holds one seat per game. Open the invite for ${SEAT_LABEL[joinSeat]} in another browser or a private window, `
      + (summary.status === "open" ? "or leave your seat first." : "or send it to the player it is meant for.");
  }
  if (target.claimed) return `The seat ${SEAT_LABEL[joinSeat]} is already taken${target.name ? ` by ${target.name}` : ""}.`;
  if (summary.status !== "open") return `This game is ${summary.status}: its seats can no longer be claimed.`;
  return "";
}

async function refresh() {
  try {
    summary = await api(`/api/games/${encodeURIComponent(gid)}`);
    render();
  } catch (e) {
    $("room-error").textContent = e.message;
  }
}

async function leave() {
  const mine = loadSeat(gid);
  if (!mine) return;
  try {
    await api(`/api/games/${encodeURIComponent(gid)}/seats/${mine.seat}`, { method: "DELETE", token: mine.token });
    forgetSeat(gid);
  } catch (e) { $("room-error").textContent = e.message; }
  refresh();
}

$("claim-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("room-error").textContent = "";
  const name = $("claim-name").value.trim();
  if (!name) return;
  const inv = invite || (() => { const all = loadInvites(gid); if (!all || !all[joinSeat]) return null;
    return new URL(all[joinSeat], location.origin).searchParams.get("invite"); })();
  try {
    const tok = await api(`/api/games/${encodeURIComponent(gid)}/seats/${joinSeat}`, { method: "POST", body: { name, invite: inv } });
    saveSeat(gid, { seat: tok.seat, token: tok.token, name });
    refresh();
  } catch (e) { $("room-error").textContent = e.message; }
});

refresh();
setInterval(refresh, 1500);
