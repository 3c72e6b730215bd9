"""Write-through for chat bots: forward every new chat message to polymem as it arrives, and keep
the records (System 2) up to date by running the Writer incrementally in the background.

    python examples/write_through_bot.py --url http://127.0.0.1:8000 --key "$POLYMEM_KEY" \
        --space team --input chat.jsonl --rate 10

A real bot calls `WriteThrough.on_message(...)` from its message handler instead of reading a
file (see docs/write-through.md). Two things keep it fast:

* messages are queued by the bot's handler and stored by a sender thread, one `ingestMessages`
  call for whatever arrived meanwhile (idempotent on the message id, so a retry after a timeout
  never stores it twice);
* one background thread calls `runWriter` whenever messages arrived since its last run. The
  Writer only reads the messages it has not processed yet (the earlier ones are context), so each
  run costs the new window, not the whole chat. Runs never overlap: messages that arrive during a
  run go into the next one.

`--input` is JSON Lines in polymem's generic format (id, speaker, text, time, ...); without it a
short invented conversation is replayed. At the end the script prints the seconds from the bot
getting each message to the end of the Writer run that covered it (its records were committed
then): median, p95 and maximum.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

INGEST = """mutation($space: String!, $messages: [MessageInput!]!, $roster: [ParticipantInput!]) {
  ingestMessages(space: $space, messages: $messages, roster: $roster) { ok written alreadyStored errors { message } }
}"""
WRITE = "mutation($space: String!) { runWriter(space: $space) { ops { add update noop already } seconds } }"


class WriteThrough:
    """Forwards messages as they come and runs the Writer behind them, at most one run at a time.

    `on_message` never blocks the bot: it queues the message. A sender thread stores what is
    queued (one `ingestMessages` call for everything that arrived meanwhile, at most 500), and a
    writer thread runs the Writer over what was stored since its last run."""

    def __init__(self, url: str, key: str, space: str, roster: list[dict[str, Any]] | None = None,
                 idle_s: float = 0.05) -> None:
        self.http = httpx.Client(base_url=url.rstrip("/"), timeout=120,
                                 headers={"Authorization": f"Bearer {key}"})
        self.space, self.roster, self.idle_s = space, roster or [], idle_s
        self.arrived: dict[str, float] = {}  # message id -> when the bot got it
        self.sent: dict[str, float] = {}  # message id -> when it was stored
        self.covered: dict[str, float] = {}  # message id -> when a Writer run that saw it ended
        self.errors: list[str] = []
        self.runs: list[dict[str, Any]] = []
        self._inbox: list[dict[str, Any]] = []
        self._pending: list[str] = []
        self._lock = threading.Lock()
        self._new_message, self._stored = threading.Event(), threading.Event()
        self._stopping = False
        self._sender = threading.Thread(target=self._send_loop, name="polymem-sender", daemon=True)
        self._writer = threading.Thread(target=self._writer_loop, name="polymem-writer", daemon=True)
        self._sender.start()
        self._writer.start()

    def _post(self, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post("/graphql", json={"query": query, "variables": variables})
        r.raise_for_status()
        body = r.json()
        if body.get("errors"):
            raise RuntimeError(body["errors"][0].get("message"))
        return body["data"]

    def on_message(self, message: dict[str, Any]) -> None:
        """Queue one message (returns at once); the sender stores it, the Writer follows."""
        with self._lock:
            self.arrived[message["id"]] = time.monotonic()
            self._inbox.append(message)
        self._new_message.set()

    def _send_loop(self) -> None:
        first = True
        while True:
            self._new_message.wait(self.idle_s)
            self._new_message.clear()
            with self._lock:
                batch, self._inbox = self._inbox[:500], self._inbox[500:]
                stop = self._stopping and not batch and not self._inbox
            if stop:
                return
            if not batch:
                continue
            try:  # the first call also sends the roster; ids make a resend after a timeout harmless
                out = self._post(INGEST, {"space": self.space, "messages": batch,
                                          "roster": self.roster if first else None})["ingestMessages"]
            except (httpx.HTTPError, RuntimeError) as e:
                self.errors.append(f"ingestMessages: {e}")
                with self._lock:
                    self._inbox = batch + self._inbox
                time.sleep(0.5)
                continue
            first = False
            if not out["ok"]:
                self.errors.extend(e["message"] for e in out["errors"])
                continue
            now = time.monotonic()
            with self._lock:
                for m in batch:
                    self.sent[m["id"]] = now
                    self._pending.append(m["id"])
            self._stored.set()

    def _writer_loop(self) -> None:
        while True:
            self._stored.wait(self.idle_s)
            self._stored.clear()
            with self._lock:
                batch, self._pending = self._pending, []
                stop = self._stopping and not batch and not self._sender.is_alive()
            if stop:
                return
            if not batch:
                continue
            try:
                summary = self._post(WRITE, {"space": self.space})["runWriter"]
            except (httpx.HTTPError, RuntimeError) as e:  # try these messages again with the next run
                self.errors.append(f"runWriter: {e}")
                with self._lock:
                    self._pending = batch + self._pending
                time.sleep(0.5)
                continue
            done = time.monotonic()
            self.runs.append({"messages": len(batch), "ops": summary.get("ops", {}),
                              "seconds": summary.get("seconds")})
            for mid in batch:
                self.covered[mid] = done

    def close(self) -> None:
        """Wait until every queued message is stored and covered by a Writer run, then stop."""
        self._stopping = True
        self._new_message.set()
        self._sender.join()
        self._stored.set()
        self._writer.join()
        self.http.close()

    def latencies(self) -> list[float]:
        """Seconds from the bot getting each message to the end of the Writer run that covered it."""
        return [self.covered[m] - t for m, t in self.arrived.items() if m in self.covered]


def replay(bot: WriteThrough, messages: list[dict[str, Any]], rate: float) -> None:
    """Send `messages` at `rate` per second (a steady chat), then let the Writer catch up."""
    start = time.monotonic()
    for i, m in enumerate(messages):
        wait = start + i / rate - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        bot.on_message(m)
    bot.close()


def demo_messages(n: int, prefix: str = "wt") -> list[dict[str, Any]]:
    """An invented planning chat in which people say things about themselves now and then."""
    lines = ["I moved to Tallinn last spring", "does Friday work for the boat trip?", "I work as a glassblower",
             "Friday works for me", "I have a parrot called Biscuit", "let's meet at the pier at nine",
             "I started learning the cello", "should we bring lunch?", "I'm allergic to walnuts",
             "I'll bring sandwiches then"]
    people = ["noor", "teodor", "amalia"]
    t0 = time.time()
    return [{"id": f"{prefix}-{i:05d}", "speaker": people[i % 3], "text": lines[i % len(lines)],
             "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t0 + i))} for i in range(n)]


DEMO_ROSTER = [{"id": "noor", "name": "Noor Haddad"}, {"id": "teodor", "name": "Teodor Lind"},
               {"id": "amalia", "name": "Amalia Sorensen"}]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--key", required=True, help="an API key for --space (polymem keys create --space S)")
    p.add_argument("--space", required=True)
    p.add_argument("--input", help="JSON Lines messages (default: an invented chat)")
    p.add_argument("--messages", type=int, default=100, help="how many demo messages (without --input)")
    p.add_argument("--rate", type=float, default=10.0, help="messages per second")
    args = p.parse_args(argv)
    if args.input:
        msgs = [json.loads(ln) for ln in Path(args.input).read_text(encoding="utf-8").splitlines() if ln.strip()]
        roster: list[dict[str, Any]] = []
    else:
        msgs, roster = demo_messages(args.messages), DEMO_ROSTER
    bot = WriteThrough(args.url, args.key, args.space, roster)
    replay(bot, msgs, args.rate)
    lat = sorted(bot.latencies())
    report = {"messages": len(bot.sent), "covered": len(lat), "writer_runs": len(bot.runs),
              "p50_s": round(statistics.median(lat), 3) if lat else None,
              "p95_s": round(lat[int(0.95 * (len(lat) - 1))], 3) if lat else None,
              "max_s": round(lat[-1], 3) if lat else None, "errors": bot.errors[:5]}
    print(json.dumps(report))
    return 0 if not bot.errors and len(lat) == len(bot.sent) else 1


if __name__ == "__main__":
    sys.exit(main())
