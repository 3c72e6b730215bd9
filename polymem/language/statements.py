"""Messages -> typed statements about people's state (where they live, their work, their animals).

Grammar, not phrasing: a statement is found from the dependency parse (subject, verb lemma, its
prepositional objects), with word classes from WordNet (lexical.py) and entities from spaCy's NER. The
owner is the grammatical subject or possessor ("I", "we", a roster name, a pronoun for the person
last named, "who ... : Priya"); the source is the speaker. Negation, "used to", questions and hedges
("want to", "thinking of", "if") are read from the parse too.

The reader's entry points are here; the parts live beside it: `statement_types` (Statement, Person),
`statements_people` (owner and subject), `statements_clause` (one sentence: verbs, copulas, nouns),
`statements_city`, `statements_job` and `statements_pet` (readers outside a clause of their own).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from polymem.language import lexical as lex
from polymem.language import pets
from polymem.language import syntax as sx
from polymem.language.creatures import creature_pets
from polymem.language.models import parse_many, parsed
from polymem.language.naming import given_names
from polymem.language.replies import asked_attribute, fragment_value, staying_put
from polymem.language.statement_types import Attribute, Kind, Person, Statement
from polymem.language.statements_city import based_in, demonym_city, local_place
from polymem.language.statements_clause import sentence_statements
from polymem.language.statements_confirmed import confirmed
from polymem.language.statements_farewell import bade, farewells
from polymem.language.statements_former import former_roles, with_former
from polymem.language.statements_identified import identified
from polymem.language.statements_job import merge_jobs, post_taken, self_role
from polymem.language.statements_left import now_at
from polymem.language.statements_meaning import meant
from polymem.language.statements_move import moved_to_named
from polymem.language.statements_people import owner_of
from polymem.language.statements_pet import introduced_pet, named_pet, pet_gone, renamed_pet
from polymem.language.statements_role import taken_roles, with_roles

__all__ = ["OPEN_QUESTION", "Attribute", "Kind", "Person", "Statement", "StatementReader"]

OPEN_QUESTION = 8  # messages after a question to the chat that may still answer it
ECHO_BACK = 3  # messages back in which another member's news may be echoed by a bare phrase
_TELL = ("tell.v.01", "tell.v.02", "mention.v.01")  # verbs of telling, whose clause a question takes as news


class StatementReader:
    """Reads statements for one roster. `read_many` parses a batch with spaCy's pipe (fast path)."""

    def __init__(self, roster: Sequence[Person], by_meaning: bool | None = None) -> None:
        """`by_meaning`: also read homes and jobs the rules leave unread with the relation classifier
        (`statements_meaning`); default from POLYMEM_READ_BY_MEANING (on unless "0")."""
        self.roster = list(roster)
        self.by_meaning = by_meaning if by_meaning is not None else os.environ.get("POLYMEM_READ_BY_MEANING", "1") != "0"
        self._names: dict[str, str] = {}
        for p in self.roster:
            for n in p.names:
                n = n.strip()
                if len(n) >= 2:
                    self._names.setdefault(n.lower(), p.id)
                    self._names.setdefault(n.split()[0].lower(), p.id)
        self._multi = sorted((n for n in self._names if " " in n), key=len, reverse=True)
        # (a handle, typed after "@", stands for its member: their name as the roster gives it first)
        self._handle_names = {n.lower(): p.names[0] for p in self.roster for n in p.names
                              if n.strip() and " " not in n.strip() and p.names[0].strip()}
        self._handles = re.compile(r"(?<![\w@])@(" + "|".join(map(re.escape, sorted(self._handle_names, key=len,
                                                                                    reverse=True))) + r")(?![\w])",
                                   re.IGNORECASE) if self._handle_names else None
        # members' names typed in lower case ("saoirse quit stripe"): the tagger, trained on edited text, reads
        # them as common nouns; a name no dictionary knows gets its capital back before parsing
        plain = sorted((n for n in self._names if n.isalpha() and len(n) >= 3 and not lex.known_word(n)),
                       key=len, reverse=True)
        self._lower_name = re.compile(r"(?<![\w@#/.'’-])(" + "|".join(map(re.escape, plain)) + r")(?![\w@/-]|\.\w)") \
            if plain else None

    def cased(self, text: str) -> str:
        """The text with members' names in lower case capitalised (see `__init__`), and a member's @handle
        written as their name ("@ana_ran starts at the mill": the parser may take a handle for no subject)."""
        if "@" in text and self._handles is not None:
            text = self._handles.sub(lambda m: self._handle_names[m.group(1).lower()], text)
        if self._lower_name is None:
            return text
        return self._lower_name.sub(lambda m: m.group(1).capitalize(), text)

    # -- people -------------------------------------------------------------------------------------------
    def person_in(self, text: str) -> str | None:
        key = re.sub(r"(?:'s|’s|')$", "", text.strip().lower().lstrip("@")).strip(" .,:;!?")
        return self._names.get(key)

    def people(self, text: str) -> list[str]:
        out: list[str] = []
        for w in re.findall(r"@?[\w'.-]+", text):
            pid = self.person_in(w)
            if pid and pid not in out:
                out.append(pid)
        return out

    # -- entry points -------------------------------------------------------------------------------------
    def read(self, text: str, speaker: str, time: datetime | None = None, message_id: str | None = None,
             last_other: str | None = None, asked: str | None = None) -> list[Statement]:
        """`asked`: the attribute the question this message answers asks about (`replies.asked_attribute`)."""
        return self.read_doc(parsed(self.cased(text)), speaker, time, message_id, last_other, asked)

    def read_many(self, items: Iterable[tuple[str, str, datetime | None, str | None]],
                  context: int = 0, lookback: Sequence[tuple[str, str, datetime | None, str | None]] = ()
                  ) -> list[list[Statement]]:
        """(text, speaker, time, message_id) in chat order; a pronoun refers to the last person named. The first
        `context` items only set who was named last (their statements were read in an earlier window);
        `lookback`, older messages still, only gives the names and kinds of creatures talked of across lines."""
        items = list(items)
        out: list[list[Statement]] = [[] for _ in items[:context]]
        last_other: dict[str, str | None] = {}
        recent: str | None = None
        for text, speaker, *_ in items[:context]:
            named = [p for p in self.people(text) if p != speaker]
            if named:
                recent = last_other[speaker] = named[-1]
        docs = parse_many([self.cased(t) for t, *_ in items[context:]])
        question: tuple[str, str, int, set[str]] | None = None  # (attribute, asker, index, who answered)
        for i, ((text, speaker, time, mid), doc) in enumerate(zip(items[context:], docs, strict=True)):
            asked = None
            if question and question[1] != speaker and i - question[2] <= OPEN_QUESTION and \
                    speaker not in question[3]:
                asked = question[0]
                question[3].add(speaker)
            if (attr := asked_attribute(text)) is not None:
                question = (attr, speaker, i, set())
            # (the member named last may be this speaker, by someone asking them: "he" is never the speaker)
            out.append(self.read_doc(doc, speaker, time, mid,
                                     last_other.get(speaker) or (recent if recent != speaker else None), asked))
            named = [p for p in self.people(text) if p != speaker]
            if named:
                recent = named[-1]
                last_other[speaker] = named[-1]
        # "did Ana move to X??" - Ana: "yes! last week": her news, told by saying yes
        for i, sts in confirmed(self, items, docs, context).items():
            have = {(st.attribute, st.owner) for st in out[i]}  # (what the reply says itself says it better)
            out[i] += [st for st in sts if (st.attribute, st.owner) not in have]
        identified(self, items, docs, out, context)  # "who is X?" - "my cat": the cat is X
        # "harbour pilot!! so proud": a role or a town said alone, right after another member told it as
        # their news, cheers that news; it is not the speaker's own
        told = [(x[0], x[1]) for x in [*lookback, *items]]
        for i in range(context, len(items)):
            if not any(st.weak and st.attribute in ("job", "city") for st in out[i]):
                continue  # (only a weak job or home can be an echo: no look back for the rest)
            at = len(lookback) + i
            # (not news of the speaker: "X's moved to Y" then X's "Y now." says it again)
            before = [(t, who) for t, who in told[max(0, at - ECHO_BACK):at] if items[i][1] not in self.people(t)]
            out[i] = [st for st in out[i] if not _echoed(st, items[i][1], before) and
                      not _option_judged(st, items[i][1], before, self.people)]
        earlier = [*lookback, *items[:context]]
        window = [*earlier, *items[context:]]
        docs = [*parse_many([self.cased(t) for t, *_ in earlier]), *docs]
        members = {p.id for p in self.roster}
        for at, st in creature_pets(docs, [x[1] for x in window], [x[3] for x in window], [x[2] for x in window],
                                    lambda w: self.person_in(w) is not None, members.__contains__,
                                    [x[0] for x in window], first=len(earlier), who=self.person_in):
            at -= len(lookback)  # an index into `out`
            have = [x for sts in out[context:] for x in sts if x.attribute == "pet" and x.owner == st.owner]
            if any(x.name.lower() == st.name.lower() for x in have):
                continue
            # a creature a sentence already says is someone's, by that name ("Dotje (my rabbit)"): the talk
            # around a later mention ("Dotje! my cat chased a pigeon") says nothing new of it
            if any(x.attribute == "pet" and not x.weak and x.name.lower() == st.name.lower()
                   for sts in out for x in sts):
                continue
            same = [x for x in have if x.value.rstrip("s") == st.value.rstrip("s")]  # "budgies" / "budgie"
            if same:  # "my cockatoo" read from a sentence, "Kevin" from the chat around it: one pet, named
                known = [n for n in same[0].name.split(" and ") if n]
                same[0].name = " and ".join([*known, st.name])  # "Bram and Sientje", two guinea pigs
            else:
                out[at].append(st)
        return out

    def read_doc(self, doc: Any, speaker: str, time: datetime | None, message_id: str | None,
                 last_other: str | None, asked: str | None = None) -> list[Statement]:
        out: list[Statement] = []
        other = last_other
        for sent in doc.sents:
            tokens: Any = sent
            if sent.text.rstrip().endswith("?"):
                # A question asks, it does not tell, except the clause under a verb of perception or
                # knowing, which it takes as true: "Did you hear Mina moved to Tromsø?"
                # ... or of telling, asked of the news as a way to give it: "has X told you she's moved to Y?"
                clause = next((c for c in sent.root.children if c.dep_ == "ccomp"), None)
                if clause is None or not (lex.verb_in_lexfile(sent.root.lemma_.lower(), ("verb.perception",
                                                                                           "verb.cognition")) or
                                          _news_told(sent.root, clause, self)):
                    continue
                tokens = list(clause.subtree)
            for st in sentence_statements(self, tokens, speaker, other, sent):
                st.message_id, st.sentence = message_id, sent.text.strip()
                st.time = _stated_time(st, sent, doc, time) if time else None
                if st.owner != speaker:
                    st.kind = "report"
                out.append(st)
        for sent in doc.sents:  # "<Name> is my tortoise", "<Name> (Ana's gecko) ...": a named pet and its owner
            for owner, species, name in pets.named_animals(
                    sent, lambda w: self.person_in(w) is not None, lambda p, s=sent: owner_of(self, p, speaker, other, s)):
                out = [st for st in out if not (st.attribute == "pet" and st.owner == owner)]
                out.append(Statement("pet", owner, speaker, species, kind="report" if owner != speaker else "state",
                                     time=time, message_id=message_id, sentence=sent.text.strip(), name=name))
        for st in renamed_pet(self, doc, speaker, message_id, time):  # "renamed Nibs to Tansy": one animal
            out = [x for x in out if not (x.attribute == "pet" and x.owner == speaker)]
            out.append(st)
        for st in introduced_pet(self, doc, speaker, message_id, time):  # "my tortoise! X."
            out = [x for x in out if not (x.attribute == "pet" and x.owner == speaker and not x.name and
                                          x.value.lower() == st.value.lower())]
            out.append(st)
        # a demonym names the city itself ("a Glaswegian now ... his flat in Partick"): it comes first
        demonym = demonym_city(self, doc, speaker, other, message_id, time)
        out = demonym + out
        if not any(st.attribute == "pet" for st in out):
            out += named_pet(self, doc, speaker, message_id, time)
        self._named_in_message(doc, out, speaker, message_id, time)
        gone = pet_gone(self, doc, speaker, message_id, time)
        if gone:  # "my dog Rex died": the animal is told of only as gone
            out = [st for st in out if not (st.attribute == "pet" and st.tense != "past" and any(
                g.sentence == st.sentence or (g.name and g.name.lower() == st.name.lower()) for g in gone))]
            out += gone
        if not any(st.attribute == "city" and st.tense != "past" for st in out):  # (beside a home left, one had now)
            left = {st.value.lower() for st in out if st.attribute == "city"}
            out += [st for st in based_in(self, doc, speaker, message_id, time) or
                    local_place(self, doc, speaker, message_id, time) or
                    moved_to_named(self, doc, speaker, other, message_id, time) if st.value.lower() not in left]
        bidden = farewells(self, doc, speaker, other, message_id, time)
        if bidden:  # ("farewell, intern days": no post held now)
            gone = {(st.attribute, st.owner, st.value.lower()) for st in bidden}
            out = [st for st in out if (st.attribute, st.owner, st.value.lower()) not in gone] + bidden
        # ("so long, goat": an animal taken leave of is none kept)
        out = [st for st in out if not (st.attribute == "pet" and any(bade(w) for w in st.value.split()))]
        out = with_roles(out, taken_roles(self, doc, speaker, other, message_id, time))
        out = with_former(out, former_roles(self, doc, speaker, other, message_id, time))
        for st in now_at(self, doc, out, speaker, other):  # ("quit X. he's at Y now")
            st.message_id, st.time = message_id, time
            out.append(st)
        if not any(st.attribute == "job" and st.tense != "past" for st in out):  # (a post left leaves room for one taken)
            out += self_role(self, doc, speaker, message_id, time) or post_taken(self, doc, speaker, message_id, time)
        if self.by_meaning:
            out = meant(self, doc, speaker, message_id, time, out)
        if asked and not any(st.attribute == asked and st.owner == speaker and not st.weak for st in out) and \
                (value := fragment_value(doc, asked, self) or (asked == "city" and staying_put(doc, self))):
            # "Tartu, same as always." after "so where is everybody now?"; "no, staying in Tartu" after "moving?"
            out = [st for st in out if not (st.attribute == asked and st.owner == speaker)]
            out.append(Statement(asked, speaker, speaker, value, message_id=message_id, time=time,  # type: ignore[arg-type]
                                 sentence=next(iter(doc.sents)).text.strip()))
        if demonym:  # ("a resident of X" is where one lives, not one's work)
            said = demonym[0].sentence.strip()
            out = [st for st in out if not (st.attribute == "job" and (st.sentence or "").strip() == said)]
        unnamed: list[Statement] = []  # an animal known only by a name that is none
        for st in out:
            if st.attribute == "city":  # ("Oslo → Rome": a route, from where the speaker sets off)
                st.value = _place_name(sx.route_origin(st.value))
            if st.attribute == "pet" and st.name:  # ("Sunday walk with X", "News: ...": no animal's name)
                st.name = " and ".join(n for n in st.name.split(" and ") if lex.could_name_animal(n))
                if not st.name and st.value == "pet":
                    unnamed.append(st)
        return _dedupe([st for st in out if not any(st is u for u in unnamed)])

    def _named_in_message(self, doc: Any, out: list[Statement], speaker: str, message_id: str | None,
                          time: datetime | None) -> None:
        """"so I have a gecko now. her name is sprocket": a pet the message tells of without a name takes the
        names a clause of naming in the same message gives (the one after it first). With no pet told of, a
        name given beside an animal word of the speaker's ("meet dumpling!! [photo: two collies asleep]") is one."""
        given = given_names(doc, lambda t: self.person_in(t.text) is None and not lex.is_place_name(t.lower_))
        if not given:
            return
        pets_told = [st for st in out if st.attribute == "pet"]
        for st in pets_told:
            if not st.name:
                at = next((s.start for s in doc.sents if s.text.strip() == st.sentence), 0)
                after = [n for i, n in given if i >= at] or [n for _, n in given]
                st.name = " and ".join(dict.fromkeys(after))
        if pets_told or any((p := self.person_in(t.text)) and p != speaker and not (t.is_lower and lex.known_word(t.lower_))
                            for t in doc):  # ("big" is no mention of a member whose handle starts so)
            return  # (a message naming another member may speak of their animal: whose it is stays open)
        named = {i for i, _ in given}
        if all(_bidden(doc[i]) for i in named):
            return  # "call her X": a name suggested to the one who has the animal, not the speaker's own
        animal = next((t for t in doc if t.pos_ in ("NOUN", "PROPN") and t.i not in named and
                       # (any of the first senses: a name is given beside it, "lurcher" is first a prowler)
                       pets.animal_sense(t.lemma_.lower()) and not lex.generic_pet(t.lemma_.lower()) and
                       t.dep_ != "compound" and (
                           (p := sx.possessor(t)) is None or p.lower_ in ("my", "our")) and not any(
                           # "my cousins gecko": someone else's, however the apostrophe went
                           c.dep_ in ("compound", "poss", "nmod") and lex.is_person_noun(c.lemma_.lower())
                           for c in t.lefts) and not (t.dep_ == "appos" and lex.is_person_noun(t.head.lemma_.lower()))),
                      None)
        if animal is not None:
            out.append(Statement("pet", speaker, speaker, sx.animal_phrase(animal, singular=True),
                                 message_id=message_id, time=time, weak=True, sentence=animal.sent.text.strip(),
                                 name=" and ".join(dict.fromkeys(n for _, n in given))))

