"""Questions -> a typed QuestionForm: which attribute is asked (city / job / pet), with which category word
("Does anyone have a *dog*?"), in which form (a list, a date, a state at a time, an activity count), read
from the parse and WordNet word classes rather than from question templates.

The planner (retrieval) turns the form into a Plan; the writer never sees questions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.models import nlp, parsed
from polymem.language.question_attribute import Attribute, changes, question_attribute, start_or_move
from polymem.language.question_group import (
    about_a_plan,
    members_aside,
    members_in_plural,
    offers_options,
    ranges_over_members,
    settled,
    town_for_each,
    who_and_where,
)
from polymem.language.question_views import asks_earlier, asks_left, asks_view
from polymem.language.timeexpr import MONTHS, is_time_word, month_of

Form = Literal["most_active", "talks_most", "when", "category", "list_decisions", "list_moved", "announced",
               "state_at", "who_asked", "asked_whom", "who_agreed", "opinion", "group", "unknown_person", "who_reported"]
# WordNet senses of asking someone to do something, and of agreeing / committing to do it.
REQUEST_SENSES = ("ask.v.02", "ask.v.04", "request.v.01", "request.v.02", "order.v.01", "order.v.02",
                  "solicit.v.01", "beg.v.01", "task.v.01", "delegate.v.02", "nudge.v.02", "ping.v.04",
                  "remind.v.01")
# asking who put an option forward: "suggested", "floated", "pitched", "came up with", "pushed for"
PROPOSE_QUESTION_SENSES = ("propose.v.01", "suggest.v.01", "suggest.v.02", "recommend.v.01", "float.v.05",
                           "think_up.v.01", "advocate.v.01", "urge.v.01", "pitch.v.06", "offer.v.04", "nominate.v.01",
                           "argue.v.01")
IDEA_SENSES = lex.IDEA_SENSES
AGREE_SENSES = ("agree.v.02", "volunteer.v.02", "accept.v.03", "promise.v.01", "promise.v.02", "consent.v.01",
                "give.v.18", "undertake.v.01", "undertake.v.02", "substitute.v.03", "assume.v.02")
_QUANTIFIERS = {"anyone", "anybody", "someone", "somebody", "everyone", "everybody", "who", "whoever", "which",
                "any", "one", "us", "people", "member", "members", "whom"}
_PERSONAL = {"i", "you", "he", "she", "we", "they"}
_SUBORDINATORS = {"once", "after", "when", "since", "because", "before", "until", "while", "as", "though"}


@dataclass
class QuestionForm:
    form: Form | None = None
    attribute: Attribute | None = None
    category: str | None = None  # a category word the answer must fall under ("dog", "healthcare")
    at: Literal["start", "end"] | None = None  # "at the beginning", "in the end"
    month: int | None = None  # "in March"
    part: Literal["early", "mid", "late"] | None = None  # "in early March", "mid-March", "at the end of March"
    wh: str | None = None
    role_person: int | None = None  # who_asked: index of the addressee among the mentioned; asked_whom: the asker
    news_of: str | None = None  # who_reported: the words naming the member whose news it was
    who_like: bool = False  # "which cousin ...": a wh-determiner on a person noun asks "who"
    proposal: bool = False  # asks who proposed something ("suggested", "floated", "whose idea")
    anchors: list[str] = field(default_factory=list)  # named values in the question ("Paramaribo", "the Albatross")
    asks_time: bool = False  # "when ...?", "on what date ...?": the answer is a date
    left: bool = False  # "Which city did Kwabena leave?", "Where did Yuki move from?": a value given up, a past one
    earlier: bool = False  # "Ruth's old town?": the person's home, town or job of an earlier time
    everyone: bool = False  # the question ranges over every member ("each of us", "every cousin", "we all")
    pairs: bool = False  # it pairs members with places: "who lives where?"
    for_member: bool = False  # the members named are those the group acts for: "where was Opa's 75th held?"
    notes: list[str] = field(default_factory=list)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Any:
    return nlp()(text)


_WH_WORDS = ("what", "which", "where", "when", "how", "who", "whom", "whose", "why")


_PARTS: dict[str, Literal["early", "mid", "late"]] = {
    "early": "early", "beginning": "early", "start": "early", "mid": "mid", "middle": "mid", "late": "late",
    "end": "late"}


def _part_of_month(month: Any) -> Literal["early", "mid", "late"] | None:
    """Which part of the month a question names just before its name: a word of its own ("in early October",
    "mid-June") or "the start / middle / end of" it; not a verb before it ("when she started in May")."""
    w = [t for t in month.doc[max(0, month.i - 3):month.i] if t.text != "-"]
    if w and w[-1].lower_ in ("early", "mid", "late"):
        return _PARTS[w[-1].lower_]
    if len(w) >= 2 and w[-1].lower_ == "of" and w[-2].pos_ == "NOUN" and w[-2].lemma_.lower() in _PARTS:
        return _PARTS[w[-2].lemma_.lower()]
    return None


def _with_particles(v: Any) -> list[str]:
    """A verb's lemma, and with its particles as WordNet writes a phrasal verb ("put forward": "put_forward")."""
    # (the parser may take the particle after an object for an adverb: "put X forward")
    parts = [c.lower_ for c in v.children if c.dep_ == "prt" or (c.dep_ == "advmod" and c.i > v.i + 1)]
    return [v.lemma_.lower(), *(f"{v.lemma_.lower()}_{p}" for p in parts)]


