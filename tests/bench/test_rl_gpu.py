"""The LLM policy's cache-only run (bench/rl_gpu.py, for a GPU machine with no graph): a cache file is served
alone and names a question it lacks, greedy replay scores the ranking of the action taken, training stops at
its time limit, and a whole run on a tiny LM built in code judges, trains, judges again and saves the policy."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bench.rl_gpu import _until, judge, main
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import ACTIONS, STOP
from polymem.retrieval.policy.replay import Cached, CachedEnv, Item, TrainConfig


def _cached(gold_action: str) -> Cached:
    acts = {a: ("bm25", [("x", 1.0)]) for a in ACTIONS if a != STOP}
    ranked = {a: ["m1", "m2", "m3"] for a in ACTIONS}
    ranked[gold_action] = ["g", "m1", "m2"]  # only this action brings the gold into the top 10
    return Cached(Plan(question="which boat did they rent"), [[("m1", 2.0)]], ["bm25"], acts, ranked=ranked)


def _write(folder: Path) -> tuple[Path, Path, Path]:
    """A train and a validation cache (two conversations each) and the questions file."""
    parts = {"train": [("ta#1", "bm25_rewrite"), ("ta#2", "bm25_rewrite"), ("tb#1", "vector_rewrite")],
             "validation": [("va#1", "bm25_rewrite"), ("vb#1", "vector_rewrite"), ("vb#2", "bm25_rewrite")]}
    files = []
    for part, qs in parts.items():
        env = CachedEnv(folder / f"{part}.json", ranking=True)
        env.cache = {q: _cached(a) for q, a in qs}
        env.save()
        files.append(env.cache_file)
    items = folder / "items.json"
    items.write_text(json.dumps({p: [{"qid": q, "space": "s", "question": "which boat did they rent", "gold": ["g"]}
                                     for q, _ in qs] for p, qs in parts.items()}))
    return items, files[0], files[1]


class _Always:
    """A policy that takes one fixed action whenever it is allowed."""

    def __init__(self, action: str) -> None:
        self.action = action

    def observe(self, *args: object) -> None:
        return None

    def choose(self, state: object, allowed: list[str]) -> str:
        return self.action if self.action in allowed else STOP


def test_a_cache_is_served_alone_and_a_missing_question_is_named(tmp_path: Path) -> None:
    _, train, _ = _write(tmp_path)
    env = CachedEnv(train, ranking=True)
    assert sorted(env.cache) == ["ta#1", "ta#2", "tb#1"]
    assert env.get(Item("tb#1", "s", "q", ["g"])).ranked["vector_rewrite"][0] == "g"
    with pytest.raises(KeyError, match="zz#9"):
        env.get(Item("zz#9", "s", "q", ["g"]))


def test_judge_scores_the_ranking_of_the_action_taken(tmp_path: Path) -> None:
    items, _, val = _write(tmp_path)
    env = CachedEnv(val, ranking=True)
    its = [Item(**d) for d in json.loads(items.read_text())["validation"]]
    cfg = TrainConfig(keep=10, reward_on="ranking")
    r = judge(_Always("bm25_rewrite"), env, its, cfg)
    assert r["recall@10"] == pytest.approx(100 * 2 / 3, abs=0.01)  # va#1 and vb#2 rank the gold with it
    assert r["per_conversation"] == {"va": 100.0, "vb": 50.0}
    assert r["rounds"] == 2.0 and r["choices"] == {"bm25_rewrite": 3}
    stop = judge(_Always(STOP), env, its, cfg)
    assert stop["recall@10"] == 0.0 and stop["rounds"] == 1.0


def test_training_steps_stop_at_the_deadline() -> None:
    assert list(_until(range(50), time.perf_counter() - 1)) == []
    assert list(_until(range(5), time.perf_counter() + 60)) == [0, 1, 2, 3, 4]


def test_a_whole_run_on_a_tiny_lm_judges_trains_and_saves(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from polymem.retrieval.policy.llm import LLMPolicy
    from polymem.retrieval.policy.prompt import prompt_text
    from tests.tiny_lm import tiny_lm

    items, train, val = _write(tmp_path)
    c = _cached(STOP)
    text = prompt_text(object(), LLMPolicy.observe(c.plan, c.base, c.base_kinds, 1, ["m1"]), list(ACTIONS))
    model = tiny_lm(tmp_path / "lm", [text])
    out = tmp_path / "out"
    assert main(["run", "--items", str(items), "--train-cache", str(train), "--val-cache", str(val), "--model",
                 str(model), "--out", str(out), "--device", "cpu", "--steps", "3", "--batch", "2",
                 "--grid", '[{"cost": 0.0, "lr": 0.01}]']) == 0
    res = json.loads((out / "results.json").read_text())
    assert res["train_questions"] == 3 and res["validation_questions"] == 3
    assert res["validation_oracle"]["hindsight_best"] == 100.0
    assert res["llm_base"]["rounds"] >= 1.0 and sum(res["llm_base"]["choices"].values()) == 3
    run = res["runs"][0]
    assert run["steps_done"] == 3 and len(run["curve"]) == 3
    assert sum(run["validation"]["choices"].values()) == 3
    pol = LLMPolicy.load(out / "policy0", device="cpu")
    assert pol.meta["steps"] == 3 and pol.choose(text, [STOP, "bm25_rewrite"]) in (STOP, "bm25_rewrite")
