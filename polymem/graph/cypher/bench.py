"""Small read-only counts the benchmark harness uses to skip work already done."""

COUNT_MESSAGES = "MATCH (m:Message {space: $space}) RETURN count(m) AS n"

COUNT_RECORDS = "MATCH (r:Record {space: $space}) RETURN count(r) AS n"

MESSAGE_IDS = "MATCH (m:Message {space: $space}) RETURN m.id AS id"