def parse_question(question: str, mentioned: int = 0, names: frozenset[str] = frozenset()) -> QuestionForm:
    """`mentioned`: how many roster members the question names (the planner finds them); `names`: their names'
    words, lower-cased (a member called June is no month)."""
    doc = _parse(question)
    lemmas = {t.lemma_.lower() for t in doc}
    out = QuestionForm()
    # (the tagger takes "where's" for a conjunction: a wh-word opening the question asks all the same)
    out.wh = next((t.lower_ for t in doc if t.tag_ in ("WRB", "WP", "WDT", "WP$") or
                   (t.i == 0 and t.lower_ in _WH_WORDS)), None)
    out.attribute, out.category = question_attribute(doc)
    if out.attribute is None and (begun := start_or_move(parsed(question))) is not None:
        # (read again as messages are, names typed in lower case given their capital: "her move to glasgow" is a
        # move to a town, which the tagger took for a verb)
        out.attribute = begun
    if asks_event(doc):  # "what happened when her cat went missing?": an event told, no attribute's value
        out.attribute, out.category = None, None
        return out
    # a member named only as the one the group acts for, in a question about a plan ("where was Opa's 75th held
    # in the end?", "what did they give Ana for her birthday?"), is not who it is about: read as naming no member
    if mentioned and out.attribute in (None, "city") and members_aside(doc, names) and about_a_plan(doc):
        out.for_member, mentioned = True, 0
    if who_and_where(doc) and not mentioned:  # "who lives where?": every member's home
        out.everyone, out.pairs, out.attribute = True, True, out.attribute or "city"
    out.everyone = out.everyone or ranges_over_members(doc) or (
        out.attribute in ("city", "job") and not mentioned and not settled(doc) and members_in_plural(doc))
    if out.everyone and out.attribute is None and not mentioned and town_for_each(doc):
        out.attribute = "city"  # "which town do I post each person's gift to?": every member's home
    # "which cousin moved?" asks who; "which supplier did the committee go with?" asks what the group chose
    group_subject = settled(doc) and any(t.dep_ in ("nsubj", "nsubjpass") and (
        t.lower_ in ("we", "they") or lex.noun_is(t.lemma_.lower(), "group_noun", senses=1)) for t in doc)
    # (not a noun that only modifies another, "which vet clinic", nor a trade, "which vet did the surgery":
    # one asks for a place, the other for someone the chat tells of, rarely a member)
    out.who_like = any(t.lower_ in ("which", "what") and t.i + 1 < len(doc) and doc[t.i + 1].pos_ == "NOUN"
                       and doc[t.i + 1].dep_ != "compound"
                       and lex.is_person_noun(doc[t.i + 1].lemma_.lower(), senses=1)
                       and not lex.is_occupation(doc[t.i + 1].lemma_.lower())
                       and not (group_subject and (doc[t.i + 1].dep_ in ("dobj", "pobj") or (
                           t.i + 2 < len(doc) and doc[t.i + 2].pos_ == "AUX"))) for t in doc)
    out.proposal = any((t.pos_ == "VERB" and any(lex.verb_in_senses(v, PROPOSE_QUESTION_SENSES, first=2)
                                                 for v in _with_particles(t)))
                       or (t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), IDEA_SENSES, exact=True)) for t in doc)
    # named options in the question: runs of proper nouns ("Lake Ohrid", "the Copper Kettle")
    run: list[str] = []
    # only the clause that asks: not "Once X fell through, ..." nor "... once X fell through"
    start = max([t.i + 1 for t in doc if t.text in (",", ":", ";") and t.i + 1 < len(doc)
                 and doc[t.i + 1].tag_ in ("WP", "WDT", "WRB", "WP$")] or [0])
    stop = next((t.i for t in doc if t.i > start + 1 and t.lower_ in _SUBORDINATORS), len(doc))
    for t in [*doc[start:stop], None]:
        if t is not None and ((t.pos_ == "PROPN" and t.is_alpha) or (run and t.like_num)):
            run.append(t.text)  # "May 9" keeps its day
            continue
        if run and not (len(run) == 1 and is_time_word(run[0])):
            out.anchors.append(" ".join(run))
        run = []
    out.left = asks_left(doc)
    out.earlier = asks_earlier(doc)
    superlative = any(t.tag_ in ("JJS", "RBS") or t.lower_ == "most" for t in doc) or _more_than_all(doc)
    communicates = any(t.pos_ == "VERB" and lex.verb_in_lexfile(t.lemma_.lower(), ("verb.communication",))
                       for t in doc) or any(t.lemma_.lower() in ("message", "post", "conversation") for t in doc)
    active = any(t.pos_ == "ADJ" and t.lemma_.lower() not in ("most",) for t in doc)
    role = _request_role(doc, mentioned, names)
    # -- a request made of a member, told in the passive before the question: "<member> was asked to ... . By whom?"
    # (only where the wh-word's own verb is no request of its own: "... . Who asked Lem to bring drinks?")
    if mentioned and out.wh in ("who", "whom") and role is None and _asked_in_passive(doc, names):
        out.form, out.role_person = "who_asked", 0
        return out
    # -- a report about a member, asked in the passive: "X's new job was announced by someone. By whom?"
    if mentioned and any(t.lower_ == "by" and any(c.tag_ in ("WP", "WDT") for c in t.children) for t in doc) and \
            any(t.pos_ == "VERB" and lex.verb_in_lexfile(t.lemma_.lower(), ("verb.communication",)) for t in doc):
        out.form = "who_reported"
        return out
    # -- requests: "Who asked Wren to ...?" / "Whom did Bo ask ...?" / "Who offered to ...?"
    if role:
        out.form = role
        if role == "who_reported":  # whose news: the subject of the clause told ("who told Bo that Ana ...")
            subj = next((x for t in doc if t.pos_ in ("VERB", "AUX") and (x := _news_subject(t, names)) is not None),
                        None)
            out.news_of = sx.phrase(subj) if subj is not None else None
        return out
    # -- activity: "Who is the most active?", "Who talks to Kwame the most?", "Who posts most?"
    if superlative and out.wh in ("who", "whom", "which") and out.attribute is None:
        if mentioned == 1 and communicates:
            out.form = "talks_most"
            return out
        if mentioned == 0 and (communicates or active or _does_most(doc)):
            out.form = "most_active"
            return out
    # -- time: "When did X move to Y?"
    asks_date = any(t.lemma_.lower() in ("date", "day") and any(c.lower_ in ("what", "which") for c in t.children)
                    for t in doc)
    out.asks_time = out.wh == "when" or asks_date
    if out.wh == "when" or (asks_date and mentioned):
        if mentioned and out.attribute:  # a change of home, work or pet; other events are found by search
            out.form = "when"
            return out
    # -- a state at a time: "at the beginning", "at the start", "in March"
    for t in doc:
        if t.lemma_.lower() in ("beginning", "start", "outset") and t.head.lower_ in ("at", "from"):
            out.at = "start"
        if t.lemma_.lower() in ("end",) and t.head.lower_ in ("at", "in", "by"):
            out.at = "end"
        subj = next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if t.dep_ == "advcl" and t.pos_ in ("VERB", "AUX") and any(c.lower_ in ("when", "as") for c in t.children) \
                and not any(c.dep_ in ("dobj", "xcomp", "prep") for c in t.children) and subj is not None and \
                subj.pos_ != "PROPN" and subj.lower_ not in _PERSONAL and not lex.is_person_noun(subj.lemma_.lower()):
            # (not "when she started her new job": a person's own event, a time the chat does not mark)
            # "when the chat began", "as the trip ended": a state at the start or end of what the clause names
            if lex.verb_in_senses(t.lemma_.lower(), ("get_down.v.07", "begin.v.02", "begin.v.03"), first=3, exact=True):
                out.at = "start"
            elif lex.verb_in_senses(t.lemma_.lower(), ("end.v.01", "end.v.02", "complete.v.01"), first=3, exact=True):
                out.at = "end"
        if t.ent_type_ == "DATE" and (t.lower_ in MONTHS or month_of(t.lower_) and len(t.lower_) <= 4) and \
                t.lower_ not in names:  # (a month's name whole or cut short: "in early oct")
            out.month = month_of(t.lower_)
            out.part = _part_of_month(t)
    if out.month and out.at:  # "at the start of March": the start of the month, not of the chat
        out.part, out.at = out.part or ("early" if out.at == "start" else "late"), None
    if (out.at or out.month) and out.attribute and mentioned:
        out.form = "state_at"
        return out
    subj_quant = any(t.lower_ in _QUANTIFIERS - {"which"} and t.dep_ in ("nsubj", "nsubjpass", "attr", "det", "ROOT")
                     for t in doc) or any(t.lower_ == "which" and (any(c.lower_ == "of" for c in t.children) or
                                                                   lex.is_person_noun(t.head.lemma_.lower()))
                                          for t in doc) or any(t.dep_ == "expl" for t in doc)  # "is there a ...?"
    # -- lists: "What has the group decided so far?", "Who has moved?"
    decides = any(t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), ("decide.v.01", "decide.v.02",
                                                                            "choose.v.01", "agree.v.01",
                                                                            "finalize.v.01"))
                  for t in doc) or "decision" in lemmas
    # a topic is a thing decided about ("for the picnic", "the film"), not the group, a person or a number
    topic = [t for t in doc if t.pos_ == "NOUN" and t.lemma_.lower() not in ("decision", "far", "everything",
                                                                            "thing", "plan")
             and not (t.dep_ in ("nsubj", "nsubjpass") and lex.noun_is(t.lemma_.lower(), "group_noun", senses=1))
             and not (t.dep_ == "nsubj" and t.head.pos_ == "VERB" and not any(  # the deciders, "the lab"
                 c.tag_ in ("WDT", "WP") for c in t.children))
             and not lex.is_person_noun(t.lemma_.lower(), 1)
             and not t.like_num and t.dep_ != "poss"]
    # ("what present had they agreed on": the word a wh-determiner goes with names the matter, however tagged)
    topic += [t for t in doc if any(c.dep_ == "det" and c.tag_ in ("WDT", "WP") for c in t.children)
              and t.pos_ in ("ADJ", "ADV") and lex.known_noun(t.lower_)]
    # (a question naming the member the group acted for asks about one matter: "what did they agree on for Ana?")
    if decides and not topic and mentioned == 0 and not out.for_member and out.wh in ("what", "which", None):
        out.form = "list_decisions"
        return out
    if out.wh in ("who", "which") and any(_announces(t, mentioned) for t in doc):
        out.form = "announced"
        return out
    # -- who has moved / changed jobs: "Who has moved?", "Which members changed jobs?", "Has anyone moved city?"
    if out.attribute in ("city", "job") and mentioned == 0 and (out.wh in ("who", "which") or (
            out.wh is None and subj_quant)) and any(changes(t, out.attribute) and any(
                # ("who's moved house?": the tagger reads the "'s" of "has" as a passive's "is")
                (c.dep_ == "nsubj" or (c.dep_ == "nsubjpass" and any(a.dep_ == "auxpass" and a.lower_ in ("'s", "’s")
                                                                    for a in t.children)))
                and (c.lower_ in _QUANTIFIERS or out.who_like) for c in t.children) for t in doc):
        out.form = "list_moved"
        return out
    # -- category: "Does anyone have a dog?", "Who works in healthcare?", "Which of us owns a bird?"
    if out.category and mentioned == 0 and subj_quant:
        out.form = "category"
        return out
    people = [t for t in doc if t.pos_ == "PROPN" and t.dep_ in ("nsubj", "poss") and
              not (out.for_member and t.lower_.removesuffix("'s") in names)]
    # -- an opinion of someone: "What does Odile make of Kalani?", "Odile's take on Kalani?"
    if mentioned == 1 and asks_view(doc):
        out.form = "opinion"
        return out
    # -- an attribute of a named person who is not a member: nothing can be in memory about them
    if mentioned == 0 and out.attribute and people and not subj_quant:
        out.form = "unknown_person"
        return out
    # -- a question about no person (not "who", no member, no everyone): about the group's plans
    whole = any(t.lower_ in ("everyone", "everybody") and t.dep_ in ("nsubj", "nsubjpass") for t in doc)
    asks = out.wh in ("what", "which", "where", "when", "how") or (out.wh is None and offers_options(doc))
    if mentioned == 0 and asks and (not subj_quant or whole or group_subject) and \
            not out.who_like and \
            not ({"everyone", "everybody", "each", "all"} & {t.lower_ for t in doc} and out.attribute) and \
            out.attribute in (None, "city") and about_a_plan(doc):
        out.form = "group"
    return out


