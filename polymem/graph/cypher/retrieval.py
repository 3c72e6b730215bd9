"""Cypher for query time: System 1 message search, Expand, System 2 record search per row.

Every user value is a parameter. Filters are optional parameters (NULL = no filter) applied inside the
same query, so a plan runs a fixed, small set of statements whatever its rows/issue/mode/scope.
The Lucene query string is built by polymem.graph.search.lucene_query from escaped terms only.
"""

# Filters shared by message searches. $speakers / $addressees: lists or NULL; $t0/$t1: datetimes or NULL.
_MSG_FILTER = """
  m.space = $space
  AND ($speakers IS NULL OR m.speaker IN $speakers)
  AND ($addressees IS NULL OR EXISTS { MATCH (m)-[:ADDRESSES]->(a:Participant) WHERE a.id IN $addressees })
  AND ($channel IS NULL OR m.channel = $channel)
  AND ($t0 IS NULL OR m.time >= $t0) AND ($t1 IS NULL OR m.time <= $t1)
"""

# BM25 over messages; the space filter is inside Lucene (space_key:<token>), the rest right after.
MESSAGES_FULLTEXT = """
CALL db.index.fulltext.queryNodes('message_text', $lucene, {limit: $fetch}) YIELD node AS m, score
WHERE""" + _MSG_FILTER + """
RETURN m.id AS id, score ORDER BY score DESC LIMIT $k
"""

# Dense search through the ANN index, over-sampled ($fetch >> $k) because the index spans spaces.
MESSAGES_VECTOR = """
CALL db.index.vector.queryNodes('message_embedding', $fetch, $vector) YIELD node AS m, score
WHERE""" + _MSG_FILTER + """
RETURN m.id AS id, score ORDER BY score DESC LIMIT $k
"""

# Exact cosine over the filtered set: small spaces (cheaper than the shared ANN index, which spans every
# space) and ANN results cut short by narrow filters.
MESSAGES_VECTOR_EXACT = """
MATCH (m:Message {space: $space})
WHERE m.embedding IS NOT NULL AND""" + _MSG_FILTER + """
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
RETURN m.id AS id, score ORDER BY score DESC LIMIT $k
"""

# The same restricted to speakers, written so the (space, speaker) index is seeked instead of the space scanned.
MESSAGES_VECTOR_EXACT_SPEAKERS = """
MATCH (m:Message)
WHERE m.space = $space AND m.speaker IN $speakers AND m.embedding IS NOT NULL AND""" + _MSG_FILTER + """
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
RETURN m.id AS id, score ORDER BY score DESC LIMIT $k
"""

# Up to $limit messages of the space, counted: tells a small space from a large one without a full count.
SPACE_PROBE = """
MATCH (m:Message {space: $space}) WITH m LIMIT $limit RETURN count(m) AS n
"""

# Expand: neighbours of hits along NEXT (both ways, within the hit's session: the chain of a channel runs
# across sessions, and a neighbour from another day is no context) and REPLY_TO (both ways).
EXPAND = """
UNWIND $ids AS hid
MATCH (h:Message {space: $space, id: hid})
CALL (h) {
  MATCH (h)-[:REPLY_TO]-(n:Message) RETURN n
  UNION
  MATCH (h)-[:NEXT]-(n:Message) WHERE coalesce(n.session, '') = coalesce(h.session, '') RETURN n
}
RETURN hid AS hit, collect(DISTINCT n.id) AS neighbours
"""

_DETAILS = """
OPTIONAL MATCH (sp:Participant {space: $space, id: m.speaker})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, coalesce(sp.name, m.speaker) AS speaker_name,
       m.time AS time, m.seq AS seq, m.channel AS channel, m.session AS session,
       [(m)-[r:ADDRESSES]->(a:Participant) | a.id] AS addressees,
       [(m)-[:REPLY_TO]->(t:Message) | t.id] AS reply_to,
       [(m)<-[:REPLY_TO]-(x:Message) | x.id] AS replies,
       [(m)-[:REPLY_TO]->(t:Message) | t.speaker] AS reply_to_speakers,
       [(m)-[:NEXT]->(n:Message) WHERE coalesce(n.session, '') = coalesce(m.session, '') | n.id] AS next_ids,
       [(m)<-[:NEXT]-(pv:Message) WHERE coalesce(pv.session, '') = coalesce(m.session, '') | pv.id] AS prev_ids
"""

# The thread right after some messages (NEXT chain, up to 6 steps: where options for a topic get proposed),
# with their details, in one round trip.
FOLLOWING = """
CALL () {
  UNWIND $ids AS hid
  MATCH (h:Message {space: $space, id: hid})-[:NEXT*1..6]->(n:Message)
  WHERE coalesce(n.session, '') = coalesce(h.session, '')
  RETURN collect(DISTINCT n) AS window
}
UNWIND window AS m""" + _DETAILS

