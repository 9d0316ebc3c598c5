// Admin session: log out (the CSRF token from the login is in sessionStorage).
import { api } from "./common.js";

export async function logout() {
  try {
    await api("/api/admin/logout", { method: "POST", headers: { "X-CSRF-Token": sessionStorage.getItem("doi:csrf") || "" } });
  } catch { /* already logged out */ }
  sessionStorage.removeItem("doi:csrf");
  location.href = "/admin";
}
