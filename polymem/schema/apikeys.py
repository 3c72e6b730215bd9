"""API keys (migration 4): (:ApiKey {id, hash, salt, spaces, created, revoked}), id unique.

Only a salted scrypt hash of the secret is stored; the plaintext is shown once at creation.
"""

from __future__ import annotations

from polymem.schema.migrations import register

register(
    4,
    "API keys: key ids unique",
    ["CREATE CONSTRAINT apikey_id IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.id IS UNIQUE"],
)
