// The top bar's account entry: "Sign in", or the name of the account this browser is signed in as.
import { api } from "./common.js";

const link = document.getElementById("account-link");
if (link) {
  api("/api/session").then((who) => {
    if (who && who.name) {
      link.textContent = who.name;
      link.title = "Your account";
      link.classList.add("signed-in");
    }
  }).catch(() => { /* the link still leads to the account page */ });
}
