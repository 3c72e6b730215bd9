"""GraphQL types for the relationship-network analytics (polymem.graph.analytics)."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from polymem.graph.analytics import InteractionSummary as Summary
from polymem.graph.analytics import NetworkMeasures


@strawberry.type
class Score:
    id: str
    value: float


@strawberry.type
class PersonNetworkMeasures:
    id: str
    name: str
    messages: int
    addressed: float
    addressing: float
    pagerank: float
    betweenness: float
    community: int | None


@strawberry.type
class Network:
    scope: str
    people: list[PersonNetworkMeasures]
    most_central: list[Score]
    most_addressed: list[Score]
    reciprocity: float = strawberry.field(description="Share of directed address edges whose reverse exists.")
    weighted_reciprocity: float
    communities: list[list[str]]
    bridges: list[str] = strawberry.field(description="People with ties into another community.")
    period: str
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


@strawberry.type
class InteractionSummary:
    id: str
    name: str
    messages: int
    first: datetime | None
    last: datetime | None
    addresses: list[Score]
    addressed_by: list[Score]
    replies_to: list[Score]
    replied_by: list[Score]
    community_members: list[str]
    pagerank: float
    is_bridge: bool
    median_response_s: float | None
    records_given: list[Score]
    records_about: list[Score]

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
