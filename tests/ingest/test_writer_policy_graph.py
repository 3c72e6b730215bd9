"""The writer's decision seam on the real graph: the rules policy writes exactly what the RuleWriter wrote, a
saved small policy is loaded by `polymem write --policy` and changes decisions, and validation still runs."""

from __future__ import annotations

import json

from polymem.cli import main
from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.writer import write_space
from polymem.ingest.writer.policy import NOOP, OPS, RulesPolicy, load_policy
from polymem.ingest.writer.policy.features import FEATURES
from polymem.ingest.writer.policy.small import SmallWriterPolicy
from polymem.ingest.writer.rules import RuleWriter
from tests.ingest.test_writer_rules import ingest


def _records(graph: Graph, space: str) -> list[tuple[str, str, str | None]]:
    return sorted((r.owner, r.content, r.attribute) for r in RecordRepository(graph).records(space))


def test_rules_policy_is_the_rule_writer(graph: Graph, space: str) -> None:
    ingest(graph, space)
    rep = write_space(graph, space, RuleWriter(RulesPolicy()), None, window=5)
    assert rep.writer == "rules" and not rep.rejected
    recs = _records(graph, space)
    assert any(a == "job" and "paramedic" in c for _, c, a in recs)  # the update chain is still written
    assert len([r for r in RecordRepository(graph).records(space, owner="mara_k", event="job")]) == 2


def _no_facts_policy() -> SmallWriterPolicy:
    """A crafted 'trained' policy: salient first-person facts are not written, everything else as the rules."""
    p = SmallWriterPolicy()
    p.theta[OPS.index(NOOP), FEATURES.index("kind_fact")] = 10.0
    return p


def test_a_saved_policy_is_used_by_write_and_changes_decisions(graph: Graph, space: str, tmp_path, capsys) -> None:
    ingest(graph, space)
    path = tmp_path / "policy.json"
    _no_facts_policy().save(path)
    assert main(["write", "--space", space, "--policy", str(path), "--no-embed", "--json", "--window", "5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["writer"] == "rules+small" and summary["ops"]["noop"] > 0 and not summary["rejected"]
    written = _records(graph, space)
    assert written and not any(a == "fact" for _, _, a in written)  # the policy's noops
    assert any(a == "city" and o == "theo99" for o, _, a in written)  # keyed records still written and updated
    other = f"{space}-rules"
    try:
        ingest(graph, other)
        write_space(graph, other, RuleWriter(), None, window=5)
        rules = _records(graph, other)
        assert any(a == "fact" for _, _, a in rules) and len(rules) > len(written)
    finally:
        from polymem.graph.messages import MessageRepository

        MessageRepository(graph).drop_space(other)


def test_write_rejects_a_missing_policy(graph: Graph, space: str, tmp_path, capsys) -> None:
    ingest(graph, space)
    assert main(["write", "--space", space, "--policy", str(tmp_path / "none.json"), "--no-embed"]) == 2
    assert "no trained writer policy" in capsys.readouterr().err
    assert load_policy("rules").name == "rules"
