"""polymem: memory for multi-party conversations (Neo4j message graph + derived records)."""

__version__ = "0.1.0"
