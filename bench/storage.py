"""Bytes per message in store and indexes, and vector-search recall, for two versions of the code on
the same data in one run: `python -m bench.storage --messages 20000 --before REF`.

The data is real chat: N Ubuntu IRC lines of the irc-disentanglement train split (bench/bulk_import.py),
many speakers and a real vocabulary; the next Q lines are the search queries. Each distinct text is
embedded once with the default model and cached (`.cache/bench/irc-N.*`), so both versions store
the very same float vectors. For each version (`--before REF`: that commit's polymem, unpacked with
`git archive` into a temporary folder; `after`: this working tree):

1. a private Neo4j (`scripts/neo4j` on its own home and port, data wiped first) is started;
2. a child process running that version's polymem ingests the file (batch 1000, the cached
   vectors), then ingests it again (must write nothing);
3. recall@10 of the message vector index (`db.index.vector.queryNodes`) against the exact top 10 by
   float cosine over the model's vectors (a hit tied with the 10th exact score counts: IRC repeats
   lines), and the mean query time;
4. the server is stopped (a clean shutdown flushes everything) and bench/storage_bytes.py measures
   the store files (bytes in use) and every index folder, named from SHOW INDEXES.

Heavy: run it niced (`nice -n 10`), on a port no other server uses.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "bench"


# --- data -------------------------------------------------------------------------------------------

def data(n: int, queries: int) -> tuple[Path, list[str], Any, list[str], Any]:
    """(history file, its distinct texts, their vectors, query texts, query vectors), cached."""
    import numpy as np

    from bench.bulk_import import irc_history

    CACHE.mkdir(parents=True, exist_ok=True)
    both = irc_history(CACHE / f"irc-{n + queries}.jsonl", n + queries)
    lines = both.read_text(encoding="utf-8").splitlines()
    path = CACHE / f"irc-{n}.jsonl"
    if not path.exists() or path.read_text(encoding="utf-8").splitlines() != lines[:n]:
        path.write_text("\n".join(lines[:n]) + "\n", encoding="utf-8")
    qtexts = list(dict.fromkeys(json.loads(x)["text"] for x in lines[n:]))
    texts_f, vecs_f = CACHE / f"irc-{n}.texts.json", CACHE / f"irc-{n}.vectors.npy"
    qf = CACHE / f"irc-{n}.queries-{queries}.npy"
    texts = list(dict.fromkeys(json.loads(x)["text"] for x in lines[:n]))
    model = None
    if not (texts_f.exists() and vecs_f.exists() and json.loads(texts_f.read_text()) == texts):
        from polymem.ingest.embedder import default_embedder

        model = default_embedder()
        print(f"embedding {len(texts):,} distinct texts once (cached in {vecs_f})", file=sys.stderr, flush=True)
        np.save(vecs_f, np.asarray(model.embed(texts), dtype=np.float32))
        texts_f.write_text(json.dumps(texts))
    if not qf.exists():
        from polymem.ingest.embedder import default_embedder

        model = model or default_embedder()
        np.save(qf, np.asarray(model.embed(qtexts), dtype=np.float32))
    return path, texts, np.load(vecs_f), qtexts, np.load(qf)


# --- the child: ingest with one version's polymem ---------------------------------------------------

def child_ingest(path: Path, n: int, space: str) -> dict[str, Any]:
    """Runs inside the version under test (PYTHONPATH first): ingest twice with the cached vectors."""
    import numpy as np

    import polymem
    from polymem.graph import Graph
    from polymem.ingest.formats import load
    from polymem.ingest.pipeline import Ingestor

    texts = json.loads((CACHE / f"irc-{n}.texts.json").read_text())
    cache = dict(zip(texts, np.load(CACHE / f"irc-{n}.vectors.npy"), strict=True))

    class Cached:
        dim = 384

        def embed(self, ts: list[str]) -> Any:
            return np.stack([cache[t] for t in ts]) if ts else np.zeros((0, 384), dtype=np.float32)

    out: dict[str, Any] = {"polymem": str(Path(polymem.__file__).parent)}
    with Graph() as g:
        for key in ("ingest", "reingest"):
            t = time.perf_counter()
            rep = Ingestor(g, Cached(), batch_size=1000).ingest(space, next(iter(load(path, "jsonl"))))
            out[key] = {"written": rep.written, "already_stored": rep.already_stored, "errors": len(rep.errors),
                        "seconds": round(time.perf_counter() - t, 1)}
    return out


# --- the parent -------------------------------------------------------------------------------------

def neo4j(cmd: str, home: Path, port: int) -> None:
    env = {**os.environ, "POLYMEM_NEO4J_HOME": str(home), "POLYMEM_NEO4J_BOLT_PORT": str(port),
           "POLYMEM_NEO4J_HTTP_PORT": str(port + 1000), "POLYMEM_NEO4J_MEMORY": os.environ.get("POLYMEM_NEO4J_MEMORY", "4g")}
    subprocess.run([str(REPO / "scripts" / "neo4j"), cmd], env=env, check=True, stdout=sys.stderr)


def unpack(ref: str, into: Path) -> Path:
    """`ref`'s tracked files (git archive: read-only for the repository) under `into`."""
    tar = into / "src.tar"
    with tar.open("wb") as f:
        subprocess.run(["git", "-C", str(REPO), "archive", ref], stdout=f, check=True)
    with tarfile.open(tar) as t:
        t.extractall(into / "src", filter="data")
    return into / "src"


