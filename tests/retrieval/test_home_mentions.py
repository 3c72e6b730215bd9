"""Homes said in passing and a job change said in one message, end to end on Neo4j with the real writer
(wording of no data set).

* A record the writer started from a passing mention ("here in X") is no stronger than the mention: a later
  mention of another home says where the person lives now, and the first is where they lived before.
* The job before a change is never the job that holds now, even where the new job's record is dated (by "on
  monday") before the message that announced the change."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from polymem.retrieval.extract_base import StateHit
from polymem.retrieval.extract_state import _split
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("mara", "it's nearly midnight here in Tromsvik and I'm still answering emails", 0),
    ("wen", "go to bed!!", 0.1),
    ("tobi_k", "anyone up for climbing on saturday?", 30),
    ("wen", "count me in", 30.2),
    ("mara", "Evening from Kolvereid! the boxes are finally unpacked and the sea is right outside", 200),
    ("wen", "so jealous of that view", 200.1),
    ("tobi_k", "how's the new gig going?", 400),
    ("mara", "friday was my last day at the bakery. started at Hollow Oak Press on monday, proofreading cookbooks",
     400.2),
]
T0 = datetime(2026, 3, 2, 21, 0, tzinfo=UTC)


def test_a_later_passing_mention_of_home_replaces_an_earlier_one(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "h")
    now = ask(graph, space, "Where is Mara living these days?", embedder=embedder)
    assert "Kolvereid" in now.text and "Tromsvik" not in now.text, now.text
    before = ask(graph, space, "Where did Mara live before Kolvereid?", embedder=embedder)
    assert "Tromsvik" in before.text, before.text


def test_the_value_before_a_change_skips_records_of_the_new_value() -> None:
    """The records of both jobs are dated by the message's own words ("friday", "on monday"), and the change
    the question names was first talked about before that message ("interview at the press tomorrow"): the
    value before the change is still the old job, not the new job's record dated before it."""
    said = (1000.0, 8, "m8")
    hits = [StateHit("m8", "the bakery", (said[0] - 1.0, 8, "m8"), ["m8"], "past"),
            StateHit("m8", "Hollow Oak Press", said, ["m8"]),
            StateHit("r1", "the bakery", (700.0, 0, "r1"), ["m8"], "record"),
            StateHit("r2", "Hollow Oak Press", (800.0, 0, "r2"), ["m8"], "record")]
    hits.sort(key=lambda h: h.when)
    head, past = _split(hits, "What was Mara's job before the cookbooks?", changed_at=(900.0, 5, "m5"))
    assert head is not None and past is not None
    assert head.value == "Hollow Oak Press" and past.value == "the bakery", (head, past)


def test_a_district_is_answered_with_the_city_named_just_before() -> None:
    """"moved to Lisbon" then, a minute later, "my flat in Arroios": the home is given as both; a city named
    weeks earlier, or one left, is not joined to it."""
    from polymem.retrieval.extract_state import home_text

    city = StateHit("m1", "Lisbon", (1000.0, 1, "m1"), ["m1"])
    district = StateHit("m2", "Arroios", (1060.0, 2, "m2"), ["m2"])
    assert home_text([city, district], district, "city") == "Arroios, Lisbon"
    assert home_text([city, district], district, "job") == "Arroios"
    old = StateHit("m0", "Lisbon", (1060.0 - 30 * 86400, 0, "m0"), ["m0"])
    assert home_text([old, district], district, "city") == "Arroios"
    left = StateHit("m1", "Lisbon", (1000.0, 1, "m1"), ["m1"], "past")
    assert home_text([left, district], district, "city") == "Arroios"
    known = StateHit("m3", "Porto", (1100.0, 3, "m3"), ["m3"])
    assert home_text([city, known], known, "city") == "Porto"


def test_a_place_the_gazetteer_puts_inside_the_city_named_before_is_answered_with_it() -> None:
    """A district GeoNames knows, named any time after the city ("moved to Vienna", weeks later "our flat in
    Ottakring"), is a part of it; a town far away, or a city named after a district of another, is not."""
    from polymem.language import lexical as lex
    from polymem.retrieval.extract_state import home_text

    assert lex.part_of_city("Ottakring", "Vienna") and not lex.part_of_city("Vienna", "Ottakring")
    assert not lex.part_of_city("Linz", "Vienna")
    city = StateHit("m1", "Vienna", (1000.0, 1, "m1"), ["m1"])
    district = StateHit("m2", "Ottakring", (1000.0 + 40 * 86400, 2, "m2"), ["m2"])
    assert home_text([city, district], district, "city") == "Ottakring, Vienna"
    far = StateHit("m3", "Linz", (1000.0 + 50 * 86400, 3, "m3"), ["m3"])
    assert home_text([city, far], far, "city") == "Linz"


