"""Retrieval rounds: System 1 (hybrid + Expand + ASK), System 2 rows, and the agentic loop (<= 3 rounds).

Each action picks a layer (messages / records / profiles), a tool (bm25 / vector), a (rewritten) query and
speaker/addressee filters. Results are fused by RRF and de-duplicated; after each round the extractive
answerer judges sufficiency, and the loop stops as soon as the evidence suffices.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from polymem.graph.search import SearchRepository
from polymem.language import animal_talk
from polymem.retrieval import decisions, system2
from polymem.retrieval.actions import Action, Executor
from polymem.retrieval.answer import EvidenceItem
from polymem.retrieval.extract import Answerer
from polymem.retrieval.extract_base import Extract
from polymem.retrieval.fusion import NAME_BOOST, content_words, dedup, rrf
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.options import AskOptions
from polymem.retrieval.plan import Plan, Row
from polymem.retrieval.planner import WIDE_ROWS


@dataclass
class State:
    lists: list[list[tuple[str, float]]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # tool of each list (bm25 / vector), for score fusion
    fused: list[tuple[str, float]] = field(default_factory=list)
    neighbours: list[str] = field(default_factory=list)
    s2: dict[str, dict[str, list[EvidenceItem]]] = field(default_factory=dict)
    fallback: dict[str, list[str]] = field(default_factory=dict)
    history: dict[str, list[str]] = field(default_factory=dict)  # a person's first messages (system2.history_messages)
    records: list[tuple[str, float]] = field(default_factory=list)
    msgs: dict[str, dict[str, Any]] = field(default_factory=dict)
    trace: list[dict[str, Any]] = field(default_factory=list)
    extract: Extract | None = None
    rounds: int = 0
    dense: dict[str, float] = field(default_factory=dict)  # message id -> cosine with the question
    window: set[str] = field(default_factory=set)
    near: dict[str, float] = field(default_factory=dict)  # decision record -> best cosine of its talk with the question
    near_own: dict[str, float] = field(default_factory=dict)  # the same over one version's own talk
    activity: list[dict[str, Any]] = field(default_factory=list)  # message / addressing counts (activity forms)
    top: list[str] = field(default_factory=list)  # hits whose NEXT / REPLY_TO neighbours are read (Expand)  # thread after messages on the issue (group decisions)


_POOL = ThreadPoolExecutor(max_workers=8, thread_name_prefix="polymem-search")
_NEIGHBOURS = ("prev_ids", "next_ids", "reply_to", "replies")
ANIMAL_LINES = 30  # lines using an animal's name that are read for its kind
BACKING_LINES = 8  # lines naming an option whose threads are read for who took it up
DETAIL_K = 60  # fused hits whose details the answerer reads (the fused list keeps up to 3 x recall_n)

_PROTO_VECS: dict[tuple[int, str], Any] = {}  # (embedder, prototype text) -> vector future

# What a statement of each attribute sounds like (the query for the row's dense search).
PROTOTYPES = {
    "city": "I live in this city now; I moved here and I'm based here.",
    "job": "I work as a job title at a company; I just started a new job.",
    "pet": "We adopted a new pet, meet our dog, cat or other animal.",
}


def first_actions(plan: Plan, opts: AskOptions, roster: RosterIndex) -> list[Action]:
    """Round 1: hybrid BM25 + vector on the question, plus the plan's scoped (filtered) searches."""
    n, tr = opts.recall_n, plan.time_range or (None, None)
    words = content_words(plan.question)
    # (a boost only matters for a word of the question: the roster's other names are left out)
    every = roster.derived("name_spellings", lambda: {x.lower() for p in roster.by_id.values() for x in p.names()})
    names = {w.lower(): NAME_BOOST for w in words if w.lower() in every}
    acts = [Action("messages", "bm25", plan.question, words, k=n, t0=tr[0], t1=tr[1],
                   boosts=names, why="the question's words"),
            Action("messages", "bm25", plan.question, plan.search_terms or plan.issue, k=n, t0=tr[0], t1=tr[1],
                   why="lexical"),
            Action("messages", "vector", plan.question, k=n, t0=tr[0], t1=tr[1], why="dense")]
    sc = plan.scope
    issue = plan.issue
    if opts.use_addressee and sc.addressee:
        acts.append(Action("messages", "bm25", plan.question, issue, addressees=[sc.addressee], k=n,
                           why="requests addressed to the named person"))
    if opts.use_addressee and sc.speaker:
        acts.append(Action("messages", "bm25", plan.question, issue, speakers=[sc.speaker], k=n, why="speaker filter"))
        acts.append(Action("messages", "vector", plan.question, speakers=[sc.speaker], k=n, why="speaker filter"))
    if sc.source:
        about = roster.by_id[sc.owner].names() if sc.owner in roster.by_id else []
        acts.append(Action("messages", "bm25", plan.question, about + issue, speakers=[sc.source], k=n,
                           why="source's messages about the owner"))
    return acts + row_actions(plan, opts, roster, plan.rows)


