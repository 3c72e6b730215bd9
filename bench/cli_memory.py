"""`polymem bench memory`: Φ_SL of the System 2 Writers against LoCoMo observations, plus record
precision/recall judged by the groupchat QA (bench/memory_quality.py, bench/memory_groupchat.py)."""

from __future__ import annotations

import argparse
import json

ALL = ["memory"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("memory", help="System 2 memory quality (Φ_SL vs LoCoMo observations; groupchat P/R)")
    p.add_argument("--llm", action="store_true", help="LLM Writer (POLYMEM_LLM_*) instead of the no-LLM rules")
    p.add_argument("--limit", type=int, default=None, help="only the first N messages of each conversation")
    p.add_argument("--conv", nargs="*", default=None, help="LoCoMo sample ids (default: all shared)")
    p.add_argument("--window", type=int, default=None)
    p.add_argument("--baseline", action="store_true", help="also score an every-turn-is-a-fact memory (slow)")
    p.add_argument("--skip-groupchat", action="store_true")
    p.add_argument("--scenarios", nargs="*", default=None,
                   help="groupchat file stems, e.g. groupchat-A1-00 (default: all shared); a slow LLM run can go chat by chat")
    p.add_argument("--skip-locomo", action="store_true")
    p.add_argument("--speed", action="store_true",
                   help="only time the rule Writer: per-op transactions vs batched windows, same messages")
    p.add_argument("--no-message-vectors", dest="message_vectors", action="store_false",
                   help="--speed: ingest without message vectors, so the writer embeds every record itself")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bench.memory_groupchat import run_groupchat
    from bench.memory_quality import run_locomo

    kind = "llm" if args.llm else "rules"
    out: dict = {}
    if args.speed:
        from bench.memory_quality import speed_ab

        print(json.dumps(speed_ab(args.conv, args.limit, message_vectors=args.message_vectors), indent=1))
        return 0
    if not args.skip_locomo:
        out["locomo"] = run_locomo(kind, args.limit, args.conv, args.window, baseline=args.baseline)
    if not args.skip_groupchat:
        from bench.memory_groupchat import GROUPCHAT

        files = [GROUPCHAT / f"{s}.json" for s in args.scenarios] if args.scenarios else None
        out["groupchat"] = run_groupchat(kind, files)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    if "locomo" in out:
        lo = out["locomo"]
        print(f"LoCoMo, {kind} writer: mean Φ_SL={lo['mean_phi_sl']} (every-turn reference "
              f"{lo['mean_turns_baseline_phi']}); {lo['messages']} messages, {lo['records']} records, "
              f"{lo['ops_per_s']} ops/s, {lo['seconds_per_1000_messages']} s/1000 msg, "
              f"{lo['llm_calls_per_message']} LLM calls/msg, {lo['rejected']} rejected")
        for r in lo["conversations"]:
            owners = " ".join(f"{p}={f}" for p, f in r["per_owner_f"].items())
            print(f"  {r['conversation']}: Φ_SL={r['phi_sl']} mean_F={r['mean_f']} min_F={r['min_f']} "
                  f"gold={r['gold_facts']} records={r['records']} | F: {owners}")
    if "groupchat" in out:
        gc = out["groupchat"]
        print(f"groupchat, {kind} writer: precision={gc['precision']} recall={gc['recall']} "
              f"({gc['hits']} hits, {gc['errors']} errors, {gc['questions']} questions); {gc['messages']} messages, "
              f"{gc['llm_calls_per_message']} LLM calls/msg, {gc['llm_failures']} LLM failures, "
              f"{gc['windows_failed']} windows failed, {gc['rejected']} ops rejected")
        for t, c in gc["by_type"].items():
            print(f"  {t}: {c}")
    return 0