def asks_event(doc: Any) -> bool:
    """"what happened when ...", "what went on at ...": "what" is the subject of a verb of occurring, with nothing
    it happened to ("what happened to her cat?" asks what became of the animal)."""
    return any(t.lower_ == "what" and t.dep_ == "nsubj" and t.head.pos_ == "VERB" and
               lex.verb_in_senses(t.head.lemma_.lower(), ("happen.v.01", "occur.v.01"), first=2) and
               not any(c.dep_ == "prep" and c.lower_ == "to" for c in t.head.children) for t in doc)


def fate_of(doc: Any) -> str | None:
    """"what happened to Pogo?", "what became of the old kiln?": the one something happened to (the object of "to"
    on a verb of occurring, or the object of "become"), as written."""
    for t in doc:
        if t.lower_ != "what" or t.dep_ not in ("nsubj", "dobj", "attr") or t.head.pos_ != "VERB":
            continue
        v = t.head
        if lex.verb_in_senses(v.lemma_.lower(), ("happen.v.01", "occur.v.01"), first=2):
            obj = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                        if p.dep_ == "pobj"), None)
        elif v.lemma_ == "become":
            obj = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                        if p.dep_ == "pobj"), None)
        else:
            continue
        if obj is not None and obj.is_alpha and obj.pos_ not in ("PRON", "DET"):  # (a name may be tagged anything)
            return obj.text
    return None


