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
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from polymem.api.ratelimit import RateLimitedError
from polymem.errors import ForbiddenError, InputError
from polymem.graph.apikeys import ApiKeyRepository
from polymem.graph.driver import Graph
from polymem.schema.models import Space

_PREFIX = "pmk_"
ADMIN = "admin"  # the one scope beyond reading and writing a key's spaces
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


# The key's row (polymem.graph.cypher.api.GET_KEY) and, in the same read, which of its spaces
# exist: the space check every resolver makes then costs no second round trip.
EXISTING_MAX = 64
GET_KEY_AND_SPACES = """
MATCH (k:ApiKey {id: $id})
RETURN k.id AS id, k.hash AS hash, k.salt AS salt, k.spaces AS spaces, k.revoked AS revoked,
       coalesce(k.scopes, []) AS scopes,
       CASE WHEN size(coalesce(k.spaces, [])) <= $most
            THEN [s IN coalesce(k.spaces, []) WHERE EXISTS { MATCH (:Space {id: s}) }] END AS existing
"""


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
    scopes: frozenset[str] = field(default_factory=frozenset)  # "admin": may delete its spaces
    # The key's spaces that existed when the key was read for this request (None: not read), so
    # that a resolver need not read the space again; only ever a subset of `spaces`.
    existing: frozenset[str] | None = field(default=None, compare=False)

    def may(self, space: str) -> bool:
        return self.all_spaces or (self.key_id is not None and space in self.spaces)

    def require_admin(self, space: str) -> None:
        """Destructive space operations need a key with the admin scope, and access to the space."""
        self.require(space)
        if not self.all_spaces and ADMIN not in self.scopes:
            raise ForbiddenError("this API key lacks the admin scope (polymem keys create --admin ...)")

    def require(self, space: str) -> None:
        if self.all_spaces:
            return
        if self.key_id is None:
            raise ForbiddenError(self.problem or "an API key is required (Authorization: Bearer <key>)")
        if space not in self.spaces:
            raise ForbiddenError(f"this API key has no access to space {space!r}")


@dataclass
class _Failures:
    """Wrong secrets seen for one existing key id: their sha256 (so a repeated one costs no
    scrypt) and a back-off that grows with each new wrong secret."""

    digests: OrderedDict[str, None] = field(default_factory=OrderedDict)
    count: int = 0
    until: float = 0.0  # time.monotonic() before which no new secret is checked


class KeyManager:
    """Creates, verifies and revokes keys. Verified secrets are remembered (by their sha256) so
    the deliberately slow scrypt runs once per key per process; revocation is still read from
    Neo4j on every request, so it takes effect at once.

    Wrong secrets for an existing key id are remembered too: the same wrong secret again is
    refused without scrypt, and after FREE_FAILURES different wrong secrets each further one
    must wait a back-off (1 s, doubling up to MAX_BACKOFF_S) or is refused with RATE_LIMITED,
    again without scrypt. The key's real secret, once verified in this process, is never
    held up by that back-off."""

    FREE_FAILURES = 3
    MAX_BACKOFF_S = 60.0
    REMEMBERED_FAILURES = 256  # wrong-secret digests kept per key id

    def __init__(self, graph: Graph) -> None:
        self.repo = ApiKeyRepository(graph)
        self._verified: dict[str, str] = {}
        self._failed: dict[str, _Failures] = {}
        self._key_locks: dict[str, threading.Lock] = {}  # existing key ids only, so bounded
        self._lock = threading.Lock()
        self.scrypt_runs = 0  # for tests and metrics

    def create(self, spaces: list[str], label: str | None = None, admin: bool = False) -> tuple[str, str]:
        if not spaces:
            raise InputError("a key needs at least one --space")
        for s in spaces:
            Space(id=s)
        key_id = secrets.token_hex(6)
        secret = secrets.token_urlsafe(32)
        salt = os.urandom(16)
        self.repo.create(key_id, _hash(secret, salt), salt.hex(), sorted(set(spaces)), label,
                         [ADMIN] if admin else [])
        return key_id, f"{_PREFIX}{key_id}_{secret}"

    def revoke(self, key_id: str) -> bool:
        return self.repo.revoke(key_id)

    def list(self) -> list[dict]:
        return self.repo.list()

    def verify(self, token: str | None, spaces: bool = False) -> Principal:
        """The principal of a token. With `spaces`, the same read also says which of the key's
        spaces exist (Principal.existing; for keys with at most EXISTING_MAX spaces), for one
        request: a long-lived principal (a WebSocket) must not use it."""
        if not auth_enabled():
            return Principal(key_id=None, all_spaces=True)
        if not token:
            return Principal(key_id=None)
        parts = token.strip().split("_", 2)
        if len(parts) != 3 or parts[0] + "_" != _PREFIX or not parts[1] or not parts[2]:
            return Principal(key_id=None, problem="malformed API key")
        key_id, secret = parts[1], parts[2]
        if spaces:
            rows = self.repo.graph.read(GET_KEY_AND_SPACES, id=key_id, most=EXISTING_MAX)
            row = rows[0] if rows else None
        else:
            row = self.repo.get(key_id)
        if row is None or row.get("revoked"):
            return Principal(key_id=None, problem="unknown or revoked API key")
        digest = hashlib.sha256(secret.encode("utf-8")).hexdigest()
        if not self._is_verified(key_id, digest):
            with self._key_lock(key_id):  # one scrypt at a time per key id
                if not self._is_verified(key_id, digest):  # a parallel request may have verified it
                    if self._known_bad(key_id, digest):
                        return Principal(key_id=None, problem="unknown or revoked API key")
                    self.scrypt_runs += 1
                    if not hmac.compare_digest(_hash(secret, bytes.fromhex(row["salt"])), row["hash"]):
                        self._record_failure(key_id, digest)
                        return Principal(key_id=None, problem="unknown or revoked API key")
                    with self._lock:
                        self._verified[key_id] = digest
                        self._failed.pop(key_id, None)
        existing = row.get("existing")
        return Principal(key_id=key_id, spaces=frozenset(row.get("spaces") or []),
                         scopes=frozenset(row.get("scopes") or []),
                         existing=None if existing is None else frozenset(existing))

    def _is_verified(self, key_id: str, digest: str) -> bool:
        with self._lock:
            cached = self._verified.get(key_id)
        return cached is not None and hmac.compare_digest(cached, digest)

    def _key_lock(self, key_id: str) -> threading.Lock:
        with self._lock:
            return self._key_locks.setdefault(key_id, threading.Lock())

    def _known_bad(self, key_id: str, digest: str) -> bool:
        """True for a secret already found wrong; RateLimitedError for a new one during back-off.
        Neither runs scrypt."""
        with self._lock:
            f = self._failed.get(key_id)
            if f is None:
                return False
            if digest in f.digests:
                f.digests.move_to_end(digest)
                return True
            wait = f.until - time.monotonic()
        if wait > 0:
            raise RateLimitedError(f"too many wrong secrets for API key {key_id}; retry in {wait:.0f} s", wait)
        return False

    def _record_failure(self, key_id: str, digest: str) -> None:
        with self._lock:
            f = self._failed.setdefault(key_id, _Failures())
            f.digests[digest] = None
            while len(f.digests) > self.REMEMBERED_FAILURES:
                f.digests.popitem(last=False)
            f.count += 1
            if f.count >= self.FREE_FAILURES:
                backoff = min(self.MAX_BACKOFF_S, 2.0 ** (f.count - self.FREE_FAILURES))
                f.until = time.monotonic() + backoff


def bearer(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else header.strip()
