// Admin: login (CSRF token kept in sessionStorage) and the game list by status.
import { el, clear, api, prettyText } from "./common.js";
import { logout } from "./admin_session.js";

const $ = (id) => document.getElementById(id);
let status = "active";

async function loadGames() {
  try {
    const games = await api(`/api/admin/games?status=${status}`);
    $("login-panel").hidden = true;
    $("games-panel").hidden = false;
    for (const b of document.querySelectorAll("#status-tabs button")) b.setAttribute("aria-pressed", String(b.dataset.status === status));
    const tbody = clear($("games"));
    if (!games.length) tbody.append(el("tr", {}, el("td", { colspan: 5, class: "hint", text: `No ${status} games.` })));
    for (const g of games) {
      tbody.append(el("tr", { "data-game": g.id },
        el("td", {}, el("a", { href: `/admin/games/${encodeURIComponent(g.id)}`, text: g.id })),
        el("td", { text: g.seats.map((s) => `${s.seat}: ${s.name || "—"}`).join(", ") }),
        el("td", { text: g.day ?? "" }),
        el("td", { text: String(g.version) }),
        el("td", { text: g.result ? `${g.result.winner !== "soviet" ? "Revolutionaries win" : (g.options || {}).ruleset === "zhukov" ? "General Zhukov wins" : "Soviet commander wins"}: ${prettyText(g.result.reason, g.seats)}` : "" })));
    }
  } catch (e) {
    if (e.status === 401) { $("login-panel").hidden = false; $("games-panel").hidden = true; }
    else $("login-error").textContent = e.message;
  }
}

$("login-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("login-error").textContent = "";
  try {
    const r = await api("/api/admin/login", { method: "POST", body: { name: $("admin-name").value.trim(), password: $("admin-password").value } });
    sessionStorage.setItem("doi:csrf", r.csrf);
    loadGames();
  } catch (e) { $("login-error").textContent = e.message; }
});
for (const b of document.querySelectorAll("#status-tabs button")) b.addEventListener("click", () => { status = b.dataset.status; loadGames(); });
// Ask for the games only with a login (the page says so): no 401 in the console of a visitor.
if (document.getElementById("main").dataset.loggedIn === "1") loadGames();
else $("login-panel").hidden = false;
document.getElementById("logout-btn").addEventListener("click", () => logout());
