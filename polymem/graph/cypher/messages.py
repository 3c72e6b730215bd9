"""Cypher for System 1: participants, messages and their SPEAKS/ADDRESSES/REPLY_TO/NEXT edges."""

ENSURE_SPACE = """
MERGE (s:Space {id: $space})
ON CREATE SET s.created = datetime(), s.name = coalesce($name, $space)
"""

# (a new person, a first name or a new alias renews the roster stamp; a known speaker sent again does not,
# so a live space keeps its roster cached while messages arrive)
UPSERT_PARTICIPANTS = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Participant {space: $space, id: row.id})
WITH row, old IS NULL OR (old.name IS NULL AND row.name IS NOT NULL)
          OR any(a IN row.aliases WHERE NOT a IN coalesce(old.aliases, [])) AS changed
MERGE (p:Participant {space: $space, id: row.id})
ON CREATE SET p.name = row.name, p.aliases = row.aliases, p.kind = row.kind, p.created = datetime()
ON MATCH SET p.name = coalesce(p.name, row.name),
             p.aliases = reduce(acc = coalesce(p.aliases, []), a IN row.aliases |
                                CASE WHEN a IN acc THEN acc ELSE acc + a END)
WITH max(CASE WHEN changed THEN 1 ELSE 0 END) AS changed
CALL (changed) {
  WITH changed WHERE changed = 1
  MATCH (s:Space {id: $space})
  SET s.roster_at = randomUUID()
}
"""

EXISTING_MESSAGES = """
UNWIND $ids AS id
MATCH (m:Message {space: $space, id: id})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker,
       [(m)-[r:ADDRESSES]->(p:Participant) WHERE r.how <> 'given' | {id: p.id, how: r.how}] AS inferred
"""

# One batch of NEW messages (stored ids filtered out inside the transaction), written as a few
# flat UNWIND statements in one transaction: no per-row subqueries, and CREATE where the
# relationship cannot exist yet because its message is new. Order (seq, NEXT): cypher/order.py.
MERGE_CHANNELS = """
UNWIND $channels AS cid
MERGE (:Channel {space: $space, id: cid})
"""

MERGE_SESSIONS = """
UNWIND $sessions AS sid
MERGE (:Session {space: $space, id: sid})
"""

MERGE_MEMBERSHIP = """
UNWIND $pairs AS pr
MATCH (p:Participant {space: $space, id: pr.speaker})
MATCH (c:Channel {space: $space, id: pr.channel})
MERGE (p)-[:MEMBER_OF]->(c)
"""

# row.embedding arrives packed as int8 bytes (polymem/graph/vectors.py: a 384-byte array in the
# store, read by the vector index as a list of integers); a row without one gets no property. An
# empty reply list is not stored either: an empty string array still takes a 128-byte array record
# (readers coalesce it to []).
CREATE_MESSAGES = """
UNWIND $rows AS row
MATCH (sp:Participant {space: $space, id: row.speaker})
MATCH (c:Channel {space: $space, id: row.channel})
CREATE (m:Message {space: $space, id: row.id, text: row.text, speaker: row.speaker, channel: row.channel,
                   seq: row.seq, space_key: $space_key, ingested: datetime()})
SET m.time = row.time, m.session = row.session, m.captions = row.captions,
    m.attachments = row.attachments, m.source_file = row.source_file,
    m.reply_to_ids = CASE WHEN size(row.reply_to) > 0 THEN row.reply_to END, m.line = row.line, m.meta = row.meta, m.pos = row.pos, m.embedding = row.embedding
