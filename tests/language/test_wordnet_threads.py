"""WordNet read from many threads at once (API workers answer requests on threads): every thread must get
the same synsets as a single reader, and no broken entry may be cached."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from polymem.language.models import wordnet


def _offsets(reader, words: list[str]) -> list[tuple[str, tuple[int, ...]]]:  # type: ignore[no-untyped-def]
    return [(w, tuple(s.offset() for s in reader.synsets(w, "n"))) for w in words]


def test_concurrent_readers_see_the_same_synsets() -> None:
    words = [lem for lem in list(wordnet().all_lemma_names("n"))[5000:5800] if lem.isalpha()]
    want = _offsets(wordnet.__wrapped__(), words)  # a fresh reader, one thread
    shared = wordnet.__wrapped__()  # another fresh reader: nothing cached yet
    chunks = [words[i::8] for i in range(8)] * 2  # every word looked up by two threads at once
    with ThreadPoolExecutor(max_workers=16) as pool:
        got = {w: o for part in pool.map(lambda ws: _offsets(shared, ws), chunks) for w, o in part}
    assert len(words) > 300 and got == dict(want)
