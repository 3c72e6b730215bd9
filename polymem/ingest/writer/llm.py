"""The LLM Writer: the no-LLM candidates of a window, reviewed by any `LLMClient`.

Candidates come from the language layer through the RuleWriter (typed Add/Update ops with owner,
source, attribute and value). One schema-constrained call per window that has candidates asks the
model to keep, correct or drop each, as add / update / noop against the current heads; windows
without candidates cost no call. Verbatim `fact` restatements and the rules' own Noops pass through
unreviewed (nothing in them to confirm). Every op then goes through the unchanged deterministic
validator in the run loop. A reviewed update that cannot stand (its record is no current head, is
another attribute's, or another owner's) keeps the candidate as the rules wrote it, counted by
reason in `kept` (the report's `llm_candidates_kept`): a small model re-targets updates wrongly far
more often than it catches a rules error there, and the rejected op would lose the change the
candidate held. A failed call or unusable reply is counted (`llm_failures`, `errors`)
and the window is left unprocessed for a re-run; an unreachable endpoint stops the run
(BackendUnavailableError): System 1 is never touched by a Writer.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from typing import Any

from polymem.config import LLMSettings
from polymem.errors import BackendUnavailableError, InputError
from polymem.ingest.addressee import NameIndex
from polymem.ingest.prompts import writer_v2 as prompt
from polymem.ingest.writer.rules import RuleWriter
from polymem.ingest.writer.validate import resolve
from polymem.ingest.writer.window import Window
from polymem.llm import LLMClient, LLMError, chat_json, make_client
from polymem.schema.records import LAYER_SCOPE, AddOp, NoopOp, UpdateOp, add_id, is_single_valued, update_id

log = logging.getLogger(__name__)
PASS_THROUGH = ("fact",)  # add-only verbatim restatements: not reviewed


class LLMWriter:
    name = "llm"

    def __init__(self, settings: LLMSettings | None = None, *, client: LLMClient | None = None,
                 max_heads: int = 30, max_candidates: int = 12) -> None:
        c = client or make_client(settings)
        if c is None:
            raise InputError("no LLM configured: set POLYMEM_LLM_BASE_URL and POLYMEM_LLM_MODEL "
                             "(scripts/llm start prints them for the local test server)")
        self.client: LLMClient = c
        self.rules = RuleWriter()
        self.max_heads = max_heads
        self.max_candidates = max_candidates  # per call; a window with more is reviewed in chunks
        self.llm_calls = 0
        self.llm_failures = 0
        self.errors: list[str] = []
        self.reviewed = {"add": 0, "update": 0, "noop": 0}
        self.kept: Counter = Counter()  # reason -> reviewed ops replaced by their candidate
        self.prompt_version = prompt.VERSION

    def propose(self, window: Window) -> list[Any] | None:
        ops = self.rules.propose(window)
        # Current heads as the reviewed ops change them (stored heads, then this batch's adds/updates).
        self._live = {r.id: _key(r.owner, r.attribute, r.source) for r in window.heads}
        self._people, self._names = {p.id for p in window.roster}, NameIndex(window.roster)
        todo = [i for i, op in enumerate(ops) if isinstance(op, AddOp | UpdateOp)
                and not (isinstance(op, AddOp) and op.attribute in PASS_THROUGH)]
        out: list[Any] = list(ops)
        for start in range(0, len(todo), self.max_candidates):
            chunk = todo[start:start + self.max_candidates]
            reviews = self._review(window, [ops[i] for i in chunk], ops)
            if reviews is None:
                return None
            for i, raw in zip(chunk, reviews, strict=True):
                out[i] = raw
        return out

    def _heads(self, window: Window, ops: list[Any]) -> dict[str, dict[str, Any]]:
        """Current records the candidates can update: the window's heads plus this batch's adds."""
        heads = {r.id: {"owner": r.owner, "attribute": r.attribute, "value": r.value, "content": r.content,
                        "layer": r.layer, "event": r.event, "source": r.source} for r in window.heads[-self.max_heads:]}
        for op in ops:
            if isinstance(op, AddOp):
                heads[add_id(window.space, op)] = {"owner": op.owner, "attribute": op.attribute, "value": op.value,
                                                   "content": op.content, "layer": op.layer, "event": op.event,
                                                   "source": op.source}
        for op in ops:  # an update's own head may be older than the window's listed heads
            if isinstance(op, UpdateOp) and op.entry_id not in heads:
                r = next((h for h in window.heads if h.id == op.entry_id), None)
                if r is not None:
                    heads[r.id] = {"owner": r.owner, "attribute": r.attribute, "value": r.value,
                                   "content": r.content, "layer": r.layer, "event": r.event, "source": r.source}
        return heads

    def _review(self, window: Window, cands: list[Any], ops: list[Any]) -> list[Any] | None:
        known = self._heads(window, ops)
        # Listed: the stored heads and any this batch's candidates update (an add earlier in the batch);
        # the batch's other adds are not shown, or the model reads its own candidates as already recorded.
        shown = {r.id for r in window.heads[-self.max_heads:]} | {c.entry_id for c in cands if isinstance(c, UpdateOp)}
        heads = {k: v for k, v in known.items() if k in shown}
        owners = sorted({p.id for p in window.roster} | {window.group})
        ids = [m.id for m in window.context + window.messages]
        user = render(window, cands, heads)
        messages = [{"role": "system", "content": prompt.SYSTEM},
                    {"role": "user", "content": prompt.EXAMPLE_USER},
                    {"role": "assistant", "content": json.dumps(prompt.EXAMPLE_REPLY)},
                    {"role": "user", "content": user}]
        n = len(cands)

        def check(data: Any) -> list[dict[str, Any]]:
            revs = data.get("reviews") if isinstance(data, dict) else None
            if not isinstance(revs, list) or len(revs) != n or not all(isinstance(r, dict) for r in revs):
                raise ValueError(f"expected {n} reviews in 'reviews'")
            by = {r.get("candidate"): r for r in revs}
            return [by.get(k, revs[k - 1]) for k in range(1, n + 1)]  # by number, else by position

        calls0, fails0 = self.client.stats.snapshot()
        try:
            reviews = chat_json(self.client, messages, prompt.schema(n, owners, sorted(heads), ids), check,
                                max_tokens=90 * n + 40, name="reviews")
        except LLMError as e:
            if e.kind == "unreachable":
                raise BackendUnavailableError(
                    f"LLM endpoint is unreachable ({e.detail}); System 1 is unaffected, "
                    "re-run `polymem write --llm` when it is back") from e
            self.errors.append(f"window {window.messages[0].id}..{window.messages[-1].id}: {e}")
            log.warning("LLM writer gave up on a window: %s", e)
            return None
        finally:
            calls1, fails1 = self.client.stats.snapshot()
            self.llm_calls += calls1 - calls0
            self.llm_failures += fails1 - fails0
        return [self._op(window, c, r, known) for c, r in zip(cands, reviews, strict=True)]

    def _op(self, window: Window, cand: AddOp | UpdateOp, r: dict[str, Any], heads: dict[str, dict[str, Any]]) -> Any:
        """The reviewed candidate as a raw op for the validator (which checks owner, ids, heads)."""
        kind = str(r.get("op", "")).lower()
        self.reviewed[kind] = self.reviewed.get(kind, 0) + 1
        if kind == "noop":
            return NoopOp(reason=f"llm: {str(r.get('content') or 'dropped')[:120]}")
        from_ids = [str(i) for i in r.get("from_ids") or []] or list(cand.from_ids)
        value, content = _grounded(window, from_ids, cand, str(r.get("value") or "").strip(),
                                   str(r.get("content") or "").strip())
        base = heads.get(cand.entry_id, {}) if isinstance(cand, UpdateOp) else cand.model_dump()
        owner = r.get("owner") or base.get("owner")
        # The layer fixes the scope: a group record stays the group's, a person's stays a person's
        # (the model may move a fact to another person, never across scopes).
        if LAYER_SCOPE.get(str(base.get("layer"))) == "GROUP" or owner == window.group:
            owner = base.get("owner")
        # Add vs update is settled against the heads: a single-valued key (owner, attribute) with a
        # current head is an update of that head whatever the model said; an update naming no
        # record and finding no head is an add; other attributes keep the rules' choice. An
        # entry_id the model names is kept (the validator checks it).
        entry = str(r.get("entry_id") or "")
        if not entry and kind in ("add", "update") and is_single_valued(base.get("attribute")):
            key = _key(owner, base.get("attribute"), cand.source or base.get("source"))
            entry = next((rid for rid, k in self._live.items() if k == key), "")
            kind = "update" if entry else "add"
        elif not entry and kind in ("add", "update"):  # add-only kinds (requests, pets...): the rules' choice
            entry = cand.entry_id if isinstance(cand, UpdateOp) else ""
            kind = "update" if entry else "add"
        if kind == "update":
            why = self._unfit(window, entry, owner, base.get("attribute"))
            if why:
                return self._keep(window, cand, why)
            raw = {"op": "update", "entry_id": entry, "owner": owner, "content": content, "value": value,
                   "from_ids": from_ids, "source": cand.source}
            key = self._live.pop(entry)
            self._live[update_id(window.space, UpdateOp(**raw))] = key
            return raw
        if kind != "add":
            return {"op": kind}  # the validator rejects it with a reason
        source = cand.source or (window.by_id()[from_ids[0]].speaker if from_ids[0] in window.by_id() else None)
        raw = {"op": "add", "layer": base.get("layer"), "owner": owner, "source": source,
               "event": base.get("event"), "attribute": base.get("attribute"), "value": value, "content": content,
               "from_ids": from_ids, "involves": list(getattr(cand, "involves", []) or []),
               "related": list(getattr(cand, "related", []) or [])}
        try:
            self._live[add_id(window.space, AddOp(**raw))] = _key(owner, base.get("attribute"), source)
        except ValueError:
            pass  # not a valid add: the validator rejects it with its reason
        return raw

    def _unfit(self, window: Window, entry: str, owner: Any, attribute: Any) -> str | None:
        """Why a reviewed update cannot stand, or None. Checked here, before the validator, because the
        candidate is still at hand to fall back on."""
        live = self._live.get(entry)
        if live is None:
            return "update of no current head"
        if live[1] != attribute:
            return "update of another attribute's head"
        named = resolve(owner, window.group, self._people, self._names)  # as the validator will
        if named is not None and named != live[0]:
            return "update naming another owner than the head's"
        return None

    def _keep(self, window: Window, cand: AddOp | UpdateOp, why: str) -> AddOp | UpdateOp:
        """The candidate as the rules wrote it (the validator still checks it), counted by reason."""
        self.kept[why] += 1
        if isinstance(cand, UpdateOp):
            if cand.entry_id in self._live:
                self._live[update_id(window.space, cand)] = self._live.pop(cand.entry_id)
        else:
            self._live[add_id(window.space, cand)] = _key(cand.owner, cand.attribute, cand.source)
        return cand


def _key(owner: Any, attribute: Any, source: Any) -> tuple[Any, ...]:
    """What makes a head single: owner and attribute, and the source for opinions (one per holder)."""
    return (owner, attribute, source if attribute == "opinion" else None)


def _grounded(window: Window, from_ids: list[str], cand: AddOp | UpdateOp, value: str,
              content: str) -> tuple[str | None, str]:
    """The model may normalise a value (case, article, trimming) or correct it to other words of
    the cited messages, never invent one: a value not found in those messages keeps the candidate's
    value and wording. A sentence that does not carry the kept value keeps the candidate's."""
    by = window.by_id()
    said = " ".join(by[i].text.lower() for i in from_ids if i in by)
    core = re.sub(r"^(?:the|a|an)\s+", "", value.lower()).strip(" .!?")
    if not core or core not in said:
        return cand.value, cand.content
    if core == re.sub(r"^(?:the|a|an)\s+", "", (cand.value or "").lower()).strip(" .!?"):
        return value, cand.content  # value confirmed: keep the rules' fuller sentence (who announced, topic)
    return value, content if core in content.lower() else cand.content


