"""Cypher for the list of spaces, their existence, and the people of one space (names checked at the door)."""

# Every space with what it holds; records count every version (current and superseded).
LIST_SPACES_COUNTED = """
MATCH (s:Space)
CALL (s) { MATCH (m:Message {space: s.id}) RETURN count(m) AS messages }
CALL (s) { MATCH (p:Participant {space: s.id}) RETURN count(p) AS participants }
CALL (s) { MATCH (r:Record {space: s.id}) RETURN count(r) AS records }
RETURN s.id AS id, s.name AS name, toString(s.created) AS created, toString(s.last_write) AS last_write,
       messages, participants, records
ORDER BY s.id
"""

SPACE_IDS = "MATCH (s:Space) RETURN s.id AS id ORDER BY id"

SPACE_EXISTS = "MATCH (s:Space {id: $space}) RETURN s.id AS id"

PEOPLE = """
MATCH (p:Participant {space: $space})
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases
ORDER BY p.id
"""
