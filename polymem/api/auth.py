"""API keys scoped to spaces. Format `pmk_<id>_<secret>`; only scrypt(secret, salt) is stored.

A key for space A can never read or write space B: every resolver that takes a space calls
`Principal.require(space)` before touching the graph.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
from dataclasses import dataclass, field

from polymem.errors import ForbiddenError, InputError
from polymem.graph.apikeys import ApiKeyRepository
from polymem.graph.driver import Graph
from polymem.schema.models import Space

_PREFIX = "pmk_"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def _hash(secret: str, salt: bytes) -> str:
    return hashlib.scrypt(secret.encode("utf-8"), salt=salt, **_SCRYPT).hex()


def auth_enabled() -> bool:
    # Off only when asked for explicitly (local demos); any other value keeps auth on.
    return os.environ.get("POLYMEM_API_AUTH", "on").strip().lower() not in ("off", "0", "false", "no")


@dataclass(frozen=True)
class Principal:
    key_id: str | None
    spaces: frozenset[str] = field(default_factory=frozenset)
    all_spaces: bool = False  # auth switched off
    problem: str | None = None  # why there is no usable key, for the error message

    def require(self, space: str) -> None:
        if self.all_spaces:
            return
        if self.key_id is None:
            raise ForbiddenError(self.problem or "an API key is required (Authorization: Bearer <key>)")
        if space not in self.spaces:
            raise ForbiddenError(f"this API key has no access to space {space!r}")


class KeyManager:
    """Creates, verifies and revokes keys. Verified secrets are remembered (by their sha256) so
    the deliberately slow scrypt runs once per key per process; revocation is still read from
    Neo4j on every request, so it takes effect at once."""

    def __init__(self, graph: Graph) -> None:
        self.repo = ApiKeyRepository(graph)
        self._verified: dict[str, str] = {}
        self._lock = threading.Lock()

    def create(self, spaces: list[str], label: str | None = None) -> tuple[str, str]:
        if not spaces:
            raise InputError("a key needs at least one --space")
        for s in spaces:
            Space(id=s)
        key_id = secrets.token_hex(6)
        secret = secrets.token_urlsafe(32)
        salt = os.urandom(16)
        self.repo.create(key_id, _hash(secret, salt), salt.hex(), sorted(set(spaces)), label)
        return key_id, f"{_PREFIX}{key_id}_{secret}"

    def revoke(self, key_id: str) -> bool:
        return self.repo.revoke(key_id)

    def list(self) -> list[dict]:
        return self.repo.list()

    def verify(self, token: str | None) -> Principal:
        if not auth_enabled():
            return Principal(key_id=None, all_spaces=True)
        if not token:
            return Principal(key_id=None)
        parts = token.strip().split("_", 2)
        if len(parts) != 3 or parts[0] + "_" != _PREFIX or not parts[1] or not parts[2]:
            return Principal(key_id=None, problem="malformed API key")
        key_id, secret = parts[1], parts[2]
        row = self.repo.get(key_id)
        if row is None or row.get("revoked"):
            return Principal(key_id=None, problem="unknown or revoked API key")
        digest = hashlib.sha256(secret.encode("utf-8")).hexdigest()
        with self._lock:
            cached = self._verified.get(key_id)
        if cached is None or not hmac.compare_digest(cached, digest):
            if not hmac.compare_digest(_hash(secret, bytes.fromhex(row["salt"])), row["hash"]):
                return Principal(key_id=None, problem="unknown or revoked API key")
            with self._lock:
                self._verified[key_id] = digest
        return Principal(key_id=key_id, spaces=frozenset(row.get("spaces") or []))


def bearer(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else header.strip()
