"""EG-GRPO training of the small retrieval policy against the real graph.

For each training question the rules' round 1 and every catalogue action are executed once against the
graph (Executor, the same code `ask` runs) and their hit lists cached (on disk too, for resume). An episode
then replays states from that cache: at each decision K actions are sampled from the policy, each is
rewarded with the EG-GRPO reward on the kept records (new gold in the first 15 of the fused lists, plus the
log-discounted rank term, minus a small per-round cost), and the policy takes one group-relative step.

`reward_on="ranking"` rewards on what `ask` returns instead of the score-fused proxy: for each question the
final ranking (the answerer re-run, then `compose`) after round 1 alone and after round 1 + each catalogue
action is cached, the kept records are the first `keep` ids of that ranking (10 = the recall@10 cut-off), and
gold evidence the action pushes out of them counts against it (the paper's "already held earns nothing" stays;
losing it costs). One decision after round 1 (at most 2 rounds): later states are not cached.

`fusion=True` (with "ranking") adds the fusion-weight actions (catalogue.FUSIONS): the final ranking is also
cached for round 1 and for each action under each weight preset ("<action>@<preset>"; compose alone, no graph:
the answerer reads the RRF order, not the score fusion), and the policy chooses among those joint actions.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from polymem.graph.driver import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.search import SearchRepository
from polymem.retrieval.actions import Executor
from polymem.retrieval.agent import Retriever
from polymem.retrieval.compose import compose
from polymem.retrieval.fusion import WeightedLists
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan
from polymem.retrieval.planner import compile_rules
from polymem.retrieval.policy.catalogue import FUSIONS, STOP, candidates, fusion_weights, list_filters
from polymem.retrieval.policy.replay import (  # noqa: F401 - the replay half, re-exported for its callers
    RANKED,
    Cached,
    CachedEnv,
    Hits,
    Item,
    TrainConfig,
    action_reward,
    episode,
    load_checkpoint,
    policy_for,
    ranking_reward,
    run_steps,
    save_checkpoint,
    train,
)


def ranked_under(plan: Plan, st: Any, preset: str | None = None, own: Sequence[int] = ()) -> list[str]:
    """`ask`'s final ranking (compose) of a state, under a fusion preset (None: the default weights), as
    PolicyRetriever leaves it: the lists carry the preset's multipliers."""
    if preset is None:
        return compose(plan, st)[1][:RANKED]
    lists = st.lists
    st.lists = WeightedLists(lists, fusion_weights(preset, lists, st.kinds, list_filters(st.trace, len(lists)), own))
    try:
        return compose(plan, st)[1][:RANKED]
    finally:
        st.lists = lists



class Env(CachedEnv):
    """Executes round 1 and the catalogue for a question once (real graph), then serves them from a cache.
    With `ranking`, also `ask`'s final ranking after round 1 and after each action (Cached.ranked)."""

    def __init__(self, graph: Graph, embedder: Any, cache_file: Path | None = None,
                 opts: AskOptions | None = None, ranking: bool = False, fusion: bool = False) -> None:
        super().__init__(cache_file, ranking, fusion)
        self.repo = SearchRepository(graph)
        self.msgs = MessageRepository(graph)
        self.embedder = embedder
        self.opts = opts or AskOptions()
        self._rosters: dict[str, RosterIndex] = {}

    def fill(self, items: Sequence[Item], progress: Callable[[Any], Any] | None = None, every: int = 50) -> None:
        """Execute every question not cached yet, saving the cache every `every` questions and at the end (a
        long run keeps what it did). `progress` wraps the list (a progress bar)."""
        todo = [it for it in items if it.qid not in self.cache]
        for i, it in enumerate(progress(todo) if progress else todo):
            self.get(it)
            if (i + 1) % every == 0:
                self.save()
        self.save()

    def roster(self, space: str) -> RosterIndex:
        if space not in self._rosters:
            self._rosters[space] = RosterIndex(self.msgs.roster(space))
        return self._rosters[space]

    def get(self, item: Item) -> Cached:
        if item.qid in self.cache:
            return self.cache[item.qid]
        roster = self.roster(item.space)
        plan = compile_rules(item.question, None, roster)
        # round 1 exactly as `ask` runs it under a policy (rows, topic, answerer), for its lists and verdict
        one = self.opts.model_copy(update={"strategy": "system12", "ask_round": False})
        r1 = Retriever(self.repo, item.space, plan, one, roster, self.embedder)
        st = r1.run()
        c = Cached(plan, [list(h) for h in st.lists], list(st.kinds), {}, bool(st.trace[-1].get("sufficient")),
                   st.extract.confidence if st.extract else 0.0)
        ex = Executor(self.repo, item.space, self.embedder)
        for name, a in candidates(plan, self.opts, roster).items():
            if a is not None:
                c.acts[name] = (a.tool, ex.run(a))
                if self.ranking:  # as PolicyRetriever: the action's round, the answerer again, then compose
                    r2 = Retriever(self.repo, item.space, plan, self.opts, roster, self.embedder)
                    r2.st, r2._expanded = copy.deepcopy(st), set(r1._expanded)
                    r2.st.trace.pop()
                    r2.do([a])
                    r2.judge()
                    c.ranked[name] = ranked_under(plan, r2.st)
                    if self.fusion:
                        for f in FUSIONS:
                            c.ranked[f"{name}@{f}"] = ranked_under(plan, r2.st, f, [len(st.lists)])
        if self.ranking:
            st.trace.pop()
            c.ranked[STOP] = ranked_under(plan, st)
            if self.fusion:
                for f in FUSIONS:
                    if f != "own":
                        c.ranked[f"{STOP}@{f}"] = ranked_under(plan, st, f)
        self.cache[item.qid] = c
        return c