_NO_EVENT = ("verb.communication", "verb.perception", "verb.consumption", "verb.emotion", "verb.cognition")


def tells_event(doc: Any, name: str) -> bool:
    """A line tells something that happened to `name`: it is the subject or object of a verb in the past
    ("pogo ran off in the storm", "we rehomed Pogo"), not of being or having ("Pogo was grumpy") nor of a
    present ("pogo has been sleeping all day")."""
    low = name.lower()
    for t in doc:
        if t.lower_ != low:
            continue
        v = t.head if t.dep_ in ("nsubj", "nsubjpass", "dobj") else None
        if v is None or v.pos_ != "VERB" or v.lemma_ in ("be", "have") or v.tag_ not in ("VBD", "VBN"):
            continue
        if lex.verb_in_lexfile(v.lemma_.lower(), _NO_EVENT):
            continue  # saying, seeing, eating, feeling or thinking is no event of its life ("Anna said hi")
        if v.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in v.children) and \
                any(c.tag_ == "VBG" for c in v.children):
            continue
        return True
    return False


def _announces(t: Any, mentioned: int) -> bool:
    """"Who announced ...", or "who told everyone / broke the news that <clause>" about no named member."""
    if t.pos_ != "VERB" or any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in t.children) or \
            any(c.dep_ == "nsubj" and c.lower_ == "i" for c in t.children):
        return False  # (the asker's own doing: "if I post every member a card, which town ...", "do I post")
    lemma = t.lemma_.lower()
    if lex.verb_in_senses(lemma, ("announce.v.01", "announce.v.02"), first=2):
        return True
    if mentioned or not lex.verb_in_lexfile(lemma, ("verb.communication",)):
        return False
    if any(c.dep_ == "nsubj" and c.lower_ == "you" for c in t.children) or (
            t.tag_ == "VB" and t.dep_ == "ROOT" and not any(c.dep_ == "nsubj" for c in t.children)):
        return False  # "can you list which town each of us is in", "tell me who ...": the asker's request to us
    if lex.verb_in_senses(lemma, ("ask.v.02", "request.v.01", "propose.v.01", "suggest.v.01", "ask.v.01"), first=3):
        return False
    if any(c.dep_ == "ccomp" and any(g.dep_ == "aux" and g.lower_ in ("'d", "would", "will", "'ll", "could")
                                     for g in c.children) for c in t.children):
        return False  # "Who said they'd book the minibus?": a promise, not an announcement
    clause = any(c.dep_ in ("ccomp", "dobj") for c in t.children) and any(
        c.dep_ == "ccomp" or any(g.dep_ in ("acl", "ccomp") for g in c.children) for c in t.children)
    return clause


