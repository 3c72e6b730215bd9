"""Cypher for the GraphQL API: paged reads, batched lookups (dataloaders), API keys, identity edits.

Every template filters by `$space`; user values are parameters only. Batched templates take a
list of keys and return one row per key so a nested GraphQL field costs one query, not N.
"""

# The message fields the API exposes (embedding left out: 384 floats nobody asked for).
_MSG = "{.id, .text, .speaker, .time, .channel, .session, .seq, .reply_to_ids, .captions, .source_file, .line}"
_REC = ("{.id, .content, .scope, .layer, .event, .attribute, .value, .time, .state, .version, .source, "
        ".owner, .speaker, .addressees, .writer, .created}")

_MSG_FILTER = """
  ($channel IS NULL OR m.channel = $channel)
  AND ($session IS NULL OR m.session = $session)
  AND ($speaker IS NULL OR m.speaker = $speaker)
  AND ($since IS NULL OR m.time >= $since)
  AND ($until IS NULL OR m.time < $until)
  AND ($addressee IS NULL OR EXISTS { (m)-[:ADDRESSES]->(:Participant {space: $space, id: $addressee}) })
"""

# Keyset pagination on (seq, id): stable under concurrent inserts, no OFFSET scans.
MESSAGES_PAGE = ("""
MATCH (m:Message {space: $space})
WHERE """ + _MSG_FILTER + """
  AND ($after_seq IS NULL OR m.seq > $after_seq OR (m.seq = $after_seq AND m.id > $after_id))
WITH m ORDER BY m.seq, m.id LIMIT $limit
RETURN m """ + _MSG + """ AS m
""")

MESSAGES_COUNT = ("""
MATCH (m:Message {space: $space})
WHERE """ + _MSG_FILTER + """
RETURN count(m) AS n
""")

MESSAGES_BY_IDS = ("""
UNWIND $ids AS id
MATCH (m:Message {space: $space, id: id})
RETURN m """ + _MSG + """ AS m
""")

PARTICIPANTS_BY_IDS = """
UNWIND $ids AS id
MATCH (p:Participant {space: $space, id: id})
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases, coalesce(p.kind, 'person') AS kind
"""

# For each message id: its ADDRESSES edges.
ADDRESSEES_OF = """
UNWIND $ids AS id
MATCH (m:Message {space: $space, id: id})-[r:ADDRESSES]->(p:Participant)
RETURN id AS message, p.id AS participant, r.how AS how, r.confidence AS confidence
ORDER BY id, p.id
"""

# For each (participant, after, limit) key: one page of what they said / what was said to them.
SPOKEN_PAGES = ("""
UNWIND $keys AS k
CALL (k) {
  MATCH (m:Message {space: $space, speaker: k.pid})
  WHERE k.after_seq IS NULL OR m.seq > k.after_seq OR (m.seq = k.after_seq AND m.id > k.after_id)
  WITH m ORDER BY m.seq, m.id
  RETURN collect(m """ + _MSG + """) AS all  // LIMIT cannot take a per-row value: slice below
}
RETURN k.key AS key, all[0..k.limit] AS page
""")

ADDRESSED_PAGES = ("""
UNWIND $keys AS k
CALL (k) {
  MATCH (m:Message {space: $space})-[:ADDRESSES]->(:Participant {space: $space, id: k.pid})
  WHERE k.after_seq IS NULL OR m.seq > k.after_seq OR (m.seq = k.after_seq AND m.id > k.after_id)
  WITH m ORDER BY m.seq, m.id
  RETURN collect(m """ + _MSG + """) AS all  // LIMIT cannot take a per-row value: slice below
}
RETURN k.key AS key, all[0..k.limit] AS page
""")

# Records about each participant (owner), head only or the full history.
RECORDS_OF_OWNERS = ("""
UNWIND $owners AS o
MATCH (r:Record {space: $space, owner: o})
WHERE $history OR r.state = 'current'
WITH o, r ORDER BY r.event, r.version
RETURN o AS owner, collect(r """ + _REC + """) AS records
""")

RECORD = ("""
MATCH (r:Record {space: $space, id: $id})
RETURN r """ + _REC + """ AS r
""")

# The whole version chain a record belongs to, oldest first.
RECORD_CHAIN = ("""
MATCH (r:Record {space: $space, id: $id})
MATCH (first:Record)-[:SUPERSEDED_BY*0..]->(r)
WHERE NOT EXISTS { (:Record)-[:SUPERSEDED_BY]->(first) }
WITH first LIMIT 1
MATCH p = (first)-[:SUPERSEDED_BY*0..]->(x:Record)
WITH x, length(p) AS d ORDER BY d
RETURN collect(x """ + _REC + """) AS chain
""")

RECORD_SOURCES = """
UNWIND $ids AS id
MATCH (r:Record {space: $space, id: id})-[:DERIVED_FROM]->(m:Message)
WITH id, m ORDER BY m.seq, m.id
RETURN id AS record, collect(m.id) AS messages
"""

