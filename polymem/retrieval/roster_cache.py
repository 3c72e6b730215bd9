"""A space's roster, read once per process until it changes.

Every question needs the roster (names in the question, speakers of the evidence). Reading it is one
row per participant, and a big workspace has thousands: at that size the read, the name index and the
statement reader built over it cost more than the search itself. Every write that changes a roster
sets a new stamp on the space (`TOUCH_ROSTER`), so one small read tells whether the copy kept here is
still the space's roster. A space whose roster was never written since stamps began has no stamp and
is read every time, as before.
"""

from __future__ import annotations

from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository
from polymem.lru import LRU
from polymem.retrieval.names import RosterIndex

MAX_SPACES = 64

_kept: LRU[tuple[str, str | None, str], tuple[str, RosterIndex]] = LRU(MAX_SPACES)


def roster_index(graph: Graph, space: str) -> RosterIndex:
    repo = MessageRepository(graph)
    stamp = repo.roster_stamp(space)
    key = (graph.settings.uri, graph.settings.database, space)
    hit = _kept.get(key)
    if stamp is not None and hit is not None and hit[0] == stamp:
        return hit[1]
    stamp, people = repo.roster_with_stamp(space)  # the roster with the stamp it goes with
    index = RosterIndex(people)
    if stamp is not None:
        _kept.put(key, (stamp, index))
    return index


def clear() -> None:
    _kept.clear()