def _more_than_all(doc: Any) -> bool:
    """"more than anyone (else)", "more than everybody": a superlative said as a comparison with all."""
    return any(t.lower_ == "more" and t.i + 2 < len(doc) and doc[t.i + 1].lower_ == "than" and
               doc[t.i + 2].lower_ in ("anyone", "anybody", "everyone", "everybody", "all") for t in doc)


def _does_most(doc: Any) -> bool:
    """"Who wrote the most?", "who contributes the most?", "who's the most vocal?": the superlative on what a
    member does or is, not on a thing they have ("who owns the most bikes" counts bikes, not messages)."""
    for t in doc:
        if t.lower_ not in ("most", "more"):
            continue
        head = t.head
        if head.pos_ == "NOUN" and t.dep_ == "amod" and head.lemma_.lower() not in ("message", "post"):
            return False
        if head.pos_ in ("VERB", "AUX", "ADJ") or t.dep_ in ("dobj", "advmod", "attr"):
            return not any(c.dep_ == "dobj" and c.pos_ == "NOUN" and c.lemma_.lower() not in ("message", "post")
                           and c.i != t.i for c in head.children)
    return False


_BEFORE_THAT = ("now", "so", "such", "given", "seeing", "except", "provided")


def _tells_news(v: Any, names: frozenset[str]) -> bool:
    return _news_subject(v, names) is not None


