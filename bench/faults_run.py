"""`polymem bench faults`: what breaks when Neo4j dies mid-ingest, when clients write one channel at
once, and when the input is bad. Everything runs against the bench's OWN Neo4j (bench/faults_neo4j.py,
loopback only); the shared instance is never touched.

1. kill: `polymem ingest` of a synthetic file runs as a child process; once part of it is stored,
   the bench's Neo4j is killed with SIGKILL, restarted (store recovery) and the same command is
   re-run. Counted: messages lost and duplicated, order violations, tracebacks of the killed run.
2. concurrent: C clients write interleaved timed batches into one channel at once. Counted: order
   violations (chains beyond one per channel, duplicated seq, seq or time going back along NEXT).
3. bad inputs: bench/faults_inputs.py. Counted: tracebacks, lost valid lines, junk, empty spaces.
4. api: a real API on the bench's Neo4j, which is stopped and started under it (bench/faults_api.py).
   Measured: latencies up, typed UNAVAILABLE / 503 and their latency down, time to answer again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.faults_neo4j import REPO, OwnNeo4j

T0 = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def _log(msg: str) -> None:
    print(msg, flush=True)


def _synthetic(path: Path, n: int) -> None:
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            f.write(json.dumps({"id": f"k{i}", "speaker": f"p{i % 7}", "text": f"message {i} about topic {i % 13}",
                                "time": (T0 + timedelta(seconds=i)).isoformat(), "channel": f"c{i % 3}"}) + "\n")


def _ingest_cmd(path: Path, space: str) -> list[str]:
    return [sys.executable, "-m", "polymem.cli", "ingest", str(path), "--space", space, "--no-embed", "--quiet",
            "--json", "--batch", "250"]


def kill_test(own: OwnNeo4j, graph: Any, workdir: Path, messages: int, kill_at: float, deadline: float) -> dict:
    from polymem.graph.messages import MessageRepository

    space = "faults-kill"
    path = workdir / "kill.jsonl"
    _synthetic(path, messages)
    env = {**os.environ, "POLYMEM_NEO4J_URI": own.uri, "POLYMEM_NEO4J_UNAVAILABLE_RETRY_S": "5"}
    child = subprocess.Popen(_ingest_cmd(path, space), env=env, cwd=REPO, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    target = int(messages * kill_at)
    stored_at_kill = 0
    while child.poll() is None and time.monotonic() < deadline:
        stored_at_kill = graph.read("MATCH (m:Message {space: $s}) RETURN count(m) AS n", s=space)[0]["n"]
        if stored_at_kill >= target:
            break
        time.sleep(0.1)
    finished_before_kill = child.poll() is not None
    own.kill9()
    _log(f"  killed Neo4j (SIGKILL) with {stored_at_kill}/{messages} messages stored"
         + (" (the ingest had already finished: raise --messages)" if finished_before_kill else ""))
    try:
        out, err = child.communicate(timeout=max(5.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        child.kill()  # the bench's own child process
        out, err = child.communicate()
    first = {"rc": child.returncode, "traceback": "Traceback" in out + err,
             "message": (err.strip().splitlines() or [""])[-1][:160]}
    _log(f"  killed run: rc={first['rc']} traceback={first['traceback']} {first['message']}")
    restart_s = own.start()
    _log(f"  Neo4j restarted (recovery) in {restart_s:.1f} s; re-running the same command")
    t = time.perf_counter()
    rerun = subprocess.run(_ingest_cmd(path, space), env=env, cwd=REPO, capture_output=True, text=True,
                           timeout=max(30.0, deadline - time.monotonic()))
    rerun_s = time.perf_counter() - t
    summary = json.loads(rerun.stdout) if rerun.returncode in (0, 1) and rerun.stdout.strip() else {}
    counts = graph.read("MATCH (m:Message {space: $s}) RETURN count(m) AS n, count(DISTINCT m.id) AS ids", s=space)[0]
    audit = MessageRepository(graph).order_audit(space)
    res = {"messages": messages, "stored_at_kill": stored_at_kill, "killed_run": first,
           "rerun_rc": rerun.returncode, "rerun_traceback": "Traceback" in rerun.stdout + rerun.stderr,
           "rerun_written": summary.get("messages_written"), "rerun_already_stored": summary.get("already_stored"),
           "lost": messages - counts["ids"], "duplicated": counts["n"] - counts["ids"],
           "order_violations": audit["violations"], "audit": audit, "restart_s": round(restart_s, 1),
           "rerun_s": round(rerun_s, 1)}
    MessageRepository(graph).drop_space(space)
    return res


def concurrent_test(graph: Any, clients: int, batches: int, per_batch: int) -> dict:
    from polymem.graph.messages import MessageRepository
    from polymem.ingest.pipeline import Ingestor
    from polymem.schema.models import Conversation, Message

    space = "faults-concurrent"
    errors: list[str] = []

    def client(c: int) -> None:
        ing = Ingestor(graph, None, infer_addressees=False)
        for b in range(batches):
            base = T0 + timedelta(minutes=b * clients + c)
            msgs = [Message(id=f"c{c}b{b}m{k}", speaker=f"p{c}", text=f"client {c} batch {b} message {k}",
                            time=base + timedelta(seconds=k) if k % 4 else None, channel="general", seq=k)
                    for k in range(per_batch)]
            conv = Conversation.model_construct(id=f"c{c}", roster=[], channels=[], messages=iter(msgs),
                                                addressees_given=False, source_file=None)
            rep = ing.ingest(space, conv)
            errors.extend(str(e) for e in rep.errors)

    t = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        for f in [pool.submit(client, c) for c in range(clients)]:
            try:
                f.result()
            except Exception as e:  # noqa: BLE001 - a failed client is a finding, not a crash
                errors.append(f"{type(e).__name__}: {e}")
    seconds = time.perf_counter() - t
    audit = MessageRepository(graph).order_audit(space)
    want = clients * batches * per_batch
    res = {"clients": clients, "batches": clients * batches, "messages": want, "stored": audit["messages"],
           "lost": want - audit["messages"], "order_violations": audit["violations"], "audit": audit,
           "client_errors": errors[:5], "client_error_count": len(errors), "seconds": round(seconds, 1)}
    MessageRepository(graph).drop_space(space)
    return res


def run(messages: int, kill_at: float, clients: int, batches: int, per_batch: int, budget_s: float,
        only: list[str] | None, outage_requests: int = 20) -> dict:
    from bench.faults_inputs import CASES, run_cases
    from polymem.config import Neo4jSettings
    from polymem.graph import Graph
    from polymem.schema.migrations import migrate

    deadline = time.monotonic() + budget_s
    out: dict[str, Any] = {"date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), "load": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="polymem-faults-") as tmp:
        work = Path(tmp)
        own = OwnNeo4j(work / "neo4j")
        try:
            _log(f"starting the bench's own Neo4j on {own.uri} (home {own.home})")
            out["start_s"] = round(own.start(), 1)
            os.environ["POLYMEM_NEO4J_URI"] = own.uri  # every Graph() of this process (and its CLI calls)
            graph = Graph(Neo4jSettings.from_env())
            migrate(graph)
            if not only or "kill" in only:
                _log(f"\n[kill] ingest {messages} messages, SIGKILL Neo4j at {kill_at:.0%}, restart, re-run")
                out["kill"] = kill_test(own, graph, work, messages, kill_at, deadline)
                graph.close()
                graph = Graph(Neo4jSettings.from_env())
            if not only or "concurrent" in only:
                _log(f"\n[concurrent] {clients} clients x {batches} batches x {per_batch} messages into one channel")
                out["concurrent"] = concurrent_test(graph, clients, batches, per_batch)
            if not only or "inputs" in only:
                _log(f"\n[inputs] {len(CASES)} bad inputs through `polymem ingest`")
                oc = run_cases(graph, work, "faults", _log)
                out["inputs"] = {"cases": len(oc), "tracebacks": sum(o.traceback for o in oc),
                                 "lost_valid_lines": sum(o.lost for o in oc), "junk_messages": sum(o.junk for o in oc),
                                 "empty_spaces_left": sum(o.space_left for o in oc),
                                 "failed": [o.case for o in oc if o.traceback or o.lost or o.junk or o.space_left]}
            if not only or "api" in only:  # last: it stops and starts the bench's Neo4j
                from bench.faults_api import outage_test

                _log(f"\n[api] the API on the bench's Neo4j: up, stopped ({outage_requests} requests), started again")
                left = deadline - time.monotonic()
                out["api"] = (outage_test(own, graph, work, outage_requests, min(90.0, left), log=_log) if left >= 45
                              else {"problems": [f"not run: only {left:.0f} s of --budget left (needs 45-90 s)"]})
            graph.close()
        finally:
            own.close()
    out["seconds"] = round(budget_s - (deadline - time.monotonic()), 1)
    return out


def report(r: dict) -> str:
    lines = [f"polymem bench faults  {r['date']}  load {r['load']:.1f}  own Neo4j start {r.get('start_s')} s"]
    if "kill" in r:
        k = r["kill"]
        lines.append(f"kill -9 mid-ingest: {k['messages']} messages, killed at {k['stored_at_kill']} stored; "
                     f"killed run rc={k['killed_run']['rc']} traceback={k['killed_run']['traceback']}; "
                     f"restart {k['restart_s']} s; re-run rc={k['rerun_rc']} wrote {k['rerun_written']} "
                     f"(already stored {k['rerun_already_stored']}) in {k['rerun_s']} s -> lost {k['lost']}, "
                     f"duplicated {k['duplicated']}, order violations {k['order_violations']}")
    if "concurrent" in r:
        c = r["concurrent"]
        lines.append(f"concurrent ingestion: {c['clients']} clients, {c['batches']} batches, {c['messages']} messages "
                     f"into one channel in {c['seconds']} s -> lost {c['lost']}, order violations "
                     f"{c['order_violations']} (chains {c['audit']['chains']}, duplicated seq "
                     f"{c['audit']['duplicated_seq']}), client errors {c['client_error_count']}")
    if "inputs" in r:
        i = r["inputs"]
        lines.append(f"bad inputs: {i['cases']} cases -> tracebacks {i['tracebacks']}, lost valid lines "
                     f"{i['lost_valid_lines']}, junk messages {i['junk_messages']}, empty spaces left "
                     f"{i['empty_spaces_left']}" + (f"; failed: {', '.join(i['failed'])}" if i["failed"] else ""))
    if "api" in r:
        from bench.faults_api import report_line

        lines.append(report_line(r["api"]))
    lines.append(f"total {r['seconds']} s")
    return "\n".join(lines)


def failures(r: dict) -> int:
    k, c, i = r.get("kill", {}), r.get("concurrent", {}), r.get("inputs", {})
    return (k.get("lost", 0) + k.get("duplicated", 0) + k.get("order_violations", 0) + int(k.get("rerun_rc", 0) != 0)
            + int(bool(k.get("killed_run", {}).get("traceback"))) + c.get("lost", 0) + c.get("order_violations", 0)
            + i.get("tracebacks", 0) + i.get("lost_valid_lines", 0) + i.get("junk_messages", 0)
            + i.get("empty_spaces_left", 0) + len(r.get("api", {}).get("problems", [])))
