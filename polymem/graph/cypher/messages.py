"""Cypher for System 1: participants, messages and their SPEAKS/ADDRESSES/REPLY_TO/NEXT edges."""

ENSURE_SPACE = """
MERGE (s:Space {id: $space})
ON CREATE SET s.created = datetime(), s.name = coalesce($name, $space)
"""

UPSERT_PARTICIPANTS = """
UNWIND $rows AS row
MERGE (p:Participant {space: $space, id: row.id})
ON CREATE SET p.name = row.name, p.aliases = row.aliases, p.kind = row.kind, p.created = datetime()
ON MATCH SET p.name = coalesce(p.name, row.name),
             p.aliases = reduce(acc = coalesce(p.aliases, []), a IN row.aliases |
                                CASE WHEN a IN acc THEN acc ELSE acc + a END)
"""

EXISTING_MESSAGES = """
UNWIND $ids AS id
MATCH (m:Message {space: $space, id: id})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker
"""

# One batch of new messages: node, speaker, channel, session, addressees, order, replies.
CREATE_MESSAGES = """
UNWIND $rows AS row
MERGE (m:Message {space: $space, id: row.id})
ON CREATE SET m.text = row.text, m.speaker = row.speaker, m.time = row.time, m.channel = row.channel,
              m.session = row.session, m.seq = row.seq, m.space_key = $space_key,
              m.embedding = row.embedding, m.captions = row.captions, m.attachments = row.attachments,
              m.reply_to_ids = row.reply_to, m.source_file = row.source_file, m.line = row.line,
              m.meta = row.meta, m.ingested = datetime()
WITH m, row
MATCH (sp:Participant {space: $space, id: row.speaker})
MERGE (sp)-[:SPEAKS]->(m)
MERGE (c:Channel {space: $space, id: row.channel})
MERGE (m)-[:IN_CHANNEL]->(c)
MERGE (sp)-[:MEMBER_OF]->(c)
FOREACH (_ IN CASE WHEN row.session IS NULL THEN [] ELSE [1] END |
  MERGE (s:Session {space: $space, id: row.session})
  MERGE (m)-[:IN_SESSION]->(s))
WITH m, row
CALL (m, row) {
  UNWIND row.addressees AS a
  MATCH (ap:Participant {space: $space, id: a.id})
  MERGE (m)-[r:ADDRESSES]->(ap)
  ON CREATE SET r.how = a.how, r.confidence = a.confidence
}
CALL (m, row) {
  WITH m, row WHERE row.prev IS NOT NULL
  MATCH (p:Message {space: $space, id: row.prev})
  MERGE (p)-[:NEXT]->(m)
}
CALL (m, row) {
  UNWIND row.reply_to AS target
  OPTIONAL MATCH (t:Message {space: $space, id: target})
  WITH m, target, t
  FOREACH (_ IN CASE WHEN t IS NULL THEN [] ELSE [1] END | MERGE (m)-[:REPLY_TO]->(t))
  WITH m, count(t) AS found, count(target) AS wanted
  SET m.reply_pending = CASE WHEN found < wanted THEN true ELSE null END
}
RETURN count(m) AS written
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

ROSTER = """
MATCH (p:Participant {space: $space})
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases, coalesce(p.kind, 'person') AS kind
ORDER BY p.id
"""