def _news_subject(v: Any, names: frozenset[str]) -> Any | None:
    """The member (the subject token) of a clause under the verb that states, as a fact, something of them
    ("... that <member> had sold it", "... that <member> is moving"; a member by `names` where given, else any
    proper noun): news passed on. Not a proposal or request ("suggested that Ana hosts", "asked that ..."), nor a
    wish or promise (a modal: "that Ana would drive", "that Ana should host")."""
    lemma = v.lemma_.lower()
    if lex.verb_in_senses(lemma, sx.PUT_FORWARD + REQUEST_SENSES, first=3, exact=True):
        return None
    # (a "that" opening a clause of time or purpose is no content: "now that Ana's moved", "so that Ana can")
    for g in v.subtree:
        if g.i != v.i and g.pos_ in ("VERB", "AUX") and g.tag_ != "VB" and \
                (g.dep_ == "ccomp" or any(c.dep_ == "mark" and c.lower_ == "that" for c in g.children)) and \
                not any(c.dep_ == "mark" and c.i > 0 and c.doc[c.i - 1].lower_ in _BEFORE_THAT for c in g.children) and \
                not any(c.tag_ == "MD" for c in g.children):
            subj = next((c for c in g.children if c.dep_ in ("nsubj", "nsubjpass") and _member(c, names)), None)
            if subj is not None:
                return subj
            # (a clause on a thing, "the recipe that <member>'s mum made", tells no news of them)
            if g.dep_ not in ("acl", "relcl") and (subj := _news_of_missed(g, names)) is not None:
                return subj
    # ("passed on to the group that <member>'s hamster had escaped": the parser may hang the clause told on the noun
    # before it, as a relative clause; a verb of telling or the news itself as object says it is what was told)
    tells = lex.verb_in_lexfile(lemma, ("verb.communication",), first=2) or any(
        c.dep_ == "dobj" and lex.news_word(c.lemma_.lower()) for c in v.children)
    for g in v.subtree if tells else ():
        # (hung on the news itself or on its hearer, "to the chat that ...", not on a thing: "the photo that X took")
        n = g.head
        on_news = lex.news_word(n.lemma_.lower()) or (n.dep_ == "pobj" and n.head.lower_ == "to" and n.head.head.i == v.i)
        if on_news and g.dep_ == "relcl" and g.pos_ == "VERB" and g.tag_ in ("VBD", "VBN", "VBZ") and \
                any(c.lower_ == "that" and c.i < g.i for c in g.children) and not any(c.tag_ == "MD" for c in g.children):
            if (subj := _news_of_missed(g, names)) is not None:
                return subj
    return None


