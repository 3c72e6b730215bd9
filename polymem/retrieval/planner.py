"""Rule-based Project: question + asker + roster -> Plan (rows, issue, mode, scope, intent). No LLM."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from polymem.errors import InputError
from polymem.language.models import parsed, untext
from polymem.language.pet_keeping import asks_keeper
from polymem.language.question_backing import backed_option
from polymem.language.question_group import asks_beginning
from polymem.language.question_parts import split_question
from polymem.language.question_views import asks_view
from polymem.language.questions import QuestionForm, parse_question
from polymem.retrieval import lexicon as lx
from polymem.retrieval.names import RosterIndex
from polymem.retrieval.plan import Plan, Row, Scope
from polymem.schema.models import clean_text

MAX_QUESTION_CHARS = 2000
GROUP_ID = "GROUP"

_WHO = r"^\W*(?:so\s+|and\s+|but\s+)?(?:who|which (?:\w+ )?(?:person|member|one|of us|friend)|whoever)"
_P = r"@P(\d+)"
WHO_ASKED = re.compile(_WHO + r"\s+(?:\w+\s+)?(?:asked|requested|begged|got|wanted|needed|told|tasked|"
                       r"nudged|pinged|reminded|assigned|delegated)\s+(?:to\s+|that\s+|for\s+)?" + _P + r"\b", re.I)
ASKED_WHOM = re.compile(r"\b(?:whom|who|which (?:\w+ )?(?:person|member|one))\s+(?:did|does|had|has|was)\s+"
                        + _P + r"\s+(?:\w+\s+)?(?:ask|request|tell|get|want|need|task|ping|remind|assign|"
                        r"delegate|asking|turn to|count on|rely on)", re.I)
TO_WHOM = re.compile(r"\b(?:to whom|from whom)\b.*?" + _P + r"\s+(?:ask|request|tell|turn|hand|give)", re.I)
WHO_AGREED = re.compile(_WHO + r"\s+(?:\w+\s+)?(?:agreed|volunteered|offered|accepted|said yes|signed up|"
                        r"took on|take on|promised|committed|stepped up|confirmed|will|is going|said they'?d|"
                        r"took care|handled|handles|is handling|would|is in charge|was in charge|ended up)\b", re.I)
WHO_REPORTED = re.compile(_WHO + r"\s+(?:\w+\s+)?(?:told|informed|let|reported|announced|shared|broke|"
                          r"passed on|passed along|mentioned|said|brought|gave|spread|posted|relayed|filled|updated|"
                          r"tipped|revealed|wrote|texted|heard)\b.*" + _P, re.I)
STATE_VERB = re.compile(r"\b(moved|moves|moving|move|lives|living|relocat\w*|started|got|adopted|works|"
                        r"working|joined|left|quit|is now|has a|new job|based|landed|hired|promoted)\b", re.I)
WHO_SAID = re.compile(_WHO + r"\b|^\W*whose\s+(?:\w+\s+)?(?:idea|suggestion|proposal|pick|plan|call|"
                      r"recommendation|choice)\b", re.I)
# Passive: "Who was asked by Ana to ...?" -> the addressee of Ana's request.
ASKED_BY = re.compile(_WHO + r"\s+(?:was|were|got|had been)\s+(?:asked|requested|told|tasked|assigned|"
                      r"nudged|pinged|reminded|roped in)\s+by\s+" + _P + r"\b", re.I)
# "Who is X working for (now)?", "Who employs X?": an employer question, not a who-said one.
WHO_EMPLOYS = re.compile(r"^\W*(?:who|which (?:company|firm|employer|organi[sz]ation))\s*(?:(?:\s(?:is|does|did|was)|['\u2019]s)\s+"
                         + _P + r"\s+(?:\w+\s+)?(?:work(?:ing|s)?|employed)\s+(?:for|at|by|with)|employs\s+" + _P
                         + r"|(?:has|have|hired)\s+" + _P + r"\s+(?:on\s+)?(?:staff|hired|employed)"
                         # "Who is X's employer / boss / company?": an attribute of X, not a speaker.
                         # (with words that date it: "current", "previous", "very first")
                         + r"|(?:is|was|'s)\s+" + _P + r"\s*(?:['\u2019]s?)?\s*(?:(?:very|current|new|old|previous|"
                         r"former|last|first|latest|original|earlier|present|ex)\s+){0,2}"
                         r"(?:employer|boss|company|firm|workplace|manager))", re.I)
OPINION = re.compile(r"\b(think|thinks|thought|feel|feels|felt|view|views|opinion|see|sees|saw|say about|"
                     r"said about|take on|make of|makes of|rate|rates|describe|describes|described|"
                     r"regard|regards|perceive|perceives|impression|like about|consider|considers)\b", re.I)
TELL = re.compile(_P + r"\s+(?:\w+\s+){0,2}?(?:tell|told|say to|said to|ask|asked|write to|wrote to|send|"
                  r"sent|promise|promised|message|messaged)\s+(?:to\s+)?" + _P, re.I)
TO_P = re.compile(_P + r"\b.*\b(?:to|for)\s+" + _P + r"\b", re.I)
YEAR = re.compile(r"\b(19\d\d|20\d\d)\b")


def validate(question: str) -> str:
    if not isinstance(question, str):
        raise InputError("the question must be text")
    q = clean_text(question).strip()
    if not q:
        raise InputError("the question is empty")
    if len(q) > MAX_QUESTION_CHARS:
        raise InputError(f"the question has {len(q):,} characters; the limit is {MAX_QUESTION_CHARS:,}")
    return q


def compile_rules(question: str, asker: str | None, roster: RosterIndex) -> Plan:
    q = validate(question)
    notes: list[str] = []
    said = untext(q, lambda w: bool(roster.find(w)))  # the tagger knows "what's" and "please", not "whats", "pls"
    if said != q:
        notes.append(f"read as: {said}")
        q = said
    # "Somebody asked Ada to ... . Who?" is read as "Who asked Ada to ...?"; the form of a two-part question
    # comes from the part that asks, its topic words from both
    parts_ = split_question(q, lambda phrase: bool(roster.find(phrase)))
    if parts_.text != q:
        notes.append(f"asked as: {parts_.text}")
    q = parts_.text
    order: list[str] = []
    masked = _mask(q, roster, order)
    me = asker if asker else None
    if me and lx.FIRST_PERSON.search(q):
        if me not in order:
            order.append(me)
        masked = re.sub(r"\b(me|myself)\b", f"@P{order.index(me)}", masked, flags=re.I)
        notes.append("first person -> asker")
    p = order.__getitem__
    scope = Scope()
    intent, answer_field = "generic", "text"
    rows: list[Row] = []

    def person_row(pid: str) -> Row:
        return Row(kind="PERSON", id=pid, name=roster.display(pid))

    form = parse_question(_names_capitalised(parts_.asking, roster), mentioned=len(order), names=_aliases(q, roster, order))
    if parts_.context and form.form is None:
        # "<member> was asked to ... . Who put in that request?": the request is told before the part that asks
        told = parse_question(_names_capitalised(q, roster), mentioned=len(order), names=_aliases(q, roster, order))
        if told.form == "who_asked":
            form = told
    whole = masked
    if parts_.context:  # the form from the part that asks, the topic words from the whole question
        masked = _mask(parts_.asking, roster, order)
    if form.who_like:  # "which cousin argued for X?" asks who: read it as such
        masked = re.sub(r"(?i)\b(?:which|what)\s+\w+", "who", masked, count=1)
    # A leading clause or topic before the question proper ("Once X fell through, who ...?", "The switch to
    # X: who put that forward?"): the question's form is read from the part that asks.
    parts = re.split(r"[,:;]\s*(?=(?:who|whom|whose|which|what|where|when)\b)", masked, flags=re.I)
    if len(parts) > 1:
        masked = parts[-1]
    topic = whole if parts_.context else masked
    if form.form == "announced" and order and WHO_REPORTED.search(masked):
        form.form = None  # "who reported that Ana was promoted?": news of a member, not of the group's plan
    # "who's minding Ana's gecko now?", "who has Rufus the tortoise now?": who has one animal, not who keeps a kind
    keeper = asks_keeper(parsed(_names_capitalised(parts_.asking, roster)))
    backing = backed_option(parsed(_names_capitalised(parts_.asking, roster)))
    if form.form and form.form in _FORM_INTENT and not keeper:
        return _form_plan(q, asker, form, order, roster, topic, notes)
    if keeper:
        intent, answer_field = "pet_keeper", "text"
        rows = [person_row(x) for x in order if x in roster.by_id] or [person_row(x.id) for x in roster.persons()]
    elif form.pairs and not order:  # "who lives where?"
        intent, answer_field = "everyone", "map"
        rows = [person_row(x.id) for x in roster.persons()]
    elif form.form == "group" and form.for_member:  # "where was Opa's 75th held in the end?": the group's plan
        # (the planner's `order` still holds the member named)
        intent, answer_field = "group_decision", "value"
    elif WHO_EMPLOYS.search(masked) and order:
        intent, answer_field = "state", "value"
        notes.append("employer question")
    elif backing is not None:  # "who voted for X?": every member who backed the option
        intent, answer_field = "who_agreed", "speaker"
        notes.append("backers of an option")
    elif (m := WHO_ASKED.search(masked)) and form.form != "who_reported":  # ("who told Bo that Ana ...": news)
        intent, answer_field, scope.addressee = "who_asked", "speaker", p(int(m.group(1)))
    elif (m := ASKED_WHOM.search(masked) or TO_WHOM.search(masked) or ASKED_BY.search(masked)):
        intent, answer_field, scope.speaker = "asked_whom", "addressee", p(int(m.group(1)))
    elif WHO_AGREED.search(masked):
        intent, answer_field = "who_agreed", "speaker"
    elif form.form == "who_reported" and order:  # "... was announced by someone else. By whom?"
        # (whose news: the member the clause told is about, not the one it was told to: "who told Bo that Ana ...")
        told = [x.pid for x in roster.find(form.news_of)] if form.news_of else []
        intent, answer_field, scope.owner = "who_reported", "speaker", told[0] if told and told[0] in order else order[0]
    elif form.form == "who_asked" and order:  # the language layer read the request from the parse
        intent, answer_field, scope.addressee = "who_asked", "speaker", order[0]
    elif form.form == "asked_whom":  # (with no member named, "who was asked to ...?": whoever asked)
        intent, answer_field, scope.speaker = "asked_whom", "addressee", order[0] if order else None
    elif form.form == "who_agreed":
        intent, answer_field = "who_agreed", "speaker"
    # (news of a member's, a state verb or the member's own noun of news: "about Ana's promotion")
    elif (m := WHO_REPORTED.search(masked)) and (STATE_VERB.search(masked) or re.search(
            r"\b(?:about|of|on)\s+@P" + m.group(1) + r"\s+(?:\w+\s+)?\w+", masked)):
        intent, answer_field, scope.owner = "who_reported", "speaker", p(int(m.group(1)))
    elif WHO_SAID.search(masked) and not (form.attribute == "pet" and not order and form.wh == "who"):
        intent, answer_field = "who_said", "speaker"  # ("who owns Rolo?" asks for an animal's keeper)
    elif len(order) >= 2 and (OPINION.search(masked) or asks_view(parsed(q))):  # ("how did A find B's mead?")
        intent, answer_field = "opinion", "text"
        scope.source, scope.owner = _opinion_pair(masked, order)
    elif len(order) == 1 and OPINION.search(masked) and me and lx.FIRST_PERSON.search(q) and order[0] != me:
        intent, scope.source, scope.owner = "opinion", order[0], me
    elif form.everyone and form.attribute is not None:  # "what gift is everyone buying" is a plan
        intent, answer_field = "everyone", "map"
        rows = [person_row(x.id) for x in roster.persons()]
    elif lx.GROUP.search(q) and not order and form.attribute != "pet":
        # ("who in the group has pets?" asks each member's animals: read below as every member's pet)
        intent, answer_field = "group_decision", "value"
    elif form.form == "opinion" and order:
        # "What does Odile make of Kalani?" (Kalani not a member), "... of the new app", "... of him as a trainer"
        intent, scope.source = "opinion", order[0]
    elif order and form.attribute:
        intent, answer_field = "state", "value"
    elif form.form == "group" and not order:  # a person-less question about a plan: the group's decision
        intent, answer_field = "group_decision", "value"
    elif form.attribute == "pet" and not order and not form.everyone:
        # "What kind of creature is Noodle?": an animal by its name, whoever keeps it
        intent, answer_field = "state", "value"
        rows = [person_row(x.id) for x in roster.persons()]
        notes.append("a pet by its name")
    elif form.form == "unknown_person":  # "Where does Kalani live?": nobody in the roster is called that
        intent, answer_field = "state", "value"
        notes.append("about someone outside the roster")
    elif (m := TELL.search(masked) or TO_P.search(masked)) and intent == "generic":
        scope.speaker, scope.addressee = p(int(m.group(1))), p(int(m.group(2)))
        notes.append("speaker/addressee from 'X told Y'")
    if intent in ("opinion",) and scope.owner:
        rows = [person_row(scope.owner)]
    elif intent == "group_decision" or (intent == "generic" and lx.GROUP.search(q) and not order) or \
            (intent == "who_agreed" and not order and backing is None):
        # (who took a task on: the writer's promises are the group's records, read with the messages)
        rows = [Row(kind="GROUP", id=GROUP_ID, name="the group")]
    elif not rows:
        rows = [person_row(x) for x in order if x in roster.by_id or x == me]
    if intent == "who_reported" and scope.owner:
        rows = [person_row(scope.owner)]
    # one person holds several views of another at once, so an opinion reads the older ones too
    mode = "full" if (lx.PAST.search(q) or _past_date(q) or form.form == "state_at" or intent == "opinion"
                      or form.left or (form.attribute in ("city", "job") and form.earlier) or
                      (intent in ("group_decision", "generic") and asks_beginning(q))) else "head"
    attribute = form.attribute if intent in ("state", "everyone", "generic", "who_reported") \
        else "pet" if intent == "pet_keeper" else None
    names = roster.name_words()
    issue = _issue_terms(topic, names)
    search = list(issue)
    if attribute:
        search += [t for t in lx.ATTR_TERMS[attribute] if t not in search and t not in lx.STOP]
    notes.append(f"intent={intent}")
    names_lower = {n.lower() for n in names}
    anchors = [a for a in form.anchors if a.lower() not in names_lower and not roster.find(a)]
    return Plan(question=q, asker=asker, rows=rows, issue=issue, mode=mode, scope=scope, intent=intent,
                time_range=_time_range(q), attribute=attribute, answer_field=answer_field,
                search_terms=search, mentioned=order, notes=notes, at=form.at, month=form.month, month_part=form.part,
                anchors=anchors, proposal=form.proposal, asks_time=form.asks_time,
                backing=backing if intent == "who_agreed" else None,
                category=form.category if intent == "state" and attribute == "pet" else None)


_FORM_INTENT = {"category": "category", "list_decisions": "list_decisions", "list_moved": "list_moved",
                "when": "when", "announced": "who_announced", "most_active": "most_active",
                "talks_most": "talks_most"}


def _form_plan(q: str, asker: str | None, form: QuestionForm, order: list[str], roster: RosterIndex, masked: str,
               notes: list[str]) -> Plan:
    """Plans for the forms the language layer recognises: every person's records (category, list_moved),
    the group's (list_decisions, who_announced), one person's history (when), or activity counts."""
    intent = _FORM_INTENT[form.form or ""]
    everyone = [Row(kind="PERSON", id=p.id, name=roster.display(p.id)) for p in roster.persons()]
    group = [Row(kind="GROUP", id=GROUP_ID, name="the group")]
    named = [Row(kind="PERSON", id=x, name=roster.display(x)) for x in order if x in roster.by_id]
    rows = {"category": everyone, "list_moved": everyone, "list_decisions": group, "who_announced": group,
            "when": named, "most_active": [], "talks_most": named}[intent]
    answer_field = "speaker" if intent in ("who_announced", "most_active", "talks_most") else "value"
    scope = Scope(speaker=order[0] if intent == "talks_most" and order else None)
    issue = _issue_terms(masked, roster.name_words())
    notes += [f"language form={form.form}", f"intent={intent}"]
    return Plan(question=q, asker=asker, rows=rows, issue=issue, intent=intent, answer_field=answer_field,
                mode="full" if intent in ("when", "list_moved", "list_decisions", "who_announced") else "head", scope=scope,
                attribute=form.attribute, category=form.category, search_terms=list(issue), mentioned=order,
                notes=notes)


def _aliases(q: str, roster: RosterIndex, order: list[str]) -> frozenset[str]:
    """The question's words that name one of the members it mentions ("june" for a member called June)."""
    # (not after a preposition of time: "living in June" is the month)
    words = re.findall(r"[A-Za-z]+", q)
    return frozenset(w.lower() for i, w in enumerate(words)
                     if (i == 0 or words[i - 1].lower() not in ("in", "since", "until", "by", "of", "during"))
                     and any(x.pid in order for x in roster.find(w)))