LEFT = [
    ("mara", "so long Harnbury! the van is loaded and the cat is furious", 0),
    ("wen", "safe drive!!", 0.1),
    ("mara", "Greetings from Loweth! moved in yesterday, boxes everywhere", 50),
    ("tobi_k", "nice one", 50.2),
    ("mara", "Estonia is gorgeous today, the bogs are unreal", 120),
]


def test_a_place_left_is_history_and_a_country_in_passing_is_no_home(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LEFT, T0, "l")
    now = ask(graph, space, "Where is Mara living now?", embedder=embedder)
    assert "Loweth" in now.text and "Harnbury" not in now.text and "Estonia" not in now.text, now.text
    before = ask(graph, space, "Where did Mara live before she moved?", embedder=embedder)
    assert "Harnbury" in before.text, before.text


def test_a_month_after_the_last_change_is_this_years() -> None:
    """"Where was she living in June?" when her last move was said in April and the chat runs to September: June of
    the chat's year (the latest message read), not of the year before."""
    from types import SimpleNamespace

    from polymem.retrieval.extract_at import _pick_at

    day = lambda m, d: datetime(2026, m, d, 12, tzinfo=UTC)  # noqa: E731
    hits = [StateHit("r1", "Harnbury", (day(2, 1).timestamp(), 0, "r1"), ["m1"], "record"),
            StateHit("r2", "Loweth", (day(4, 14).timestamp(), 0, "r2"), ["m2"], "record")]
    msgs = {f"m{i}": {"id": f"m{i}", "time": t, "seq": i} for i, t in enumerate([day(2, 1), day(4, 14), day(9, 6)])}
    ask_in = lambda month: _pick_at(SimpleNamespace(plan=SimpleNamespace(at=None, month=month, month_part=None),  # noqa: E731
                                                      msgs=msgs), hits)
    assert ask_in(6).value == "Loweth"
    assert ask_in(3).value == "Harnbury"
    assert ask_in(1) is None  # before anything was said


MOVED_FROM = [
    ("mara", "Evening from Kolvereid! the boxes are finally unpacked and the sea is right outside", 0),
    ("wen", "so jealous of that view", 0.1),
    ("tobi_k", "was it a big move?", 300),
    ("mara", "one big move from Ballarat to the coast back in 2022 was plenty for this decade", 300.2),
]


def test_a_home_left_read_from_context_is_history_not_the_home_now(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """A place the speaker left, read by meaning in a later message ("one big move from X ... was plenty"),
    is where they lived before: it never becomes the answer for where they live now."""
    ingest_timed(graph, space, embedder, ROSTER, MOVED_FROM, T0, "l")
    now = ask(graph, space, "Which town is Mara living in at present?", embedder=embedder)
    assert "Kolvereid" in now.text and "Ballarat" not in now.text, now.text
    before = ask(graph, space, "Where did Mara live before Kolvereid?", embedder=embedder)
    assert "Ballarat" in before.text, before.text


ONLY_LEFT = [
    ("mara", "grew up in Ballarat, we moved around a lot after that", 0),
    ("wen", "never been", 0.1),
    ("tobi_k", "anyone seen my charger", 300),
]


def test_a_home_only_said_to_be_over_is_no_answer_for_now(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    """Where nothing says where someone lives now, a home held before is where they lived, never where they
    live: the question of now is not answered with it."""
    ingest_timed(graph, space, embedder, ROSTER, ONLY_LEFT, T0, "o")
    now = ask(graph, space, "Which town does Mara live in now?", embedder=embedder)
    assert "Ballarat" not in now.text, now.text
    before = ask(graph, space, "Where did Mara live before?", embedder=embedder)
    assert "Ballarat" in before.text, before.text


def test_a_record_gives_only_its_own_attribute() -> None:
    """A pet named after a city ("pet:quebec city") has no city to give: records match on their attribute."""
    from types import SimpleNamespace

    from polymem.retrieval.extract_state import _record_hits

    pet = SimpleNamespace(id="r1", attribute="pet", event="pet:quebec city", text="Mara has a parrot.", value="parrot",
                          version="current", time=None, message_ids=["m1"])
    home = SimpleNamespace(id="r2", attribute="city", event="city", text="Mara lives in Kolvereid.", value="Kolvereid",
                           version="current", time=None, message_ids=["m2"])
    me = SimpleNamespace(s2={"mara": {"current": [pet, home], "past": []}}, plan=SimpleNamespace(issue=None))
    assert [h.value for h in _record_hits(me, "mara", "city")] == ["Kolvereid"]
    assert [h.value for h in _record_hits(me, "mara", "pet")] == ["parrot"]
