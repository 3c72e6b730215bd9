"""Cypher for the bulk import's second pass (polymem/ingest/bulk.py): vectors for stored messages."""

# The next slice of a space's messages without a vector, in id order (the (space, id) index).
MISSING_VECTORS = """
MATCH (m:Message {space: $space}) WHERE m.id > $after AND m.embedding IS NULL
RETURN m.id AS id, m.text AS text, m.captions AS captions ORDER BY m.id LIMIT $limit
"""

# int8-packed vectors (polymem/graph/vectors.py, as the normal ingest stores them); a message that
# got one meanwhile keeps it.
SET_VECTORS = """
UNWIND $rows AS row
MATCH (m:Message {space: $space, id: row.id}) WHERE m.embedding IS NULL
SET m.embedding = row.embedding
RETURN count(m) AS n
"""