def _news_of_missed(g: Any, names: frozenset[str]) -> Any | None:
    """The member a clause told is about where the parser did not make them its subject: the owner of its subject
    ("<member>'s dog had died"), or a name just before its verb group that the parser hung on the verb above
    ("make sure everybody heard <member> had landed")."""
    subj = next((c for c in g.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is not None:
        # (something that happened to what is theirs, or a state of it told; not a view said of it: "who said
        # <member>'s employer was bad?")
        viewed = g.lemma_ == "be" and lex.verb_in_senses(g.head.lemma_.lower(), ("state.v.01", "say.v.01", "think.v.01"),
                                                          first=2, exact=True)
        return None if viewed else next((c for c in subj.children if c.dep_ == "poss" and _member(c, names)), None)
    first = min([g.i, *(c.i for c in g.children if c.dep_ in ("aux", "auxpass", "neg") and c.i < g.i)])
    before = g.doc[first - 1] if first > 0 else None
    return before if before is not None and _member(before, names) and before.dep_ in ("dobj", "pobj") else None


def _member(t: Any, names: frozenset[str]) -> bool:
    """A word naming a member: one of `names` where given, else any proper noun."""
    return t.lower_ in names if names else t.pos_ == "PROPN"


_LIGHT = ("make", "put", "send", "submit", "file", "place", "do")  # verbs that only carry their object's meaning


def _asked_in_passive(doc: Any, names: frozenset[str]) -> bool:
    """A verb of requesting in the passive with a member as its subject ("Ana was asked to ..."), and the wh-word
    asking for its agent: "by whom", or the subject of the request itself, of one more verb of requesting ("who
    asked her?") or of a light verb with the request as object ("who put in that request?")."""
    passive = [t for t in doc if t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), REQUEST_SENSES, first=4)
               and any(c.dep_ == "auxpass" for c in t.children) and not any(c.dep_ == "agent" for c in t.children)
               and any(c.dep_ == "nsubjpass" and _member(c, names) for c in t.children)]
    if not passive:
        return False
    for w in (t for t in doc if t.tag_ == "WP" and t.lower_ in ("who", "whom")):
        h = w.head
        if any(x.lower_ == "by" and x.sent.start == w.sent.start and not any(c.dep_ == "pobj" for c in x.children)
               for x in doc):
            return True  # "Who by?": the preposition left at the end asks for the agent
        if w.dep_ == "pobj" and h.lower_ == "by":
            return h.head.i == h.i or h.head.i in {t.i for t in passive}  # "By whom?" alone, or "asked by whom"
        if w.dep_ != "nsubj" or h.pos_ != "VERB":
            continue
        if lex.verb_in_senses(h.lemma_.lower(), REQUEST_SENSES, first=4):
            return True
        # (a light verb: making or putting in the request, not refusing or approving it)
        objs = [c for c in h.children if c.dep_ == "dobj"]
        if h.lemma_.lower() in _LIGHT and objs and all(c.pos_ == "NOUN" and lex.noun_in_senses(
                c.lemma_.lower(), ("request.n.01", "request.n.02"), first=3) for c in objs):
            return True
    return False