# How close in meaning the talk that led to each decision came to the question: for each given record, every
# version of its chain, the messages each was derived from and the 3 before each (NEXT chain, same session),
# scored as the vector index scores, (1 + cosine) / 2; `own` is the same over the given version's messages alone.
DISCUSSION_NEAR = """
UNWIND $ids AS rid
MATCH (r:Record {space: $space, id: rid})
MATCH (v:Record)-[:SUPERSEDED_BY*0..50]->(r)
MATCH (v)-[:DERIVED_FROM]->(h:Message)
OPTIONAL MATCH (p:Message)-[:NEXT*1..3]->(h)
WHERE coalesce(p.session, '') = coalesce(h.session, '')
WITH rid, v, collect(DISTINCT p) + collect(DISTINCT h) AS talk
WITH rid, v.id = rid AS own, [x IN talk WHERE x.embedding IS NOT NULL | vector.similarity.cosine(x.embedding, $vector)] AS s
WITH rid, own, reduce(best = null, x IN s | CASE WHEN best IS NULL OR x > best THEN x ELSE best END) AS b
RETURN rid AS id, max(b) AS score, max(CASE WHEN own THEN b END) AS own
"""

# BM25 hits with their details in one round trip (the topic-option search of group decisions).
MESSAGES_FULLTEXT_DETAILS = """
CALL db.index.fulltext.queryNodes('message_text', $lucene, {limit: $fetch}) YIELD node AS m, score
WHERE m.space = $space
WITH m, score ORDER BY score DESC LIMIT $k""" + _DETAILS + """, score
"""

# Everything the composer and answerer read about a set of messages, in one round trip.
MESSAGE_DETAILS = """
UNWIND $ids AS mid
MATCH (m:Message {space: $space, id: mid})""" + _DETAILS

# Expand + details in one round trip: the given messages and the NEXT / REPLY_TO neighbours of $top.
MESSAGE_DETAILS_EXPANDED = """
CALL () {
  UNWIND $top AS hid
  MATCH (h:Message {space: $space, id: hid})-[r:NEXT|REPLY_TO]-(n:Message)
  WHERE type(r) = 'REPLY_TO' OR coalesce(n.session, '') = coalesce(h.session, '')
  RETURN collect(DISTINCT n.id) AS nb
}
UNWIND $ids + [x IN nb WHERE NOT x IN $ids] AS mid
MATCH (m:Message {space: $space, id: mid})""" + _DETAILS

# System 2, BM25 on records (content, event); space filter inside Lucene, row/scope filters after.
_REC_FILTER = """
  r.space = $space
  AND ($owners IS NULL OR r.owner IN $owners)
  AND ($sources IS NULL OR r.source IN $sources)
  AND ($layers IS NULL OR r.layer IN $layers)
  AND ($states IS NULL OR r.state IN $states)
"""

RECORDS_FULLTEXT = """
CALL db.index.fulltext.queryNodes('record_text', $lucene, {limit: $fetch}) YIELD node AS r, score
WHERE""" + _REC_FILTER + """
RETURN r.id AS id, score ORDER BY score DESC LIMIT $k
"""

RECORDS_VECTOR_EXACT = """
MATCH (r:Record {space: $space})
WHERE r.embedding IS NOT NULL AND""" + _REC_FILTER + """
WITH r, vector.similarity.cosine(r.embedding, $vector) AS score
RETURN r.id AS id, score ORDER BY score DESC LIMIT $k
"""

# Every record owned by the plan's rows (head: current only; full: all states), with provenance and
# the SUPERSEDED_BY links, scored against the question vector. One query for all rows.
ROW_RECORDS = """
UNWIND $rows AS row
CALL (row) {
  MATCH (o:Participant {space: $space, id: row}) RETURN o
  UNION
  MATCH (o:Group {space: $space, id: row}) RETURN o
}
CALL (o) {
  MATCH (r:Record)-[:OWNER]->(o)
  WHERE ($sources IS NULL OR r.source IN $sources)
    AND ($layers IS NULL OR r.layer IN $layers)
    AND ($states IS NULL OR r.state IN $states)
  RETURN r ORDER BY r.time DESC LIMIT $limit
}
RETURN row, r.id AS id, r.content AS content, r.scope AS scope, r.layer AS layer, r.event AS event,
       r.attribute AS attribute, r.value AS value, r.time AS time, r.state AS state,
       r.source AS source, r.owner AS owner, r.speaker AS speaker, coalesce(r.addressees, []) AS addressees,
       [(r)-[:DERIVED_FROM]->(m:Message) | m.id] AS message_ids,
       [(r)-[:SUPERSEDED_BY]->(n:Record) | n.id] AS superseded_by,
       [(p:Record)-[:SUPERSEDED_BY]->(r) | p.id] AS supersedes,
       CASE WHEN r.embedding IS NULL OR $vector IS NULL THEN 0.0
            ELSE vector.similarity.cosine(r.embedding, $vector) END AS similarity
"""