def _names_capitalised(text: str, roster: RosterIndex) -> str:
    """Members' names typed in lower case, capitalised for the parser ("what company is teo at now"): the tagger,
    trained on edited text, takes a lower-case name for a common noun and loses the person the question is about.
    (Not after a preposition of time: "living in june" is the month.)"""
    out, last = "", 0
    for m in roster.find(text):
        before = text[:m.start].split()
        if m.text.islower() and not (before and before[-1].lower() in ("in", "since", "until", "by", "of", "during")):
            out += text[last:m.start] + " ".join(w[:1].upper() + w[1:] for w in m.text.split(" "))
            last = m.start + len(m.text)
    return out + text[last:]


def _mask(text: str, roster: RosterIndex, order: list[str]) -> str:
    """The text with each member it names as @P<n>, n their place in `order` (extended as they come)."""
    masked, last = "", 0
    for m in roster.find(text):
        if m.pid not in order:
            order.append(m.pid)
        masked += text[last:m.start] + f" @P{order.index(m.pid)} "
        last = m.end
    return re.sub(r"\s+", " ", masked + text[last:])


def _issue_terms(masked: str, names: set[str]) -> list[str]:
    """The question's topic words: not a masked person (@P0), a stop word, a cue word or a member's name."""
    return [w for w in dict.fromkeys(lx.words(masked)) if not re.fullmatch(r"p\d+", w) and w not in lx.STOP
            and w not in lx.CUE_WORDS and w not in names]