def _request_role(doc: Any, mentioned: int, names: frozenset[str] = frozenset()) -> Form | None:
    """Who asked / whom was asked / who agreed, from the wh-word's grammatical role at a request or
    agreement verb (WordNet senses), not from question templates."""
    for t in doc:
        if t.pos_ != "VERB":
            continue
        lemma = t.lemma_.lower()
        def is_wh(c: Any) -> bool:
            return c.tag_ in ("WP", "WDT") or any(g.tag_ in ("WP", "WDT") for g in c.children)

        subjects = [c for c in t.children if c.dep_ == "nsubj"]
        # "Whom did Bo ask ...": with do-support and a named subject, the wh-word is the object
        other_subj = any(not is_wh(c) for c in subjects)
        wh_subj = any(is_wh(c) for c in subjects) and not other_subj
        wh_obj = any(c.dep_ in ("dobj", "nsubjpass") and is_wh(c) for c in t.children) or \
            (other_subj and any(is_wh(c) for c in subjects))
        # a phrasal verb by its particle ("stepped in", "took on"), as WordNet lists it
        prt = next((c.lower_ for c in t.children if c.dep_ == "prt" or (
            c.dep_ == "advmod" and c.i == t.i + 1 and c.tag_ in ("RB", "RP"))), None)
        phrasal = f"{lemma}_{prt}" if prt else None
        if wh_subj and mentioned and _tells_news(t, names):
            return "who_reported"  # "who spilled that <member> had sold ...?": a member's news, whatever the verb
        agrees = wh_subj and (lex.verb_in_senses(lemma, AGREE_SENSES, first=4) or (
            phrasal is not None and lex.verb_in_senses(phrasal, AGREE_SENSES, first=4)))
        if agrees and lex.verb_in_senses(lemma, AGREE_SENSES, first=2, exact=True):
            return "who_agreed"  # "Who promised (that they'd bring) X?", whatever its clause
        if wh_subj and lex.verb_in_senses(lemma, ("state.v.01", "say.v.01", "tell.v.02"), first=3) and any(
                g.dep_ == "ccomp" and g.tag_ == "VB" and  # ("they'd moved": had, not would)
                any(c.dep_ == "nsubj" and c.lower_ in ("they", "he", "she") for c in g.children)
                and any(c.dep_ == "aux" and c.lower_ in ("would", "'d", "’d", "will", "'ll", "’ll") for c in g.children)
                for g in t.children):
            return "who_agreed"  # "Who said they'd handle the tickets?": their own promise, reported
        if any(g.dep_ in ("ccomp", "relcl") and any(c.dep_ == "nsubj" for c in g.children) for g in t.subtree):
            continue  # "Who told the group that ...": a report, not a request
        passive_by = any(c.dep_ == "agent" for c in t.children)
        if lex.verb_in_senses(lemma, REQUEST_SENSES, first=4):
            if passive_by and wh_obj and mentioned:
                return "asked_whom"  # "Who was asked by Ana to ...?"
            # "Who asked Ana to ...", "Who requested Ana's help": the person asked is the object (or its
            # possessor); "Who wants to be with Ana?" asks nobody anything
            asked = any(c.dep_ in ("dobj", "dative") and (c.pos_ == "PROPN" or any(
                g.dep_ == "poss" and g.pos_ == "PROPN" for g in c.children)) for c in t.children) or any(
                c.dep_ in ("ccomp", "xcomp") and any(g.dep_ == "nsubj" and g.pos_ == "PROPN" for g in c.children)
                for c in t.children)
            if wh_subj and mentioned and asked:
                return "who_asked"
            if wh_obj and (mentioned or any(c.dep_ == "nsubjpass" and c.lower_ in ("who", "whom") for c in t.children)):
                return "asked_whom"  # ("who was asked to host?": the one asked, whoever asked)
        if agrees:
            return "who_agreed"
    return None