def _bidden(name: Any) -> bool:
    """The name is given by a bare imperative ("call her X", "name him X"): bidding someone else to name it."""
    v = sx.nearest_verb(name.head)
    return v.pos_ == "VERB" and v.tag_ == "VB" and not any(c.dep_ in ("nsubj", "aux") for c in v.children) and \
        lex.verb_in_senses(v.lemma_.lower(), ("name.v.01", "call.v.01", "name.v.02"), first=3, exact=True)


def _news_told(v: Any, clause: Any, reader: StatementReader) -> bool:
    """"has Ana told you she's moved to X?": a member asked about as having told their own news (the teller a
    member, the clause's subject a he or she, the clause not negated); "has anyone told Cy we moved the meeting"
    and "did Bo tell you he's NOT moving" give no news."""
    if not lex.verb_in_senses(v.lemma_.lower(), _TELL, first=2, exact=True):
        return False
    teller = next((c for c in v.children if c.dep_ == "nsubj"), None)
    subj = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return teller is not None and reader.person_in(teller.text) is not None and subj is not None and \
        subj.lower_ in ("he", "she") and not any(t.dep_ == "neg" for t in clause.subtree)


def _place_name(value: str) -> str:
    """"frozen Toronto", "the Cork" -> the place itself: lower-case words before a capitalised place name are
    how it was talked of, not its name (a name that is one, "Suffolk park", keeps its words)."""
    words = value.split()
    # (the first capitalised word after lower-case ones: "a pitch-black Bergen")
    i = next((i for i, w in enumerate(words) if not w[:1].islower()), 0)
    if 0 < i:
        rest = " ".join(words[i:])
        # ("a rain-soaked X": an article and a word of description are no part of the name; "a suburb of X", "the
        # Hague" keep theirs)
        described = i >= 2 and words[0] in ("a", "an", "the") and not any(
            w in ("of", "near", "in", "outside", "by", "from", "to", "around") for w in words[1:i])
        if lex.is_place_name(rest.lower().replace(" ", "_")) or lex.is_place_name(words[i].lower()) or described:
            return rest
    return value