# Lucene query text is built by the caller from escaped user terms plus the space token.
SEARCH_MESSAGES = ("""
CALL db.index.fulltext.queryNodes('message_text', $lucene, {limit: $fetch}) YIELD node AS m, score
WHERE m.space = $space AND """ + _MSG_FILTER + """
RETURN m """ + _MSG + """ AS m, score
ORDER BY score DESC LIMIT $limit
""")

SEARCH_RECORDS = ("""
CALL db.index.fulltext.queryNodes('record_text', $lucene, {limit: $fetch}) YIELD node AS r, score
WHERE r.space = $space AND ($history OR r.state = 'current')
  AND ($owner IS NULL OR r.owner = $owner) AND ($source IS NULL OR r.source = $source)
RETURN r """ + _REC + """ AS r, score
ORDER BY score DESC LIMIT $limit
""")

RECORD_COUNTS = """
MATCH (r:Record {space: $space})
RETURN count(r) AS records, count(CASE WHEN r.state = 'current' THEN 1 END) AS current_records
"""

MAX_SEQ = "MATCH (m:Message {space: $space}) RETURN max(m.seq) AS seq"

# ---- API keys -------------------------------------------------------------------------------
CREATE_KEY = """
CREATE (k:ApiKey {id: $id, hash: $hash, salt: $salt, spaces: $spaces, label: $label, scopes: $scopes,
                  created: datetime(), revoked: false})
RETURN k.id AS id
"""

GET_KEY = """
MATCH (k:ApiKey {id: $id})
RETURN k.id AS id, k.hash AS hash, k.salt AS salt, k.spaces AS spaces, k.revoked AS revoked,
       coalesce(k.scopes, []) AS scopes
"""

LIST_KEYS = """
MATCH (k:ApiKey)
RETURN k.id AS id, k.spaces AS spaces, k.label AS label, toString(k.created) AS created, k.revoked AS revoked,
       coalesce(k.scopes, []) AS scopes
ORDER BY k.created
"""

REVOKE_KEY = """
MATCH (k:ApiKey {id: $id})
SET k.revoked = true, k.revoked_at = datetime()
RETURN k.id AS id
"""

# ---- identity edits -------------------------------------------------------------------------
ADD_ALIAS = """
MATCH (p:Participant {space: $space, id: $id})
SET p.aliases = CASE WHEN $alias IN coalesce(p.aliases, []) THEN p.aliases
                     ELSE coalesce(p.aliases, []) + $alias END
WITH p
OPTIONAL MATCH (s:Space {id: $space})
SET s.roster_at = randomUUID()
RETURN p.id AS id
"""

# Merge `drop` into `keep`: its messages, addressings, records and names move over, then it goes.
MERGE_MOVE_SPEAKS = """
MATCH (d:Participant {space: $space, id: $drop})-[s:SPEAKS]->(m:Message)
MATCH (k:Participant {space: $space, id: $keep})
MERGE (k)-[:SPEAKS]->(m)
SET m.speaker = $keep
DELETE s
RETURN count(m) AS moved
"""

MERGE_MOVE_ADDRESSES = """
MATCH (m:Message)-[a:ADDRESSES]->(d:Participant {space: $space, id: $drop})
MATCH (k:Participant {space: $space, id: $keep})
MERGE (m)-[b:ADDRESSES]->(k)
ON CREATE SET b.how = a.how, b.confidence = a.confidence
DELETE a
RETURN count(m) AS moved
"""

MERGE_MOVE_OTHER_EDGES = """
MATCH (d:Participant {space: $space, id: $drop})
MATCH (k:Participant {space: $space, id: $keep})
CALL (d, k) { MATCH (d)-[:MEMBER_OF]->(c) MERGE (k)-[:MEMBER_OF]->(c) }
CALL (d, k) { MATCH (r:Record)-[:SOURCE]->(d) MERGE (r)-[:SOURCE]->(k) }
CALL (d, k) { MATCH (r:Record)-[:OWNER]->(d) MERGE (r)-[:OWNER]->(k) }
CALL (d, k) { MATCH (r:Record)-[:INVOLVES]->(d) MERGE (r)-[:INVOLVES]->(k) }
CALL (d, k) {
  MATCH (r:Record {space: $space})
  WHERE r.source = $drop OR r.owner = $drop OR r.speaker = $drop OR $drop IN coalesce(r.addressees, [])
  SET r.source = CASE WHEN r.source = $drop THEN $keep ELSE r.source END,
      r.owner = CASE WHEN r.owner = $drop THEN $keep ELSE r.owner END,
      r.speaker = CASE WHEN r.speaker = $drop THEN $keep ELSE r.speaker END,
      r.addressees = [a IN coalesce(r.addressees, []) | CASE WHEN a = $drop THEN $keep ELSE a END]
}
WITH d, k
SET k.aliases = reduce(acc = coalesce(k.aliases, []),
                       a IN [d.id, d.name] + coalesce(d.aliases, []) |
                       CASE WHEN a IS NULL OR a = k.id OR a IN acc THEN acc ELSE acc + a END)
DETACH DELETE d
RETURN k.id AS id
"""

DELETE_KEY = "MATCH (k:ApiKey {id: $id}) DELETE k RETURN count(*) AS n"
