"""Memory quality of the System 2 Writers (`polymem bench memory`).

LoCoMo: each shared conversation is ingested into its own space, a Writer derives records, and the
written memory (every version, owner = participant) is scored with Φ_SL against LoCoMo's
per-speaker `observation` facts (LLM-generated, so silver gold). An "every turn is a fact"
memory is scored too, as a reference point for the scale of Φ_SL on this gold.
Throughput: ops/s, LLM calls per message, seconds per 1,000 messages (Writer time only).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.ingest.writer.metric import MemoryItem, speaker_levenshtein
from polymem.schema.models import Conversation, Message

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
LOCOMO = SHARED / "locomo" / "locomo10_shared.json"


def observations(sample: dict[str, Any], keep: set[str] | None = None) -> list[MemoryItem]:
    """LoCoMo observation facts as gold items (owner = speaker name), optionally only those whose
    dia_ids lie in `keep`."""
    out = []
    for sess in sample.get("observation", {}).values():
        for speaker, facts in sess.items():
            for fact in facts:
                text, ref = (fact[0], fact[1]) if isinstance(fact, list) and len(fact) > 1 else (str(fact), "")
                refs = {r.strip() for r in str(ref).replace(";", ",").split(",") if r.strip()}
                if keep is None or refs & keep:
                    out.append(MemoryItem(owner=speaker, content=text))
    return out


def _prefix(conv: Conversation, n: int | None) -> Iterator[Message]:
    for i, m in enumerate(conv.messages or []):  # type: ignore[arg-type]
        if n is not None and i >= n:
            return
        yield m


def _ingest(graph: Graph, space: str, path: Path, sample_id: str, limit: int | None,
            embedder: Any = None) -> list[str]:
    graph.write("MATCH (n {space: $s}) DETACH DELETE n", s=space, timeout=600)
    graph.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=space, timeout=600)
    for conv in load(path, "locomo"):
        if conv.id != sample_id:
            continue
        msgs = [m for m in _prefix(conv, limit) if isinstance(m, Message)]
        part = Conversation.model_construct(id=conv.id, roster=conv.roster, channels=[], messages=iter(msgs),
                                            addressees_given=False, source_file=conv.source_file)
        Ingestor(graph, embedder).ingest(space, part)
        return [m.id for m in msgs]
    return []


def turns_baseline(sample: dict[str, Any], keep: set[str]) -> list[MemoryItem]:
    conv = sample["conversation"]
    return [MemoryItem(owner=t["speaker"], content=f"{t['speaker']} said: {t['text']}")
            for k, v in conv.items() if k.startswith("session_") and isinstance(v, list)
            for t in v if t.get("dia_id") in keep]


def run_locomo(writer_kind: str = "rules", limit: int | None = None, convs: list[str] | None = None,
               window: int | None = None, path: Path = LOCOMO, baseline: bool = False) -> dict[str, Any]:
    from polymem.ingest.embedder import default_embedder

    data = json.loads(path.read_text(encoding="utf-8"))
    embedder = default_embedder()
    rows: list[dict[str, Any]] = []
    total = {"messages": 0, "ops": 0, "seconds": 0.0, "llm_calls": 0, "rejected": 0, "records": 0}
    with Graph() as g:
        for sample in data:
            sid = sample["sample_id"]
            if convs and sid not in convs:
                continue
            space = f"bench-memory-{writer_kind}-{sid}"
            ids = _ingest(g, space, path, sid, limit)
            writer: Any
            if writer_kind == "llm":
                from polymem.ingest.writer.llm import LLMWriter

                writer = LLMWriter()
            else:
                from polymem.ingest.writer.rules import RuleWriter

                writer = RuleWriter()
            rep = write_space(g, space, writer, embedder, window=window or (12 if writer_kind == "llm" else 20))
            recs = RecordRepository(g).records(space)
            written = [MemoryItem(owner=r.owner, content=r.content) for r in recs]
            gold = observations(sample, set(ids))
            sl = speaker_levenshtein(written, gold)
            # The every-turn reference costs a difflib call per (turn, fact) pair: opt-in.
            base = speaker_levenshtein(turns_baseline(sample, set(ids)), gold) if baseline else None
            n_ops = rep.ops["add"] + rep.ops["update"] + rep.ops["noop"]
            rows.append({
                "conversation": sid, "messages": len(ids), "gold_facts": len(gold), "records": len(recs),
                "phi_sl": round(sl.phi, 4), "mean_f": round(sl.mean_f, 4), "min_f": round(sl.min_f, 4),
                "per_owner_f": {p: round(s.f, 4) for p, s in sl.owners.items()},
                "per_owner_p_r": {p: [round(s.precision, 3), round(s.recall, 3)] for p, s in sl.owners.items()},
                "turns_baseline_phi": round(base.phi, 4) if base else None,
                "ops": dict(rep.ops), "rejected": dict(rep.rejected), "llm_calls": rep.llm_calls,
                "llm_candidates_kept": dict(rep.llm_kept),
                "windows_failed": rep.windows_failed, "seconds": round(rep.seconds, 2),
            })
            total["messages"] += len(ids)
            total["ops"] += n_ops
            total["seconds"] += rep.seconds
            total["llm_calls"] += rep.llm_calls
            total["rejected"] += sum(rep.rejected.values())
            total["records"] += len(recs)
    n = max(1, len(rows))
    return {
        "writer": writer_kind, "conversations": rows,
        "mean_phi_sl": round(sum(r["phi_sl"] for r in rows) / n, 4),
        "mean_turns_baseline_phi": round(sum(r["turns_baseline_phi"] for r in rows) / n, 4) if baseline else None,
        "messages": total["messages"], "records": total["records"], "ops": total["ops"],
        "rejected": total["rejected"], "llm_calls": total["llm_calls"],
        "llm_calls_per_message": round(total["llm_calls"] / max(1, total["messages"]), 4),
        "ops_per_s": round(total["ops"] / max(1e-9, total["seconds"]), 2),
        "seconds_per_1000_messages": round(1000 * total["seconds"] / max(1, total["messages"]), 1),
        "writer_seconds": round(total["seconds"], 1), "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def speed_ab(convs: list[str] | None = None, limit: int | None = None, path: Path = LOCOMO,
             repeats: int = 2, message_vectors: bool = True) -> dict[str, Any]:
    """Writer seconds per 1,000 messages, old path (all heads per window, one transaction per op)
    against the batched path, on the same messages in the same run, alternating the order."""
    from polymem.ingest.embedder import default_embedder
    from polymem.ingest.writer.rules import RuleWriter
    from polymem.language.models import clear_cache

    data = json.loads(path.read_text(encoding="utf-8"))
    embedder = default_embedder()
    secs = {"per_op": 0.0, "batched": 0.0}
    msgs = {"per_op": 0, "batched": 0}
    records = {"per_op": 0, "batched": 0}
    with Graph() as g:
        for sample in data:
            sid = sample["sample_id"]
            if convs and sid not in convs:
                continue
            for rep_i in range(repeats):
                order = ["per_op", "batched"] if rep_i % 2 == 0 else ["batched", "per_op"]
                for mode in order:
                    space = f"bench-memory-speed-{mode}-{sid}"
                    # as after `polymem ingest` (messages embedded, untimed); without: the writer embeds all
                    _ingest(g, space, path, sid, limit, embedder if message_vectors else None)
                    clear_cache()  # every pass parses its messages itself
                    rep = write_space(g, space, RuleWriter(), embedder, batch=(mode == "batched"))
                    secs[mode] += rep.seconds
                    msgs[mode] += rep.messages
                    records[mode] += len(RecordRepository(g).records(space))
    return {mode: {"seconds_per_1000_messages": round(1000 * secs[mode] / max(1, msgs[mode]), 2),
                   "messages": msgs[mode], "records": records[mode], "seconds": round(secs[mode], 2)}
            for mode in secs}
