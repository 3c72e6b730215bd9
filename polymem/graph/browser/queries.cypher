// polymem: saved inspection queries for Neo4j Browser.
//
// Set the parameters first (one command per line in the Browser editor), for example:
//   :param space => 'groupchat-A1-00'
//   :param person => 'ali86'          // a participant id (handle), display name or alias
//   :param session => 's1'
//   :param record => 'rec-123'        // a Record id (see "person-state" below)
//   :param message => 'm0027'
// Then paste one query. Each block starts with "// name: <name>"; tests/graph/test_analytics_browser.py
// runs every block against a real database, so they stay valid. Apply polymem.grass first (docs/browser.md).
// For the *-graph queries turn off Browser's "Connect result nodes" once (:config autoComplete: false):
// otherwise Browser adds every relationship between the returned nodes, the SOURCE edges these queries leave out.

// name: spaces
// What is in this database: every space with its message and participant counts.
MATCH (s:Space)
RETURN s.id AS space, s.name AS name,
       COUNT { MATCH (m:Message {space: s.id}) } AS messages,
       COUNT { MATCH (p:Participant {space: s.id}) } AS participants
ORDER BY space;

// name: person-state
// A person's current state and its history: every record about them, current first, newest version first.
MATCH (p:Participant {space: $space})
WHERE p.id = $person OR p.name = $person OR $person IN coalesce(p.aliases, [])
MATCH (r:Record {space: $space})-[:OWNER]->(p)
OPTIONAL MATCH (r)-[:SOURCE]->(src:Participant)
RETURN r.layer AS layer, coalesce(r.attribute, r.event) AS about, r.value AS value, r.content AS content,
       r.state AS state, r.version AS version, r.time AS time, src.name AS said_by, r.id AS record
ORDER BY about, CASE r.state WHEN 'current' THEN 0 ELSE 1 END, coalesce(r.version, 0) DESC, time DESC;

// name: person-state-graph
// The same as a picture: the person, the records about them, who provided each, and each version chain.
// A SOURCE edge is drawn only when someone else provided the record: a person's own statement would
// otherwise draw twin "about" and "source" edges between the same two nodes.
MATCH (p:Participant {space: $space})
WHERE p.id = $person OR p.name = $person OR $person IN coalesce(p.aliases, [])
MATCH about = (r:Record {space: $space})-[:OWNER]->(p)
OPTIONAL MATCH given = (r)-[:SOURCE]->(src:Participant) WHERE src <> p
OPTIONAL MATCH chain = (r)-[:SUPERSEDED_BY]->(:Record)
RETURN about, given, chain
LIMIT 200;

// name: person-network
// Whom a person talks with: their messages, who they address and who addresses them (most recent 100).
MATCH (p:Participant {space: $space})
WHERE p.id = $person OR p.name = $person OR $person IN coalesce(p.aliases, [])
MATCH path = (p)-[:SPEAKS]->(m:Message)-[:ADDRESSES]->(:Participant)
WITH path, m ORDER BY m.time DESC, m.seq DESC LIMIT 100
RETURN path
UNION
MATCH (p:Participant {space: $space})
WHERE p.id = $person OR p.name = $person OR $person IN coalesce(p.aliases, [])
MATCH path = (:Participant)-[:SPEAKS]->(m:Message)-[:ADDRESSES]->(p)
WITH path, m ORDER BY m.time DESC, m.seq DESC LIMIT 100
RETURN path;

// name: session-transcript
// Who said what to whom in a session, in order: speaker, addressees (and how they were found), replies.
MATCH (m:Message {space: $space, session: $session})
OPTIONAL MATCH (m)-[a:ADDRESSES]->(to:Participant)
OPTIONAL MATCH (m)-[:REPLY_TO]->(t:Message)
WITH m, collect(DISTINCT to.id + ' (' + a.how + ')') AS to, collect(DISTINCT t.id) AS replies_to
RETURN m.seq AS seq, m.time AS time, m.channel AS channel, m.speaker AS speaker, to, replies_to,
       m.text AS text, m.id AS id
ORDER BY seq;

// name: session-graph
// The same session as a picture: speakers, their messages and whom each message addresses.
MATCH (sp:Participant)-[s:SPEAKS]->(m:Message {space: $space, session: $session})
OPTIONAL MATCH (m)-[a:ADDRESSES]->(to:Participant)
RETURN sp, s, m, a, to
LIMIT 300;

// name: record-provenance
// A record's provenance chain: every version (oldest first), who provided it, whom it is about,
// and the messages (with their speakers) each version was derived from.
MATCH (r:Record {space: $space, id: $record})
OPTIONAL MATCH (first:Record)-[:SUPERSEDED_BY*0..50]->(r)
WITH r, first ORDER BY coalesce(first.version, 0) LIMIT 1
MATCH chain = (first)-[:SUPERSEDED_BY*0..50]->(v:Record)
WITH DISTINCT v
OPTIONAL MATCH (v)-[:SOURCE]->(src:Participant)
OPTIONAL MATCH (v)-[:OWNER]->(owner)
OPTIONAL MATCH (v)-[:DERIVED_FROM]->(m:Message)
RETURN v.version AS version, v.state AS state, v.content AS content, src.name AS source,
       coalesce(owner.name, owner.id) AS about, v.time AS time,
       collect(m.speaker + ': ' + m.text) AS from_messages, v.id AS record
ORDER BY coalesce(version, 0);

// name: record-provenance-graph
// The provenance chain as a picture.
MATCH (r:Record {space: $space, id: $record})
OPTIONAL MATCH versions = (:Record)-[:SUPERSEDED_BY*0..50]->(r)-[:SUPERSEDED_BY*0..50]->(:Record)
OPTIONAL MATCH derived = (r)-[:DERIVED_FROM]->(:Message)<-[:SPEAKS]-(:Participant)
OPTIONAL MATCH who = (r)-[:SOURCE|OWNER|INVOLVES]->()
RETURN r, versions, derived, who
LIMIT 300;

// name: message-thread
// The reply chain above a message, up to its thread root.
MATCH path = (m:Message {space: $space, id: $message})-[:REPLY_TO*0..30]->(:Message)
RETURN path
ORDER BY length(path) DESC
LIMIT 1;

// name: most-addressed
// Most addressed people, with the analytics written back by `polymem analytics --write-back`.
MATCH (:Message {space: $space})-[a:ADDRESSES]->(p:Participant {space: $space})
RETURN p.id AS person, p.name AS name, count(a) AS addressed, p.messages_count AS messages,
       p.centrality AS centrality, p.community AS community
ORDER BY addressed DESC, person
LIMIT 20;

// name: communities
// Sub-groups found by `polymem analytics --write-back` (Louvain communities of the interaction graph).
MATCH (p:Participant {space: $space})
WHERE p.community IS NOT NULL
WITH p.community AS community, p ORDER BY p.centrality DESC
RETURN community, count(p) AS size, collect(p.name)[..12] AS members, sum(p.messages_count) AS messages
ORDER BY size DESC, community;