def _stated_time(st: Statement, sent: Any, doc: Any, time: datetime) -> datetime:
    """When a statement became true: a time phrase in its own sentence, else in a later sentence of the same
    message ("She's in Tartu! She flew out on Tuesday."), never an earlier one. A present state cannot
    start after the message that states it ("I live in Paramaribo now, no wifi till Monday")."""
    later = [s for s in doc.sents if s.start >= sent.start]
    for s in later:
        t = sx.when(s, time)
        if t != time and not (t > time and st.kind == "state" and st.tense == "present"):
            return t
    return time


_AGENT = ("er", "or", "ist", "ian", "ant", "ent", "eur")  # the endings of a doer's noun ("subtitler", "vlogger")


def _no_post(value: str) -> bool:
    """A job whose first word is a lower-case word no dictionary knows ("lol at the gym"): a misread, not a
    post (a name of a firm is capitalised: "Fenwick Optics")."""
    words = value.split()
    first = words[0] if words else ""
    # (a stop word is in no dictionary of nouns either, and a trade or a firm's name anywhere keeps it: "the
    # sawmill", "app dev at Quillsoft")
    # (only where it stands as the post before "at"/"for": a firm's lower-case name alone is a workplace, "copperline")
    return len(words) > 2 and words[1] in ("at", "for", "with", "in") and first.isalpha() and first.islower() and \
        first not in STOP_WORDS and lex.unknown_word(first) and not first.endswith(_AGENT) and not any(
            w[:1].isupper() or (w.lower() not in STOP_WORDS and (lex.is_occupation(w.lower()) or
                                                                 lex.clipped_occupation(w.lower()))) for w in words)


