"""Small read-only counts the benchmark harness uses to skip work already done."""

COUNT_MESSAGES = "MATCH (m:Message {space: $space}) RETURN count(m) AS n"

COUNT_RECORDS = "MATCH (r:Record {space: $space}) RETURN count(r) AS n"

MESSAGE_IDS = "MATCH (m:Message {space: $space}) RETURN m.id AS id"

SPACES_WITH_PREFIX = "MATCH (s:Space) WHERE s.id STARTS WITH $prefix RETURN s.id AS id ORDER BY id"

COUNT_ALL_MESSAGES = "MATCH (m:Message) RETURN count(m) AS n"

MESSAGE_SEQS = "MATCH (m:Message {space: $space}) RETURN m.id AS id, m.seq AS seq ORDER BY id"

# Nodes of a space by label, minus the subscription event log (one Event per committed batch).
LABEL_COUNTS = """
MATCH (n {space: $space}) WHERE NOT n:Event AND NOT n:EventCursor
RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label
"""
