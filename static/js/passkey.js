// Passkeys in the browser: the server's WebAuthn options (JSON, byte strings in base64url) turned
// into what navigator.credentials takes, and the authenticator's answer turned back into JSON.

export function passkeysSupported() {
  return !!(window.PublicKeyCredential && navigator.credentials && window.isSecureContext);
}

function fromB64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function toB64url(buffer) {
  let s = "";
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const descriptors = (list) => (list || []).map((c) => ({ ...c, id: fromB64url(c.id) }));

/** navigator.credentials.create() for the server's creation options; the answer as JSON. */
export async function createPasskey(options) {
  const publicKey = { ...options, challenge: fromB64url(options.challenge),
                      user: { ...options.user, id: fromB64url(options.user.id) },
                      excludeCredentials: descriptors(options.excludeCredentials) };
  const cred = await navigator.credentials.create({ publicKey });
  return { id: cred.id, rawId: toB64url(cred.rawId), type: cred.type,
           response: { clientDataJSON: toB64url(cred.response.clientDataJSON),
                       attestationObject: toB64url(cred.response.attestationObject) } };
}

/** navigator.credentials.get() for the server's request options; the answer as JSON. */
export async function usePasskey(options) {
  const publicKey = { ...options, challenge: fromB64url(options.challenge),
                      allowCredentials: descriptors(options.allowCredentials) };
  const cred = await navigator.credentials.get({ publicKey });
  const r = cred.response;
  return { id: cred.id, rawId: toB64url(cred.rawId), type: cred.type,
           response: { clientDataJSON: toB64url(r.clientDataJSON), authenticatorData: toB64url(r.authenticatorData),
                       signature: toB64url(r.signature), userHandle: r.userHandle ? toB64url(r.userHandle) : null } };
}

/** What to tell a person when the browser's passkey dialog did not give an answer. */
export function passkeyProblem(err) {
  if (err && err.name === "NotAllowedError") return "The passkey request was cancelled or timed out.";
  if (err && err.name === "InvalidStateError") return "This device already holds a passkey for your account.";
  if (err && err.name === "SecurityError") return "Passkeys do not work at this address (it must be the site's own, over HTTPS).";
  return (err && err.message) || "The passkey did not work.";
}
