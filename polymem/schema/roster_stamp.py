"""Migration 17: every space carries a roster stamp (`Space.roster_at`), which every write to its
participants renews, so a process may keep a space's roster until the stamp moves
(polymem.retrieval.roster_cache). Spaces stored before stamps get one here."""

from polymem.schema.migrations import register

register(
    17,
    "a roster stamp on every space",
    ["MATCH (s:Space) WHERE s.roster_at IS NULL SET s.roster_at = randomUUID()"],
)
