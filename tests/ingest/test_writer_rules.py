"""The no-LLM Writer on small hand-made group chats (phrasings unlike the shared data set)."""

from __future__ import annotations

from datetime import datetime

from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [
    Participant(id="mara_k", name="Mara Kovac", aliases=["Mara"]),
    Participant(id="theo99", name="Theo Brandt", aliases=["Theo"]),
    Participant(id="sana", name="Sana Idris", aliases=["Sana"]),
]
CHAT = [  # (id, speaker, text, reply_to)
    ("c1", "mara_k", "I'm a barista at Bean There, mostly early shifts.", None),
    ("c2", "theo99", "I live in Leipzig, been here since uni.", None),
    ("c3", "sana", "my cousin moved to Oslo, she loves the fjords", None),
    ("c4", "sana", "flying to Madrid for a conference on Monday", None),
    ("c5", "theo99", "What about the Green Room for the venue?", None),
    ("c6", "mara_k", "Alright, it's decided: the venue is the Green Room.", None),
    ("c7", "sana", "Sana here: we got a puppy last week!", None),
    ("c8", "theo99", "Mara, could you book the table for Friday?", None),
    ("c9", "mara_k", "Sure thing, I'll book the table tonight.", "c8"),
    ("c10", "sana", "Honestly I think Theo is the most patient person I know.", None),
    ("c11", "mara_k", "Big change: I got a new job as a paramedic at City Ambulance!", None),
    ("c12", "theo99", "Change of plans, we switched the venue to the Old Mill because the Green Room closed.", None),
    ("c13", "sana", "Did you hear Theo moved to Dresden?", None),
    ("c14", "mara_k", "is the Old Mill far from the station?", None),
]


def ingest(graph: Graph, space: str, rows=CHAT) -> None:
    msgs = [Message(id=i, speaker=s, text=t, time=datetime(2026, 6, 1, 12, n), seq=n, reply_to=r)
            for n, (i, s, t, r) in enumerate(rows)]
    Ingestor(graph, None).ingest(space, Conversation.model_construct(
        id="chat", roster=ROSTER, channels=[], messages=iter(msgs), addressees_given=False, source_file=None))


def test_rule_writer_on_a_small_group_chat(graph: Graph, space: str) -> None:
    ingest(graph, space)
    rep = write_space(graph, space, window=5)
    assert rep.messages == len(CHAT) and not rep.rejected and rep.llm_calls == 0
    repo = RecordRepository(graph)

    def head(owner: str, attribute: str, source: str | None = None):
        hs = [h for h in repo.heads(space, owners=[owner], attribute=attribute) if source in (None, h.source)]
        assert len(hs) == 1, (owner, attribute, hs)
        return hs[0]

    # A changed job: new head, old version superseded and linked.
    job = head("mara_k", "job")
    assert "paramedic" in job.value and "City Ambulance" in job.value and job.version == 2
    assert [r.value for r in repo.records(space, owner="mara_k", event="job")] == \
        ["barista at Bean There", "paramedic at City Ambulance"]
    # News about another member: owner Theo, source Sana, an Update of Theo's own statement.
    city = head("theo99", "city")
    assert city.value == "Dresden" and city.source == "sana" and city.from_ids == ["c13"]
    assert [c["value"] for c in repo.chain(space, city.id)] == ["Leipzig", "Dresden"]
    # Distractors: a cousin's move and a work trip are not Sana's city.
    assert repo.heads(space, owners=["sana"], attribute="city") == []
    assert "Oslo" not in " ".join(h.content for h in repo.heads(space) if h.attribute != "family:cousin")
    # A reversed decision: the proposal is not a decision, the reversal updates the decision.
    decision = head("GROUP", "decision:venue")
    assert decision.value == "the Old Mill" and decision.layer == "Interaction" and decision.scope == "GROUP"
    history = repo.records(space, owner="GROUP", event="venue")
    assert [(r.attribute, r.value, r.state) for r in history] == [
        ("proposal:venue", "the Green Room", "current"),
        ("decision:venue", "the Green Room", "superseded"),
        ("decision:venue", "the Old Mill", "current"),
    ]
    # A request addressed by vocative and the promise answering it (reply edge), linked.
    req = head("GROUP", "request")
    assert req.source == "theo99" and req.involves == ["mara_k"] and "book the table" in req.content
    promise = head("GROUP", "promise")
    assert promise.source == "mara_k" and promise.involves == ["theo99"] and promise.from_ids == ["c8", "c9"]
    assert graph.read("MATCH (p:Record {space: $s, id: $p})-[:RELATED_TO]->(r:Record {id: $r}) RETURN count(*) AS n",
                      s=space, p=promise.id, r=req.id)[0]["n"] == 1
    # An opinion of one participant about another: owner Theo, source Sana.
    op = head("theo99", "opinion")
    assert op.source == "sana" and op.layer == "Profile" and "patient" in op.content
    # A pet, and the cousin kept as a family fact of Sana's (not her state).
    assert "puppy" in head("sana", "pet").value
    assert "Oslo" in head("sana", "family:cousin").content
    # Records are embedded by default (retrieval searches them by vector as well as full text).
    assert graph.read("MATCH (r:Record {space: $s}) WHERE size(coalesce(r.embedding, [])) <> 384 "
                      "RETURN count(r) AS n", s=space)[0]["n"] == 0
    # Questions never make records.
    assert not [r for r in repo.records(space) if "c14" in r.from_ids]


