"""Opinion answers: every view a source recorded of the owner, latest first, else the source's own message
about the owner or the question's topic, a judgement preferred over a mention."""

from __future__ import annotations

from typing import TYPE_CHECKING

from polymem.language import acts
from polymem.language.acts import evaluative
from polymem.retrieval import lexicon as lx
from polymem.retrieval.extract_base import NOT_IN_MEMORY, Extract, Msg, coverage, is_request, walk

if TYPE_CHECKING:
    from polymem.retrieval.extract import Answerer


def opinion(self: Answerer) -> Extract:
    """The source's view of the owner: their recorded views, else their own message about the owner (or the
    question's topic), a judgement preferred."""
    src, own = self.plan.scope.source, self.plan.scope.owner
    # the question's own subject beyond the two people ("about Kalani leaving accounting"): a recorded
    # opinion answers only when it speaks of that too
    names = {w.lower() for p in (src, own) if p and p in self.roster.by_id for n in self.roster.by_id[p].names()
             for w in n.split()}
    topic = [w for w in self.plan.issue if w.lower() not in names]
    row = self.s2.get(own or "", {})
    # every view the source gave of the owner, the latest first: a later remark does not cancel an earlier
    # one ("lovely man, very bossy" then "he'll fall over on that descent")
    views = [item for item in row.get("current", []) + sorted(
        row.get("past", []), key=lambda i: str(i.time or ""), reverse=True)
        if item.source == src and item.owner == own and item.text and (not topic or coverage(topic, item.text) > 0)]
    views = list({item.text: item for item in views}.values())[:3]
    if views:
        return Extract(f"{self.name(src)} on {self.name(own)}: " + " ".join(i.text for i in views),
                       participant=src, cited=[c for i in views for c in i.message_ids], confidence=1.0)

    def about(m: Msg) -> bool:  # names the owner, or answers a message that does
        if own:
            return self.roster.mentions(m["text"], own)
        return coverage(self.plan.issue, m["text"]) > 0

    def score(m: Msg) -> float | None:
        if src and m["speaker"] != src:
            return None
        near = [self.msgs[i] for i in (m.get("reply_to") or []) if i in self.msgs] + _before(self, m, 3)
        if not about(m) and not any(about(x) for x in near):
            return None
        judged = acts.judgement(m["text"] or "")
        if not own:  # a view of a thing: what the source says it is like ("the cabin was damp")
            judged = max(judged, float(acts.judges_thing(m["text"] or "", {w.lower() for w in topic})))
        # a question or a request gives no view: "was that Tomek I saw on county road 29??"
        asks = (m["text"] or "").rstrip().endswith("?") or is_request(m["text"] or "")
        # a judgement outweighs a mention: "she is so dramatic" (after a line naming her) beats "called Vesna"
        return self._relevance(m) + 0.3 * bool(lx.OPINION.search(m["text"])) + 1.0 * judged + 0.2 * about(m) \
            - 1.0 * asks

    m, s = self._pick(score)
    if m is None:
        return Extract(NOT_IN_MEMORY, abstained=True)
    # The source's own words about the owner, worded as a view: enough to stop searching.
    conf = 1.0 if lx.OPINION.search(m["text"]) or evaluative(m["text"] or "") else s
    return Extract(f"{self.name(src)}: \"{m['text']}\"", participant=src, cited=[m["id"]], confidence=conf)

def _before(self: Answerer, m: Msg, n: int) -> list[Msg]:
    """Up to n messages just before m that were read, nearest first ("I tried it" three lines after the
    message that names the app)."""
    return walk(self.msgs, m, n, "prev_ids")
