"""Domain models (pydantic) and the Neo4j schema (constraints, indexes, migrations)."""

from polymem.schema.models import (
    Attachment,
    Channel,
    Conversation,
    Message,
    Participant,
    Session,
    Space,
)

__all__ = ["Attachment", "Channel", "Conversation", "Message", "Participant", "Session", "Space"]
