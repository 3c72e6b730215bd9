"""The writer's homes alone: each member's current city head against a chat's "everyone" answer map.

    python -m bench.city_heads probe22,probe21,...  [--prefix ch-]

Ingests each groupchat file of the named sets under `bench/data` into fresh spaces (`<prefix><conversation>`),
runs the writer, and compares every member's current `city` head with the city the chat's first "everyone"
question gives for them (its answer map, or the keyword found after the member's name in its answer text). No
question is answered, so a run over many chats takes minutes; it measures the records, not the ranking.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent / "data"


def _gold(qa: Any, roster: dict[str, list[str]]) -> dict[str, str]:
    """Member id -> expected current city, from the question's answer map or its text."""
    if isinstance(qa.answer, dict):
        out = {}
        for who, city in qa.answer.items():
            pid = next((h for h, names in roster.items() if who == h or who in names), who)
            out[pid] = str(city)
        return out
    text = str(qa.answer).lower()
    out = {}
    for pid, names in roster.items():
        for kw in qa.keywords:
            if any(re.search(r"\b" + re.escape(n.lower().split()[0]) + r"\b.{0,40}?" + re.escape(kw.lower()), text)
                   for n in names if n.strip()):
                out[pid] = kw
                break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", help="comma-separated set folders under bench/data (e.g. probe22,probe21)")
    ap.add_argument("--prefix", default="ch-", help="space name prefix (fresh spaces are dropped first)")
    args = ap.parse_args(argv)
    from bench import datasets
    from bench.cli_retrieval import _ctx, _groupchat_paths
    from bench.groupchat_bench import prepare
    from polymem.graph.messages import MessageRepository
    from polymem.graph.records import RecordRepository

    right = total = 0
    g, emb = _ctx()
    with g:
        for s in args.sets.split(","):
            for p in _groupchat_paths([ROOT / s]):
                conv = datasets.groupchat(p)
                conv.space = args.prefix + conv.conv_id
                MessageRepository(g).drop_space(conv.space)
                prepare(g, [conv], emb, system2=True, log=lambda m: None)
                heads = {r.owner: r.value for r in RecordRepository(g).heads(conv.space, attribute="city")}
                qs = [qa for qa in conv.qa if qa.kind == "everyone"]
                if not qs:
                    continue
                for pid, exp in _gold(qs[0], conv.roster).items():
                    got = heads.get(pid)
                    ok = bool(got) and (exp.lower() in got.lower() or got.lower() in exp.lower())
                    right += ok
                    total += 1
                    print(f"{s} {p.name} {pid:16s} expected={exp:16s} head={got} {'OK' if ok else 'XX'}")
    print(f"city heads right: {right}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
