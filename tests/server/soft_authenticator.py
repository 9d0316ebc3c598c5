"""A software WebAuthn authenticator for the passkey tests: an ES256 key pair per credential,
"none" attestation, answers built byte by byte as an authenticator and a browser would build them
(WebAuthn Level 2, sections 6.1 and 6.5), so the server's real verifier checks them."""
from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40  # user present, user verified, attested credential data included


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Credential:
    rp_id: str
    user_handle: bytes
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    sign_count: int = 0

    def cose_key(self) -> bytes:
        nums = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: nums.x.to_bytes(32, "big"), -3: nums.y.to_bytes(32, "big")})


class SoftAuthenticator:
    """Answers navigator.credentials.create() and .get() for the origin it is given."""

    def __init__(self, origin: str = "http://testserver"):
        self.origin = origin
        self.credentials: list[Credential] = []

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin or self.origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict, origin: str | None = None, rp_id: str | None = None) -> dict:
        """The RegistrationCredential JSON for PublicKeyCredentialCreationOptions JSON."""
        cred = Credential(rp_id or options["rp"]["id"], unb64url(options["user"]["id"]))
        self.credentials.append(cred)
        auth_data = (hashlib.sha256(cred.rp_id.encode()).digest() + bytes([UP | UV | AT])
                     + struct.pack(">I", cred.sign_count) + bytes(16) + struct.pack(">H", len(cred.id)) + cred.id
                     + cred.cose_key())
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {"id": b64url(cred.id), "rawId": b64url(cred.id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client_data), "attestationObject": b64url(attestation)}}

    def get(self, options: dict, cred: Credential | None = None, origin: str | None = None,
            count_step: int = 1, user_handle: bool = True) -> dict:
        """The AuthenticationCredential JSON for PublicKeyCredentialRequestOptions JSON, signed with
        `cred` (default: the last one made); its counter moves on by `count_step`."""
        cred = cred or self.credentials[-1]
        cred.sign_count += count_step
        auth_data = hashlib.sha256(cred.rp_id.encode()).digest() + bytes([UP | UV]) + struct.pack(">I", cred.sign_count)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = cred.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        response = {"clientDataJSON": b64url(client_data), "authenticatorData": b64url(auth_data),
                    "signature": b64url(signature)}
        if user_handle:
            response["userHandle"] = b64url(cred.user_handle)
        return {"id": b64url(cred.id), "rawId": b64url(cred.id), "type": "public-key", "response": response}
