// /account/reset?token=...: the mailed link that sets a new password. The token is read once and
// taken out of the address bar (no history entry, no bookmark keeps it); it goes to the server in
// the request's body only.
import { api } from "./common.js";

const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get("token") || "";
history.replaceState(null, "", location.pathname);

if (!token) {
  $("reset-error").textContent = "This page needs the link from your mail: open it again, or ask for a new one on the account page.";
  $("reset-btn").disabled = true;
}

$("reset-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const password = $("reset-password").value;
  if (password !== $("reset-again").value) { $("reset-error").textContent = "The two passwords differ."; return; }
  $("reset-error").textContent = "";
  $("reset-btn").disabled = true;
  try {
    const s = await api("/api/accounts/reset/confirm", { method: "POST", body: { token, password } });
    $("reset-form").hidden = true;
    $("reset-done").hidden = false;
    const link = $("account-link");
    if (link) link.textContent = s.account.name;
  } catch (err) {
    const first = err.data && Array.isArray(err.data.errors) ? err.data.errors[0] : null;
    $("reset-error").textContent = first && first.loc.includes("password")
      ? `Password: ${String(first.msg).replace(/^Value error, /, "").toLowerCase()}.` : err.message;
    $("reset-btn").disabled = false;
  }
});
