"""Speaker-conditioned features of a candidate statement (the small policy is linear in these).

Who speaks about whom (the owner speaking, a report by another person, the group, the owner addressed), the
speaker's history in this run (corrections of recorded values, reports about others), the candidate's kind
and attribute, its confidence (a weak / past-tense mention), the existing head (one exists, agrees, same
source), a little of the content's shape, and the rules' decision as a prior.
"""

from __future__ import annotations

import re

import numpy as np

from polymem.ingest.writer.policy import ADD, NOOP, UPDATE, Candidate, rule_choice

KINDS = ("core", "fact", "decision", "proposal", "request", "promise", "opinion", "family", "other")
FEATURES = (
    "bias", "rule_add", "rule_update", "rule_noop",
    "speaker_is_owner", "reported_by_other", "group_owner", "owner_addressed", "group_chat",
    "speaker_corrections", "speaker_correction_rate", "speaker_report_rate", "speaker_first",
    "has_head", "head_agrees", "keyed", "weak", "head_same_source",
    *(f"kind_{k}" for k in KINDS),
    "content_len", "has_digit", "has_name", "first_person_trace",
)
_CAP = re.compile(r"(?<=\s)[A-Z][a-z]+")
_DIGIT = re.compile(r"\d")
_TRACE = re.compile(r"(?i)\b(?:i|i'm|my|me)\b")


def kind(attribute: str | None) -> str:
    a = attribute or ""
    if a in ("city", "job", "pet"):
        return "core"
    head = a.split(":", 1)[0]
    return head if head in KINDS else "other"


def featurize(c: Candidate) -> np.ndarray:
    rule = rule_choice(c)
    h = c.history
    k = kind(c.attribute)
    words = c.content.split()
    head_src = bool(c.same) and c.same[-1].source == c.source
    x = [
        1.0, rule == ADD, rule == UPDATE, rule == NOOP,
        c.owner == c.source, c.owner not in (c.source, c.group), c.owner == c.group, c.owner in c.addressees,
        c.people > 2,
        min(1.0, h.corrections / 3), h.corrections / max(1, h.statements), h.reported / max(1, h.statements),
        h.statements == 0,
        bool(c.same), c.agrees, c.keyed, c.weak, head_src,
        *(k == kk for kk in KINDS),
        min(2.0, len(words) / 20), bool(_DIGIT.search(c.content)), bool(_CAP.search(" " + " ".join(words[1:]))),
        bool(_TRACE.search(c.content)),
    ]
    return np.asarray(x, dtype=float)


def observe(c: Candidate) -> None:
    """Update the speaker's history after a candidate was seen (whatever was decided)."""
    c.history.statements += 1
    if c.same and not c.agrees and c.keyed:
        c.history.corrections += 1
    if c.owner not in (c.source, c.group):
        c.history.reported += 1
