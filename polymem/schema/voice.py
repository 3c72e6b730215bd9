"""Migration 3 (voice): find a space's voice participants without scanning every participant."""

from polymem.schema.migrations import register

register(3, "voice: participant kind index for speaker lookup", [
    "CREATE INDEX participant_kind IF NOT EXISTS FOR (p:Participant) ON (p.space, p.kind)",
])
