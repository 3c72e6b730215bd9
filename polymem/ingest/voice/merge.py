"""Conservative post-session merge of fragmented speaker ids.

Online assignment sees one utterance at a time, so one person can split into several ids (a
short or noisy first utterance lands below tau_match). After the session each id has
accumulated evidence; two ids are merged when their evidence-weighted centroids agree at
tau_merge. Conservative in three ways: only ids created in THIS session can be absorbed (two
voices already stored were told apart before), the best pair is merged first and centroids are
recomputed, and a pair whose ids both spoke in this session with many utterances each is
only merged at the stricter tau_update (two well-evidenced voices that stayed apart online are
more likely two people).
"""

from __future__ import annotations

from polymem.ingest.voice.tracker import Speaker, SpeakerTracker, l2

WELL_EVIDENCED = 4  # utterances in this session above which an id counts as established


def _threshold(a: Speaker, b: Speaker, tau_merge: float, tau_update: float) -> float:
    if len(a.session_embeddings) >= WELL_EVIDENCED and len(b.session_embeddings) >= WELL_EVIDENCED:
        return max(tau_merge, tau_update)
    return tau_merge


def merge_fragments(tracker: SpeakerTracker, apart: set[frozenset[str]] | None = None) -> dict[str, str]:
    """Merge in place; returns {absorbed id: surviving id} (chains resolved). `apart`: pairs of ids
    the session re-clustering split (recluster.split_ids), never merged back."""
    cfg = tracker.config
    merged: dict[str, str] = {}
    if not cfg.merge:
        return merged
    while True:
        active = tracker.active()
        best: tuple[float, Speaker, Speaker] | None = None
        cents = {s.id: s.centroid() for s in active}
        others = list(tracker.speakers.values())
        for frag in active:
            if frag.stored:
                continue
            for other in others:
                if other.id == frag.id or (apart and frozenset((frag.id, other.id)) in apart):
                    continue
                c_other = cents.get(other.id)
                if c_other is None:
                    c_other = other.embedding
                cos = tracker.similarity(cents[frag.id], c_other)
                if cos >= _threshold(frag, other, cfg.tau_merge, cfg.tau_update) and (best is None or cos > best[0]):
                    best = (cos, frag, other)
        if best is None:
            break
        _, frag, keep = best
        # The survivor is the stored one, else the one with more evidence (ties: the older id).
        if not keep.stored and len(frag.session_embeddings) > len(keep.session_embeddings):
            frag, keep = keep, frag
        _absorb(tracker, frag, keep)
        merged[frag.id] = keep.id
        if apart:  # the survivor inherits what the absorbed id was kept apart from
            apart |= {frozenset((keep.id, x)) for pair in apart if frag.id in pair for x in pair if x != frag.id}
        for k, v in list(merged.items()):
            if v == frag.id:
                merged[k] = keep.id
    return merged


def _absorb(tracker: SpeakerTracker, frag: Speaker, keep: Speaker) -> None:
    w_keep, w_frag = max(keep.evidence, 1), max(frag.evidence, 1)
    keep.embedding = l2(w_keep * keep.embedding + w_frag * frag.centroid())
    keep.evidence += frag.evidence
    keep.session_embeddings.extend(frag.session_embeddings)
    if frag.name and not keep.name:
        keep.name = frag.name
    keep.aliases += [a for a in frag.aliases if a not in keep.aliases]
    del tracker.speakers[frag.id]


def remap(ids: list[str], merged: dict[str, str]) -> list[str]:
    return [merged.get(i, i) for i in ids]


def fragment_count(assigned: list[str], truth: list[str]) -> int:
    """Ids beyond one per true speaker: how fragmented an attribution is (for the benchmark)."""
    by_truth: dict[str, set[str]] = {}
    for a, t in zip(assigned, truth, strict=True):
        by_truth.setdefault(t, set()).add(a)
    return sum(len(v) - 1 for v in by_truth.values())

