"""Rules vs trained rows (issue 15): the policies kept for `bench ablations`, and the `trained` variant running
the saved retrieval policy inside `ask` as the benches call it."""

from __future__ import annotations

import sys
from pathlib import Path

from bench import systems
from polymem.ingest.writer.policy import load_policy as load_writer_policy
from polymem.retrieval import AskOptions, ask
from polymem.retrieval.policy.catalogue import ACTIONS, STATE_FEATURES
from polymem.retrieval.policy.run import load_policy
from polymem.retrieval.policy.small import SmallPolicy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "retrieval"))
from chat_fixture import ingest_chat  # noqa: E402


def test_the_kept_policies_load() -> None:
    writer = systems.trained_writer_policy()
    assert writer and Path(writer).is_file()
    assert type(load_writer_policy(writer)).__name__ == "SmallWriterPolicy"
    retrieval = systems.trained_policy()
    assert retrieval and Path(retrieval).is_file()
    assert isinstance(load_policy(retrieval), SmallPolicy)


def test_trained_variant_runs_the_named_policy(graph, space, embedder, tmp_path: Path) -> None:
    ingest_chat(graph, space, embedder)
    pol = SmallPolicy()
    pol.theta[ACTIONS.index("vector_issue_wide"), STATE_FEATURES.index("bias")] = 10.0
    pol.meta["max_rounds"] = 2
    pol.save(tmp_path / "p.json")
    old = dict(systems.VARIANTS["trained"])
    try:
        systems.use_trained(str(tmp_path / "p.json"))
        q = "Who brought the telescope to the picnic?"
        got = systems.run_polymem(graph, space, q, "trained", embedder)
        assert got.error is None
        direct = ask(graph, space, q, embedder=embedder, options=AskOptions(policy=str(tmp_path / "p.json"), top_k=20))
        assert [t["choice"] for t in direct.trace if t["layer"] == "policy"] == ["vector_issue_wide"]
        assert got.ranked == list(dict.fromkeys(direct.ranked_message_ids))
        rules = systems.run_polymem(graph, space, q, "agentic", embedder)
        assert rules.error is None
    finally:
        systems.VARIANTS["trained"] = old
