"""Cypher for System 2: records, their OWNER/SOURCE/DERIVED_FROM/SUPERSEDED_BY/INVOLVES/RELATED_TO edges,
head (current) and full (history) reads, and the Writer's per-message processed flags.

The layer label cannot be a parameter, so each write exists once per layer (labels are constants
from a fixed set; user values are always parameters).
"""

from typing import LiteralString

ENSURE_GROUP = """
MERGE (g:Group {space: $space, id: $group})
ON CREATE SET g.name = $name, g.created = datetime()
"""

# Columns every record read returns (the embedding is left out: it is large and not for display).
_RECORD_COLUMNS = """
r.id AS id, r.content AS content, r.scope AS scope, r.layer AS layer, r.event AS event,
r.attribute AS attribute, r.value AS value, toString(r.time) AS time, r.state AS state,
r.version AS version, r.source AS source, r.owner AS owner, r.speaker AS speaker,
coalesce(r.addressees, []) AS addressees, r.writer AS writer,
COLLECT { MATCH (r)-[:DERIVED_FROM]->(m:Message) RETURN m.id ORDER BY m.seq } AS from_ids,
COLLECT { MATCH (r)-[:INVOLVES]->(p:Participant) RETURN p.id ORDER BY p.id } AS involves,
head(COLLECT { MATCH (r)-[:SUPERSEDED_BY]->(n:Record) RETURN n.id }) AS superseded_by
"""

_ADD_TAIL = """
OPTIONAL MATCH (op:Participant {space: $space, id: $owner})
OPTIONAL MATCH (og:Group {space: $space, id: $owner})
OPTIONAL MATCH (sp:Participant {space: $space, id: $source})
OPTIONAL MATCH (sg:Group {space: $space, id: $source})
WITH r, coalesce(op, og) AS own, coalesce(sp, sg) AS src
CALL (r, own) { WITH r, own WHERE own IS NOT NULL MERGE (r)-[:OWNER]->(own) }
CALL (r, src) { WITH r, src WHERE src IS NOT NULL MERGE (r)-[:SOURCE]->(src) }
CALL (r) { UNWIND $from_ids AS mid MATCH (m:Message {space: $space, id: mid}) MERGE (r)-[:DERIVED_FROM]->(m) }
CALL (r) { UNWIND $involves AS pid MATCH (p:Participant {space: $space, id: pid}) MERGE (r)-[:INVOLVES]->(p) }
CALL (r) { UNWIND $related AS rid MATCH (x:Record {space: $space, id: rid}) WHERE x <> r
           MERGE (r)-[:RELATED_TO]->(x) }
RETURN r.id AS id
"""

_ADD_HEAD = """
MERGE (r:Record:{label} {{space: $space, id: $id}})
ON CREATE SET r += $props, r.time = $time, r.created = datetime(), r.space_key = $space_key,
              r.state = 'current', r.version = 1
WITH r
"""


def _add(label: str) -> LiteralString:
    return _ADD_HEAD.format(label=label) + _ADD_TAIL  # type: ignore[return-value]


ADD_RECORD: dict[str, LiteralString] = {layer: _add(layer) for layer in ("Core", "Profile", "Interaction", "Insight")}

# Update in ONE statement (one transaction): only a current head can be superseded, so two
# writers racing on the same head cannot both append; zero rows back means nothing was written.
_UPDATE = """
MATCH (old:Record {{space: $space, id: $entry_id}}) WHERE old.state = 'current'
MATCH (old)-[:OWNER]->(own)
OPTIONAL MATCH (old)-[:SOURCE]->(oldsrc)
OPTIONAL MATCH (sp:Participant {{space: $space, id: $source}})
WITH old, own, coalesce(sp, oldsrc) AS src
CREATE (r:Record:{label} {{space: $space, id: $id}})
SET r += $props, r.time = $time, r.created = datetime(), r.space_key = $space_key,
    r.state = 'current', r.version = coalesce(old.version, 1) + 1,
    r.scope = old.scope, r.layer = old.layer, r.event = old.event, r.attribute = old.attribute,
    r.owner = old.owner, r.source = coalesce(src.id, old.source)
SET old.state = 'superseded', old.superseded_at = datetime()
MERGE (old)-[:SUPERSEDED_BY]->(r)
MERGE (r)-[:OWNER]->(own)
WITH r, src
CALL (r, src) {{ WITH r, src WHERE src IS NOT NULL MERGE (r)-[:SOURCE]->(src) }}
CALL (r) {{ UNWIND $from_ids AS mid MATCH (m:Message {{space: $space, id: mid}}) MERGE (r)-[:DERIVED_FROM]->(m) }}
CALL (r) {{ UNWIND $involves AS pid MATCH (p:Participant {{space: $space, id: pid}}) MERGE (r)-[:INVOLVES]->(p) }}
RETURN r.id AS id
"""

