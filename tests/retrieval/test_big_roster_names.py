"""A roster of thousands finds the same mentions, by first word, as one pattern over every spelling."""

from __future__ import annotations

import random

from polymem.retrieval.names import RosterIndex
from polymem.schema.models import Participant


def _roster(n: int) -> list[Participant]:
    rnd = random.Random(3)
    syll = ["ka", "lo", "mi", "ren", "tas", "vo", "zel", "an", "bri", "os", "ul", "ne"]
    out = []
    for i in range(n):
        first = "".join(rnd.choice(syll) for _ in range(rnd.randint(1, 3))).capitalize()
        last = "".join(rnd.choice(syll) for _ in range(2)).capitalize()
        handle = f"{first.lower()}{i}" if i % 3 else f"{first.lower()}_{last.lower()}"
        out.append(Participant(id=f"u{i}", name=f"{first} {last}", aliases=[first, f"{first}-{last[:2]}"]
                               + ([f"{first} O'{last}"] if i % 7 == 0 else []) + [handle]))
    return out


def _texts(roster: list[Participant]) -> list[str]:
    rnd = random.Random(5)
    words = "so then we met at the cafe and said hi to her later that week".split()
    shapes = ["{n}, can you check this?", "ask @{n} about it", "{n}'s bike", "the {n}s' house", "{n}s are here",
              "x{n} y", "{n}_b", "{N} said no", "{n}-ish", "({n})", "met {n} and {m} today", "{n}.", "@{n}s"]
    out = []
    for _ in range(3000):
        p, q = rnd.choice(roster), rnd.choice(roster)
        n, m = rnd.choice(p.names()), rnd.choice(q.names())
        t = rnd.choice(shapes).format(n=n, m=m, N=n.upper())
        out.append(" ".join(rnd.sample(words, 3)) + " " + t + " " + " ".join(rnd.sample(words, 2)))
    return out


def test_first_word_index_matches_one_pattern() -> None:
    roster = _roster(2500)
    big = RosterIndex(roster)
    assert big._re is None and big._first  # the big roster takes the first-word path
    RosterIndex.ONE_PATTERN, saved = 10**9, RosterIndex.ONE_PATTERN
    try:
        one = RosterIndex(roster)
    finally:
        RosterIndex.ONE_PATTERN = saved
    assert one._re is not None
    found = 0
    for t in _texts(roster):
        got = big.find(t)
        assert got == one.find(t), t
        found += bool(got)
    assert found > 1000  # half the texts name somebody: the comparison is not over empty results


def test_a_state_is_read_where_a_full_name_tells_of_its_owner() -> None:
    from polymem.retrieval.extract import Answerer
    from polymem.retrieval.plan import Plan

    roster = RosterIndex([Participant(id="smith", name="Mary Smith", aliases=["Mary"]),
                          Participant(id="jones", name="Mary Jones", aliases=[]),
                          Participant(id="li", name="Wen Li", aliases=["Wen"]),
                          Participant(id="nick", name="seth_k|lappy", aliases=[])])
    msgs = {"a": {"id": "a", "text": "Mary Jones moved to Oslo last week", "speaker": "li"},
            "b": {"id": "b", "text": "seth_k|lappy works nights at the docks now", "speaker": "li"}}
    ans = Answerer(Plan(question="Where does Mary Jones live?"), msgs, ["a", "b"], roster, {})
    # the first word alone belongs to another member; the full name is this one's
    assert ans.may_tell_of(msgs["a"], "jones") and not ans.may_tell_of(msgs["a"], "nick")
    assert ans.may_tell_of(msgs["b"], "nick")  # a nick with a symbol in it
