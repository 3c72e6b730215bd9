"""Generalisation probe for the no-LLM Writer's extraction: phrasings, names and values that do not
occur in the shared data. Written before tuning against it; the thresholds guard against regressions
and the printed figures go into docs/bench/system2.md."""

from __future__ import annotations

from polymem.ingest.writer.extract import Extractor
from polymem.ingest.writer.window import Window, WindowMessage
from polymem.schema.models import Participant

ROSTER = [Participant(id="nadia_r", name="Nadia Rahman", aliases=["Nadia", "Nads"]),
          Participant(id="omar7", name="Omar Haddad", aliases=["Omar"]),
          Participant(id="kit", name="Kit Lowe", aliases=["Kit"])]

# (speaker, text, expected (owner, attribute, value fragment) or None for "nothing of this kind")
POSITIVE = [
    ("nadia_r", "I moved to Rotterdam in March, still getting used to the wind.", ("nadia_r", "city", "Rotterdam")),
    ("omar7", "I live in Antwerp, right by the station.", ("omar7", "city", "Antwerp")),
    ("kit", "Living in Bristol now, finally unpacked.", ("kit", "city", "Bristol")),
    ("kit", "I relocated to Aarhus for good.", ("kit", "city", "Aarhus")),
    ("omar7", "fun fact: I'm based in Marseille these days", ("omar7", "city", "Marseille")),
    ("nadia_r", "Guess what, Omar moved to Bilbao!", ("omar7", "city", "Bilbao")),
    ("omar7", "Kit lives in Cork now apparently", ("kit", "city", "Cork")),
    ("kit", "I work as a dental hygienist at Bright Smiles.", ("kit", "job", "dental hygienist at Bright Smiles")),
    ("nadia_r", "I'm a sous chef at Maple & Rye.", ("nadia_r", "job", "sous chef at Maple & Rye")),
    ("omar7", "I just started as a translator at Lingua Works!", ("omar7", "job", "translator at Lingua Works")),
    ("kit", "I got a new job as an electrician at Volt Bros", ("kit", "job", "electrician at Volt Bros")),
    ("nadia_r", "Omar just started at Harbor Labs, so proud", ("omar7", "job", "Harbor Labs")),
    ("omar7", "I work for Northwind Logistics.", ("omar7", "job", "Northwind Logistics")),
    ("kit", "we adopted a greyhound on Saturday", ("kit", "pet", "greyhound")),
    ("nadia_r", "I have a hamster called Biscuit", ("nadia_r", "pet", "hamster")),
    ("omar7", "My sister is a pilot with KLM.", ("omar7", "family:sister", "pilot")),
    ("kit", "Ok, final decision: the Blue Door for the brunch.", ("GROUP", "decision:brunch", "the Blue Door")),
    ("nadia_r", "We agreed on Sunday for the hike.", ("GROUP", "decision:hike", "Sunday")),
    ("omar7", "Settled then, the theme is pirates.", ("GROUP", "decision:theme", "pirates")),
    ("kit", "Quick update, we switched the venue to Hall B.", ("GROUP", "decision:venue", "Hall B")),
    ("nadia_r", "Omar, can you grab the ice?", ("GROUP", "request", "grab the ice")),
    ("kit", "@nadia_r could you send me the slides please?", ("GROUP", "request", "send me the slides")),
    ("omar7", "Honestly, Kit is the funniest person here.", ("kit", "opinion", "funniest")),
    ("nadia_r", "I think Omar is way too hard on himself.", ("omar7", "opinion", "too hard on himself")),
    ("kit", "ngl Nadia always knows the best restaurants", ("nadia_r", "opinion", "best restaurants")),
]
NEGATIVE = [  # (speaker, text, attribute that must NOT be produced)
    ("nadia_r", "flying to Lisbon for work tomorrow", "city"),
    ("omar7", "my cousin moved to Lima last year", "city"),
    ("kit", "I'm in Paris for the weekend, back Monday", "city"),
    ("nadia_r", "has Omar moved to Bilbao yet?", "city"),
    ("omar7", "I'm moving to Vienna next year maybe", "city"),
    ("kit", "my neighbour works at Crate & Co, says it's busy", "job"),
    ("nadia_r", "I'm a big fan of Taylor Swift", "job"),
    ("omar7", "How about the Blue Door for the brunch?", "decision:brunch"),
    ("kit", "is the venue still Hall B?", "decision:venue"),
    ("nadia_r", "I'd suggest Sunday as the date.", "decision:date"),
    ("omar7", "can you believe this weather?", "request"),
    ("kit", "how can you say that", "request"),
    ("nadia_r", "Omar is here now", "opinion"),
    ("kit", "Nadia is coming later", "opinion"),
    ("omar7", "I don't have a dog anymore", "pet"),
    ("nadia_r", "I saw a dog show on TV", "pet"),
    ("kit", "Did you hear Omar is in Madrid this week?", "city"),
]


