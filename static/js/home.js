// Lobby: create a room, list open rooms and live games.
import { el, clear, api, saveInvites, SEAT_LABEL } from "./common.js";
import { readBots, startPlaying } from "./solo.js";
import "./my_games.js";

const form = document.getElementById("create-form");

function readOptions() {
  const options = {};
  for (const node of form.querySelectorAll("[data-option]")) {
    const name = node.dataset.option, kind = node.dataset.kind;
    if (node.closest(".option")?.hidden) continue;  // an option of the other ruleset
    if (kind === "choice") { if (node.value) options[name] = node.value; }
    else if (kind === "bool") { if (node.checked) options[name] = true; }
    else if (kind === "int") { const v = parseInt(node.value, 10); if (v) options[name] = v; }
    else if (kind === "dict") {
      const m = {};
      for (const s of node.querySelectorAll("select")) if (s.value) m[s.dataset.seat] = s.value;
      if (Object.keys(m).length) options[name] = m;
    } else if (kind === "list") {
      const l = [...node.querySelectorAll("input:checked")].map((i) => i.value);
      if (l.length) options[name] = l;
    }
  }
  return options;
}

function ruleset() { return form.querySelector("input[name=ruleset]:checked").value; }

// The Zhukov ruleset has no Soviet seat, up to 4 Revolutionaries and its own options.
function showRuleset() {
  const zhukov = ruleset() === "zhukov";
  for (const node of form.querySelectorAll("[data-zhukov-only]")) node.hidden = !zhukov;
  for (const node of form.querySelectorAll(".option")) node.hidden = !node.dataset.rulesets.split(" ").includes(ruleset());
  const soviet = form.querySelector('.seat-player[data-seat="soviet"]');
  if (soviet) soviet.hidden = zhukov;
  const four = form.querySelector("input[name=revolutionaries][value='4']");
  if (!zhukov && four.checked) form.querySelector("input[name=revolutionaries][value='3']").checked = true;
  document.getElementById("ruleset-hint").textContent = zhukov
    ? "No Soviet player: the General Zhukov deck commands the Soviet side." : "One Soviet commander plays against the Revolutionaries.";
  form.querySelector("input[name=revolutionaries]:checked").dispatchEvent(new Event("change", { bubbles: true }));
  if (soviet) soviet.hidden = zhukov;
}
for (const r of form.querySelectorAll("input[name=ruleset]")) r.addEventListener("change", showRuleset);
showRuleset();

function readPace() {
  const mode = (form.querySelector("input[name=pace]:checked") || {}).value || "live";
  if (mode === "clock") return { mode, minutes: parseInt(document.getElementById("pace-minutes").value, 10) || 30 };
  if (mode === "correspondence") return { mode, hours: parseInt(document.getElementById("pace-hours").value, 10) || 24 };
  return { mode: "live" };
}

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const revolutionaries = parseInt(form.querySelector("input[name=revolutionaries]:checked").value, 10);
  const body = { revolutionaries, ruleset: ruleset(), private: document.getElementById("private").checked,
                 options: readOptions(), bots: readBots(form, revolutionaries), pace: readPace(),
                 bot_pace: document.getElementById("bot-pace").value };
  const webhook = document.getElementById("webhook").value.trim();
  if (webhook) body.webhook = webhook;
  try {
    const created = await api("/api/games", { method: "POST", body });
    saveInvites(created.id, created.invites);
    // Every seat is a bot but one: take it and sit down at the table at once.
    if (Object.keys(created.invites).length <= 1) { await startPlaying(created); return; }
    location.href = `/games/${encodeURIComponent(created.id)}`;
  } catch (e) {
    err.textContent = e.message;
  }
});

function roomItem(g, live) {
  const free = g.seats.filter((s) => !s.claimed).map((s) => SEAT_LABEL[s.seat]);
  const names = g.seats.filter((s) => s.claimed).map((s) => s.name);
  const href = live ? `/games/${encodeURIComponent(g.id)}/table` : `/games/${encodeURIComponent(g.id)}`;
  // The whole row is the link (not only its title): a tap anywhere on it opens the room or the table.
  return el("li", { class: "room" }, el("a", { href, class: "room-link", "data-game": g.id },
    el("span", { class: "room-title", text: `${g.revolutionaries} Revolutionary player${g.revolutionaries > 1 ? "s" : ""} vs ${(g.options || {}).ruleset === "zhukov" ? "General Zhukov" : "the Soviet commander"}` }),
    el("span", { class: "hint", text: live ? `${g.day ? ` · day ${g.day}` : ""} · ${names.join(", ")}`
                                           : ` · ${free.length ? "free: " + free.join(", ") : "full"}${names.length ? " · seated: " + names.join(", ") : ""}` }),
    Object.keys(g.options || {}).length ? el("span", { class: "tag", text: "options" }) : null,
    el("span", { class: "room-go", "aria-hidden": "true", text: live ? "Watch ›" : "Open ›" })));
}

async function refresh() {
  for (const [status, id] of [["open", "open-rooms"], ["active", "live-rooms"]]) {
    const ul = document.getElementById(id);
    try {
      const games = await api(`/api/games?status=${status}`);
      clear(ul);
      if (!games.length) ul.append(el("li", { class: "hint", text: status === "open" ? "No open rooms: start one." : "No live games right now." }));
      for (const g of games) ul.append(roomItem(g, status === "active"));
    } catch (e) {
      clear(ul).append(el("li", { class: "error", text: e.message }));
    }
  }
}
refresh();
setInterval(refresh, 5000);