def _opinion_pair(masked: str, order: list[str]) -> tuple[str, str]:
    # "What does A think of B" / "How does A see B": the first named is the source, the second the owner.
    ids = [int(x) for x in re.findall(_P, masked)]
    seen: list[int] = []
    for i in ids:
        if i not in seen:
            seen.append(i)
    if re.search(r"@P\d+\s*(?:'s)?\s*(?:view|opinion|take|impression)\s+(?:of|on|about)\s+@P", masked, re.I):
        return order[seen[0]], order[seen[1]]
    return order[seen[0]], order[seen[1]] if len(seen) > 1 else order[seen[0]]


def _past_date(q: str) -> bool:
    now = datetime.now(UTC).year
    return any(int(y) < now for y in YEAR.findall(q))


def _time_range(q: str) -> tuple[datetime | None, datetime | None] | None:
    years = [int(y) for y in YEAR.findall(q)]
    if len(years) == 1:
        y = years[0]
        return (datetime(y, 1, 1, tzinfo=UTC), datetime(y, 12, 31, 23, 59, 59, tzinfo=UTC))
    return None


WIDE_ROWS = 64  # more members than this in a plan over everyone: rows from the evidence (Plan.rows_from_evidence)


def narrow_wide(plan: Plan) -> Plan:
    """A plan with a PERSON row for more than WIDE_ROWS members keeps the rows of the members it names (and the
    asker's); the others come from the first round's evidence. A search per member of a ten-thousand-nick
    channel is ten thousand searches for one question."""
    persons = [r for r in plan.rows if r.kind == "PERSON"]
    if len(persons) <= WIDE_ROWS:
        return plan
    keep = set(plan.mentioned) | ({plan.asker} if plan.asker else set())
    plan.rows = [r for r in plan.rows if r.kind != "PERSON" or r.id in keep]
    plan.rows_from_evidence = True
    plan.notes.append(f"rows: the members the evidence speaks of (a row each for {len(persons)} members is too many)")
    return plan