def _facts(speaker: str, text: str) -> list[tuple[str, str | None, str | None]]:
    w = Window(space="probe", messages=[], roster=ROSTER)
    ex = Extractor(w)
    return [(f.owner, f.attribute, f.value) for f in ex.facts(WindowMessage(id="x", text=text, speaker=speaker))]


def probe() -> dict[str, float]:
    tp = fp_pos = 0
    misses = []
    for spk, text, (owner, attr, frag) in POSITIVE:
        got = [f for f in _facts(spk, text) if f[1] == attr]
        if any(f[0] == owner and frag.lower() in (f[2] or "").lower() for f in got):
            tp += 1
        else:
            misses.append((text, got))
            fp_pos += bool(got)  # produced something of that kind, but wrong
    fp_neg = sum(1 for spk, text, attr in NEGATIVE if any(f[1] == attr for f in _facts(spk, text)))
    return {"recall": tp / len(POSITIVE), "precision": tp / max(1, tp + fp_pos + fp_neg),
            "negatives_clean": 1 - fp_neg / len(NEGATIVE), "misses": misses}  # type: ignore[dict-item]


def test_unseen_phrasings_precision_and_recall() -> None:
    r = probe()
    print({k: v for k, v in r.items() if k != "misses"}, r["misses"])
    assert r["precision"] >= 0.9 and r["negatives_clean"] >= 0.9
    assert r["recall"] >= 0.6


def test_a_decision_record_names_the_channel_it_was_settled_in() -> None:
    ex = Extractor(Window(space="probe", messages=[], roster=ROSTER))
    facts = ex.facts(WindowMessage(id="x", text="Ok, final decision: the Blue Door for the brunch.", speaker="kit",
                                   channel="autumn-getaway"))
    decided = [f for f in facts if (f.attribute or "").startswith("decision:")]
    assert decided and "autumn" in decided[0].content and "getaway" in decided[0].content


def test_what_a_member_officially_is_now_is_no_group_decision() -> None:
    ex = Extractor(Window(space="probe", messages=[], roster=ROSTER))
    told = ex.facts(WindowMessage(id="y", text="update for whoever missed it: kit is officially a Galway girl now",
                                  speaker="omar7"))
    assert not [f for f in told if (f.attribute or "").startswith("decision:")], [f.content for f in told]
    booked = ex.facts(WindowMessage(id="z", text="Kit booked it, final decision: the Blue Door for the brunch.",
                                    speaker="nadia_r"))
    assert [f for f in booked if (f.attribute or "").startswith("decision:")]  # a member acting for the group


def test_a_capitalised_post_is_worked_as_not_at() -> None:
    """"step up as Events Lead": the record says the owner works as the post, not at a place called so; a firm
    named after people ("Smith & Partners") is still worked at."""
    ex = Extractor(Window(space="probe", messages=[], roster=ROSTER))
    post = [f.content for f in ex.facts(WindowMessage(id="p", text="Nadia asked me to step up as Events Lead from "
                                                      "October", speaker="kit")) if f.attribute == "job"]
    assert post == ["Kit works as Events Lead."], post
    firm = [f.content for f in ex.facts(WindowMessage(id="q", text="I work for Hale & Partners now", speaker="omar7"))
            if f.attribute == "job"]
    assert firm and " at Hale & Partners" in firm[0], firm