CREATE (sp)-[:SPEAKS]->(m)
CREATE (m)-[:IN_CHANNEL]->(c)
WITH m, row WHERE row.session IS NOT NULL
MATCH (s:Session {space: $space, id: row.session})
CREATE (m)-[:IN_SESSION]->(s)
"""

CREATE_ADDRESSES = """
UNWIND $edges AS e
MATCH (m:Message {space: $space, id: e.id})
MATCH (p:Participant {space: $space, id: e.to})
CREATE (m)-[:ADDRESSES {how: e.how, confidence: e.confidence}]->(p)
"""

# A target not stored yet (it comes later in the file, or in another file) marks the message
# reply_pending; LINK_PENDING_REPLIES resolves those at the end of the run.
CREATE_REPLIES = """
UNWIND $pairs AS pr
MATCH (m:Message {space: $space, id: pr.id})
OPTIONAL MATCH (t:Message {space: $space, id: pr.target})
FOREACH (_ IN CASE WHEN t IS NULL THEN [] ELSE [1] END | MERGE (m)-[:REPLY_TO]->(t))
FOREACH (_ IN CASE WHEN t IS NULL THEN [1] ELSE [] END | SET m.reply_pending = true)
"""

# Replies whose target arrived later in the file (or in a later file).
LINK_PENDING_REPLIES = """
MATCH (m:Message {space: $space}) WHERE m.reply_pending = true
UNWIND m.reply_to_ids AS target
OPTIONAL MATCH (t:Message {space: $space, id: target})
WITH m, collect(t) AS found, size(m.reply_to_ids) AS wanted
FOREACH (t IN found | MERGE (m)-[:REPLY_TO]->(t))
SET m.reply_pending = CASE WHEN size(found) < wanted THEN true ELSE null END
RETURN count(m) AS checked
"""

SPACE_STATS = """
MATCH (s:Space {id: $space})
CALL (s) { MATCH (m:Message {space: s.id}) RETURN count(m) AS messages }
CALL (s) { MATCH (p:Participant {space: s.id}) RETURN count(p) AS participants }
CALL (s) { MATCH (c:Channel {space: s.id}) RETURN count(c) AS channels }
CALL (s) { MATCH (x:Session {space: s.id}) RETURN count(x) AS sessions }
CALL (s) { MATCH (:Participant {space: s.id})-[r:SPEAKS]->() RETURN count(r) AS speaks }
CALL (s) { MATCH (:Message {space: s.id})-[r:ADDRESSES]->() RETURN count(r) AS addresses }
CALL (s) { MATCH (:Message {space: s.id})-[r:REPLY_TO]->() RETURN count(r) AS replies }
CALL (s) { MATCH (:Message {space: s.id})-[r:NEXT]->() RETURN count(r) AS next_edges }
RETURN messages, participants, channels, sessions, speaks, addresses, replies, next_edges
"""

LIST_SPACES = "MATCH (s:Space) RETURN s.id AS id, s.name AS name ORDER BY s.id"

# Any change to a space's participants (who, their names, aliases, kind) sets a new stamp, so a
# process may keep the roster it read until the stamp moves (polymem.retrieval.roster_cache).
TOUCH_ROSTER = "MATCH (s:Space {id: $space}) SET s.roster_at = randomUUID()"
ROSTER_STAMP = "MATCH (s:Space {id: $space}) RETURN s.roster_at AS stamp"

ROSTER = """
MATCH (p:Participant {space: $space})
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases, coalesce(p.kind, 'person') AS kind
ORDER BY p.id
"""

# Every node of a space and every relationship leaving one (re-ingest must change neither).
SPACE_TOTALS = """
MATCH (n {space: $space})
OPTIONAL MATCH (n)-[r]->()
RETURN count(DISTINCT n) AS nodes, count(r) AS relationships
"""

SPEAKER_IDS = """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(:Message)
RETURN DISTINCT p.id AS id ORDER BY id
"""

MESSAGE_BY_ID = """
MATCH (m:Message {space: $space, id: $id})
OPTIONAL MATCH (m)-[a:ADDRESSES]->(p:Participant)
OPTIONAL MATCH (m)-[:REPLY_TO]->(t:Message)
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.time AS time, m.channel AS channel,
       m.session AS session, m.seq AS seq, m.captions AS captions, m.meta AS meta, m.line AS line,
       m.embedding IS NOT NULL AS embedded,
       collect(DISTINCT {id: p.id, how: a.how, confidence: a.confidence}) AS addressees,
       collect(DISTINCT t.id) AS reply_to
"""

# A canonical dump of a space's edges, for comparing two ingests of the same data.
SPACE_EDGES = """
MATCH (a {space: $space})-[r]->(b)
RETURN labels(a)[0] AS from_label, a.id AS from_id, type(r) AS type, labels(b)[0] AS to_label,
       b.id AS to_id, r.how AS how
ORDER BY from_label, from_id, type, to_label, to_id
"""

# Inferred (never given) addressees of stored messages, re-derived on a re-run whose context
# changed (a line rejected before is now fixed), so the result equals one clean run.
REPLACE_INFERRED_ADDRESSES = """
UNWIND $rows AS row
MATCH (m:Message {space: $space, id: row.id})
OPTIONAL MATCH (m)-[r:ADDRESSES]->() WHERE r.how <> 'given'
DELETE r
WITH DISTINCT m, row
UNWIND row.edges AS e
MATCH (p:Participant {space: $space, id: e.id})
CREATE (m)-[:ADDRESSES {how: e.how, confidence: e.confidence}]->(p)
"""

# Removing a (benchmark) space in slices, so no transaction holds a million deletions.
# Messages first (found through the (space, id) index), then the few other nodes by scan.
DELETE_MESSAGE_SLICE = """
MATCH (n:Message {space: $space})
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
"""

DELETE_SPACE_SLICE = """
MATCH (n {space: $space})
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
"""

DELETE_SPACE_NODE = "MATCH (s:Space {id: $space}) DETACH DELETE s"

# Migration 14 (schema/vectors.py): rewrite a space's float64 embeddings as float32, a slice of ids
# per transaction in id order (the (space, id) constraint index); returns the slice's last id.
VECTOR_SPACES = """
MATCH (m:Message) WHERE m.embedding IS NOT NULL
RETURN DISTINCT m.space AS space
"""

VECTORS_TO_FLOAT32 = """
MATCH (m:Message {space: $space}) WHERE m.id > $after AND m.embedding IS NOT NULL
  AND valueType(m.embedding) STARTS WITH 'LIST<FLOAT'
WITH m ORDER BY m.id LIMIT $limit
CALL db.create.setNodeVectorProperty(m, 'embedding', m.embedding)
RETURN count(m) AS n, max(m.id) AS last
"""

# Migration 15 (graph/vectors.py): the next slice of a space's float embeddings (float64 lists or
# float32 arrays, as stored before int8), and the packed int8 bytes written in their place.
FLOAT_VECTORS = """
MATCH (m:Message {space: $space}) WHERE m.id > $after AND m.embedding IS NOT NULL
  AND valueType(m.embedding) STARTS WITH 'LIST<FLOAT'
RETURN m.id AS id, m.embedding AS embedding ORDER BY m.id LIMIT $limit
"""

SET_PACKED_VECTORS = """
UNWIND $rows AS row
MATCH (m:Message {space: $space, id: row.id})
SET m.embedding = row.embedding
"""

# Migration 16: empty reply lists written before they were left out (a 128-byte array record each).
DROP_EMPTY_REPLY_LISTS = """
MATCH (m:Message) WHERE m.reply_to_ids = []
WITH m LIMIT $limit
REMOVE m.reply_to_ids
RETURN count(m) AS n
"""
