"""Cypher for forgetting a participant (polymem.graph.forget). All run in one transaction."""

FORGET_FIND = """
OPTIONAL MATCH (p:Participant {space: $space, id: $pid})
CALL () {
  MATCH (m:Message {space: $space}) WHERE m.speaker = $pid
  RETURN collect(m.id) AS messages
}
RETURN p IS NOT NULL AS exists, messages
"""

# Every record touching the participant, with how much of its provenance is theirs.
FORGET_RECORDS = """
MATCH (r:Record {space: $space})
WHERE r.owner = $pid OR r.source = $pid OR r.speaker = $pid OR $pid IN coalesce(r.addressees, [])
   OR EXISTS { (r)-[:DERIVED_FROM]->(:Message {space: $space, speaker: $pid}) }
   OR EXISTS { (r)-[:SOURCE|OWNER|INVOLVES]->(:Participant {space: $space, id: $pid}) }
OPTIONAL MATCH (r)-[:DERIVED_FROM]->(m:Message)
WITH r, count(m) AS total, count(CASE WHEN m.speaker = $pid THEN 1 END) AS mine
RETURN r.id AS id, r.owner AS owner, r.source AS source, total, mine
"""

# Keep conversation order walkable: link each kept message to the next kept one across a gap.
FORGET_RELINK_NEXT = """
MATCH (a:Message {space: $space})-[:NEXT]->(d:Message {space: $space})
WHERE NOT a.id IN $ids AND d.id IN $ids
MATCH path = (d)-[:NEXT*0..]->(x:Message)-[:NEXT]->(b:Message)
WHERE NOT b.id IN $ids AND all(n IN nodes(path)[..-1] WHERE n.id IN $ids)
MERGE (a)-[:NEXT]->(b)
"""

# Version chains: bridge over removed versions; a version left without successor is head again.
FORGET_RELINK_VERSIONS = """
MATCH (a:Record {space: $space})-[:SUPERSEDED_BY]->(d:Record {space: $space})
WHERE NOT a.id IN $ids AND d.id IN $ids
OPTIONAL MATCH path = (d)-[:SUPERSEDED_BY*0..]->(x:Record)-[:SUPERSEDED_BY]->(b:Record)
WHERE NOT b.id IN $ids AND all(n IN nodes(path)[..-1] WHERE n.id IN $ids)
FOREACH (_ IN CASE WHEN b IS NULL THEN [] ELSE [1] END | MERGE (a)-[:SUPERSEDED_BY]->(b))
WITH a, b WHERE b IS NULL
SET a.state = 'current', a.restored_after_forget = true
RETURN collect(a.id) AS restored
"""

FORGET_FLAG_RECORDS = """
UNWIND $ids AS id
MATCH (r:Record {space: $space, id: id})
OPTIONAL MATCH (r)-[e:SOURCE|OWNER|INVOLVES]->(:Participant {space: $space, id: $pid})
DELETE e
WITH DISTINCT r
SET r.state_before_review = coalesce(r.state_before_review, r.state), r.state = 'needs_review',
    r.review_reason = 'rests partly on messages of a forgotten participant',
    r.source = CASE WHEN r.source = $pid THEN null ELSE r.source END,
    r.speaker = CASE WHEN r.speaker = $pid THEN null ELSE r.speaker END,
    r.addressees = [a IN coalesce(r.addressees, []) WHERE a <> $pid]
"""

FORGET_REPLY_IDS = """
MATCH (m:Message {space: $space})
WHERE any(t IN coalesce(m.reply_to_ids, []) WHERE t IN $ids)
SET m.reply_to_ids = [t IN m.reply_to_ids WHERE NOT t IN $ids]
"""

FORGET_DELETE_RECORDS = """
UNWIND $ids AS id
MATCH (r:Record {space: $space, id: id})
DETACH DELETE r
"""

FORGET_DELETE_MESSAGES = """
UNWIND $ids AS id
MATCH (m:Message {space: $space, id: id})
DETACH DELETE m
"""

FORGET_DELETE_PARTICIPANT = """
MATCH (p:Participant {space: $space, id: $pid})
DETACH DELETE p
"""

FORGET_NAMES = """
MATCH (p:Participant {space: $space, id: $pid})
RETURN p.name AS name, coalesce(p.aliases, []) AS aliases
"""

# Records resting partly on the forgotten person's messages: every text field goes (see
# polymem.graph.redact.REDACTED_RECORD), and so does the embedding computed from it.
FORGET_REDACT_FLAGGED = """
UNWIND $ids AS id
MATCH (r:Record {space: $space, id: id})
SET r.content = $placeholder, r.event = null, r.value = null, r.redacted = true,
    r.attribute = CASE WHEN r.attribute CONTAINS ':' THEN split(r.attribute, ':')[0] ELSE r.attribute END
REMOVE r.embedding
"""

# Other records and messages whose text contains one of the person's names ($terms: lower case).
FORGET_MENTIONS = """
CALL () {
  MATCH (r:Record {space: $space})
  WHERE NOT r.id IN $skip AND any(t IN $terms WHERE
        toLower(coalesce(r.content, '')) CONTAINS t OR toLower(coalesce(r.event, '')) CONTAINS t
        OR toLower(coalesce(r.value, '')) CONTAINS t OR toLower(coalesce(r.attribute, '')) CONTAINS t)
  RETURN 'record' AS kind, r.id AS id, r.embedding IS NOT NULL AS vector,
         {content: r.content, event: r.event, value: r.value, attribute: r.attribute} AS fields
  UNION ALL
  MATCH (m:Message {space: $space})
  WHERE any(t IN $terms WHERE toLower(coalesce(m.text, '')) CONTAINS t
                           OR toLower(coalesce(m.captions, '')) CONTAINS t)
  RETURN 'message' AS kind, m.id AS id, m.embedding IS NOT NULL AS vector,
         {text: m.text, captions: m.captions} AS fields
}
RETURN kind, id, vector, fields
"""

FORGET_REWRITE_RECORDS = """
UNWIND $rows AS row
MATCH (r:Record {space: $space, id: row.id})
SET r.content = row.fields.content, r.event = row.fields.event, r.value = row.fields.value,
    r.attribute = row.fields.attribute, r.embedding = row.embedding, r.redacted = true
"""

FORGET_REWRITE_MESSAGES = """
UNWIND $rows AS row
MATCH (m:Message {space: $space, id: row.id})
SET m.text = row.fields.text, m.captions = row.fields.captions, m.redacted = true
SET m.embedding = row.embedding
"""