def _short(content: str) -> str:
    """The candidate's sentence without the rules' bookkeeping (who announced, topic words, the
    quoted message): the model sees the message itself."""
    return re.split(r' \(announced by | "', content, maxsplit=1)[0].strip()


def render(window: Window, cands: list[Any], heads: dict[str, dict[str, Any]], max_chars: int = 300) -> str:
    roster = "\n".join(f"- {p.id}: {p.name or p.id}" for p in window.roster)
    current = "\n".join(f"- {rid} | owner={h['owner']} | {h['attribute']} = {h['value']} | {h['content']}"
                        for rid, h in heads.items()) or "(none)"
    # Only the cited messages and the one before each (what a reply answers): short prompts.
    every = window.context + window.messages
    cited = {i for c in cands for i in c.from_ids}
    keep = {k for k, m in enumerate(every) if m.id in cited}
    shown = [m for k, m in enumerate(every) if k in keep or k + 1 in keep]

    def line(m: Any) -> str:
        to = f" -> {', '.join(m.addressees)}" if m.addressees else ""
        return f"[{m.id}] {m.speaker}{to}: {m.text[:max_chars]}"

    rows = []
    for n, c in enumerate(cands, 1):
        h = heads.get(c.entry_id, {}) if isinstance(c, UpdateOp) else {}
        d: dict[str, Any] = {"op": c.op}
        if isinstance(c, UpdateOp):
            d["entry_id"] = c.entry_id
        # an update of a version that is no longer a head (the rules read an older one) carries no owner or
        # attribute of its own: the model sees what the op holds, and `_unfit` keeps the rules' candidate
        d |= {"owner": h.get("owner") if h else getattr(c, "owner", None),
              "attribute": h.get("attribute") if h else getattr(c, "attribute", None),
              "value": c.value, "content": _short(c.content)}
        rows.append(f"C{n} from [{', '.join(c.from_ids)}]: {json.dumps(d)}")
    msgs = "\n".join(line(m) for m in shown)
    return (f"Roster:\n{roster}\n- GROUP: the whole group\n\nCurrent records:\n{current}\n\n"
            f"Messages:\n{msgs}\n\nCandidates:\n" + "\n".join(rows))
