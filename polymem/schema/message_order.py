"""Migration 13: an index on (space, channel, seq), so a channel's last message before a position
(where a new message is threaded onto its NEXT chain) is one index seek, not a channel scan."""

from polymem.schema.migrations import register

register(
    13,
    "message order: per-channel seq index",
    ["CREATE INDEX message_channel_seq IF NOT EXISTS FOR (m:Message) ON (m.space, m.channel, m.seq)"],
)