def recall(uri: str, space: str, texts: list[str], vecs: Any, qvecs: Any, k: int = 10) -> dict[str, Any]:
    import numpy as np
    from neo4j import GraphDatabase

    ids_by_text: dict[str, list[str]] = {}
    d = GraphDatabase.driver(uri, auth=None)
    try:
        rows = d.execute_query("MATCH (m:Message {space: $s}) RETURN m.id AS id, m.text AS text",
                               s=space).records
        for r in rows:
            ids_by_text.setdefault(r["text"], []).append(r["id"])
        index = {t: i for i, t in enumerate(texts)}
        ids = [i for t in texts for i in ids_by_text.get(t, [])]
        row_of = {i: index[t] for t in texts for i in ids_by_text.get(t, [])}
        unit = vecs / np.linalg.norm(vecs, axis=1, keepdims=True)
        hits, secs = 0, []
        for q in qvecs:
            qn = q / np.linalg.norm(q)
            exact = unit @ qn
            per_msg = np.array([exact[row_of[i]] for i in ids])
            kth = np.sort(per_msg)[-k]
            t = time.perf_counter()
            got = d.execute_query("CALL db.index.vector.queryNodes('message_embedding', $k, $q) YIELD node "
                                  "RETURN node.id AS id", k=k, q=[float(x) for x in q]).records
            secs.append(time.perf_counter() - t)
            hits += sum(1 for r in got if r["id"] in row_of and exact[row_of[r["id"]]] >= kth - 1e-6)
        return {"queries": len(qvecs), "k": k, "recall": round(hits / (k * len(qvecs)), 4),
                "query_ms_mean": round(1000 * sum(secs) / len(secs), 2)}
    finally:
        d.close()


def index_names(uri: str) -> dict[str, str]:
    from neo4j import GraphDatabase

    d = GraphDatabase.driver(uri, auth=None)
    try:
        rows = d.execute_query("SHOW INDEXES YIELD id, name, options RETURN id, name, options").records
        out = {}
        for r in rows:
            cfg = (r["options"] or {}).get("indexConfig") or {}
            q = cfg.get("vector.quantization.enabled")
            out[str(r["id"])] = r["name"] + ("" if q is None else f" (quantization {'on' if q else 'off'})")
        return out
    finally:
        d.close()


def sizes(db: Path, names: dict[str, str], n: int) -> dict[str, Any]:
    from bench.storage_bytes import used_bytes

    store: dict[str, int] = {}
    for p in sorted(db.glob("neostore*")):
        if p.is_file() and (u := used_bytes(p)):
            store[p.name.removeprefix("neostore.").removeprefix("neostore") or "neostore"] = u
    index: dict[str, int] = {}
    for prov in sorted((db / "schema" / "index").glob("*")):
        for sub in sorted(prov.iterdir()):
            b = sum(f.stat().st_size for f in sub.rglob("*") if f.is_file())
            if b:
                index[names.get(sub.name, f"{prov.name}/{sub.name}")] = b
    total = sum(store.values()) + sum(index.values())
    return {"total_bytes": total, "bytes_per_message": round(total / n), "store_bytes": store, "index_bytes": index,
            "per_message": {**{f"store:{k}": round(v / n) for k, v in store.items() if v / n >= 1},
                            **{f"index:{k}": round(v / n) for k, v in index.items() if v / n >= 1}}}


