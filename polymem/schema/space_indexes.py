"""Migration 6: a plain index on `space` for the big labels, so per-space scans and deletes
(tests, forget, drop_space, analytics) seek instead of scanning every node of the label."""

from polymem.schema.migrations import register

register(
    6,
    "per-label space indexes",
    [
        "CREATE INDEX message_space IF NOT EXISTS FOR (n:Message) ON (n.space)",
        "CREATE INDEX participant_space IF NOT EXISTS FOR (n:Participant) ON (n.space)",
        "CREATE INDEX record_space IF NOT EXISTS FOR (n:Record) ON (n.space)",
        "CREATE INDEX channel_space IF NOT EXISTS FOR (n:Channel) ON (n.space)",
        "CREATE INDEX session_space IF NOT EXISTS FOR (n:Session) ON (n.space)",
    ],
)
