"""`polymem bench locomo|groupchat|friendsqa|ablations|latency`: retrieval benches vs plain BM25.

Each takes `--file PATH` (any file of the same format; groupchat also a folder of scenarios), prints
its tables as it measures, and with `--save` writes docs/bench/retrieval.json and the generated
block of docs/bench/retrieval.md.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

ALL = ["locomo", "groupchat", "friendsqa", "ablations", "latency"]
ABLATIONS = ["agentic", "no-system2", "no-ask", "no-addressee"]


def register(sub: argparse._SubParsersAction) -> None:
    from bench import datasets as d

    def common(p: argparse.ArgumentParser, default: list[Path]) -> None:
        p.add_argument("--file", type=Path, nargs="+", default=default, help=f"dataset file(s) (default: {default})")
        p.add_argument("--limit", type=int, default=None, help="at most N questions per conversation, evenly spaced (quick runs)")
        p.add_argument("--no-save", dest="save", action="store_false", help="print only; do not update docs/bench/")

    p = sub.add_parser("locomo", help="LoCoMo evidence recall@5/10/20 by category: BM25 vs polymem strategies")
    common(p, [d.LOCOMO_FILE])
    p.add_argument("--systems", nargs="+", default=["bm25", "system1", "system12", "agentic"])
    p.set_defaults(func=_locomo)
    p = sub.add_parser("groupchat", help="groupchat recall@10 + answer accuracy per type vs BM25 top-1")
    common(p, [d.GROUPCHAT_DIR])
    p.add_argument("--variant", default="agentic", help="polymem strategy / ablation (see bench/systems.py)")
    p.add_argument("--paraphrase", action="store_true", help="reword every question (robustness probe)")
    p.add_argument("--fresh", action="store_true",
                   help="drop the bench spaces first, so messages and System 2 records are derived anew")
    p.add_argument("--save-as", default=None, help="report name under docs/bench/ (default: groupchat)")
    p.set_defaults(func=_groupchat)
    p = sub.add_parser("friendsqa", help="FriendsQA is_speaker: answered participant vs BM25 top hit's speaker")
    common(p, list(d.FRIENDSQA_FILES))
    p.add_argument("--variant", nargs="+", default=["agentic"], help="one or more variants, side by side "
                   "(`trained`: the agentic system with the trained retrieval policy)")
    p.add_argument("--policy", default=None, help="the policy of the `trained` variant (default as ablations)")
    p.set_defaults(func=_friendsqa)
    p = sub.add_parser("ablations", help="without System 2 / ASK / addressee edges, on groupchat and LoCoMo; "
                                         "rules vs trained policies on the RL validation split")
    common(p, [d.GROUPCHAT_DIR, d.LOCOMO_FILE])
    p.add_argument("--policy", default=None, help="trained retrieval policy for the `trained` rows (default: the "
                   "packaged one, else bench/data/rl/retrieval-small.json)")
    p.add_argument("--writer-policy", default=None, help="trained writer policy for the writer rows (default: "
                   "bench/data/rl/writer-small.json)")
    p.add_argument("--no-rl", dest="rl", action="store_false", help="skip the rules-vs-trained rows")
    p.add_argument("--rl-limit", type=int, default=None, help="at most N validation questions per conversation "
                   "for the retrieval-policy rows (default: all; --limit does not apply to them)")
    p.set_defaults(func=_ablations)
    p = sub.add_parser("latency", help="plan+retrieve p50/p95 on a LoCoMo space and a 100k synthetic space")
    p.add_argument("--file", type=Path, nargs="+", default=[d.LOCOMO_FILE], help="LoCoMo file (questions)")
    p.add_argument("--synth", type=int, default=100_000, help="size of the synthetic space")
    p.add_argument("--questions", type=int, default=100)
    p.add_argument("--strategies", nargs="+", default=["system1", "agentic"])
    p.add_argument("--no-save", dest="save", action="store_false")
    p.set_defaults(func=_latency)
    p = sub.add_parser("growth", help="plan+retrieve p50/p95 and recall@10 as one real-text space grows "
                       "(10k, 100k, 1M messages)")
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    p.add_argument("--questions", type=int, default=60)
    p.add_argument("--strategies", nargs="+", default=["system1", "agentic"])
    p.add_argument("--drop", action="store_true", help="drop the space first (default: keep what is stored)")
    p.add_argument("--no-save", dest="save", action="store_false")
    p.set_defaults(func=_growth)


def _command() -> str:
    return "polymem " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:] else "polymem bench"


def _finish(section: str, result: dict[str, Any], t0: float, save: bool) -> int:
    from bench.report import meta, print_table
    from bench.report import save as save_json

    result["meta"] = meta(_command(), time.perf_counter() - t0)
    if "commit" in _STARTED:
        result["meta"]["commit"] = _STARTED["commit"]
    for t in result.get("tables", []):
        print_table(t)
    for n in result.get("notes", []):
        print(f"- {n}")
    if save:
        save_json(section, result)
        if section.startswith("groupchat"):
            from bench.failures import write_failures

            write_failures()
    return 0


_STARTED: dict[str, str] = {}


def _ctx() -> tuple[Any, Any]:
    from bench.report import _commit
    from polymem.graph import Graph

    _STARTED.setdefault("commit", _commit())  # the code that ran, not HEAD when the run ends
    from polymem.ingest.embedder import default_embedder

    return Graph(), default_embedder()


def _groupchat_paths(files: list[Path]) -> list[Path]:
    from bench.datasets import groupchat_files, sniff

    return [p for f in files for p in groupchat_files(f) if sniff(p) == "groupchat"]


def _locomo(args: argparse.Namespace) -> int:
    from bench.retrieval_bench import run_locomo

    t0 = time.perf_counter()
    g, emb = _ctx()
    with g:
        res = [run_locomo(g, emb, f, args.systems, limit=args.limit) for f in args.file]
    return _finish("locomo", _merge(res), t0, args.save)


def _groupchat(args: argparse.Namespace) -> int:
    from bench.groupchat_bench import run_groupchat

    t0 = time.perf_counter()
    g, emb = _ctx()
    with g:
        res = run_groupchat(g, emb, _groupchat_paths(args.file), [args.variant], limit=args.limit,
                            paraphrased=args.paraphrase, fresh=args.fresh)
    name = args.save_as or ("groupchat-reworded" if args.paraphrase else "groupchat")
    return _finish(name, res, t0, args.save)


def _friendsqa(args: argparse.Namespace) -> int:
    from bench.retrieval_bench import run_friendsqa

    t0 = time.perf_counter()
    if "trained" in args.variant:
        from bench.systems import trained_policy, use_trained

        policy = args.policy or trained_policy()
        if not policy:
            raise SystemExit("polymem: error: no trained retrieval policy (--policy PATH)")
        use_trained(policy)
    g, emb = _ctx()
    with g:
        res = run_friendsqa(g, emb, args.file, args.variant, limit=args.limit)
    return _finish("friendsqa", res, t0, args.save)


def _ablations(args: argparse.Namespace) -> int:
    from bench.ablations import run_ablations
    from bench.datasets import sniff

    t0 = time.perf_counter()
    g, emb = _ctx()
    gc = _groupchat_paths(args.file)
    lo = [f for f in args.file if not f.is_dir() and sniff(f) == "locomo"]
    variants = list(ABLATIONS)
    policy = writer = None
    if args.rl:
        from bench.systems import trained_policy, trained_writer_policy, use_trained

        policy, writer = args.policy or trained_policy(), args.writer_policy or trained_writer_policy()
        if policy:
            use_trained(policy)
            variants.append("trained")
    with g:
        res = run_ablations(g, emb, gc, lo, variants, limit=args.limit)
        if args.rl:
            from bench.ablations import rl_rows

            rl = rl_rows(g, emb, policy, writer, limit=args.rl_limit)
            res["tables"] += rl["tables"]
            res["notes"] += rl["notes"]
            res["figures"].update(rl["figures"])
    return _finish("ablations", res, t0, args.save)


def _latency(args: argparse.Namespace) -> int:
    from bench.datasets import locomo
    from bench.latency import run_latency

    t0 = time.perf_counter()
    conv = locomo(args.file[0])[0]
    g, emb = _ctx()
    with g:
        from bench.prepare import ensure_ingested

        ensure_ingested(g, conv, emb)
        qs = [q.question for q in conv.qa if q.kind != "adversarial"]
        res = run_latency(g, emb, conv.space, qs, strategies=args.strategies, n_synth=args.synth,
                          n_questions=args.questions)
    return _finish("latency", res, t0, args.save)


def _growth(args: argparse.Namespace) -> int:
    from bench.growth import run_growth

    t0 = time.perf_counter()
    g, emb = _ctx()
    with g:
        res = run_growth(g, emb, args.sizes, n_questions=args.questions, strategies=args.strategies,
                         drop=args.drop)
    return _finish("growth", res, t0, args.save)


def _merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    if len(results) == 1:
        return results[0]
    out: dict[str, Any] = {"tables": [], "notes": [], "figures": {}}
    for i, r in enumerate(results):
        out["tables"] += r["tables"]
        out["notes"] += r["notes"]
        out["figures"][str(i)] = r["figures"]
    return out
