"""Cypher for voice data: anonymous voice participants, their embeddings, the per-space switch."""

VOICE_STORAGE = """
MATCH (s:Space {id: $space}) RETURN coalesce(s.voice_storage, true) AS enabled
"""

SET_VOICE_STORAGE = """
MERGE (s:Space {id: $space})
ON CREATE SET s.created = datetime(), s.name = $space
SET s.voice_storage = $enabled
"""

# Turning storage off also removes what is stored: the switch means "keep no voices here".
PURGE_SPACE_VOICES = """
MATCH (p:Participant {space: $space}) WHERE p.voice_embedding IS NOT NULL
REMOVE p.voice_embedding, p.voice_evidence, p.voice_updated
RETURN count(p) AS purged
"""

LOAD_SPEAKERS = """
MATCH (p:Participant {space: $space}) WHERE p.voice_embedding IS NOT NULL
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases,
       p.voice_embedding AS embedding, coalesce(p.voice_evidence, 0) AS evidence
ORDER BY p.id
"""

LIST_VOICES = """
MATCH (p:Participant {space: $space}) WHERE p.kind = 'voice' OR p.voice_embedding IS NOT NULL
OPTIONAL MATCH (p)-[:SPEAKS]->(m:Message)
WITH p, count(m) AS messages
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases, p.kind AS kind,
       p.voice_embedding IS NOT NULL AS has_voice, coalesce(p.voice_evidence, 0) AS evidence,
       messages,
       CASE WHEN $with_embeddings THEN p.voice_embedding ELSE null END AS embedding
ORDER BY p.id
"""

# Only participants of this space, and only while the space allows voice storage.
SAVE_SPEAKERS = """
MATCH (s:Space {id: $space}) WHERE coalesce(s.voice_storage, true)
UNWIND $rows AS row
MATCH (p:Participant {space: $space, id: row.id})
SET p.voice_embedding = row.embedding, p.voice_evidence = row.evidence, p.voice_updated = datetime()
RETURN count(p) AS saved
"""

LINK_NAME = """
MATCH (p:Participant {space: $space, id: $id})
WITH p, [a IN [$name] + $aliases WHERE a IS NOT NULL AND trim(a) <> ''] AS extra
SET p.name = CASE WHEN $force OR p.name IS NULL OR p.name = p.id THEN $name ELSE p.name END,
    p.aliases = reduce(acc = coalesce(p.aliases, []), a IN extra |
                       CASE WHEN toLower(a) IN [x IN acc | toLower(x)] THEN acc ELSE acc + a END)
WITH p
OPTIONAL MATCH (s:Space {id: $space})
SET s.roster_at = randomUUID()
RETURN p.id AS id, p.name AS name, p.aliases AS aliases
"""

NAMED_VOICES = """
MATCH (p:Participant {space: $space}) WHERE p.kind = 'voice' AND p.name IS NOT NULL AND p.name <> p.id
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases
"""

DELETE_VOICE = """
MATCH (p:Participant {space: $space, id: $id})
WITH p, p.voice_embedding IS NOT NULL AS had
REMOVE p.voice_embedding, p.voice_evidence, p.voice_updated
RETURN had
"""