def _dedupe(sts: list[Statement]) -> list[Statement]:
    sts = merge_jobs(sts)
    for s in sts:  # a workplace named with a capitalised post and added again: "Shift Lead at X at X"
        if s.attribute == "job":
            s.value = re.sub(r"( at .+)\1$", r"\1", s.value)
    seen: set[tuple[str, str, str, bool, str]] = set()
    out = []
    for s in sts:
        key = (s.attribute, s.owner, s.value.lower(), s.polarity, s.tense)
        if s.attribute == "job" and re.match(r"\d+\s+[^\W\d]", s.value) and \
                lex.is_occupation(s.value.split()[1].lower()):
            s.value = s.value.split(None, 1)[1]  # "4 teacher at X" of "year 4 teacher at X": the post
        if s.attribute == "job" and _no_post(s.value):
            continue
        if key not in seen and s.value:
            seen.add(key)
            out.append(s)
    # "Hello from Leith! ... I live in Edinburgh now": where one message names two homes, a city WordNet knows
    # comes first (readers keep the first per tense), a district or street after it
    # ... and what was held before ("moving out of leeds", "my last day at the depot") before what holds now, so
    # the writer's history runs old value -> new value
    return sorted(out, key=lambda s: (s.tense != "past", s.attribute == "city" and
                                      not lex.is_place_name(s.value.lower().replace(" ", "_"))))