def row_actions(plan: Plan, opts: AskOptions, roster: RosterIndex, rows: list[Row]) -> list[Action]:
    """Each PERSON row's own statements and reports about them (state, everyone and reporter questions)."""
    n, sc, issue = opts.recall_n, plan.scope, plan.issue
    acts: list[Action] = []
    if plan.intent in ("state", "everyone", "pet_keeper") or (plan.intent == "who_reported" and sc.owner):
        for row in rows:
            if row.kind != "PERSON":
                continue
            names = roster.by_id[row.id].names() if row.id in roster.by_id else [row.id]
            terms = plan.search_terms or issue
            acts.append(Action("messages", "bm25", plan.question, terms, speakers=[row.id], k=n,
                               why=f"own statements of {row.id}"))
            acts.append(Action("messages", "bm25", plan.question, names + terms, k=n, why=f"reports about {row.id}"))
            if plan.attribute in PROTOTYPES:  # dense, on the row's own messages: catches unusual wording
                acts.append(Action("messages", "vector", PROTOTYPES[plan.attribute], speakers=[row.id], k=n // 2,
                                   why=f"{plan.attribute} statements of {row.id}"))
    return acts


def ask_actions(plan: Plan, opts: AskOptions, roster: RosterIndex) -> list[Action]:
    """ASK: one supplementary round with a rewritten query (issue + expansions, names, no time filter)."""
    names = [n for pid in plan.mentioned if pid in roster.by_id for n in roster.by_id[pid].names()[:2]]
    rewritten = " ".join(dict.fromkeys(plan.issue + (plan.search_terms or []) + names)) or plan.question
    return [Action("messages", "bm25", rewritten, rewritten.split(), k=opts.recall_n * 2, why="ASK rewrite"),
            Action("messages", "vector", rewritten, k=opts.recall_n, why="ASK rewrite")]


def relaxed_actions(plan: Plan, opts: AskOptions) -> list[Action]:
    acts = [Action("messages", "vector", " ".join(plan.issue) or plan.question, k=opts.recall_n * 2,
                   why="wider dense search on the issue")]
    if opts.use_system2:
        acts.append(Action("records", "bm25", plan.question, plan.issue or plan.search_terms, k=opts.recall_n,
                           owners=[r.id for r in plan.rows] or None, why="records on the issue"))
    return acts


