"""Fact extraction for the no-LLM Writer: one message (plus the window's earlier requests) → facts."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from polymem.ingest.addressee import NameIndex
from polymem.ingest.writer import patterns as P
from polymem.ingest.writer.facts import third_person
from polymem.ingest.writer.window import Window, WindowMessage
from polymem.language import group as group_acts
from polymem.language.acts import declines, evaluative
from polymem.language.chains import Chain, Decision, channel_words
from polymem.language.decisions import DecisionTracker
from polymem.language.facts import salient
from polymem.language.opinions import VERBLESS, own_antecedent, possessive_at, pronoun_judgements, subject_at
from polymem.language.pets import unknown_kind
from polymem.language.statement_types import BEFORE
from polymem.language.statements import Person, Statement, StatementReader
from polymem.language.statements_left import towns_not_workplaces
from polymem.language.timeexpr import parse_time
from polymem.schema.records import AddOp, add_id, pet_event, pet_name_key

_WORD = re.compile(r"[a-z0-9']+")
# a task named by a pronoun object alone ("do it", "take that on", "handle it instead")
_ANAPHORIC_TASK = re.compile(r"(?i)\w+(?:\s+\w+)?\s+(?:it|that|this)(?:\s+\w+)?")
STEP_IN = 4  # messages after a request in which another member may step in for the one who turned it down
_STOP = {"the", "a", "an", "to", "for", "me", "my", "your", "it", "this", "that", "of", "on", "in", "tomorrow",
         "today", "tonight", "later", "please", "us", "we", "and", "up"}


@dataclass
class Fact:
    layer: str
    owner: str
    source: str
    event: str
    attribute: str | None
    value: str | None
    content: str
    from_ids: list[str]
    involves: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    weak: bool = False  # a passing mention: may start a record, never replaces one
    record_id: str | None = None


@dataclass
class _Request:
    msg: WindowMessage
    task: str
    requester: str
    addressee: str | None
    rid: str


def _words(s: str) -> set[str]:
    return {w for w in _WORD.findall(s.lower()) if w not in _STOP}


def _tidy(s: str) -> str:
    return " ".join(s.split()).strip(" ,;:-—").rstrip(".")


def _value(s: str) -> str:
    """A captured value without a trailing time phrase ("Seoul last weekend" -> "Seoul")."""
    return _tidy(P.TIME_TAIL.sub("", _tidy(s)))


def norm_key(v: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", " ".join(v.lower().split())).strip(" .!?")


def _same_kind(recorded: str, said: str) -> bool:
    """"welsh cob mare" recorded, "mare" said: the kind said is the recorded one's head word, or the whole."""
    a, b = recorded.lower().split(), said.lower().split()
    return bool(a and b) and (a == b or a[-len(b):] == b)


def _one_pet_each(sts: list[Statement]) -> list[Statement]:
    """"two guinea pigs, Kex and Potatis": one statement per named animal, so each is recorded (and ended) by
    its own name."""
    out: list[Statement] = []
    for st in sts:
        names = [n.strip() for n in st.name.split(" and ")] if st.attribute == "pet" and " and " in st.name else []
        out += [replace(st, name=n) for n in names if n] or [st]
    return out


def _article(v: str) -> str:
    if not v[:1].islower():
        return v
    return ("an " if v[:1] in "aeiou" else "a ") + v