def variant(label: str, code: Path, home: Path, port: int, path: Path, n: int, texts: list[str], vecs: Any,
            qvecs: Any) -> dict[str, Any]:
    uri = f"bolt://127.0.0.1:{port}"
    neo4j("stop", home, port)
    shutil.rmtree(home / "data", ignore_errors=True)
    neo4j("start", home, port)
    space = "storage"
    env = {**os.environ, "PYTHONPATH": f"{code}{os.pathsep}{REPO}", "POLYMEM_NEO4J_URI": uri}
    env.pop("POLYMEM_NEO4J_USER", None)
    res = subprocess.run([sys.executable, str(Path(__file__).resolve()), "_ingest", str(path), str(n), space],
                         env=env, capture_output=True, text=True, check=False)
    if res.returncode:
        raise RuntimeError(f"{label}: ingest failed\n{res.stderr[-3000:]}")
    out: dict[str, Any] = {"label": label, **json.loads(res.stdout.strip().splitlines()[-1])}
    out["vector_search"] = recall(uri, space, texts, vecs, qvecs)
    names = index_names(uri)
    neo4j("stop", home, port)
    db = home / "data" / "databases" / "neo4j"
    out["sizes"] = sizes(db, names, n)
    tx = home / "data" / "transactions" / "neo4j"
    out["transaction_logs_bytes"] = sum(f.stat().st_size for f in tx.glob("*") if f.is_file())
    return out


def index_ab(home: Path, port: int, texts: list[str], vecs: Any, qvecs: Any, rounds: int = 2) -> list[dict[str, Any]]:
    """On the last variant's store: the message vector index rebuilt without and with quantization in
    turn (`rounds` of each, alternating: the machine's load drifts), recall and query time of each
    (after 20 warm-up queries), and the index's bytes."""
    from neo4j import GraphDatabase

    uri = f"bolt://127.0.0.1:{port}"
    neo4j("start", home, port)
    out = []
    d = GraphDatabase.driver(uri, auth=None)
    try:
        for i in range(2 * rounds):
            on = i % 2 == 1
            d.execute_query("DROP INDEX message_embedding IF EXISTS")
            d.execute_query("CREATE VECTOR INDEX message_embedding FOR (m:Message) ON m.embedding OPTIONS {indexConfig: "
                            "{`vector.dimensions`: 384, `vector.similarity_function`: 'cosine', "
                            f"`vector.quantization.enabled`: {'true' if on else 'false'}}}}}")
            t = time.perf_counter()
            d.execute_query("CALL db.awaitIndexes(900)")
            build = time.perf_counter() - t
            ids = [str(r["id"]) for r in d.execute_query(
                "SHOW INDEXES YIELD id, name WHERE name = 'message_embedding' RETURN id").records]
            recall(uri, "storage", texts, vecs, qvecs[:20])
            r = recall(uri, "storage", texts, vecs, qvecs)
            folder = home / "data" / "databases" / "neo4j" / "schema" / "index" / "vector-2.0" / ids[0]
            out.append({"quantization": on, "build_s": round(build, 1), **r,
                        "index_bytes_per_message_before_stop": round(
                            sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / len(vecs)),
                        "load_avg_1m": round(os.getloadavg()[0], 2)})
            print(out[-1], file=sys.stderr, flush=True)
    finally:
        d.close()
        neo4j("stop", home, port)
    return out