class Retriever:
    def __init__(self, repo: SearchRepository, space: str, plan: Plan, opts: AskOptions, roster: RosterIndex,
                 embed: Any, started: dict[str, Any] | None = None) -> None:
        self.repo, self.space, self.plan, self.opts, self.roster = repo, space, plan, opts, roster
        self.ex = Executor(repo, space, embed, started)
        self.st = State()
        self._pending: tuple[Any, Any, Any] | None = None
        self._expanded: set[str] = set()

    def do(self, actions: list[Action], same_round: bool = False) -> int:
        self.st.rounds += 0 if same_round else 1
        before = set(i for i, _ in self.st.fused) | set(i for i, _ in self.st.records)
        for a in actions:  # embeddings start now; BM25 runs meanwhile, each dense search waits for its vector
            if a.tool == "vector":
                self.ex.prefetch(a.query)
        results = list(_POOL.map(self.ex.run, actions))
        for a, hits in zip(actions, results, strict=True):
            if a.layer == "messages":
                self.st.lists.append(hits)
                self.st.kinds.append(a.tool)
                if a.tool == "vector" and a.query == self.plan.question:
                    for h, sc in hits:  # Neo4j scores cosine as (1 + cos) / 2: keep the cosine
                        self.st.dense[h] = max(2 * sc - 1, self.st.dense.get(h, -1.0))
            else:
                self.st.records = [(i, s) for i, s in rrf([self.st.records, hits])]
            new = [h for h, _ in hits if h not in before]
            self.st.trace.append({"round": self.st.rounds, **a.describe(), "hits": len(hits), "new_hits": len(new)})
        self.st.fused = rrf(self.st.lists)[: self.opts.recall_n * 3]
        self.st.top = [i for i, _ in self.st.fused[: self.opts.top_k]]  # expanded along with the details fetch
        return len(set(i for i, _ in self.st.fused) - before)

    def rows(self) -> None:
        """System 2 rows and, for PERSON rows, their own messages on the issue (used where a row has no
        records). Both run on the pool, alongside round 1's searches."""
        if not self.opts.use_system2 or not self.plan.rows:
            return
        persons = [r.id for r in self.plan.rows if r.kind == "PERSON"]
        s2 = _POOL.submit(lambda: system2.search_rows(self.repo, self.space, self.plan,
                                                      self.ex.vector(self.plan.question), self.opts))
        fb = _POOL.submit(system2.fallback_messages, self.repo, self.space, self.plan, persons, self.opts.row_k * 5) \
            if persons else None
        hist = _POOL.submit(system2.history_messages, self.repo, self.space, self.plan, persons) if persons else None
        self._pending = (s2, fb, hist)

    def rows_from_evidence(self) -> None:
        """A plan over every member of a very big roster (`narrow_wide`): the rows are the members round 1's
        best hits come from or name, in rank order, at most WIDE_ROWS, each searched as a row is."""
        ids = [i for i, _ in self.st.fused[:DETAIL_K]]
        self.st.msgs.update(self.repo.details(self.space, [i for i in ids if i not in self.st.msgs]))
        persons = {p.id for p in self.roster.persons()}
        have = {r.id for r in self.plan.rows if r.kind == "PERSON"}
        found: list[str] = []
        for i in ids:
            m = self.st.msgs.get(i)
            if m is None:
                continue
            for pid in [m.get("speaker"), *(x.pid for x in self.roster.find(m.get("text") or ""))]:
                if pid in persons and pid not in have and pid not in found:
                    found.append(pid)
        new = [Row(kind="PERSON", id=pid, name=self.roster.display(pid))
               for pid in found[: max(0, WIDE_ROWS - len(have))]]
        self.plan.rows = [*self.plan.rows, *new]
        self.st.trace.append({"round": self.st.rounds, "layer": "plan", "tool": "rows_from_evidence",
                              "query": self.plan.question, "filters": {}, "hits": len(new), "new_hits": len(new),
                              "rows": [r.id for r in new]})
        acts = row_actions(self.plan, self.opts, self.roster, new)
        if acts:
            self.do(acts, same_round=True)

    def rows_done(self) -> None:
        if self._pending is None:
            return
        s2, fb, hist = self._pending
        self._pending = None
        if hist is not None:
            self.st.history = hist.result()
            if self.st.history:
                self.ex.used.add("own_messages" if system2.asks_before(self.plan) else "own_messages_latest")
        self.st.s2 = s2.result()
        self.ex.used.add("row_records")
        empty = [r.id for r in self.plan.rows if r.kind == "PERSON" and not self.st.s2[r.id]["current"]]
        if fb is not None:
            got = fb.result()
            self.st.fallback = {pid: got.get(pid, []) for pid in empty}
            self.ex.used.add("row_messages_fulltext")
        self.st.trace.append({"round": self.st.rounds, "layer": "records", "tool": "rows", "query": self.plan.question,
                              "filters": {"owners": [r.id for r in self.plan.rows], "mode": self.plan.mode},
                              "hits": sum(len(v["current"]) + len(v["past"]) for v in self.st.s2.values()),
                              "new_hits": 0, "fallback_rows": empty})

    def judge(self) -> bool:
        """Sufficiency: the answerer finds a confident answer in what is held now."""
        ids = [i for i, _ in self.st.fused[:DETAIL_K]] + self.st.neighbours
        ids += [m for v in self.st.fallback.values() for m in v]
        ids += [m for v in self.st.history.values() for m in v]
        ids += [m for row in self.st.s2.values() for part in row.values() for it in part for m in it.message_ids]
        ids += [m for a in self.st.activity for m in a.get("sample") or []]
        missing = [i for i in dedup(ids) if i not in self.st.msgs]
        expand = [t for t in self.st.top if t not in self._expanded]
        self.st.msgs.update(self.repo.details(self.space, missing, expand=expand))
        self._expanded.update(expand)
        self.ex.used.add("message_details_expanded" if expand else "message_details")
        self.st.neighbours = dedup(n for t in self.st.top if t in self.st.msgs for f in _NEIGHBOURS
                                   for n in self.st.msgs[t].get(f) or [])
        order = [i for i, _ in self.st.fused]
        self.st.extract = Answerer(self.plan, self.st.msgs, order, self.roster, self.st.s2,
                                   use_addressee=self.opts.use_addressee, window=self.st.window,
                                   dense=self.st.dense, activity=self.st.activity, near=self.st.near,
                                   near_own=self.st.near_own, embed=self.ex.vector).run()
        return not self.st.extract.abstained and self.st.extract.confidence >= 0.5

    def topic(self) -> None:
        """Group decisions: read the thread after each message on the issue (where the options are proposed),
        then search the options by name, since the decision itself may not repeat the topic word."""
        # The messages that name the issue (BM25 on the issue words alone) and the threads after them are read
        # while round 1's details are fetched.
        def threads() -> dict[str, Any]:
            on = [i for i, _ in self.repo.fulltext(self.space, self.plan.issue, 20)]
            return self.repo.following(self.space, on) if on else {}

        pending = _POOL.submit(threads)
        self.ex.used.add("following")
        # the talk that led to each decision the records hold, in meaning: a question names a matter in words
        # the deciding line need not repeat ("the send-off" for "booked the Heron", said after "Ola's last
        # day, drinks?"), and those lines are seldom among the hits
        said = [it.id for row in self.st.s2.values() for part in row.values() for it in part
                if (it.attribute or "").startswith("decision:")]
        vec = self.ex.vector(self.plan.question) if said else None
        if said and vec is not None:
            self.st.near, self.st.near_own = self.repo.discussion_cosines(self.space, said, list(vec))
            self.ex.used.add("discussion_near")
        self.judge()
        window = pending.result()
        self.st.window = set(window)
        self.st.msgs.update({i: d for i, d in window.items() if i not in self.st.msgs})
        known = decisions.topic_values(self.st.msgs.values(), self.plan.issue, self.st.window)
        if not known:
            return
        hits, found = self.repo.fulltext_details(self.space, known, self.opts.recall_n)
        self.ex.used.add("messages_fulltext_details")
        self.st.lists.append(hits)
        self.st.kinds.append("bm25")
        self.st.fused = rrf(self.st.lists)[: self.opts.recall_n * 3]
        self.st.msgs.update({i: d for i, d in found.items() if i not in self.st.msgs})
        self.st.trace.append({"round": self.st.rounds, "layer": "messages", "tool": "bm25", "query": " | ".join(known),
                              "filters": {}, "hits": len(hits), "new_hits": len(hits), "why": "topic options"})

    def backing(self) -> None:
        """Backers of an option ("who voted for X?"): the lines naming it and the thread after each, where the
        others take it up in replies that need not name it ("same", "fine by me")."""
        self._lines_and_threads(self.plan.backing or self.plan.issue, BACKING_LINES, "an option's backers")

    def _lines_and_threads(self, terms: list[str], k: int, why: str) -> None:
        """Hold the k lines BM25 finds for `terms` and the thread after each (one read each), traced as `why`."""
        hits, found = self.repo.fulltext_details(self.space, terms, k)
        after = self.repo.following(self.space, [i for i, _ in hits])
        self.st.msgs.update({i: d for i, d in {**after, **found}.items() if i not in self.st.msgs})
        self.ex.used.update(("messages_fulltext_details", "following"))
        self.st.trace.append({"round": self.st.rounds, "layer": "messages", "tool": "bm25", "query": " | ".join(terms),
                              "filters": {}, "hits": len(hits), "new_hits": len(found), "why": why})

    def animal_talk(self) -> None:
        """An animal asked by its name ("what kind of animal is Rufus?"): every line using the name and the
        lines after each, where its kind is often said (language/animal_talk.py reads them)."""
        names = animal_talk.names_in_question(self.plan.question, lambda w: bool(self.roster.find(w)))
        if not names:
            return
        self._lines_and_threads(names, ANIMAL_LINES, "an animal's name")

    def activity(self) -> None:
        """Message counts per speaker, or whom one speaker addresses most (analytics over SPEAKS/ADDRESSES)."""
        if self.plan.intent == "talks_most" and self.plan.scope.speaker:
            self.st.activity = self.repo.address_activity(self.space, self.plan.scope.speaker)
            self.ex.used.add("address_activity")
        else:
            self.st.activity = self.repo.speaker_activity(self.space)
            self.ex.used.add("speaker_activity")
        self.st.trace.append({"round": self.st.rounds, "layer": "messages", "tool": "activity",
                              "query": self.plan.question, "filters": {"speaker": self.plan.scope.speaker},
                              "hits": len(self.st.activity), "new_hits": 0})

    def run(self) -> State:
        o = self.opts
        first = first_actions(self.plan, o, self.roster)
        for text in PROTOTYPES.values():  # constant texts: embedded once per process
            key = (id(self.ex._embed), text)
            if any(a.query == text for a in first) and key not in _PROTO_VECS:
                _PROTO_VECS[key] = self.ex.prefetch(text)
            if key in _PROTO_VECS:
                self.ex.prefetch(text, _PROTO_VECS[key])
        for a in first:
            if a.tool == "vector":
                self.ex.prefetch(a.query)
        wide = self.plan.rows_from_evidence
        if o.strategy != "system1" and not wide:
            self.rows()  # submitted first: runs beside round 1
        self.do(first)
        if wide:
            self.rows_from_evidence()
            if o.strategy != "system1":
                self.rows()
        self.rows_done()
        if self.plan.intent == "group_decision" and self.plan.issue:
            self.topic()
        if self.plan.backing is not None:
            self.backing()
        if self.plan.intent in ("most_active", "talks_most"):
            self.activity()
        if self.plan.attribute == "pet":
            self.animal_talk()
        ok = self.judge()
        if o.strategy == "agentic":
            rounds = ([ask_actions(self.plan, o, self.roster)] if o.ask_round else []) + [relaxed_actions(self.plan, o)]
            rounds = rounds[: o.max_rounds - 1]
            if not ok:  # every later round's query text, embedded in one model call
                self.ex.prefetch_many([a.query for acts in rounds for a in acts if a.tool == "vector"])
            for acts in rounds:
                if ok:
                    break
                self.do(acts)
                ok = self.judge()
        elif o.ask_round and not ok:
            self.do(ask_actions(self.plan, o, self.roster))
            ok = self.judge()
        self.st.trace.append({"round": self.st.rounds, "layer": "answer", "tool": "sufficiency", "sufficient": ok})
        return self.st