_OFFERED = re.compile(r"(?i)\b(?:what|how)\s+about\b|\bor\b|\binstead\b")
_SECOND_PERSON = re.compile(r"(?i)\b(?:you|your|u|ur|you're|youre)\b")


def _option_judged(st: Statement, speaker: str, before: Sequence[tuple[str, str]],
                   people: Callable[[str], list[str]]) -> bool:
    """A weak home of the speaker's at a place another member has just put to the chat as a question, not to the
    speaker ("what about X instead?" - "X is still pricey"): the place is an option judged, not where one is."""
    if not (st.weak and st.owner == speaker and st.attribute == "city"):
        return False
    place = sx.whole_word(st.value.lower())
    # (an option offered: "what about X?", "X or Y?", "X instead?"; not "any locals in X?")
    return any(who != speaker and place.search(q.lower()) is not None and _OFFERED.search(q) is not None and
               not _SECOND_PERSON.search(text) and speaker not in people(text)
               for text, who in before for q in [text[:text.rfind("?") + 1]])


def _echoed(st: Statement, speaker: str, before: Sequence[tuple[str, str]]) -> bool:
    """A weak job or home of the speaker read from a sentence with no verb and no "I" ("harbour pilot!!"), whose
    words another member's statement (no question) has just said: an echo of their news."""
    if not (st.weak and st.owner == speaker and st.attribute in ("job", "city") and st.sentence):
        return False
    doc = parsed(st.sentence)
    # (nor one saying the same of oneself: "nurse too!", "same, also a nurse")
    if any(t.pos_ in ("VERB", "AUX") or t.lower_ in ("i", "me", "my", "we", "our", "i'm", "too", "also", "same")
           for t in doc):
        return False
    words = [sx.whole_word(w) for w in re.findall(r"[^\W\d_]+", st.value.lower()) if w not in STOP_WORDS]
    return bool(words) and any(
        who != speaker and not text.rstrip().endswith("?") and all(w.search(low) for w in words)
        for text, who in before for low in [text.lower()])
