"""A learned policy inside `ask`: round 1 is the rules' plan-scoped searches, then each round the policy picks
one catalogue action or stops (at most `max_rounds` rounds). Selected by `AskOptions.policy`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from polymem.errors import InputError
from polymem.graph.search import SearchRepository
from polymem.retrieval.agent import Retriever, State
from polymem.retrieval.fusion import WeightedLists
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan
from polymem.retrieval.policy.catalogue import (
    ACTIONS,
    STOP,
    candidates,
    fusion_weights,
    kept,
    list_filters,
    order,
    split_action,
)
from polymem.retrieval.policy.small import SmallPolicy

PACKAGED = Path(__file__).resolve().parent / "data" / "small.json"  # shipped when it beats the rules
_LOADED: dict[tuple[str, float], Any] = {}  # SmallPolicy or LLMPolicy


def load_policy(name: str, llm_client: Any = None) -> Any:
    """None for "rules"; "small" = the packaged policy; "llm" = the configured OpenAI-compatible server
    (`ClientPolicy`, through `llm_client` when given); anything else is a path to a saved policy: a small
    policy's policy.json, or a folder holding one or an LLM policy (class (b), `llm_policy.json`)."""
    if name == "rules":
        return None
    if name == "llm":  # the configured OpenAI-compatible server picks each round's action
        from polymem.llm import make_client
        from polymem.retrieval.policy.client import ClientPolicy

        client = llm_client or make_client()
        if client is None:
            raise InputError("policy 'llm' needs an LLM: set POLYMEM_LLM_BASE_URL and POLYMEM_LLM_MODEL "
                             "(scripts/llm start prints them for the local server)")
        return ClientPolicy(client)
    path = PACKAGED if name == "small" else Path(name)
    if path.is_dir() and (path / "llm_policy.json").is_file():
        return _load_llm(path)
    if path.is_dir() and (path / "policy.json").is_file():
        path = path / "policy.json"
    if not path.is_file():
        raise InputError(f"no retrieval policy at {path} (train one with `polymem train retrieval`)")
    key = (str(path.resolve()), path.stat().st_mtime)
    if key not in _LOADED:
        try:
            _LOADED[key] = SmallPolicy.load(path)
        except (ValueError, KeyError) as e:
            raise InputError(f"cannot load retrieval policy {path}: {e}") from e
    return _LOADED[key]


def _load_llm(folder: Path) -> Any:
    key = (str(folder.resolve()), (folder / "llm_policy.json").stat().st_mtime)
    if key not in _LOADED:
        try:
            from polymem.retrieval.policy.llm import LLMPolicy

            _LOADED[key] = LLMPolicy.load(folder)
        except (ImportError, ValueError, KeyError, OSError) as e:
            raise InputError(f"cannot load LLM retrieval policy {folder}: {e}") from e
    return _LOADED[key]


class PolicyRetriever(Retriever):
    def __init__(self, repo: SearchRepository, space: str, plan: Plan, opts: AskOptions, roster: RosterIndex,
                 embed: Any, started: dict[str, Any] | None, policy: Any) -> None:
        super().__init__(repo, space, plan, opts, roster, embed, started)
        self.policy = policy

    def run(self) -> State:
        opts = self.opts
        self.opts = opts.model_copy(update={"strategy": "system12", "ask_round": False})  # round 1 only
        try:
            st = super().run()
        finally:
            self.opts = opts
        ok = bool(st.trace.pop().get("sufficient"))  # round 1's sufficiency line: re-added at the end
        conf = st.extract.confidence if st.extract else 0.0
        cands = candidates(self.plan, opts, self.roster)
        known = list(getattr(self.policy, "actions", ACTIONS))  # a policy trained with fusion actions knows JOINT
        taken: list[str] = []
        preset: str | None = None
        own: list[int] = []
        # a policy trained for fewer decisions (reward on the final ranking: one) takes no more here
        last = min(opts.max_rounds, int((getattr(self.policy, "meta", None) or {}).get("max_rounds", opts.max_rounds)))
        while st.rounds < last:
            x = self.policy.observe(self.plan, st.lists, st.kinds, st.rounds, kept(st.lists, st.kinds), ok, conf)
            allowed = [a for a in known if (b := split_action(a)[0]) in cands and b not in taken]
            probs = self.policy.probs(x, allowed)  # one pass (an LLM policy's forward is the expensive part)
            choice = max(allowed, key=lambda a: (probs[a], -order(a)))  # = policy.choose
            st.trace.append({"round": st.rounds, "layer": "policy", "tool": self.policy.kind, "choice": choice,
                             "p": round(probs[choice], 3), **getattr(self.policy, "last", {})})
            base, preset = split_action(choice)
            if base != STOP:
                taken.append(base)
                action = cands[base]
                assert action is not None
                n = len(st.lists)
                self.do([action])
                own = list(range(n, len(st.lists)))
            if base == STOP or preset is not None:  # a fusion preset is the last decision
                break
        if taken:
            ok = self.judge()  # decisions read round 1's verdict (as in training); the answer reads everything
        if preset is not None:  # the final ranking (compose -> fusion.score_fuse) reads the lists' multipliers
            st.lists = WeightedLists(st.lists, fusion_weights(preset, st.lists, st.kinds,
                                                              list_filters(st.trace, len(st.lists)), own))
        st.trace.append({"round": st.rounds, "layer": "answer", "tool": "sufficiency", "sufficient": ok})
        return st


def retriever_for(repo: SearchRepository, space: str, plan: Plan, opts: AskOptions, roster: RosterIndex,
                  embed: Any, started: dict[str, Any] | None = None, llm_client: Any = None) -> Retriever:
    """The rules' Retriever, or the learned policy's when `opts.policy` names one (agentic strategy only);
    `llm_client` serves policy "llm" (else the configured one)."""
    pol = load_policy(opts.policy, llm_client) if opts.strategy == "agentic" else None
    if pol is None:
        return Retriever(repo, space, plan, opts, roster, embed, started)
    return PolicyRetriever(repo, space, plan, opts, roster, embed, started, pol)
