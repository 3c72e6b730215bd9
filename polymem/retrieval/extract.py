"""Extractive answers (no LLM): read the answer off the evidence and the SPEAKS/ADDRESSES edges."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from polymem.language import acts, question_views, timeexpr, value_kind
from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language.models import parse_many, parsed
from polymem.language.questions import fate_of, tells_event
from polymem.language.replies import asked_attribute
from polymem.language.statements import Person, Statement, StatementReader
from polymem.lru import LRU
from polymem.retrieval import extract_backing, extract_group, extract_opinion, extract_pets, extract_state
from polymem.retrieval import extract_forms as forms
from polymem.retrieval import extract_who as ew
from polymem.retrieval import lexicon as lx
from polymem.retrieval.answer import EvidenceItem
from polymem.retrieval.extract_base import (
    NOT_IN_MEMORY,
    Extract,
    Msg,
    StateHit,
    coverage,
    is_request,
    message_time,
    quoted,
    same_value,
    when,
)
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.plan import Plan

# Cosine (all-MiniLM-L6-v2) under which a partial lexical match is not taken as an answer: "What car does
# Fernanda drive?" vs "...it drives me nuts" is 0.38, vs "I drive an old Toyota" 0.52.
DENSE_MIN = 0.45
ECHO_GAP = 3  # lines after another member's mention of an option in which naming it again takes it up
OFFER_RANK = 5  # with no line using the option's words, how far down the fused ranking a proposal is looked for
DATED_RANK = 5  # how far down the fused ranking a line giving a date may answer a when-question
# Who-intents whose answer may be the doer a scene note names ("( Rachel comes in the door . )").
_NOTE_INTENTS = frozenset({"who_said", "who_asked", "who_agreed"})
_KIND_INTENTS = frozenset({"group_decision", "generic", "when"})  # answers that are the value asked for
# English light verbs (a closed class): "make a poster", "take the keyboard" name the task by their object


def _reader(roster: RosterIndex) -> tuple[StatementReader, LRU[tuple[Any, ...], list[Statement]]]:
    """One statement reader per roster, with the statements it read per message (the key holds all a read
    depends on: text, speaker, time, the pronoun's referent, the question answered): building the reader
    over a big roster costs more than a search; the roster is kept per process while it is unchanged
    (retrieval.roster_cache)."""
    return roster.derived(f"statements:{os.environ.get('POLYMEM_READ_BY_MEANING', '1') != '0'}", lambda: (
        StatementReader([Person(p.id, tuple(p.names())) for p in roster.roster]), LRU(20_000)))


class Answerer:
    def __init__(self, plan: Plan, msgs: dict[str, Msg], order: list[str], roster: RosterIndex,
                 rows: dict[str, dict[str, list[EvidenceItem]]], use_addressee: bool = True,
                 window: set[str] | None = None, dense: dict[str, float] | None = None,
                 activity: list[dict[str, Any]] | None = None, near: dict[str, float] | None = None,
                 near_own: dict[str, float] | None = None,
                 embed: Callable[[str], list[float] | None] | None = None) -> None:
        self.plan, self.msgs, self.roster, self.s2, self.use_addr = plan, msgs, roster, rows, use_addressee
        self.activity = activity or []
        self.reader, self._read = _reader(roster)
        self._contexts: dict[str, tuple[str | None, str | None]] = {}
        self.rank = {mid: i for i, mid in enumerate(order)}
        self.window = window or set()  # messages in the thread right after one on the issue
        self.dense = dense or {}  # cosine of each message with the question (from the dense searches)
        self.near = near or {}  # a decision record -> best cosine of the talk that led to it with the question
        self.near_own = near_own or {}  # the same over one version's own talk (its chain may hold other matters')
        self.embed = embed  # text -> its vector (the embedder the searches use), where one is loaded
        self._aliases: dict[str, set[str]] | None = None
        self.group_named = False  # the group answer comes from the matter the question names (extract_group)

    def name(self, pid: str | None) -> str | None:
        return self.roster.display(pid)

    def _relevance(self, m: Msg) -> float:
        # Lexical coverage of the issue first; the fused rank breaks ties.
        return coverage(self.plan.issue, m["text"], self.aliases) + 0.2 / (1 + self.rank.get(m["id"], 999))

    @property
    def aliases(self) -> dict[str, set[str]]:
        """Other words for issue terms in this chat: a member's animal's name for "cat" (extract_pets)."""
        if self._aliases is None:
            self._aliases = extract_pets.issue_aliases(self, lambda pid: extract_state.person_state(self, pid, "pet"))
        return self._aliases

    def handlers(self) -> dict[str, Callable[[], Extract]]:
        return {
            "who_said": self._who_said, "who_asked": self._who_asked, "asked_whom": self._asked_whom,
            "who_agreed": self._who_agreed, "who_reported": self._who_reported, "opinion": lambda: extract_opinion.opinion(self),
            "state": lambda: extract_state.state(self), "everyone": lambda: extract_state.everyone(self),
            "group_decision": lambda: extract_group.group_decision(self), "generic": self._generic,
            "category": lambda: forms.category(self), "list_moved": lambda: forms.list_moved(self),
            "list_decisions": lambda: forms.list_decisions(self), "when": lambda: forms.when(self),
            "who_announced": lambda: forms.who_announced(self), "most_active": lambda: forms.most_active(self),
            "talks_most": lambda: forms.talks_most(self),
            "pet_keeper": lambda: extract_pets.pet_keeper(self, lambda pid: extract_state.person_state(self, pid, "pet")),
        }

    def statements(self, m: Msg) -> list[Statement]:
        """The language layer's statements in one candidate message (parse cached by text); a pronoun refers
        to the last member named in the message it replies to or the one before it."""
        last, asked = self._context(m)
        key = (m["id"], m["text"], m.get("speaker"), m.get("time"), last, asked)
        got = self._read.get(key)
        if got is None:
            got = self.reader.read(m["text"] or "", m.get("speaker") or "", message_time(m.get("time")),
                                   m["id"], last, asked)
            self._read.put(key, got)
        return got

    def _context(self, m: Msg) -> tuple[str | None, str | None]:
        """(the member a pronoun refers to, the attribute the message answers a question about), from the
        candidate messages it replies to or follows."""
        key = m["id"]
        got = self._contexts.get(key)
        if got is not None:
            return got
        last = None
        for i in (m.get("reply_to") or []) + (m.get("prev_ids") or []):
            prev = self.msgs.get(i)
            named = [x.pid for x in self.roster.find(prev["text"] or "")] if prev else []
            named = [x for x in named if x != m.get("speaker")]
            if named:
                last = named[-1]
                break
        asked = None  # the attribute the message it answers asks about ("where's everyone living?")
        for i in (m.get("reply_to") or []) + (m.get("prev_ids") or [])[:1]:
            prev = self.msgs.get(i)
            if prev and prev.get("speaker") != m.get("speaker") and (asked := asked_attribute(prev["text"] or "")):
                break
        self._contexts[key] = (last, asked)
        return last, asked

    def prefetch(self, msgs: list[Msg]) -> None:
        """Parse in one batch the messages about to be read (spaCy's pipe is several times faster than a
        call per text); the parses are cached by text, so reading them after gives the same statements."""
        parse_many([self.reader.cased(m["text"] or "") for m in msgs])

    def may_tell_of(self, m: Msg, pid: str) -> bool:
        """Whether a statement in m can be about pid: one's own, one naming pid, or one whose pronoun refers
        to pid (the reader takes owners from nowhere else), so the rest need no parse."""
        text = m["text"] or ""
        return m.get("speaker") == pid or pid in self.reader.people(text) or self._context(m)[0] == pid or \
            self.roster.mentions(text, pid)

    def statement_time(self, h: StateHit) -> datetime | None:
        """When the statements a hit rests on say the change happened ("moved yesterday" -> the day before):
        a time a message states beats a message's own timestamp, and the earliest such time wins (a later
        "I live there now" does not move the day of the move)."""
        times: list[tuple[bool, datetime]] = []
        for mid in h.message_ids:
            m = self.msgs.get(mid)
            if m is None:
                continue
            sent = message_time(m.get("time"))
            for st in self.statements(m):
                if st.time and h.value and same_value(st.value, h.value):
                    times.append((st.time == sent, st.time))
        return min(times, key=lambda x: (x[0], x[1].replace(tzinfo=None)))[1] if times else None

    def fallback_who_said(self) -> Extract:
        return self._who_said()

    def run(self) -> Extract:
        if self.plan.intent in ("generic", "state") and (fate := self._fate()) is not None:
            return fate
        ex = self.handlers().get(self.plan.intent, self._generic)()
        if self.plan.intent in _KIND_INTENTS and not ex.abstained and \
                not value_kind.answers(self.plan.question, ex.text):
            # "how much did the gear cost?" answered with a line that names no sum: the sum is not in memory
            # (only where the value answers the question: an opinion of "the new time" is no time)
            return Extract(NOT_IN_MEMORY, abstained=True, cited=ex.cited, rows=ex.rows)
        if self.plan.answer_field != "speaker" or self.plan.intent not in _NOTE_INTENTS:
            return ex
        subject = ew.object_subject(self.plan.question, self.roster)
        if subject is not None and (ex.abstained or ex.participant in self.plan.mentioned):
            return self._object_answer(subject) or ex
        return self._prefer_note(ex)

    def _object_answer(self, subject: str) -> Extract | None:
        """"Who is Ross talking with ?": the person addressed by the subject's line that best matches the
        issue (or, with no match, the subject's best-ranked line)."""
        def score(m: Msg) -> float | None:
            if m.get("speaker") != subject:
                return None
            return self._cov(m["text"]) + 0.2 / (1 + self.rank.get(m["id"], 999))

        m, s = self._pick(score)
        who = ew.addressee(m, self.msgs, self.use_addr) if m is not None else None
        if m is None or who is None or who == subject:
            return None
        return Extract(self.name(who) or who, participant=who, cited=[m["id"]], confidence=min(s, 0.4))

    def _cov(self, text: str) -> float:
        return ew.coverage(self.plan.issue, text, self.aliases)

    def _prefer_note(self, ex: Extract) -> Extract:
        """A scene note (a non-person speaker's line: "( Joey kisses Monica . )") that matches the issue better
        than the line the answer rests on names the doer (extract_who.note_doer)."""
        best: tuple[float, Msg, str] | None = None
        for m in self.msgs.values():
            if self._person(m) or not m.get("text"):
                continue
            c = self._cov(m["text"])
            doer = ew.note_doer(self.plan.issue, m["text"], self.roster, self.plan.mentioned) if c >= 0.5 else None
            if doer is None:
                continue
            s = c + 0.2 / (1 + self.rank.get(m["id"], 999))
            if best is None or s > best[0]:
                best = (s, m, doer)
        if best is None:
            return ex
        said = self.msgs.get(ex.cited[0]) if ex.cited and not ex.abstained else None
        if said is not None and self._cov(said["text"]) >= self._cov(best[1]["text"]):
            return ex
        s, m, who = best
        return Extract(self.name(who) or who, participant=who, cited=[m["id"], *ex.cited], confidence=s)

    # -- who said / asked / agreed / reported: the participant on the SPEAKS edge -------------------------
    def _pick(self, score_fn, pool: list[Msg] | None = None) -> tuple[Msg | None, float]:
        best, best_s = None, -1e9
        who = self.plan.answer_field == "speaker"
        for m in pool if pool is not None else self.msgs.values():
            if who and not self._person(m):  # a who-answer is a person, never a scene note or a bot
                continue
            s = score_fn(m)
            if s is None:
                continue
            if s > best_s or (s == best_s and best is not None and when(m) < when(best)):
                best, best_s = m, s
        return best, best_s

    def _person(self, m: Msg) -> bool:
        sp = m.get("speaker") or ""
        return not sp.startswith("#") and (sp in self.roster.by_id or not self.roster.by_id)

    def _clear_match(self, m: Msg) -> bool:
        """Half the issue terms, or (short informal lines: "Hi , Pheebs .") one of them in a top-3 fused hit.
        A dense-cosine gate here (>= DENSE_MIN) cost 5 points on FriendsQA (docs/bench/retrieval-friendsqa.md)."""
        c = self._cov(m["text"])
        return c >= 0.5 or (c > 0 and self.rank.get(m["id"], 99) < 3)

    def _speaker_answer(self, m: Msg | None, s: float, extra: list[str] | None = None) -> Extract:
        if m is None or (self.plan.issue and not self._clear_match(m)):
            return Extract(NOT_IN_MEMORY, abstained=True)
        who = m["speaker"]
        return Extract(self.name(who) or who, participant=who, cited=[m["id"], *(extra or [])],
                       confidence=s)

    def _first_to_name(self) -> Extract | None:
        """"Who floated Lake Ohrid?": the first member to bring the option up. A line names the option as far as
        it holds the option's words, each weighted by how few read lines use it ("sunday" over "apple day");
        of the lines naming it best, the earliest wins, unless it only reports a decision."""
        terms = self._option_terms()
        if not terms:
            return None
        people = [m for m in self.msgs.values() if self._person(m) and m.get("speaker") not in self.plan.mentioned]
        uses = {t: {m["id"] for m in people if ew.coverage([t], m["text"] or "")} for t in terms}
        weight = {t: math.log(1 + len(self.msgs) / len(ids)) for t, ids in uses.items() if ids}
        if not weight:
            # no line uses the option's words ("by rail" for "take the train"): the best-ranked line among the
            # first few that puts something forward
            near = sorted((m for m in people if self.rank.get(m["id"], 99) < OFFER_RANK), key=lambda m: self.rank[m["id"]])
            m = next((m for m in near if self._offers(m, [])), None)
            return None if m is None else Extract(self.name(m["speaker"]) or m["speaker"], participant=m["speaker"],
                                                  cited=[m["id"]], confidence=0.6)
        score = {m["id"]: sum(w for t, w in weight.items() if m["id"] in uses[t]) for m in people}
        top = max(score.values())
        cands = [m for m in people if score[m["id"]] >= top - 1e-9]
        named = list(weight)
        chat = sorted(self.msgs.values(), key=when)
        at = {m["id"]: i for i, m in enumerate(chat)}

        def echo(m: Msg) -> bool:
            """The line takes up what another member just said of the option ("X?? works for me")."""
            return any(x["speaker"] != m["speaker"] and score.get(x["id"], 0) >= score[m["id"]]
                       for x in chat[max(0, at[m["id"]] - ECHO_GAP):at[m["id"]]])

        def rank(m: Msg) -> tuple:
            acts = {a.act for a in group_acts.read(m["text"] or "")}
            offers = self._offers(m, named) and not echo(m)
            # a line that puts the option forward before one that only names it in passing, and one that
            # reports it settled last
            return (bool(acts & {"decision", "reversal"}) and not offers, not offers, when(m))

        m = min(cands, key=rank)
        return Extract(self.name(m["speaker"]) or m["speaker"], participant=m["speaker"], cited=[m["id"]],
                       confidence=0.9)

    def _offers(self, m: Msg, terms: list[str]) -> bool:
        """A line puts something forward: a proposal by its form (language/group.py), a question in a line that
        names the option ("or Zagreb?", "just do navy?", "could we change the fundraiser? ... the X fund"), or a
        sentence with no verb that names it."""
        if any(a.act == "proposal" for a in group_acts.read(m["text"] or "")):
            return True
        text = m["text"] or ""
        if not terms or ew.coverage(terms, text) == 0 or _agrees(text):
            return False  # (not an echo that takes it up: "X?? works for me")
        # a question that offers ("or X?", "just do X?", "could we ...?"; not "is X a bit small?"), or a sentence
        # that is only the option ("counterpoint: X.", "the scout hut. cheap, ...")
        # (each question read alone: the parser may run "or X? tiny place, but ..." into one sentence)
        parts = [p for p in re.split(r"(?<=\?)\s+", text) if p.strip()]
        return any(_offering_question(s) or _bare_option(s, terms) for p in parts for s in parsed(p).sents)

    def _option_terms(self) -> list[str]:
        """The words the parse reads as the option put forward, else the question's topic terms and named
        options, less those it weighs the option against."""
        against = set(question_views.weighed_against(self.plan.question))
        # (an option may be a word with a group sense: "navy" is a colour as well as a fleet)
        option = [w for w in question_views.option_words(parsed(self.plan.question))
                  if w not in against and not self.roster.find(w) and not extract_group.names_a_plan(w)]
        if any(ew.coverage([w], m["text"] or "") for w in option for m in self.msgs.values()):
            return option
        named = [a.lower() for a in self.plan.anchors]
        # nor the act asked about: the question's main verb ("countered", "came up") or a noun any proposal is
        # ("the idea", "the plan")
        act = {t.lower_ for t in parsed(self.plan.question) if t.dep_ == "ROOT" or t.pos_ == "AUX"}
        terms = [t for t in dict.fromkeys(named + [t.lower() for t in self.plan.issue])
                 if not any(w in against for w in t.split()) and t not in act and not extract_group.is_generic(t)]
        return [t for t in terms if not self.roster.find(t)]

    def _who_said(self) -> Extract:
        proposal = self.plan.proposal or bool(re.search(r"\b(suggest|propos|recommend|pitch|put forward|float|idea|"
                                                        r"came up)", self.plan.question, re.I)) or \
            question_views.asks_proposer(parsed(self.plan.question))
        if proposal and (first := self._first_to_name()) is not None:
            return first

        def score(m: Msg) -> float | None:
            c = self._cov(m["text"])
            if self.plan.issue and c == 0:
                return None
            s = c + 0.2 / (1 + self.rank.get(m["id"], 999))
            if self._doer(m) in self.plan.mentioned:  # "Who did Joey kiss?": someone other than Joey
                s -= 1.0
            if proposal:
                acts = {a.act for a in group_acts.read(m["text"] or "")}
                s += 0.3 * bool(lx.PROPOSAL.search(m["text"]) or "proposal" in acts) \
                    - 0.3 * bool(lx.DECISION.search(m["text"]) or acts & {"decision", "reversal"})
            return s

        m, s = self._pick(score)
        doer = self._doer(m) if m is not None else None
        if m is not None and doer != m["speaker"] and self._clear_match(m):
            return Extract(self.name(doer) or doer, participant=doer, cited=[m["id"]], confidence=s)
        return self._speaker_answer(m, s)

    def _doer(self, m: Msg) -> str:
        """Who did what a line says: its speaker, or for "Did you just smell my hair ?" the person addressed."""
        # Only the question's own verb counts: its first issue term ("Who *smelled* Monica's hair?") or the
        # participle of a passive ("Monica's hair was *smelled* by whom?").
        verb = ew.question_verb(self.plan.question, self.plan.issue)
        if ew.asks_who_asked(self.plan.question):
            return m["speaker"]  # "who asked for the address to be changed?": whoever asked, not who was asked
        if verb and ew.you_did([verb], m["text"]):
            return ew.addressee(m, self.msgs, self.use_addr) or m["speaker"]
        return m["speaker"]

    def _addressed_to(self, m: Msg, pid: str) -> bool:
        if self.roster.mentions(m["text"], pid):
            return True
        return self.use_addr and (pid in (m.get("addressees") or []) or pid in (m.get("reply_to_speakers") or []))

    def _who_asked(self) -> Extract:
        target = self.plan.scope.addressee

        def score(m: Msg) -> float | None:
            if m["speaker"] == target or coverage(self.plan.issue, m["text"]) == 0:
                return None
            s = self._relevance(m) + 0.4 * bool(is_request(m["text"]))
            s -= 0.3 * bool(_agrees(m["text"]) and not is_request(m["text"]))
            return s + (0.5 if target and self._addressed_to(m, target) else 0.0)

        return self._speaker_answer(*self._pick(score))

    def _promise_on(self, task: list[str]) -> Any | None:
        """The latest promise record of the group's whose task the question's task words cover (half or more)."""
        row = self.s2.get("GROUP", {})
        told = [i for i in row.get("current", []) + row.get("past", [])
                if i.attribute == "promise" and i.source and task and coverage(task, i.value or "") >= 0.5]
        return max(told, key=lambda i: (i.time is not None, i.time or 0)) if told else None

    def _agreeing_reply(self, req: Msg) -> Msg | None:
        follow = [self.msgs[i] for i in (req.get("replies") or []) + (req.get("next_ids") or []) if i in self.msgs]
        # a later assent on the task; one a few lines on may name it only by a pronoun or by its verb, after the
        # one asked has said no ("I'll be away then" ... "I'll bring it")
        seq = req.get("seq")

        def close(m: Msg) -> bool:
            return seq is not None and m.get("seq") is not None and 0 < m["seq"] - seq <= TAKE_UP and \
                not any(t.dep_ == "neg" for t in parsed(m["text"] or "")) and (
                    acts.echoes_task(req["text"], m["text"]) or re.search(r"(?i)\b(?:it|that|this|them)\b", m["text"]) is not None)
        later = [m for m in self.msgs.values() if when(m) > when(req) and m["speaker"] != req["speaker"]
                 and (coverage(self.plan.issue, m["text"]) >= 0.5 or close(m)) and _agrees(m["text"])]
        for m in follow + sorted(later, key=when):
            if m["speaker"] != req["speaker"] and (_agrees(m["text"]) or (
                    any(m is f for f in follow) and acts.echoes_task(req["text"], m["text"]))):
                return m
        return None

    def _asked_whom(self) -> Extract:
        asker = self.plan.scope.speaker

        def score(m: Msg) -> float | None:
            if asker and m["speaker"] != asker or coverage(self.plan.issue, m["text"]) == 0:
                return None
            return self._relevance(m) + 0.4 * bool(is_request(m["text"]))

        req, s = self._pick(score)
        if req is None:
            return Extract(NOT_IN_MEMORY, abstained=True)
        reply = self._agreeing_reply(req)
        named = [x.pid for x in self.roster.find(req["text"]) if x.pid != req["speaker"]]
        edges = [a for a in (req.get("addressees") or []) if a != req["speaker"]] if self.use_addr else []
        who = (named or edges or ([reply["speaker"]] if reply else []) or [None])[0]
        if who is None:
            return Extract(NOT_IN_MEMORY, abstained=True, cited=[req["id"]])
        cited = [req["id"]] + ([reply["id"]] if reply else [])
        return Extract(self.name(who) or who, participant=who, cited=cited, confidence=s)

    def _who_agreed(self) -> Extract:
        """An agreement on the issue ("Sure, the chairs are on me"), or the reply that accepts a request on
        it when the reply itself is too short to name the task ("on it", "consider it done"); every member who
        backed an option, where the question asks that ("who voted for X?": extract_backing)."""
        if self.plan.backing is not None and (ex := extract_backing.backers(self, self.plan.backing)) is not None:
            return ex
        # the task is what the asking clause says ("once the flights moved, who offered to pick them up?": the
        # pick-up), not the scene set around it
        q = parsed(self.plan.question)
        core = question_views.asked_words(q)
        issue = [w for w in self.plan.issue if core is None or w in core] or self.plan.issue
        if not issue:  # every word of the task was a word of asking ("who offered to pick them up?")
            names = {n.lower() for n in self.roster.name_words()}
            issue = [w for w in question_views.task_words(q) if w not in names]

        def score(m: Msg) -> float | None:
            agrees = _agrees(m["text"])
            if coverage(issue, m["text"]) == 0 or (is_request(m["text"]) and not agrees):
                return None  # whoever asks for the task is not who took it on (their request is read below)
            return self._relevance(m) + 0.5 * bool(agrees) - 0.4 * bool(is_request(m["text"])) + \
                0.2 * bool(m.get("reply_to"))

        # the task's own words: a light verb ("making the poster", "take the keyboard") is no part of what was asked
        task = _unlight(issue) or issue
        if (took := self._promise_on(_unlight(self.plan.issue))) is not None:
            # the writer read the whole exchange (a request turned down, then "I'll do it" from another): its
            # latest promise on the task names who took it on
            return Extract(self.name(took.source) or took.source or "", participant=took.source,
                           cited=list(took.message_ids), confidence=1.0)
        m, s = self._pick(score)
        best: tuple[float, Msg, list[str]] | None = None
        if m is not None and (not issue or coverage(issue, m["text"]) >= 0.5):
            best = (s, m, list(m.get("reply_to") or []))
        for req in self.msgs.values():
            asked = is_request(req["text"])
            if not (req.get("replies") or asked):
                continue
            reply = self._agreeing_reply(req)
            if reply is None:
                continue
            # the exchange names the task: "could you grab the keys from Ada?" / "I'll pop over after lunch"
            both = f'{req["text"]} {reply["text"]}'
            answered = req["id"] in (reply.get("reply_to") or [])
            cov = coverage(task, both)
            # the exchange need not repeat the question's words ("do a sheet for who's paid what" for "the payments
            # sheet"): part of them will do in a request taken on, or in an exchange close in meaning to the question
            near = self.dense.get(req["id"], 0.0)
            if not (asked or answered) or not (cov >= 0.5 or (cov > 0 and (asked or near >= DENSE_MIN))):
                continue
            # a task asked for and taken on before an idea merely welcomed ("yes!! she will cry")
            rs = cov + 0.2 / (1 + self.rank.get(req["id"], 999)) + 0.5 + 0.5 * near + 0.3 * asked
            if best is None or rs > best[0]:
                best = (rs, reply, [req["id"]])
        if best is None:
            return Extract(NOT_IN_MEMORY, abstained=True)
        s, m, extra = best
        who = m["speaker"]
        return Extract(self.name(who) or who, participant=who, cited=[m["id"], *extra], confidence=s)

    def _who_reported(self) -> Extract:
        owner = self.plan.scope.owner
        if (rec := self._report_record(owner)) is not None:
            # the writer read the whole chat around the news ("he's in Lisbon!!" after "he said I can share"):
            # its record of the owner's value, told by somebody else, names who told it
            return Extract(self.name(rec.source) or rec.source or "", participant=rec.source,
                           cited=list(rec.message_ids), confidence=1.0)

        attr = self.plan.attribute

        def states(m: Msg) -> bool:  # the message states the asked attribute of the owner ("landed a job at ...")
            if attr:
                return any(st.attribute == attr and (owner is None or st.owner == owner) for st in self.statements(m))
            # no attribute asked: a statement of the owner's whose value the question names ("... that X quit
            # the bakery": a line telling X left the bakery), as the writer's record would
            return owner is not None and any(st.owner == owner and st.value and _names_value(self.plan.question, st.value)
                                             for st in self.statements(m))

        def score(m: Msg) -> float | None:
            # the owner named, or reached by a pronoun the language layer resolves ("she moved to ...")
            if owner and (m["speaker"] == owner or not (self.roster.mentions(m["text"], owner) or states(m))):
                return None
            return self._relevance(m) + 0.5 * states(m)

        m, s = self._pick(score)
        if m is not None and states(m):  # "Who mentioned Bartek had a new job?": the job is the topic
            return Extract(self.name(m["speaker"]) or m["speaker"], participant=m["speaker"], cited=[m["id"]],
                           confidence=s)
        return self._speaker_answer(m, s)

    def _report_record(self, owner: str | None) -> Any | None:
        """The earliest record of the owner's, told by another member, whose value the question names."""
        if not owner:
            return None
        row = self.s2.get(owner, {})
        told = [i for i in row.get("current", []) + row.get("past", [])
                if i.source and i.source != owner and i.value and _names_value(self.plan.question, i.value)]
        return min(told, key=lambda i: (i.time is None, i.time or 0)) if told else None

    # State questions (person / group / everyone) live in extract_state.py, opinions in extract_opinion.py,
    # the language forms in extract_forms.py; all are dispatched by handlers().

    def _generic(self) -> Extract:
        # a question about one member's thing ("what's Ana's bike?") is answered from what concerns that member:
        # another member's line about the same thing only shares the topic
        # (about a member's animal: their own newest line naming it first, which tells what became of it)
        animal = extract_pets.animal_line_score(self) if self.aliases else None

        def score(m: Msg) -> float | None:
            if not self._about_asked_member(m):
                return None
            return animal(m) if animal is not None else self._relevance(m)

        m, s = self._pick(score)
        by_date = False
        if self.plan.asks_time and m is not None and not timeexpr.asks_hour(self.plan.question) and \
                not timeexpr.date_span(m["text"] or ""):
            # "when's her birthday?" ("he's 40 on the 2nd of March"): a line among the best ranked that gives a date
            # answers it before one that only shares the topic's word, when it reads at least as near the question
            dense = self.dense or {}
            dated = [x for x in self.msgs.values() if self.rank.get(x["id"], 99) < DATED_RANK and
                     timeexpr.date_span(x["text"] or "") and score(x) is not None]
            best = max(dated, key=lambda x: dense.get(x["id"], 0.0), default=None)
            # (the line it displaces vouches for the topic)
            if best is not None and dense.get(best["id"], 0.0) >= max(dense.get(m["id"], 1.0), DENSE_MIN) and \
                    (not self.plan.issue or coverage(self.plan.issue, m["text"], self.aliases) >= 0.34):
                m, by_date = best, True
        # (a month or a day in the question may say when, which the message's own time tells, not its words:
        # "what was wrong with the dog in March?"; or be in the message too: "cook for saturday")
        untimed = [w for w in self.plan.issue if not timeexpr.is_time_word(w)] or self.plan.issue
        c = max(coverage(self.plan.issue, m["text"], self.aliases), coverage(untimed, m["text"], self.aliases)) \
            if m is not None and self.plan.issue else 1.0
        # Nothing covers a third of the topic terms, or only part of them in a message that does not read
        # like an answer (dense similarity low): say so rather than quote an unrelated message.
        if m is None or (not by_date and (c < 0.34 or (c < 0.67 and self.dense and
                                                      self.dense.get(m["id"], 0.0) < DENSE_MIN))):
            return Extract(NOT_IN_MEMORY, abstained=True)
        if not self._holds_asked_kind(m):
            return Extract(NOT_IN_MEMORY, abstained=True)  # it talks about the matter without the thing asked
        cited = [m["id"]]
        text = quoted(m)
        if self.plan.asks_time and (day := self._message_date(m)) is not None:
            # "When was X's first day?": the date the message gives ("yesterday", "on Monday"), else its own
            text = f"{day.strftime('%-d %B %Y')} ({day.date().isoformat()}) - {text}"
        return Extract(text, participant=None, cited=cited, confidence=s)

    def _fate(self) -> Extract | None:
        """"What happened to Pogo?": the latest line telling something that happened to the one asked about (a
        past event it is the subject or object of: "pogo ran off in the storm"), not the latest line naming it."""
        who = fate_of(parsed(self.plan.question))
        # (a name: "what happened to her cat?" may find another cat's mishap in any line)
        if who is None or (who.islower() and lex.known_noun(who)) or (not who[:1].isupper() and lex.known_word(who)):
            return None
        told = [m for m in self.msgs.values() if tells_event(parsed(m["text"] or ""), who)]
        if not told:
            return None
        m = max(told, key=when)
        return Extract(quoted(m), cited=[m["id"]], confidence=0.8)

    def _holds_asked_kind(self, m: Msg) -> bool:
        """"Which airline did she book?" is not answered by a message that names no airline."""
        from polymem.language.answer_kind import asked_focus, asked_words, holds

        if timeexpr.asks_hour(self.plan.question) and not timeexpr.names_hour(m["text"] or ""):
            return False  # "what time does the fair open?" is not answered by a line giving no hour
        q = parsed(self.plan.question)
        focus = asked_focus(q)
        if focus is None:
            return True
        return holds(focus, parsed(m["text"] or ""), asked_words(q), lambda w: bool(self.roster.find(w)))

    def _about_asked_member(self, m: Msg) -> bool:
        """A question about one member ("How old is Ana's cat?") is answered by a message of theirs, one that
        names them, or one replying to either; a message about someone else only shares the topic."""
        if len(self.plan.mentioned) != 1:
            return True
        pid = self.plan.mentioned[0]

        def about(x: Msg | None) -> bool:
            return x is not None and (x.get("speaker") == pid or any(p.pid == pid for p in self.roster.find(x["text"] or "")))

        return about(m) or any(about(self.msgs.get(i)) for i in m.get("reply_to") or [])

    def _message_date(self, m: Msg) -> datetime | None:
        t = message_time(m.get("time"))
        if t is None:
            return None
        from polymem.language.timeexpr import point

        return point(m["text"] or "", t) or t


def _offering_question(sent: Any) -> bool:
    """A question that puts something forward: one with no verb ("or X?"), a bare verb ("just do X?", "maybe
    try X?"), or a modal with "we" ("could we change ...?", "should we do X?")."""
    if not sent.text.rstrip().endswith("?"):
        return False
    root = sent.root
    if not any(t.pos_ in ("VERB", "AUX") for t in sent):
        return True
    if root.tag_ == "VB" and not any(c.dep_ in ("aux", "nsubj") for c in root.children):
        return True
    return any(c.dep_ == "aux" and c.tag_ == "MD" for c in root.children) and \
        any(c.dep_ == "nsubj" and c.lower_ == "we" for c in root.children)


def _bare_option(sent: Any, terms: list[str]) -> bool:
    """A sentence with no verb whose head noun, or a noun set beside it, names the option ("the scout hut.",
    "counterpoint: X."; not "in X only fog")."""
    if any(t.pos_ in ("VERB", "AUX") for t in sent):
        return False
    root = sent.root
    heads = [root, *(c for c in root.children if c.dep_ in ("appos", "compound", "dep", "npadvmod"))]
    return root.pos_ in ("NOUN", "PROPN") and any(ew.coverage(terms, " ".join(x.text for x in h.subtree)) > 0 and
                                                  h.pos_ in ("NOUN", "PROPN") for h in heads)


TAKE_UP = 3  # lines after a request within which an assent naming the task by a pronoun takes it on


def _unlight(words: list[str]) -> list[str]:
    """The words without the light verbs ("take", "make"), which carry no task of their own."""
    return [t for t in words if parsed(t)[0].lemma_.lower() not in acts.LIGHT_VERBS]


def _agrees(text: str) -> bool:
    # "I'll be in Oslo by then", "I can be there late": a promise of a state is no task taken on
    # ("would be glad to, only I can't before may": a request turned down, however warmly)
    if acts.declines(text or ""):
        return False
    hits = [m for m in lx.AGREE.finditer(text)
            if not (m.group(0).lower() in ("i'll", "i will", "i can") and re.match(r"\s+(?:be|have)\b", text[m.end():], re.I))]
    return bool(hits) or acts.is_agreement(text or "")




def _names_value(question: str, value: str) -> bool:
    """The question names the value itself, not a longer name that starts with it ("Edinburgh" is not named by
    "the Edinburgh Rugby job")."""
    return any(not re.match(r"\s+[A-Z]\w", question[m.end():])
               for m in re.finditer(r"(?i)(?<!\w)" + re.escape(value) + r"(?!\w)", question))
