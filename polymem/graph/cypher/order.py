"""Cypher for conversation order: the space lock, the stored order around new messages, re-threading.

`seq` is the position of a message in its space's order (by time, then source position); NEXT links
consecutive messages of one channel. Every batch of new messages runs these in one transaction that
first write-locks the Space node, so concurrent writers of a space place their messages one after
the other and never hand out the same seq twice.
"""

# Creates the space on its first write (never before: a failed ingest leaves no empty space) and
# write-locks its node until the transaction ends.
LOCK_SPACE = """
MERGE (s:Space {id: $space})
ON CREATE SET s.created = datetime(), s.name = $space
SET s.last_write = datetime()
"""

STORED = """
UNWIND $ids AS id
MATCH (m:Message {space: $space, id: id})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.seq AS seq
"""

MAX_SEQ = """
MATCH (m:Message {space: $space}) WHERE m.seq IS NOT NULL
RETURN m.seq AS seq ORDER BY m.seq DESC LIMIT 1
"""

# The first stored message at or after a time: where a (late) timed message may have to go.
FIRST_SEQ_FROM = """
MATCH (m:Message {space: $space}) WHERE m.time >= $time
RETURN min(m.seq) AS seq
"""

# The stored suffix of the order that new messages are merged into.
REGION = """
MATCH (m:Message {space: $space}) WHERE m.seq >= $from
RETURN m.id AS id, m.seq AS seq, m.time AS time, m.channel AS channel, m.source_file AS src, m.pos AS pos
ORDER BY m.seq
"""

# For each channel: its last message before the merged suffix (the index on space+channel+seq
# answers it without scanning the channel).
CHANNEL_TAILS = """
UNWIND $channels AS ch
CALL (ch) {
  MATCH (m:Message {space: $space, channel: ch}) WHERE m.seq < $below
  RETURN m.id AS id ORDER BY m.seq DESC LIMIT 1
}
RETURN ch AS channel, id
"""

RESEQ = """
UNWIND $rows AS row
MATCH (m:Message {space: $space, id: row.id})
SET m.seq = row.seq
"""

# NEXT edges that the new order replaces: into stored messages of the merged suffix, and out of
# each channel's last message before it.
UNLINK_INTO = """
UNWIND $ids AS id
MATCH (:Message)-[r:NEXT]->(:Message {space: $space, id: id})
DELETE r
"""

UNLINK_OUT_OF = """
UNWIND $ids AS id
MATCH (:Message {space: $space, id: id})-[r:NEXT]->(:Message)
DELETE r
"""

LINK_NEXT = """
UNWIND $ids AS id
MATCH (:Message {space: $space, id: id})-[r:NEXT]-(o:Message)
WHERE (startNode(r) = o AND id IN $into) OR (endNode(r) = o AND id IN $out_of)
DELETE r
"""

LINK_NEXT = """
UNWIND $pairs AS pr
MATCH (p:Message {space: $space, id: pr.prev})
MATCH (m:Message {space: $space, id: pr.id})
MERGE (p)-[:NEXT]->(m)
"""

# ---- audit: is the order one chain per channel with a monotonic seq? (tests and bench faults) ----
AUDIT_CHANNELS = """
MATCH (m:Message {space: $space})
WITH m.channel AS channel, m,
     EXISTS { (:Message)-[:NEXT]->(m) } AS has_prev, COUNT { (m)-[:NEXT]->() } AS outs
RETURN channel, count(m) AS messages, count(CASE WHEN NOT has_prev THEN 1 END) AS heads,
       count(CASE WHEN outs > 1 THEN 1 END) AS branches
ORDER BY channel
"""

AUDIT_SPACE = """
MATCH (m:Message {space: $space})
WITH count(m) AS messages, count(DISTINCT m.seq) AS seqs, count(m.seq) AS with_seq
OPTIONAL MATCH (a:Message {space: $space})-[:NEXT]->(b:Message)
RETURN messages, messages - seqs AS duplicated_seq, messages - with_seq AS missing_seq, count(b) AS next_edges,
       count(CASE WHEN b.seq <= a.seq THEN 1 END) AS seq_inversions,
       count(CASE WHEN b.time < a.time THEN 1 END) AS time_inversions,
       count(CASE WHEN a.channel <> b.channel THEN 1 END) AS cross_channel
"""
