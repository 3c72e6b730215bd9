"""Cypher for relationship-network analytics: edge lists streamed out, results written back.

Every query filters by `$space`; `$channel`, `$since`, `$until` are optional (null = no filter).
Messages without a time are kept when no window is given and dropped when one is.
Participants of kind `system` (IRC joins/quits) are left out unless `$include_system` is true.
"""

# The same message filter everywhere, so every export covers exactly the same messages.
_PEOPLE = "($include_system OR coalesce(p.kind, 'person') <> 'system')"
_WINDOW = """($channel IS NULL OR m.channel = $channel)
  AND ($since IS NULL OR m.time >= $since)
  AND ($until IS NULL OR m.time < $until)"""

# People who spoke in the window, with their message counts and first/last times.
SPEAKERS = (
    """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(m:Message {space: $space})
WHERE """
    + _WINDOW
    + " AND "
    + _PEOPLE
    + """
RETURN p.id AS id, coalesce(p.name, p.id) AS name, coalesce(p.kind, 'person') AS kind,
       count(m) AS messages, min(m.time) AS first, max(m.time) AS last
ORDER BY id
"""
)

# Everyone in the space (people addressed but silent in the window still appear as nodes).
PARTICIPANTS = """
MATCH (p:Participant {space: $space})
RETURN p.id AS id, coalesce(p.name, p.id) AS name, coalesce(p.kind, 'person') AS kind
ORDER BY id
"""

# One row per ADDRESSES edge, in time order: builds the weighted who-addresses-whom graph and
# the "addressed answer" latency in one streamed pass (no message text or embedding is read).
ADDRESS_EVENTS = (
    """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(m:Message {space: $space})-[a:ADDRESSES]->(q:Participant)
WHERE """
    + _WINDOW
    + " AND "
    + _PEOPLE
    + " AND ($include_system OR coalesce(q.kind, 'person') <> 'system')"
    + """ AND p <> q
RETURN p.id AS src, q.id AS dst, m.time AS time, m.channel AS channel, a.how AS how
ORDER BY m.time, m.seq
"""
)

# Reply graph: speaker of the reply -> speaker of the replied message, aggregated per pair with
# the reply latency in seconds (null when either message has no time).
REPLY_PAIRS = (
    """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(m:Message {space: $space})-[:REPLY_TO]->(t:Message)
      <-[:SPEAKS]-(q:Participant)
WHERE """
    + _WINDOW
    + " AND "
    + _PEOPLE
    + " AND ($include_system OR coalesce(q.kind, 'person') <> 'system')"
    + """ AND p <> q
WITH p.id AS src, q.id AS dst,
     CASE WHEN m.time IS NULL OR t.time IS NULL THEN null
          ELSE toFloat(duration.inSeconds(t.time, m.time).seconds) END AS secs
RETURN src, dst, count(*) AS weight, count(secs) AS timed, avg(secs) AS mean_s,
       percentileCont(secs, 0.5) AS median_s
ORDER BY src, dst
"""
)

# Co-participation: the people of each channel+session context, one row per context; pairs are
# formed in Python (a 180-person IRC session is 1 row here instead of 16,000 pair rows).
CO_PARTICIPATION = (
    """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(m:Message {space: $space})
WHERE """
    + _WINDOW
    + " AND "
    + _PEOPLE
    + """
RETURN m.channel AS channel, m.session AS session, collect(DISTINCT p.id) AS people
"""
)

# Messages per person per hour (untimed messages are skipped); days/weeks are summed in Python.
PARTICIPATION_HOURLY = (
    """
MATCH (p:Participant {space: $space})-[:SPEAKS]->(m:Message {space: $space})
WHERE """
    + _WINDOW
    + " AND "
    + _PEOPLE
    + """ AND m.time IS NOT NULL
RETURN p.id AS id, datetime.truncate('hour', m.time) AS hour, count(*) AS messages
ORDER BY hour, id
"""
)

# System 2 record graph: who (SOURCE) holds or gave views about whom (OWNER). Owners may be a
# Participant or a Group. Works with zero records (the label may not exist yet).
RECORD_EDGES = """
MATCH (r:Record {space: $space})-[:SOURCE]->(s:Participant)
MATCH (r)-[:OWNER]->(o)
WHERE (o:Group OR $include_system OR coalesce(o.kind, 'person') <> 'system')
  AND ($current_only = false OR coalesce(r.state, 'current') = 'current')
  AND ($since IS NULL OR r.time >= $since)
  AND ($until IS NULL OR r.time < $until)
  AND ($channel IS NULL OR EXISTS { (r)-[:DERIVED_FROM]->(:Message {space: $space, channel: $channel}) })
RETURN s.id AS src, o.id AS dst, CASE WHEN o:Group THEN 'group' ELSE 'participant' END AS dst_kind,
       count(r) AS weight, collect(DISTINCT r.layer) AS layers
ORDER BY src, dst
"""

# Write measures back onto Participant nodes so Browser can show them.
WRITE_BACK = """
UNWIND $rows AS row
MATCH (p:Participant {space: $space, id: row.id})
SET p.centrality = row.centrality, p.pagerank = row.pagerank, p.betweenness = row.betweenness,
    p.community = row.community, p.messages_count = row.messages, p.addressed_count = row.addressed,
    p.analytics_scope = $scope, p.analytics_at = datetime()
RETURN count(p) AS written
"""
