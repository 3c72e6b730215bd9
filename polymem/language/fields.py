"""Whether a job lies in a field ("speech therapist" in healthcare, "lecturer" in education) by meaning, where
WordNet's hypernyms and glosses do not say it (`lexical.falls_under` is tried first).

The test compares "works as a <job>" with "works in <field>" in the MiniLM space the language layer already
loads. FIELD_MIN was set on a grid of 26 invented jobs against 9 fields (docs/bench/language.md, twenty-fourth
pass): at 0.60 every pair at or above it was a right one, while right pairs below it remain (a vet in
healthcare, 0.58). A category that is itself a person noun ("musician", "nurse") is left to WordNet: by
meaning, neighbouring trades come too close ("sound engineer" / "musician" 0.64, "paramedic" / "nurse" 0.63).
"""

from __future__ import annotations

from functools import lru_cache

from polymem.language import lexical as lex
from polymem.language.models import encode

FIELD_MIN = 0.60


@lru_cache(maxsize=4096)
def works_in(job: str, field: str) -> bool:
    job, field = job.strip(), field.strip().lower()
    words = field.split()
    if not job or not words or lex.is_person_noun(words[-1], 1):
        return False
    a, b = encode([f"works as a {job}", f"works in {field}"])
    return float(a @ b) >= FIELD_MIN
