"""GraphQL types for the relationship-network analytics (polymem.graph.analytics)."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from polymem.graph.analytics import InteractionSummary as Summary
from polymem.graph.analytics import NetworkMeasures


@strawberry.type(description="A participant with a number (a measure, or a count of messages or records).")
class Score:
    id: str = strawberry.field(description="The participant id.")
    value: float = strawberry.field(description="The measure or count.")


@strawberry.type(description="Network measures of one participant.")
class PersonNetworkMeasures:
    id: str = strawberry.field(description="The participant id.")
    name: str = strawberry.field(description="The participant's name (the id when no name is known).")
    messages: int = strawberry.field(description="Messages they said in the scope.")
    addressed: float = strawberry.field(description="Messages addressed to them.")
    addressing: float = strawberry.field(description="Messages they addressed to someone.")
    pagerank: float = strawberry.field(description="PageRank on the directed who-addresses-whom graph.")
    betweenness: float = strawberry.field(description="Betweenness centrality on the interaction graph.")
    community: int | None = strawberry.field(description="Their community's index in `communities`, or null.")


@strawberry.type(description="The relationship network of a space (or one channel / time window) with its measures.")
class Network:
    scope: str = strawberry.field(
        description="What was measured: the space, with its channel and time window if given.")
    people: list[PersonNetworkMeasures] = strawberry.field(description="Measures per participant.")
    most_central: list[Score] = strawberry.field(description="Participants by PageRank, highest first.")
    most_addressed: list[Score] = strawberry.field(
        description="Participants by messages addressed to them, most first.")
    reciprocity: float = strawberry.field(description="Share of directed address edges whose reverse exists.")
    weighted_reciprocity: float = strawberry.field(
        description="Reciprocity weighted by message counts: the share of addressing that is returned.")
    communities: list[list[str]] = strawberry.field(
        description="Communities of the interaction graph, each a list of participant ids.")
    bridges: list[str] = strawberry.field(description="People with ties into another community.")
    period: str = strawberry.field(
        description="The bucket of the participation counts in `details`: hour, day, week or month.")
    details: JSON = strawberry.field(description="Every measure (latency per pair, participation over time, ...).")

    @classmethod
    def of(cls, m: NetworkMeasures) -> Network:
        return cls(
            scope=m.scope,
            people=[PersonNetworkMeasures(id=p.id, name=p.name, messages=p.messages, addressed=p.addressed,
                                          addressing=p.addressing, pagerank=p.pagerank,
                                          betweenness=p.betweenness, community=p.community) for p in m.people],
            most_central=[Score(id=i, value=float(v)) for i, v in m.most_central],
            most_addressed=[Score(id=i, value=float(v)) for i, v in m.most_addressed],
            reciprocity=m.reciprocity.overall, weighted_reciprocity=m.reciprocity.weighted,
            communities=m.communities, bridges=m.bridges.people, period=m.period, details=m.to_dict(),
        )


@strawberry.type(description="Whom one participant talks to and who talks to them, with counts and measures.")
class InteractionSummary:
    id: str = strawberry.field(description="The participant id.")
    name: str = strawberry.field(description="The participant's name (the id when no name is known).")
    messages: int = strawberry.field(description="Messages they said.")
    first: datetime | None = strawberry.field(description="Time of their first message.")
    last: datetime | None = strawberry.field(description="Time of their last message.")
    addresses: list[Score] = strawberry.field(description="Whom they address most, with message counts.")
    addressed_by: list[Score] = strawberry.field(description="Who addresses them most, with message counts.")
    replies_to: list[Score] = strawberry.field(description="Whose messages they reply to most, with counts.")
    replied_by: list[Score] = strawberry.field(description="Who replies to their messages most, with counts.")
    community_members: list[str] = strawberry.field(description="The other members of their community.")
    pagerank: float = strawberry.field(description="PageRank on the directed who-addresses-whom graph.")
    is_bridge: bool = strawberry.field(description="True when they have ties into another community.")
    median_response_s: float | None = strawberry.field(
        description="Median seconds they take to reply to others; null without replies.")
    records_given: list[Score] = strawberry.field(
        description="System 2: whom they provided records about, with counts.")
    records_about: list[Score] = strawberry.field(
        description="System 2: who provided records about them, with counts.")

    @classmethod
    def of(cls, s: Summary) -> InteractionSummary:
        def scores(pairs: list[tuple[str, int]]) -> list[Score]:
            return [Score(id=i, value=float(v)) for i, v in pairs]

        return cls(id=s.id, name=s.name, messages=s.messages, first=s.first, last=s.last,
                   addresses=scores(s.addresses), addressed_by=scores(s.addressed_by),
                   replies_to=scores(s.replies_to), replied_by=scores(s.replied_by),
                   community_members=s.community_members, pagerank=s.pagerank, is_bridge=s.is_bridge,
                   median_response_s=s.median_response_s, records_given=scores(s.records_given),
                   records_about=scores(s.records_about))