class Extractor:
    def __init__(self, window: Window) -> None:
        self.w = window
        # Spellings as written plus capitalised ("sana" the handle is also "Sana" in prose); matching
        # stays case-sensitive so a name that is also a word ("Will") is not found in "will".
        names = [v for p in window.roster for n in p.names() for v in (n, n[:1].upper() + n[1:])]
        self.index = NameIndex(window.roster)
        self.roster_ids = {p.id for p in window.roster}
        self.dyad = len([p for p in window.roster if p.kind in ("person", "voice")]) == 2
        rx = P.names_regex(names)
        # "Dunny's a chancer": the verb may be clitic on the name
        self.opinion_rx = re.compile(rf"\b(?P<who>{rx})(?P<pred>(?:\s+|(?=['’]s\s)){P.OPINION_VERB}\b[^.!?]*)")
        self.requests: list[_Request] = []
        self.proposed: dict[str, str] = {}  # proposed value -> its topic
        # The language layer reads every message of the window once (spaCy batch), in chat order so a
        # pronoun can refer to the person named just before it.
        self.reader = reader = StatementReader([Person(p.id, tuple(p.names())) for p in window.roster])
        seq = window.context + window.messages
        read = reader.read_many(((m.text, m.speaker, parse_time(m.time), m.id) for m in seq),
                                context=len(window.context),
                                lookback=[(m.text, m.speaker, parse_time(m.time), m.id) for m in window.lookback])
        self.statements: dict[str, list[Statement]] = towns_not_workplaces(
            {m.id: sts for m, sts in zip(seq, read, strict=True)},
            {h.value for h in window.heads if h.attribute == "city" and h.value})
        self.pets_told: list[tuple[str, str, str]] = []  # (owner, kind, event) of each pet told in this window
        # Open planning topics ("we need a venue and a date") and decision topics already decided,
        # newest last: where a decision without a named topic belongs.
        self.topics: list[str] = [h.event for h in window.heads if (h.attribute or "").startswith("decision:")]
        # Decision chains carried over from earlier windows through the records that head them.
        self.tracker = DecisionTracker()
        # oldest matter first, as a single pass over the chat would have met them ("the latest matter of its
        # kind" must mean the same in every window)
        for h in sorted(window.heads, key=lambda r: r.time or ""):
            attr = h.attribute or ""
            if attr.startswith("decision:") and h.value:
                # the message it was settled in, so that message is not read as talk about it again
                settled_in = h.from_ids[-1] if h.from_ids else ""
                self.tracker.chains.append(Chain(attr.split(":", 1)[1], [Decision(h.value, settled_in, "", None)],
                                                 context=h.content or ""))
            elif attr.startswith("proposal:") and h.value:
                self.tracker.options.append((h.value, attr.split(":", 1)[1], h.content or ""))
        for m in window.lookback:  # a proposal further back that this window's messages may be agreeing to
            self.tracker.replay(m.text, m.id, m.speaker)
        for m in window.context:  # earlier requests that a promise in this window may answer
            self._requests(m)
            self._planning(m)
            self.tracker.observe(m.text, m.id, m.speaker)

    def name(self, pid: str) -> str:
        return self.w.display(pid)

    def who(self, token: str) -> str | None:
        pid = self.index.lookup(token)
        return pid if pid in {p.id for p in self.w.roster} else None

    def facts(self, m: WindowMessage) -> list[Fact]:
        out: list[Fact] = []
        self._planning(m)
        out.extend(self._language(m))
        for f in (self._family, self._decision, self._proposal, self._requests, self._promise, self._opinion):
            out.extend(f(m))
        if not out:  # a state, request, promise or decision record already says it: no duplicate fact
            out.extend(self._statement(m))
        return out

    def _fact(self, m: WindowMessage, layer: str, owner: str, attribute: str | None, value: str | None,
              content: str, *, event: str | None = None, **kw: object) -> Fact:
        if owner == self.w.group and self.dyad:
            # Two people are not a group: what they propose, decide, ask and promise is each one's own record.
            layer, owner = "Profile", m.speaker
        return Fact(layer=layer, owner=owner, source=m.speaker, event=event or attribute or "general",
                    attribute=attribute, value=value, content=content, from_ids=[m.id], **kw)  # type: ignore[arg-type]

    # --- PERSON: city, job, pet from the language layer ---------------------------------------
    def _language(self, m: WindowMessage) -> list[Fact]:
        out: list[Fact] = []
        seen: set[tuple[str, str, str]] = set()
        if m.id not in self.statements:  # a message outside the window read on its own
            self.statements[m.id] = self.reader.read(m.text, m.speaker, parse_time(m.time), m.id)
        for st in _one_pet_each(self.statements[m.id]):
            # one value per attribute and tense, as the message says it first; pets one per name
            once = (st.attribute, st.tense, st.name.lower() if st.attribute == "pet" else "")
            if not st.polarity or once in seen or \
                    (st.owner != m.speaker and st.owner not in self.roster_ids):
                continue  # "no longer in Arequipa" ends a state without naming the new one: nothing to write
            if st.attribute == "pet" and st.tense == "past":
                out += self._pet_gone(m, st)
                continue
            if st.attribute == "pet" and st.name and any(
                    h.owner == st.owner and h.attribute == "pet" and h.event == pet_event(st.name) and
                    not (unknown_kind(h.value) and not unknown_kind(st.value)) for h in self.w.heads):
                continue  # a pet already recorded by this name, talked of again: nothing new (unless its kind)
            seen.add(once)
            who, by = self.name(st.owner), "" if st.owner == m.speaker else f" (reported by {self.name(m.speaker)})"
            if st.tense == "past":  # "we're leaving X", "I used to work at Y": a history, not what holds now
                by = BEFORE + by
            if st.attribute == "city":
                moved = " (moved there)" if st.kind != "state" and st.owner != m.speaker and st.tense != "past" else ""
                verb = "lived" if st.tense == "past" else "lives"
                content = f"{who} {verb} in {st.value}{moved}{by}."
            elif st.attribute == "job":
                verb = "worked" if st.tense == "past" else "works"
                # (a capitalised title is a post, not a workplace: "works as Design Lead")
                # (taken "as" it, "step up as Events Lead"; "a job at Little Chef" is a workplace)
                post = re.search(r"(?i)\bas\s+(?:an?\s+|the\s+)?" + re.escape(st.value), st.sentence or "") is not None
                content = f"{who} {verb} as {_article(st.value)}{by}." if " at " in st.value or \
                    st.value[:1].islower() or post else f"{who} {verb} at {st.value}{by}."
            else:
                called = f", called {st.name}" if st.name else ""
                content = f"{who} has {_article(st.value)} (pet{called}){by}."
            # "I used to live in Arequipa": may start a history, never replaces what is recorded
            # a pet is keyed by its name: a second one (even of the same kind) joins the first
            event = pet_event(st.name) if st.attribute == "pet" else None
            if event and st.tense != "past":
                self.pets_told.append((st.owner, st.value, event))
            out.append(self._fact(m, "Core", st.owner, st.attribute, st.value, content, event=event,
                                  weak=st.tense == "past" or st.weak))
        return out

    def _pet_gone(self, m: WindowMessage, st: Statement) -> list[Fact]:
        """"we had to let Rolo go": the pet recorded under that name (whoever keeps it) is one of the past;
        "our old dog died": the owner's one pet of that kind, when there is exactly one."""
        live = [(h.owner, h.value or "pet", h.event) for h in self.w.heads if h.attribute == "pet" and
                BEFORE not in (h.content or "")] + self.pets_told
        if st.name:
            key = pet_event(st.name)
            held = [x for x in live if x[2] == key]
        else:  # no name: the kind, of the owner the message names
            held = list({(x[1].lower(), x[2]): x for x in live if x[0] == st.owner and _same_kind(x[1], st.value)
                         }.values())
            if len(held) != 1:
                return []  # none, or which of two is meant is not said
        if not held:
            return []  # no pet of that name recorded: nothing to end (the name may be anyone's)
        # two members may have pets of one name: the one the message is about (whose it says, or the speaker's)
        owner, kind, key = next((x for x in reversed(held) if x[0] == st.owner), held[-1])
        name = st.name or pet_name_key(key)
        by = "" if owner == m.speaker else f" (reported by {self.name(m.speaker)})"
        called = f", called {name[:1].upper() + name[1:]}" if name else ""
        content = f"{self.name(owner)} had {_article(kind)} (pet{called}){BEFORE}{by}."
        return [self._fact(m, "Core", owner, "pet", kind, content, event=key)]

    # --- PERSON: family ---------------------------------------------------------------------
    def _family(self, m: WindowMessage) -> list[Fact]:
        mt = P.FAMILY.search(m.text)
        if not mt:
            return []
        rel, rest = mt.group("rel").lower(), _tidy(mt.group("rest"))
        a = self.name(m.speaker)
        return [self._fact(m, "Profile", m.speaker, f"family:{rel}", rest, f"{a}'s {rel} {rest}.", event="family")]

    # --- GROUP: decisions, proposals --------------------------------------------------------
    def _topic_value(self, mt: re.Match[str]) -> tuple[str, str] | None:
        topic = re.sub(r"^(?:final|new|actual|official)\s+", "", mt.group("topic").lower())
        v = _tidy(mt.group("v"))
        if topic in P.NOT_TOPIC or topic.split()[-1] in P.NOT_TOPIC or not v or len(v.split()) > 8:
            return None
        if re.search(r"(?i)\b(?:undecided|tbd|open|unclear|not|off|cancel+ed|still|up\s+in\s+the\s+air|what|which)\b", v):
            return None
        return topic, re.sub(r"(?i)^(?:now|going to be)\s+", "", v)

    def _planning(self, m: WindowMessage) -> None:
        for mt in P.PLANNING.finditer(m.text):
            for t in (mt.group("t1"), mt.group("t2")):
                if t and t not in P.NOT_TOPIC and t not in self.topics:
                    self.topics.append(t)

    def _topic_for(self, value: str) -> str | None:
        """The open topic a topic-less decision value belongs to: a date-like value to the date
        topic, anything else to the one non-date topic; None when that is ambiguous."""
        is_date = bool(P.DATE_VALUE.search(value))
        cands = [t for t in dict.fromkeys(self.topics) if (t in P.DATE_TOPICS) == is_date]
        return cands[0] if len(cands) == 1 else None

    def _proposal_acts(self, m: WindowMessage) -> list[Fact]:
        """Proposals the language layer reads from the parse, when no pattern matched; the topic comes from
        the sentence ("for the dinner"), else from the proposal that named the same value, else from the open
        planning topic."""
        out: list[Fact] = []
        for act in group_acts.read(m.text):
            if act.act != "proposal" or not act.value or len(act.value.split()) > 8:
                continue
            value = _value(act.value)
            topic = act.topic or self.proposed.get(norm_key(value)) or self._topic_for(value)
            if not topic or topic in P.NOT_TOPIC:
                continue
            self.proposed.setdefault(norm_key(value), topic)  # every option is remembered, one fact is written
            out.append(self._fact(m, "Interaction", self.w.group, f"proposal:{topic}", value,
                                  f"{self.name(m.speaker)} suggested {value} for the {topic}.", event=topic))
        return out[:1]

    def _decision(self, m: WindowMessage) -> list[Fact]:
        if group_acts.personal_decision(m.text):
            # one person's own choice decides nothing for the group, but what the message puts forward ("I rang
            # them ... I suggest we move to X") is still talk the tracker must follow
            self.tracker.observe(m.text, m.id, m.speaker)
            return []
        return self._chained(m)

    def _chained(self, m: WindowMessage) -> list[Fact]:
        """Decisions read by the language layer's tracker: the chain names the matter, so a later decision
        on it supersedes the earlier one (UpdateOp on the same attribute)."""
        out: list[Fact] = []
        for d in self.tracker.feed(m.text, m.id, m.speaker, parse_time(m.time)):
            if group_acts.member_news(d.sentence, lambda w: self.reader.person_in(w) is not None) or \
                    group_acts.news_value(d.value, self.reader.read(d.sentence, m.speaker)):
                continue  # "<member> is officially a local now", "moved to X last week": a member's news
            chain = self.tracker.chain_of(d)
            topic = chain.topic
            if topic not in self.topics:
                self.topics.append(topic)
            instead = f", instead of {d.reverses}" if d.reverses else ""
            # and the channel's name: a chat's channels are named for what is planned in them ("summer-trip")
            about = ", ".join(dict.fromkeys([*chain.keywords(), *channel_words(m.channel)]))
            fact = self._fact(m, "Interaction", self.w.group, f"decision:{topic}", d.value,
                              f"The group decided: the {topic} is {d.value}{instead} (announced by "
                              f"{self.name(m.speaker)}; about: {about}). \"{d.sentence}\"", event=topic)
            # settled by assent: the proposal and the earlier assents are where it comes from too
            fact.from_ids = [*(x for x in d.support if x in self.w.ids), m.id]
            out.append(fact)
        return out

    def _proposal(self, m: WindowMessage) -> list[Fact]:
        for rx in P.PROPOSAL:
            if (mt := rx.search(m.text)) and (tv := self._topic_value(mt)):
                topic, v = tv
                self.proposed.setdefault(norm_key(v), topic)
                return [self._fact(m, "Interaction", self.w.group, f"proposal:{topic}", v,
                                   f"{self.name(m.speaker)} suggested {v} for the {topic}.", event=topic)]
        return self._proposal_acts(m)

    # --- GROUP: requests and promises -------------------------------------------------------
    def _requests(self, m: WindowMessage) -> list[Fact]:
        mt = P.REQUEST.search(m.text) or P.REQUEST_MIND.search(m.text)
        if not mt:
            return []
        task = _tidy(re.sub(r"(?i)[,\s]+(?:please|pls|for me)$", "", mt.groupdict().get("task") or mt.group("bare")))
        if not task or task.split()[0].lower() in P.NOT_A_TASK or len(task.split()) > 12:
            return []
        addressee = next(iter(m.addressees), None) or (m.reply_speaker if m.reply_speaker != m.speaker else None)
        a = self.name(m.speaker)
        whom = self.name(addressee) if addressee else "someone"
        fact = self._fact(m, "Interaction", self.w.group, "request", task, f"{a} asked {whom} to {task}.",
                          event=task, involves=[addressee] if addressee else [])
        op = AddOp(layer="Interaction", owner=fact.owner, source=fact.source, event=fact.event,
                   attribute=fact.attribute, value=task, content=fact.content, from_ids=fact.from_ids,
                   involves=fact.involves)
        self.requests.append(_Request(m, task, m.speaker, addressee, add_id(self.w.space, op)))
        return [fact]

    def _promise(self, m: WindowMessage) -> list[Fact]:
        mt = P.PROMISE.search(m.text)
        bare = P.BARE_AGREE.search(m.text)
        if not mt and not bare:
            return []
        task = _tidy(mt.group("task")) if mt else ""
        agreed = bool(bare or P.AFFIRM.search(m.text))
        req = self._match_request(m, task, agreed)
        b = self.name(m.speaker)
        if req is not None:
            return [Fact(layer="Profile" if self.dyad else "Interaction",
                         owner=m.speaker if self.dyad else self.w.group, source=m.speaker, event=req.task,
                         attribute="promise", value=req.task,
                         content=f"{b} agreed to {req.task} for {self.name(req.requester)}.",
                         from_ids=[req.msg.id, m.id], involves=[req.requester], related=[req.rid])]
        op = P.OPENING_PROMISE.search(m.text)
        target = next(iter(m.addressees), None)
        if op and target:
            task = _tidy(op.group("task"))
            if task.split()[0].lower() not in P.NOT_A_TASK and not P.PHATIC_TASK.search(task):
                return [self._fact(m, "Interaction", self.w.group, "promise", task,
                                   f"{b} promised {self.name(target)} to {task}.", event=task, involves=[target])]
        return []

    def _match_request(self, m: WindowMessage, task: str, agreed: bool) -> _Request | None:
        """The request this message answers: the one it replies to; else, when it agrees, a request
        to this speaker in the message just before it; else a request to this speaker whose task
        it repeats (at least half of the task's words)."""
        order = [x.id for x in self.w.context + self.w.messages]
        pos = order.index(m.id) if m.id in order else len(order)
        recent = [r for r in self.requests[-8:] if r.requester != m.speaker and r.msg.id in order]
        for r in reversed(recent):
            if r.msg.id in m.reply_to:
                return r
        for r in reversed(recent):
            if r.addressee not in (m.speaker, None):
                continue
            just_before = order.index(r.msg.id) == pos - 1
            overlap = len(_words(task) & _words(r.task)) * 2 >= max(1, len(_words(r.task)))
            if (agreed and just_before) or (task and overlap):
                return r
        # "<A>, can you ...?" - A: "wish I could, can't before may" - B: "I'll handle it": B steps in for the one
        # who turned it down (the task said by "it" or "that" alone, a few lines after the request)
        if _ANAPHORIC_TASK.fullmatch(task):
            by_id = {x.id: x for x in self.w.context + self.w.messages}
            for r in reversed(recent):
                at = order.index(r.msg.id)
                if r.addressee == m.speaker or pos - at > STEP_IN:
                    continue
                # (the one asked: the addressee, or whoever answered the request itself)
                if any(x.speaker not in (m.speaker, r.requester) and declines(x.text) and (
                        x.speaker == r.addressee or r.msg.id in x.reply_to)
                       for i in order[at + 1:pos] if (x := by_id.get(i)) is not None):
                    return r
        return None

    # --- PERSON Profile: salient first-person statements (fact memory, SPEC §2) ------------
    def _statement(self, m: WindowMessage) -> list[Fact]:
        out = []
        for sent in salient(m.text):
            content = third_person(sent, self.name(m.speaker))
            out.append(self._fact(m, "Profile", m.speaker, "fact", content, content, event="fact"))
        return out[:2]

    # --- PERSON Profile: one participant's opinion of another ---------------------------------
    def _opinion(self, m: WindowMessage) -> list[Fact]:
        t = m.text
        for mt in self.opinion_rx.finditer(t):
            owner = self.who(mt.group("who"))
            pred = _tidy(mt.group("pred"))
            if not owner or owner == m.speaker or P.NOT_OPINION.search(pred) or \
                    not subject_at(t, mt.start("who"), mt.end("who")):
                continue
            if re.search(r"(?i)\b(?:has|did|is|does|have)\s+$", t[:mt.start()]) or t.rstrip().endswith("?"):
                continue
            # (judged in the name's own clause: "<member> got to X on monday, she's jetlagged and grumpy" judges
            # nobody by name; a later pronoun's judgement below may still)
            clause = re.split(r"[,;.!?]|\s+(?:so|but|and)\s+", mt.group(0), maxsplit=1)[0]
            if not (P.OPINION_CUE.search(t) or evaluative(clause)):
                continue
            owned = possessive_at(t, mt.start("who"), mt.end("who"))  # ("<member>'s estimates are ...")
            pred = re.sub(r"^(?:'s|’s)\b", "is", pred) if not owned else pred
            a, b = self.name(m.speaker), self.name(owner)
            return [self._fact(m, "Profile", owner, "opinion", pred, f"{a} thinks {b}{'' if owned else ' '}{pred}.",
                               event="opinion")]
        for pron, pred in pronoun_judgements(t):  # "you're so brave": the addressee; "he's stubborn": the last named
            owner = self._pronoun_target(m, pron)
            if owner:
                names = [n for p in self.w.roster if p.id == owner for n in p.names()]
                pred = re.sub(r"(?i)[\s,]+(?:" + "|".join(map(re.escape, names)) + r")$", "", pred) if names else pred
                a, b = self.name(m.speaker), self.name(owner)
                value, content = (f"is {pred}", f"{a} thinks {b} is {pred}.") if pron != VERBLESS else \
                    (pred, f"{a} on {b}: {pred}.")
                # weak: whom a pronoun means is inferred, so it may start a view but never replaces a named one
                return [self._fact(m, "Profile", owner, "opinion", value, content, event="opinion", weak=True)]
        return []

    def _pronoun_target(self, m: WindowMessage, pron: str) -> str | None:
        """Whom "you" or "he/she" in a judgement means, or a verbless one ("" pronoun) speaks of (see
        `language.opinions`)."""
        def others(pids: Iterable[str | None]) -> list[str]:
            return [p for p in pids if p and p != m.speaker and p in self.roster_ids]

        seq = self.w.context + self.w.messages
        at = next((i for i, x in enumerate(seq) if x.id == m.id), 0)
        if pron == "you":
            named = others(self.reader.people(m.text))
            if len(named) == 1:  # "you're a bit reckless teo": the one named in the message
                return named[0]
            heard = others(m.addressees)
            if len(heard) == 1:
                return heard[0]
            if others([m.reply_speaker]):
                return m.reply_speaker
            # said right after someone else spoke, replying to nobody else: to them
            prev = seq[at - 1] if at > 0 else None
            return prev.speaker if prev is not None and others([prev.speaker]) and not m.reply_to else None
        if pron and own_antecedent(m.text):  # "my flatmate got an offer and he's insufferable": not a member
            return None
        for x in reversed(seq[max(0, at - 5):at]):  # the member named last just before it, not the speaker
            if named := others(self.reader.people(x.text)):
                return named[-1]
        return None
