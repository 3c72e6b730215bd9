"""Cypher for the event log that GraphQL subscriptions read (graph/events.py).

One (:EventCursor {space}) per space holds the last sequence number. An event is appended inside
the transaction that made the change, as its LAST step: incrementing the cursor write-locks it
until commit, so per space the sequence numbers are gap-free and commit in order, and a reader
that saw seq N has seen every event before it. Taking the cursor last (after Space, Participant
and Record locks) keeps the lock order the same in every writer, so no deadlock is added.
"""

from __future__ import annotations

from typing import LiteralString

ENSURE: list[LiteralString] = [
    "CREATE CONSTRAINT event_cursor_space IF NOT EXISTS FOR (c:EventCursor) REQUIRE c.space IS UNIQUE",
    "CREATE INDEX event_space_seq IF NOT EXISTS FOR (e:Event) ON (e.space, e.seq)",
]

APPEND = """
MERGE (c:EventCursor {space: $space})
SET c.seq = coalesce(c.seq, 0) + 1
CREATE (e:Event {space: $space, seq: c.seq, kind: $kind, ids: $ids, prev: $prev, data: $data, at: datetime()})
RETURN e.seq AS seq
"""

# Only the changes that were really written: an Add whose record exists, an Update whose new
# version follows its head (an Update of a head superseded meanwhile writes nothing).
APPEND_RECORDS = """
WITH [c IN $changes WHERE EXISTS {
        MATCH (r:Record {space: $space, id: c.id})
        WHERE c.prev = '' OR EXISTS { MATCH (:Record {space: $space, id: c.prev})-[:SUPERSEDED_BY]->(r) } }
     ] AS done
WHERE size(done) > 0
MERGE (c:EventCursor {space: $space})
SET c.seq = coalesce(c.seq, 0) + 1
CREATE (e:Event {space: $space, seq: c.seq, kind: 'record', ids: [x IN done | x.id],
                 prev: [x IN done | x.prev], data: $data, at: datetime()})
RETURN e.seq AS seq
"""

CURSOR = "OPTIONAL MATCH (c:EventCursor {space: $space}) RETURN coalesce(c.seq, 0) AS seq"

SINCE = """
MATCH (e:Event {space: $space})
WHERE e.seq > $after
RETURN e.seq AS seq, e.kind AS kind, e.ids AS ids, e.prev AS prev, e.data AS data
ORDER BY e.seq
LIMIT $limit
"""

MESSAGES = """
UNWIND $ids AS mid
MATCH (m:Message {space: $space, id: mid})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.time AS time, m.channel AS channel,
       m.session AS session,
       COLLECT { MATCH (m)-[:REPLY_TO]->(t:Message) RETURN t.id } AS reply_to,
       COLLECT { MATCH (m)-[:ADDRESSES]->(p:Participant) RETURN p.id } AS addressees
"""

RECORDS = """
UNWIND $ids AS rid
MATCH (r:Record {space: $space, id: rid})
MATCH (first:Record)-[:SUPERSEDED_BY*0..]->(r)
WHERE NOT EXISTS { MATCH (:Record)-[:SUPERSEDED_BY]->(first) }
MATCH path = (first)-[:SUPERSEDED_BY*0..]->(last:Record)
WHERE NOT EXISTS { MATCH (last)-[:SUPERSEDED_BY]->(:Record) }
RETURN r.id AS id, r.owner AS owner, r.layer AS layer, r.attribute AS attribute, r.value AS value,
       r.content AS content, r.state AS state, [n IN nodes(path) | n.id] AS chain
"""

PRUNE = """
MATCH (e:Event {space: $space})
WHERE e.seq <= $upto
WITH e LIMIT 5000
DELETE e
RETURN count(*) AS deleted
"""

WRITTEN_AT = """
UNWIND $seqs AS n
MATCH (e:Event {space: $space, seq: n})
RETURN e.seq AS seq, e.at AS at
"""