def run(n: int, queries: int, before: str, home: Path, port: int, ab: int = 0) -> dict[str, Any]:
    from bench.ingest_throughput import machine

    path, texts, vecs, _qtexts, qvecs = data(n, queries)
    home.mkdir(parents=True, exist_ok=True)
    if not (home / "lib").exists():
        (home / "lib").symlink_to(REPO / ".cache" / "neo4j" / "lib")
    out: dict[str, Any] = {"machine": machine(), "messages": n, "distinct_texts": len(texts),
                           "queries": len(qvecs), "data": f"{n:,} Ubuntu IRC messages (irc-disentanglement train)",
                           "before": before, "after": "working tree"}
    with tempfile.TemporaryDirectory(prefix="polymem-storage-") as tmp:
        old = unpack(before, Path(tmp))
        out["variants"] = [variant(f"before ({before})", old, home, port, path, n, texts, vecs, qvecs),
                           variant("after", REPO, home, port, path, n, texts, vecs, qvecs)]
    if ab:
        out["index_quantization_ab"] = index_ab(home, port, texts, vecs, qvecs, ab)
    out["machine"]["load_avg_1m_at_end"] = machine()["load_avg_1m_at_start"]
    return out


def table(out: dict[str, Any]) -> str:
    vs = out["variants"]
    keys = sorted({k for v in vs for k in v["sizes"]["per_message"]},
                  key=lambda k: -max(v["sizes"]["per_message"].get(k, 0) for v in vs))
    lines = ["| bytes per message | " + " | ".join(v["label"] for v in vs) + " |",
             "|---|" + "---|" * len(vs)]
    lines.append("| **total (store + indexes)** | " + " | ".join(f"**{v['sizes']['bytes_per_message']:,}**" for v in vs) + " |")
    for k in keys:
        if max(v["sizes"]["per_message"].get(k, 0) for v in vs) >= 5:
            lines.append(f"| {k} | " + " | ".join(f"{v['sizes']['per_message'].get(k, 0):,}" for v in vs) + " |")
    lines.append("| vector recall@10 (exact float cosine) | " + " | ".join(
        f"{v['vector_search']['recall']:.4f}" for v in vs) + " |")
    lines.append("| vector query mean ms | " + " | ".join(f"{v['vector_search']['query_ms_mean']}" for v in vs) + " |")
    lines.append("| re-ingest written | " + " | ".join(str(v["reingest"]["written"]) for v in vs) + " |")
    lines.append("| transaction logs, bytes per message | " + " | ".join(
        f"{round(v['transaction_logs_bytes'] / out['messages']):,}" for v in vs) + " |")
    if out.get("index_quantization_ab"):
        lines += ["", "| vector index rebuilt on the after store | quantization | recall@10 | query mean ms | "
                  "index bytes/message | build s | load |", "|---|---|---|---|---|---|---|"]
        lines += [f"| round {i // 2 + 1} | {'on' if r['quantization'] else 'off'} | {r['recall']:.4f} | "
                  f"{r['query_ms_mean']} | {r['index_bytes_per_message_before_stop']:,} | {r['build_s']} | "
                  f"{r['load_avg_1m']} |" for i, r in enumerate(out["index_quantization_ab"])]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv[:1] == ["_ingest"]:
        print(json.dumps(child_ingest(Path(argv[1]), int(argv[2]), argv[3])))
        return 0
    p = argparse.ArgumentParser(prog="python -m bench.storage", description=__doc__.splitlines()[0])
    p.add_argument("--messages", type=int, default=20_000)
    p.add_argument("--queries", type=int, default=200, help="IRC lines after the history, as search queries")
    p.add_argument("--before", default="HEAD", help="git ref of the code to compare with (default HEAD)")
    p.add_argument("--home", type=Path, default=REPO / ".cache" / "neo4j-storage", help="private Neo4j home (wiped)")
    p.add_argument("--port", type=int, default=7692, help="its bolt port (http: port + 1000)")
    p.add_argument("--json", type=Path, help="also write the figures here")
    p.add_argument("--index-ab", type=int, default=0, metavar="ROUNDS",
                   help="then rebuild the after store's vector index without/with quantization, ROUNDS of each")
    a = p.parse_args(argv)
    out = run(a.messages, a.queries, a.before, a.home, a.port, a.index_ab)
    if a.json:
        a.json.write_text(json.dumps(out, indent=1, default=str) + "\n")
    print(json.dumps(out, indent=1, default=str))
    print(table(out))
    return 0


if __name__ == "__main__":
    if __package__ in (None, "") and sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        # run as a file by the child: bench/ itself must not shadow packages (datasets, metrics, ...);
        # PYTHONPATH puts the version under test first
        del sys.path[0]
    raise SystemExit(main(sys.argv[1:]))