def test_same_value_is_a_noop_and_opinions_update_per_source(graph: Graph, space: str) -> None:
    rows = [
        ("d1", "theo99", "I live in Leipzig these days.", None),
        ("d2", "theo99", "Still based in Leipzig, nothing changed.", None),
        ("d3", "mara_k", "tbh Sana is way too modest about her work", None),
        ("d4", "theo99", "Sana is brilliant at chess, no contest.", None),
        ("d5", "mara_k", "Honestly, I think Sana is the best cook here now.", None),
    ]
    ingest(graph, space, rows)
    rep = write_space(graph, space, window=2)
    assert rep.ops["noop"] >= 1  # d2 restates the head
    repo = RecordRepository(graph)
    assert [r.value for r in repo.records(space, owner="theo99", event="city")] == ["Leipzig"]
    ops = {(h.source, h.version) for h in repo.heads(space, owners=["sana"], attribute="opinion")}
    assert ops == {("mara_k", 2), ("theo99", 1)}  # Mara's view changed, Theo's is his own chain


def test_write_cli_summary(graph: Graph, space: str, capsys) -> None:
    import json

    from polymem.cli import main

    ingest(graph, space, CHAT[:9])
    assert main(["write", "--space", space, "--no-embed", "--json", "--window", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["writer"] == "rules" and out["messages"] == 9 and out["windows"] == 3
    assert out["ops"]["add"] >= 5 and out["llm_calls"] == 0 and out["rejected"] == {}
    assert main(["write", "--space", space, "--window", "0"]) == 2  # bad input: a clear error
    assert main(["write", "--space", space + "-missing", "--no-embed"]) == 2
    err = capsys.readouterr().err
    assert f"no space '{space}-missing'" in err and space in err  # the typo is named, the real space suggested


def test_a_judgement_by_pronoun_goes_to_the_one_addressed_or_named_last(graph: Graph, space: str) -> None:
    rows = [
        ("e1", "theo99", "Big news: I quit the lab and I'm sailing to Tromsø on Friday.", None),
        ("e2", "sana", "honestly you're incredibly gutsy", None),
        ("e3", "mara_k", "Sana did you see Theo's boat photos", None),
        ("e4", "mara_k", "he's the calmest sailor I've ever met", None),
        ("e5", "sana", "he must be exhausted by now", None),  # a guess, no judgement
    ]
    ingest(graph, space, rows)
    write_space(graph, space, window=5)
    heads = RecordRepository(graph).heads(space, owners=["theo99"], attribute="opinion")
    by = {h.source: h.value for h in heads}
    assert "gutsy" in (by.get("sana") or "") and "calmest sailor" in (by.get("mara_k") or ""), by
    assert not RecordRepository(graph).heads(space, owners=["sana"], attribute="opinion")


def test_a_place_said_to_be_left_is_history_that_a_passing_mention_replaces(graph: Graph, space: str) -> None:
    rows = [
        ("e1", "sana", "so long Innsbruck! the van is packed and the cat is furious", None),
        ("e2", "sana", "Greetings from Graz! moved in yesterday, boxes everywhere", None),
        ("e3", "theo99", "I live in Leipzig these days.", None),
        ("e4", "theo99", "Evening from Weimar! lovely little town", None),
    ]
    ingest(graph, space, rows)
    write_space(graph, space, window=2)
    repo = RecordRepository(graph)
    sana = repo.records(space, owner="sana", event="city")
    assert [r.value for r in sana] == ["Innsbruck", "Graz"] and "lived in Innsbruck (before)" in sana[0].content
    assert [h.value for h in repo.heads(space, owners=["sana"], attribute="city")] == ["Graz"]
    # a passing mention never replaces a value stated as home
    assert [h.value for h in repo.heads(space, owners=["theo99"], attribute="city")] == ["Leipzig"]


def test_a_more_exact_kind_of_a_kept_animal_is_the_same_pet(graph: Graph, space: str) -> None:
    rows = [
        ("k1", "theo99", "my lizard Pebble sheds every few weeks", None),
        ("k2", "mara_k", "what is Pebble exactly?", None),
        ("k3", "theo99", "an iguana! she's three", None),
        ("k4", "sana", "I've got a beagle called Fig", None),
        ("k5", "sana", "big news, we adopted a dog from the shelter today!", None),
    ]
    ingest(graph, space, rows)
    write_space(graph, space, window=5)
    repo = RecordRepository(graph)
    theo = repo.heads(space, owners=["theo99"], attribute="pet")
    assert [h.value for h in theo] == ["iguana"], theo  # one animal, said more exactly
    sana = repo.heads(space, owners=["sana"], attribute="pet")
    # a more general word after an exact one may be another animal: kept apart
    assert sorted(h.value for h in sana) == ["beagle", "dog"], sana