# Full mode: the whole version chain of the given head records, oldest first.
RECORD_CHAIN = """
UNWIND $ids AS rid
MATCH (h:Record {space: $space, id: rid})
MATCH path = (first:Record)-[:SUPERSEDED_BY*0..50]->(h)
WHERE NOT EXISTS { MATCH (:Record)-[:SUPERSEDED_BY]->(first) }
WITH rid, path ORDER BY length(path) DESC
WITH rid, head(collect(path)) AS path
UNWIND nodes(path) AS r
RETURN rid AS head, r.id AS id, r.content AS content, r.value AS value, r.time AS time, r.state AS state,
       [(r)-[:DERIVED_FROM]->(m:Message) | m.id] AS message_ids
"""

# Fallback for a row with no records: that person's own messages (and messages addressed to them).
ROW_MESSAGES_FULLTEXT = """
CALL db.index.fulltext.queryNodes('message_text', $lucene, {limit: $fetch}) YIELD node AS m, score
WHERE m.space = $space AND m.speaker IN $rows
RETURN m.speaker AS row, m.id AS id, score ORDER BY score DESC
"""

# Each of several speakers' own messages, oldest first: where a home or job held before a change shows in
# passing (read for questions about what held before).
OWN_MESSAGES = """
UNWIND $rows AS row
CALL (row) {
  MATCH (m:Message {space: $space, speaker: row})
  RETURN m ORDER BY m.time, m.seq LIMIT $k
}
RETURN row, collect(m.id) AS ids
"""

# Each speaker's latest k messages (where a home they have now shows in passing), newest first.
OWN_MESSAGES_LATEST = """
UNWIND $rows AS row
CALL (row) {
  MATCH (m:Message {space: $space, speaker: row})
  RETURN m ORDER BY m.time DESC, m.seq DESC LIMIT $k
}
RETURN row, collect(m.id) AS ids
"""

# Which of the System 2 indexes exist (System 2 may not be migrated yet in a given database).
INDEXES = "SHOW INDEXES YIELD name WHERE name IN ['record_text', 'record_embedding', 'message_text'] RETURN name"

COUNT_MESSAGES = "MATCH (m:Message {space: $space}) RETURN count(m) AS n"

# Activity: messages per speaker (persons only), with the latest few as evidence.
SPEAKER_ACTIVITY = """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(m:Message {space: $space})
WHERE coalesce(p.kind, 'person') <> 'system'
WITH p.id AS speaker, m ORDER BY m.time DESC, m.seq DESC
RETURN speaker, count(m) AS n, collect(m.id)[..$sample] AS sample
ORDER BY n DESC, speaker
"""

# Whom one speaker addresses: ADDRESSES edges (vocatives, mentions, inferred) and replies to others' messages,
# each message counted once per addressee.
ADDRESS_ACTIVITY = """
MATCH (m:Message {space: $space, speaker: $speaker})
CALL (m) {
  MATCH (m)-[:ADDRESSES]->(a:Participant) RETURN a.id AS target
  UNION
  MATCH (m)-[:REPLY_TO]->(t:Message) RETURN t.speaker AS target
}
WITH target, m WHERE target IS NOT NULL AND target <> $speaker
WITH target, m ORDER BY m.time DESC, m.seq DESC
RETURN target, count(DISTINCT m) AS n, collect(DISTINCT m.id)[..$sample] AS sample
ORDER BY n DESC, target
"""

TEMPLATES = {
    "messages_fulltext": MESSAGES_FULLTEXT, "messages_vector": MESSAGES_VECTOR,
    "messages_vector_exact": MESSAGES_VECTOR_EXACT, "messages_vector_exact_speakers": MESSAGES_VECTOR_EXACT_SPEAKERS,
    "expand": EXPAND, "message_details": MESSAGE_DETAILS, "message_details_expanded": MESSAGE_DETAILS_EXPANDED,
    "following": FOLLOWING, "discussion_near": DISCUSSION_NEAR, "messages_fulltext_details": MESSAGES_FULLTEXT_DETAILS,
    "records_fulltext": RECORDS_FULLTEXT, "records_vector_exact": RECORDS_VECTOR_EXACT,
    "row_records": ROW_RECORDS, "record_chain": RECORD_CHAIN, "row_messages_fulltext": ROW_MESSAGES_FULLTEXT,
    "own_messages": OWN_MESSAGES, "own_messages_latest": OWN_MESSAGES_LATEST,
    "speaker_activity": SPEAKER_ACTIVITY, "address_activity": ADDRESS_ACTIVITY,
}

# The matters a space's group decided on (each decision record's event), for telling a question about one of them
# from a question about anything else.
GROUP_MATTERS = """
MATCH (r:Record {space: $space, scope: 'GROUP'})
WHERE r.attribute STARTS WITH 'decision:' AND r.event IS NOT NULL
RETURN DISTINCT r.event AS event
"""