UPDATE_RECORD: dict[str, LiteralString] = {
    layer: _UPDATE.format(label=layer) for layer in ("Core", "Profile", "Interaction", "Insight")  # type: ignore[misc]
}

GET_RECORDS = """
UNWIND $ids AS rid
MATCH (r:Record {space: $space, id: rid})
RETURN """ + _RECORD_COLUMNS

# Heads: the current version of every chain, optionally narrowed to owners / event / layer / attribute.
HEADS = """
MATCH (r:Record {space: $space, state: 'current'})
WHERE ($owners IS NULL OR r.owner IN $owners) AND ($event IS NULL OR r.event = $event)
  AND ($layer IS NULL OR r.layer = $layer) AND ($attribute IS NULL OR r.attribute = $attribute)
RETURN """ + _RECORD_COLUMNS + """
ORDER BY owner, event, time
"""

# The Writer's heads: only the owners of a window, without add-only attributes it never compares.
WRITER_HEADS = """
UNWIND $owners AS o
MATCH (r:Record {space: $space, owner: o})
WHERE r.state = 'current' AND NOT coalesce(r.attribute, '') IN $skip
RETURN """ + _RECORD_COLUMNS + """
ORDER BY owner, event, time
"""

# Every version (full history) for an owner, optionally one event or layer, oldest first.
RECORDS = """
MATCH (r:Record {space: $space})
WHERE ($owner IS NULL OR r.owner = $owner) AND ($event IS NULL OR r.event = $event)
  AND ($layer IS NULL OR r.layer = $layer) AND ($state IS NULL OR r.state = $state)
RETURN """ + _RECORD_COLUMNS + """
ORDER BY owner, event, time, version
LIMIT $limit
"""

# The whole chain through one record, first version first, with the messages each came from.
CHAIN = """
MATCH (x:Record {space: $space, id: $id})
MATCH (first:Record)-[:SUPERSEDED_BY*0..]->(x)
WHERE NOT EXISTS { MATCH (:Record)-[:SUPERSEDED_BY]->(first) }
MATCH path = (first)-[:SUPERSEDED_BY*0..]->(r:Record)
WITH r, length(path) AS position
RETURN position, """ + _RECORD_COLUMNS + """,
  COLLECT { MATCH (r)-[:DERIVED_FROM]->(m:Message)
            RETURN {id: m.id, text: m.text, speaker: m.speaker, time: toString(m.time)} ORDER BY m.seq } AS messages
ORDER BY position
"""

RECORD_COUNTS = """
MATCH (r:Record {space: $space})
RETURN r.layer AS layer, r.state AS state, count(*) AS n ORDER BY layer, state
"""

EXISTING_IDS = """
UNWIND $ids AS rid
MATCH (r:Record {space: $space, id: rid})
RETURN r.id AS id, r.state AS state, r.owner AS owner, r.layer AS layer, r.source AS source
"""

# The message stream a Writer walks, in conversation order, with the System 1 edges it needs.
MESSAGES_FOR_WRITER = """
MATCH (m:Message {space: $space})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, toString(m.time) AS time, m.channel AS channel,
       m.session AS session, m.seq AS seq, coalesce(m.reply_to_ids, []) AS reply_to,
       $writer IN coalesce(m.writer_done, []) AS done,
       COLLECT { MATCH (m)-[a:ADDRESSES]->(p:Participant) RETURN p.id ORDER BY a.confidence DESC } AS addressees,
       head(COLLECT { MATCH (m)-[:REPLY_TO]->(t:Message) RETURN t.speaker }) AS reply_speaker
ORDER BY m.seq, m.time, m.id
"""

MARK_PROCESSED = """
UNWIND $ids AS mid
MATCH (m:Message {space: $space, id: mid})
WHERE NOT $writer IN coalesce(m.writer_done, [])
SET m.writer_done = coalesce(m.writer_done, []) + $writer
"""

UNPROCESSED_COUNT = """
OPTIONAL MATCH (s:Space {id: $space})
CALL (s) { MATCH (m:Message {space: $space}) WHERE NOT $writer IN coalesce(m.writer_done, []) RETURN count(m) AS n }
RETURN s IS NOT NULL AS exists, n
"""


# The stored vectors of some messages (a fact record restating one message reuses its vector).
MESSAGE_VECTORS = """
MATCH (m:Message {space: $space}) WHERE m.id IN $ids AND m.embedding IS NOT NULL
RETURN m.id AS id, m.embedding AS embedding
"""
