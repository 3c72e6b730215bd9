"""Messages -> typed statements about people's state (where they live, their work, their animals).

Grammar, not phrasing: a statement is found from the dependency parse (subject, verb lemma, its
prepositional objects), with word classes from WordNet (lexical.py) and entities from spaCy's NER. The
owner is the grammatical subject or possessor ("I", "we", a roster name, a pronoun for the person
last named, "who ... : Priya"); the source is the speaker. Negation, "used to", questions and hedges
("want to", "thinking of", "if") are read from the parse too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.models import parse_many, parsed

Attribute = Literal["city", "job", "pet"]
Kind = Literal["state", "event", "report"]
_FIRST = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"}
_THIRD = {"she", "he", "her", "him", "his", "hers", "they", "them", "their"}
_MODALS = {"might", "may", "could", "would", "should", "ll", "'ll", "will", "wo", "shall", "'d", "d", "must"}
_PLACE_ENTS = {"GPE", "LOC", "FAC"}
_ORG_ENTS = {"ORG", "FAC", "GPE", "PERSON", "NORP", "PRODUCT"}
_TEMPORARY_ENTS = {"TIME"}
_TEMPORARY_DATE = re.compile(r"(?i)\b(?:today|tonight|tomorrow|weekend|week|monday|tuesday|wednesday|thursday|"
                             r"friday|saturday|sunday|morning|evening|afternoon|night)\b")


@dataclass(frozen=True)
class Person:
    id: str
    names: tuple[str, ...]


@dataclass
class Statement:
    attribute: Attribute
    owner: str
    source: str
    value: str
    kind: Kind = "state"
    polarity: bool = True  # False: "no longer in Oslo", "I'm not a welder anymore"
    tense: Literal["present", "past"] = "present"  # past: "I used to live in Oslo"
    time: datetime | None = None  # when it became true (stated or implied), else the message time
    message_id: str | None = None
    sentence: str = ""
    weak: bool = False  # read from context rather than stated: may start a record, never replaces one
    about: list[str] = field(default_factory=list)

    @property
    def reported(self) -> bool:
        return self.owner != self.source


class StatementReader:
    """Reads statements for one roster. `read_many` parses a batch with spaCy's pipe (fast path)."""

    def __init__(self, roster: Sequence[Person]) -> None:
        self.roster = list(roster)
        self._names: dict[str, str] = {}
        for p in self.roster:
            for n in p.names:
                n = n.strip()
                if len(n) >= 2:
                    self._names.setdefault(n.lower(), p.id)
                    self._names.setdefault(n.split()[0].lower(), p.id)
        self._multi = sorted((n for n in self._names if " " in n), key=len, reverse=True)

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

    def _owner(self, tok: Any, speaker: str, last_other: str | None, sent: Any) -> str | None:
        low = tok.lower_
        if low in _FIRST:
            return speaker
        if low in _THIRD:  # the person last named before the pronoun, in this message or before it
            before = [p for p in self.people(tok.doc[:tok.i].text) if p != speaker]
            return before[-1] if before else last_other
        if low in ("who", "whoever"):  # "guess who just signed a lease in Tartu: Priya!"
            named = [p for p in self.people(sent.text) if p != speaker]
            return named[0] if len(named) == 1 else None
        pid = self.person_in(tok.text)
        if pid:
            return pid
        if tok.ent_type_ == "PERSON" or tok.pos_ == "PROPN":
            span = " ".join(t.text for t in tok.subtree if t.pos_ == "PROPN")
            return self.person_in(span)
        return None

    # -- entry points -------------------------------------------------------------------------------------
    def read(self, text: str, speaker: str, time: datetime | None = None, message_id: str | None = None,
             last_other: str | None = None) -> list[Statement]:
        return self.read_doc(parsed(text), speaker, time, message_id, last_other)

    def read_many(self, items: Iterable[tuple[str, str, datetime | None, str | None]],
                  context: int = 0) -> list[list[Statement]]:
        """(text, speaker, time, message_id) in chat order; a pronoun refers to the last person named. The first
        `context` items only set who was named last (their statements were read in an earlier window)."""
        items = list(items)
        out: list[list[Statement]] = [[] for _ in items[:context]]
        last_other: dict[str, str | None] = {}
        recent: str | None = None
        for text, speaker, *_ in items[:context]:
            named = [p for p in self.people(text) if p != speaker]
            if named:
                recent = last_other[speaker] = named[-1]
        docs = parse_many([t for t, *_ in items[context:]])
        for (text, speaker, time, mid), doc in zip(items[context:], docs, strict=True):
            out.append(self.read_doc(doc, speaker, time, mid, last_other.get(speaker) or recent))
            named = [p for p in self.people(text) if p != speaker]
            if named:
                recent = named[-1]
                last_other[speaker] = named[-1]
        return out

    def read_doc(self, doc: Any, speaker: str, time: datetime | None, message_id: str | None,
                 last_other: str | None) -> list[Statement]:
        out: list[Statement] = []
        other = last_other
        for sent in doc.sents:
            tokens: Any = sent
            if sent.text.rstrip().endswith("?"):
                # A question asks, it does not tell, except the clause under a verb of perception or
                # knowing, which it takes as true: "Did you hear Mina moved to Galway?"
                clause = next((c for c in sent.root.children if c.dep_ == "ccomp"), None)
                if clause is None or not lex.verb_in_lexfile(sent.root.lemma_.lower(), ("verb.perception",
                                                                                          "verb.cognition")):
                    continue
                tokens = list(clause.subtree)
            for st in self._sentence(tokens, speaker, other, sent):
                st.message_id, st.sentence = message_id, sent.text.strip()
                # the date may be in the next sentence: "She's in Tartu! She flew out on Tuesday."
                st.time = (_when(sent, time) if _when(sent, time) != time else _when(doc, time)) if time else None
                if st.owner != speaker:
                    st.kind = "report"
                out.append(st)
        if not any(st.attribute == "pet" for st in out):
            out += self._named_pet(doc, speaker, message_id, time)
        if not any(st.attribute == "city" for st in out):
            out += self._local_place(doc, speaker, message_id, time)
        return _dedupe(out)

    def _local_place(self, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
        """"Toronto is all orange leaves today", "31 degrees in Perth and hail tomorrow": the speaker talks about
        a place in the present, as where they are, with nobody else as subject and no travel: a weak city."""
        # anchored in the speaker's here-and-now: a first person in the message or a time like "today", "rn"
        here = any(t.lower_ in _FIRST and t.dep_ in ("nsubj", "poss") for t in doc) or any(
            t.lower_ in ("today", "tonight", "now", "rn", "currently", "morning") for t in doc)
        if not here:
            return []
        for sent in doc.sents:
            if sent.text.rstrip().endswith("?") or re.search(
                    r"(?i)\b(?:weekend|tomorrow|next|tonight|" + "|".join(timeexpr.WEEKDAYS) + r")\b", sent.text) \
                    or _purpose(sent):
                continue  # a trip ("in Rome this weekend", "in Tartu on business"), not where one lives
            verbs = [t for t in sent if t.pos_ in ("VERB", "AUX")]
            if any(t.tag_ in ("VBD", "MD") for t in verbs) and not any(t.tag_ in ("VBZ", "VBP") for t in verbs):
                continue  # a past trip or a plan, not where one is
            if any(lex.verb_in_senses(t.lemma_.lower(), ("travel.v.01", "visit.v.01", "fly.v.01", "go.v.01"),
                                      first=2, exact=True) for t in verbs if t.lemma_.lower() not in ("be",)):
                continue
            others = [t for t in sent if t.dep_ in ("nsubj", "nsubjpass", "poss") and
                      (t.lower_ in _THIRD or (self.person_in(t.text) not in (None, speaker)) or
                       lex.noun_is(t.lemma_.lower(), "kin"))]
            if others or any(lex.noun_is(t.lemma_.lower(), "kin") for t in sent if t.pos_ == "NOUN"):
                continue
            for t in sent:
                if not (t.ent_type_ == "GPE" or lex.is_place_name(t.lower_)) or not _is_place(t, self):
                    continue
                if t.dep_ in ("nsubj", "ROOT", "npadvmod", "appos") or (t.dep_ == "pobj" and t.head.lower_ == "in"):
                    v = t.text.title() if t.text.islower() else _phrase(t)
                    return [Statement("city", speaker, speaker, v, weak=True,
                                      message_id=message_id, time=time, sentence=sent.text)]
        return []

    def _named_pet(self, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
        """"Pickles knocked my mug over again, typical cat": an animal word next to a name that is nobody in the
        roster and no place, acting as a subject, in the speaker's own message: a weak pet of the speaker."""
        if doc.text.rstrip().endswith("?"):
            return []
        names = [t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.is_alpha and not self.person_in(t.text)
                 and t.ent_type_ not in ("GPE", "LOC", "ORG", "DATE", "TIME", "NORP")
                 and (t.pos_ == "PROPN" or not lex.known_word(t.lower_)) and not lex.is_place_name(t.lower_)]
        pronoun_pet = [t for t in doc if t.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lower_ in ("he", "she")
                                                                   for c in t.children)]
        for t in doc:
            if t.pos_ != "NOUN" or t.dep_ == "compound" or not lex.is_animal(t.lemma_.lower()) or \
                    _possessor(t) is not None:
                continue  # "charger cable": a modifier, not an animal (WordNet's first "charger" is a horse)
            attr_of_pronoun = t.dep_ == "attr" and t.head in pronoun_pet
            if names or attr_of_pronoun:
                return [Statement("pet", speaker, speaker, _animal_phrase(t).rstrip("s") if t.tag_ == "NNS"
                                  else _animal_phrase(t), message_id=message_id, time=time, weak=True,
                                  sentence=doc.text)]
        return []

    # -- one sentence -------------------------------------------------------------------------------------
    def _intro(self, sent: Any, speaker: str) -> list[Statement]:
        """"Fernanda, Lisbon." / "Ravi here, Bristol": the speaker's own name, then a bare place name."""
        parts = [p.strip() for p in re.split(r"[,;:\-–—]", sent.text.strip(" .!")) if p.strip()]
        at = next((i for i, p in enumerate(parts[:3]) if self.person_in(re.sub(r"(?i)\s+here$", "", p)) == speaker), None)
        if at is None or at + 1 >= len(parts):
            return []
        place = parts[at + 1]
        toks = [t for t in sent if t.text in place.split()]
        if toks and all(t.pos_ == "PROPN" for t in toks) and len(toks) <= 3 and not self.person_in(place):
            return [Statement("city", speaker, speaker, place)]
        return []

    def _sentence(self, tokens: Any, speaker: str, other: str | None, sent: Any) -> list[Statement]:
        out: list[Statement] = self._intro(sent, speaker)
        for tok in tokens:
            if tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "auxpass"):
                out += self._verb(tok, sent, speaker, other)
            elif tok.pos_ in ("NOUN", "PROPN") or (tok.dep_ == "amod" and tok.head.pos_ == "PROPN"):
                out += self._noun(tok, sent, speaker, other)
        return out

    def _subject(self, verb: Any, sent: Any, speaker: str, other: str | None) -> str | None:
        v = verb
        for _ in range(4):  # climb xcomp/conj chains: "used to live", "moved and now lives"
            subj = [c for c in v.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
            if subj:  # "Heads-up: Koffi has moved ...": the parser may give two; the person counts
                owners = [o for c in subj if (o := self._owner(c, speaker, other, sent))]
                if owners:
                    return owners[0]
                # "Still up in Tromsø, nothing new": the participle has no subject of its own
                own = any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
                return speaker if v is not verb and not own and verb.tag_ in ("VBN", "VBG") else None
            if v.dep_ in ("xcomp", "conj", "advcl", "ccomp") and v.head is not v:
                v = v.head
                continue
            break
        # No subject at all: a fragment by the speaker ("moved to Tartu last week", "still up in Tromsø")
        if v.dep_ == "ROOT" and v.tag_ in ("VBD", "VBN", "VBG", "VBZ", "VBP"):
            return speaker
        if verb.tag_ in ("VBN", "VBG") and not any(t.dep_ in ("nsubj", "nsubjpass") for t in sent):
            return speaker
        return None

    def _verb(self, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
        lemma = v.lemma_.lower()
        if _hedged(v):
            return []
        neg, past = _negated(v, sent), _used_to(v)
        out: list[Statement] = []
        if lemma == "be":
            return self._copula(v, sent, speaker, other, neg, past)
        owner = None
        if lex.verb_is(lemma, "reside"):
            place = _place_obj(v, self)
            if place and (owner := self._subject(v, sent, speaker, other)):
                out.append(Statement("city", owner, speaker, place, kind="event" if lemma != "live" else "state",
                                     polarity=not neg, tense="past" if past else "present"))
        # "I've left Leeds": where the owner lived before
        if lex.verb_is(lemma, "leave", senses=3) and not neg:
            gone = next((c for c in v.children if c.dep_ == "dobj" and _is_place(c, self)), None)
            if gone is not None and (owner := owner or self._subject(v, sent, speaker, other)):
                out.append(Statement("city", owner, speaker, _phrase(gone), kind="event", tense="past"))
        # "signed a lease in Tartu", "bought a flat in Galway": a dwelling object with a place
        for obj in (c for c in v.children if c.dep_ == "dobj"):
            if lex.noun_is(obj.lemma_.lower(), "dwelling") and not neg:
                place = _place_obj(obj, self) or _place_obj(v, self)
                if place and (owner := owner or self._subject(v, sent, speaker, other)):
                    out.append(Statement("city", owner, speaker, place, kind="event"))
        job = self._job_from_verb(v, lemma, sent, speaker, other)
        if job:
            job.polarity = job.polarity and not neg
            out.append(job)
        if lex.verb_is(lemma, "possess") and not neg:
            for obj in (c for c in v.children if c.dep_ in ("dobj", "attr")):
                if lex.is_animal(obj.lemma_.lower()) and _possessor(obj) is None and \
                        (owner := self._subject(v, sent, speaker, other)):
                    out.append(Statement("pet", owner, speaker, _animal_phrase(obj)))
        return out

    def _job_from_verb(self, v: Any, lemma: str, sent: Any, speaker: str, other: str | None) -> Statement | None:
        role_tok = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "as"
                         for p in c.children if p.dep_ == "pobj"), None)
        role = _phrase(role_tok, drop_det=True) if role_tok is not None else None
        org = _org_obj(v, self) or (_org_obj(role_tok, self) if role_tok is not None else None)
        employed = lex.verb_is(lemma, "employ") or lex.verb_is(lemma, "begin")
        # "landed a job at X", "got a new position with Y": the object names a job
        # only with a verb of getting / starting / holding: "reading Lessons in X" is not a job
        job_obj = next((c for c in v.children if c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job")), None) \
            if employed or lex.verb_is(lemma, "possess") else \
            next((c for c in v.children if c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job", senses=1)), None)
        if job_obj is not None:
            employed = True
            if role_tok is None:  # "a new job as a paramedic at City Ambulance"
                role_tok = next((p for c in job_obj.children if c.dep_ == "prep" and c.lower_ == "as"
                                 for p in c.children if p.dep_ == "pobj"), None)
                if role_tok is not None:
                    role = _phrase(role_tok, drop_det=True)
                    org = org or _org_obj(role_tok, self)
            org = org or _org_obj(job_obj, self)
        # "joined Acme", "hired by Acme"
        if not org and lemma in _verb_forms("join") and (d := next((c for c in v.children if c.dep_ == "dobj"), None)):
            if d.pos_ == "PROPN" and not self.person_in(d.text):
                org = _phrase(d)
        agent = lex.agent_noun(lemma) if org and v.tag_ in ("VBP", "VBZ") else None
        if not (role or (employed and org) or agent):
            return None
        owner = self._subject(v, sent, speaker, other)
        if owner is None:
            return None
        if agent and not role:
            obj = next((c for c in v.children if c.dep_ == "dobj"), None)
            role = f"{obj.text.lower()} {agent}" if obj is not None and obj.pos_ == "NOUN" else agent
        if role and not (lex.is_occupation(role.split()[-1].lower()) or org):
            return None
        value = f"{role} at {org}" if role and org else (role or org or "")
        return Statement("job", owner, speaker, value, kind="event" if lemma != "work" else "state") if value else None

    def _copula(self, v: Any, sent: Any, speaker: str, other: str | None, neg: bool, past: bool) -> list[Statement]:
        subj = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        attr = next((c for c in v.children if c.dep_ in ("attr", "acomp")), None)
        out: list[Statement] = []
        # "Home is Tartu" / "Tartu is home (now)" / "Tartu's been home for years"
        for a, b in ((subj, attr), (attr, subj)):
            if a is not None and b is not None and a.lemma_.lower() in ("home", "base") and _is_place(b, self):
                owner = _possessor_id(a, self, speaker, other, sent) or speaker
                out.append(Statement("city", owner, speaker, _phrase(b), polarity=not neg))
                return out
        home = next((c for c in v.children if c.lemma_.lower() in ("home", "base") and c.dep_ != "nsubj"), None)
        if home is not None and subj is None:  # the tagger missed the subject: "Tartu is still home"
            subj = next((c for c in v.children if c.i < v.i and c.text[:1].isupper() and c.is_alpha
                         and (lex.is_place_name(c.lower_) or not lex.known_word(c.lower_))), None)
        if home is not None and subj is not None and _is_place(subj, self):
            out.append(Statement("city", _possessor_id(home, self, speaker, other, sent) or speaker, speaker,
                                 _phrase(subj), polarity=not neg))
            return out
        if subj is None:
            if v.tag_ == "VBG" and attr is not None and attr.pos_ == "NOUN" and lex.is_occupation(attr.lemma_.lower()):
                out.append(Statement("job", speaker, speaker, _phrase(attr, drop_det=True)))  # "being a midwife"
            return out
        owner = self._owner(subj, speaker, other, sent)
        if owner is None:
            poss = _possessor(subj)  # "Nina's new place is in Tartu"
            if poss is not None and lex.noun_is(subj.lemma_.lower(), "dwelling"):
                owner = self._owner(poss, speaker, other, sent)
                place = _place_obj(v, self)
                if owner and place:
                    out.append(Statement("city", owner, speaker, place, polarity=not neg))
            return out
        # "I'm in Tartu (now)": a place after "in", unless the sentence is about a short stay
        place = _place_obj(v, self, preps=("in",))
        if place and not _temporary(sent):
            out.append(Statement("city", owner, speaker, place, polarity=not neg, tense="past" if past else "present"))
        # "I'm a glazier (at Pane & Co)", "she's now an editor at Maison Verte"
        if attr is not None and attr.pos_ == "NOUN":
            org = _org_obj(attr, self) or _org_obj(v, self)
            lemma = attr.lemma_.lower()
            # a noun WordNet does not know ("barista") is taken as a trade when an employer follows
            if lex.is_occupation(lemma) or (org and (lex.is_person_noun(lemma) or not lex.known_noun(lemma))
                                             and not lex.noun_is(lemma, "kin")):
                role = _phrase(attr, drop_det=True)
                value = f"{role} at {org}" if org else role
                out.append(Statement("job", owner, speaker, value, polarity=not neg,
                                     tense="past" if past else "present"))
        return out

    def _noun(self, n: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
        lemma = n.lemma_.lower()
        out: list[Statement] = []
        if lex.is_animal(lemma) and n.pos_ == "NOUN" and n.dep_ in ("appos", "attr") and \
                lex.noun_is(n.head.lemma_.lower(), "kin") and _possessor(n.head) is None:
            return [Statement("pet", speaker, speaker, _animal_phrase(n))]
        if n.dep_ in ("compound", "amod") and n.head.pos_ == "PROPN" and lex.is_animal(n.lower_) and \
                (p := _possessor(n.head)) is not None and (o := self._owner(p, speaker, other, sent)):
            return [Statement("pet", o, speaker, _animal_phrase(n))]  # "my parrot Kiwi"
        if lex.noun_is(lemma, "time", senses=2) and any(c.dep_ == "nummod" for c in n.children) and \
                not any(t.dep_ in ("nsubj", "nsubjpass") and t.head == n.head and t.lower_ not in _FIRST
                        for t in sent if t != n):
            # "Twelve years in Manchester", "Six years doing sound at the Old Vic": the speaker's state
            if place := _place_obj(n, self, preps=("in",)):
                return [Statement("city", speaker, speaker, place)]
            for c in n.children:
                if c.dep_ in ("acl", "relcl") and c.tag_ == "VBG" and (org := _org_obj(c, self)):
                    what = next((_phrase(o, drop_det=True) for o in c.children if o.dep_ == "dobj"), None)
                    return [Statement("job", speaker, speaker, f"{what} at {org}" if what else org)]
        poss = _possessor(n)
        if poss is None and n.dep_ in ("ROOT", "appos") and lex.is_occupation(lemma) and \
                not any(t.dep_ in ("nsubj", "nsubjpass") for t in sent) and (org := _org_obj(n, self)):
            # a verbless self-description: "Midwife at Northfield Clinic from next week."
            return [Statement("job", speaker, speaker, f"{_phrase(n, drop_det=True)} at {org}", kind="event")]
        if poss is None or n.dep_ == "compound":
            return out
        owner = self._owner(poss, speaker, other, sent)
        if owner is None:
            return out
        head_verb = n.head if n.head.pos_ in ("VERB", "AUX") else None
        if head_verb is not None and (_hedged(head_verb) or _negated(head_verb, sent)):
            return out
        # "my whippet", "our new kitten", "Biscuit, my whippet": an animal someone has
        if lex.is_animal(lemma) and n.pos_ == "NOUN":
            out.append(Statement("pet", owner, speaker, _animal_phrase(n)))
        # "back at my place in Galway", "Nina's new flat in Tartu"
        elif lex.noun_is(lemma, "dwelling") and (place := _place_obj(n, self, preps=("in",))):
            out.append(Statement("city", owner, speaker, place))
        # "my new job at Acme", "her new role with Northwind", "My job: actuary at Brightwave"
        elif lex.noun_is(lemma, "job"):
            role = next((c for c in n.children if c.dep_ in ("appos", "attr") and c.pos_ == "NOUN"), None)
            org = _org_obj(n, self) or (_org_obj(role, self) if role is not None else None)
            if role is not None and (lex.is_occupation(role.lemma_.lower()) or org):
                r = _phrase(role, drop_det=True)
                out.append(Statement("job", owner, speaker, f"{r} at {org}" if org else r))
            elif org:
                out.append(Statement("job", owner, speaker, org))
        return out


# -- parse helpers ------------------------------------------------------------------------------------------
_VERB_FORMS: dict[str, set[str]] = {}


def _verb_forms(lemma: str) -> set[str]:
    return _VERB_FORMS.setdefault(lemma, {lemma})


def _possessor(n: Any) -> Any | None:
    return next((c for c in n.children if c.dep_ == "poss"), None) or (
        next((c for c in n.head.children if c.dep_ == "poss"), None) if n.dep_ == "appos" else None)


def _possessor_id(n: Any, reader: StatementReader, speaker: str, other: str | None, sent: Any) -> str | None:
    p = _possessor(n)
    return reader._owner(p, speaker, other, sent) if p is not None else None


def _negated(v: Any, sent: Any) -> bool:
    if any(c.dep_ == "neg" for c in v.children):
        return True
    words = {t.lower_ for t in v.subtree} | {t.lower_ for t in v.children}
    return bool(words & {"anymore", "longer"} and any(t.lower_ in ("no", "not", "n't") for t in sent))


def _used_to(v: Any) -> bool:
    return v.head is not v and v.head.lemma_ == "use" and any(c.lower_ == "to" for c in v.children)


def _hedged(v: Any) -> bool:
    """The clause is wanted, planned, supposed or conditional: "want to move", "thinking of getting a cat",
    "if I moved", "might move", "should get a dog"."""
    if any(c.dep_ == "aux" and c.lower_ in _MODALS for c in v.children):
        return True
    if any(c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether") for c in v.children):
        return True
    h = v
    own_subject = any(c.dep_ in ("nsubj", "nsubjpass") for c in v.children)
    for _ in range(3):
        if h.dep_ in ("xcomp", "ccomp", "pcomp", "advcl") and h.head is not h:
            h = h.head
            if not own_subject and h.pos_ in ("VERB", "AUX") and any(c.dep_ == "aux" and c.lower_ in _MODALS
                                                                    for c in h.children):
                return True  # "I'd love to work at X someday"
            if h.pos_ == "VERB" and lex.verb_is(h.lemma_.lower(), "intend", senses=2) and h.lemma_ != "use":
                return True
            if h.pos_ == "ADP":  # "thinking of getting a cat", "talking about moving"
                if h.lower_ in ("of", "about") and h.head.pos_ == "VERB" and h.head.lemma_ != "use":
                    return True
                h = h.head
        else:
            break
    return False


def _is_place(tok: Any, reader: StatementReader) -> bool:
    if reader.person_in(tok.text) or not tok.is_alpha:
        return False
    if tok.text[:1].isupper() and tok.is_alpha and tok.pos_ not in ("PROPN",) and \
            (lex.is_place_name(tok.lower_) or not lex.known_word(tok.lower_)):
        return True  # a capitalised name the tagger took for another part of speech
    if tok.ent_type_ in _PLACE_ENTS:
        return True
    if tok.pos_ in ("NOUN", "PROPN", "ADJ", "VERB") and tok.text.islower() and lex.is_place_name(tok.lower_):
        return True  # lower-case chat: "moved to amsterdam"
    if tok.pos_ != "PROPN" or tok.ent_type_ in ("DATE", "TIME", "MONEY", "CARDINAL", "ORDINAL"):
        return False
    # a proper noun made of ordinary words ("Quality Street") needs the NER's word that it is a place
    words = [t for t in tok.subtree if t.pos_ == "PROPN" and t.is_alpha] or [tok]
    return not all(lex.known_word(t.lower_) for t in words) or any(lex.is_place_name(t.lower_) for t in words) \
        or lex.is_place_name("_".join(t.lower_ for t in words))


def _place_obj(head: Any, reader: StatementReader, preps: tuple[str, ...] = ("in", "to", "into", "near")) -> str | None:
    for c in head.children:
        if c.dep_ == "prep" and c.lower_ in preps:
            for p in c.children:
                if p.dep_ == "pobj" and _is_place(p, reader):
                    v = _phrase(p)
                    return v.title() if v.islower() else v  # lower-case chat: "amsterdam" -> "Amsterdam"
        if c.dep_ in ("npadvmod", "dobj", "attr") and c.pos_ == "PROPN" and c.ent_type_ in _PLACE_ENTS \
                and _is_place(c, reader):
            return _phrase(c)
    return None


def _org_obj(head: Any, reader: StatementReader) -> str | None:
    for c in head.children:
        if c.dep_ in ("prep", "agent") and c.lower_ in ("at", "for", "with", "by", "in"):
            for p in c.children:
                if p.dep_ != "pobj" or reader.person_in(p.text) or p.ent_type_ in ("DATE", "TIME") or \
                        timeexpr.is_time_word(p.text):
                    continue
                if c.lower_ == "in" and p.ent_type_ != "ORG":
                    continue  # "a welder in Leeds": a place, not an employer
                if p.pos_ == "PROPN" or p.ent_type_ in _ORG_ENTS or any(d.dep_ == "det" for d in p.children) \
                        or (p.text[:1].isupper() and p.i > p.sent.start):
                    return _phrase(p)
    return None


def _phrase(tok: Any, drop_det: bool = False) -> str:
    """The noun phrase a token heads: its compounds, modifiers and flat names, without trailing clauses."""
    keep = {"compound", "amod", "nmod", "flat", "det", "poss", "nummod", "case", "punct"}
    left = [t for t in tok.lefts if t.dep_ in keep]
    start = min([t.left_edge.i for t in left] + [tok.i])
    words = [t for t in tok.doc[start:tok.i + 1]]
    # Proper-name continuations ("St. Mary 's Hospital", "Maison Verte")
    end = tok.i
    for t in tok.rights:
        if t.dep_ in ("compound", "flat", "appos") and t.pos_ == "PROPN" and t.i == end + 1:
            end = t.i
    for t in tok.rights:  # "Marsh & Pike"
        if t.dep_ == "cc" and t.text == "&" and t.i == end + 1:
            conj = next((c for c in tok.rights if c.dep_ == "conj" and c.i > t.i), None)
            if conj is not None:
                end = conj.i
    if tok.pos_ == "PROPN":  # a name the parser split: "Bean There", "Stratford upon Avon"
        doc = tok.doc
        while True:
            nxt = doc[end + 1] if end + 1 < len(doc) else None
            if nxt is not None and nxt.text[:1].isupper() and nxt.is_alpha and nxt.pos_ in ("PROPN", "ADV", "ADJ", "NOUN"):
                end += 1
            elif nxt is not None and nxt.is_lower and len(nxt) <= 4 and nxt.pos_ in ("ADP", "SCONJ", "DET") and \
                    end + 2 < len(doc) and doc[end + 2].pos_ == "PROPN" and doc[end + 2].text[:1].isupper() and \
                    doc[end + 2].ent_type_ not in ("DATE", "TIME") and not timeexpr.is_time_word(doc[end + 2].text):
                end += 2
            else:
                break
    words += list(tok.doc[tok.i + 1:end + 1])
    while words and (words[0].dep_ == "punct" or (drop_det and words[0].dep_ == "det")
                     or words[0].text in ("my", "our", "his", "her", "their", "your", "new", "now", "My", "Our")):
        words = words[1:]
    text = "".join(t.text_with_ws for t in words).strip(" ,.;:!-")
    return re.sub(r"\s+", " ", text)


def _animal_phrase(n: Any) -> str:
    mods = [t.text for t in n.lefts if t.dep_ == "compound"]
    return " ".join([*mods, n.text]).lower() if n.text[:1].islower() or mods else n.text


def _temporary(sent: Any) -> bool:
    """A short stay, not a home: "in Rome this weekend", "in Tartu on business", "visiting", a clock time."""
    if _TEMPORARY_DATE.search(sent.text) or re.search(r"(?i)\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b", sent.text):
        return True
    return any(t.lower_ == "for" and t.dep_ == "prep" and any(c.lemma_ in ("work", "business", "holiday", "vacation",
                                                                           "conference", "trip") for c in t.children)
               for t in sent)


def _purpose(sent: Any) -> bool:
    """"in Tartu on business", "on holiday in Crete": a stay with a purpose, not a home."""
    return any(t.lower_ in ("for", "on") and t.dep_ == "prep" and any(
        c.lemma_ in ("work", "business", "holiday", "vacation", "conference", "trip", "visit", "wedding")
        for c in t.children) for t in sent) or any(t.lemma_ in ("visit", "holiday", "trip") for t in sent)


def _when(sent: Any, time: datetime) -> datetime:
    return timeexpr.point(sent.text, time) or time


def _merge_jobs(sts: list[Statement]) -> list[Statement]:
    """"Tomas got a job at Kestrel Labs, he's now a chemist there": one job, role at employer."""
    out: list[Statement] = []
    for s in sts:
        prev = next((o for o in out if o.attribute == "job" == s.attribute and o.owner == s.owner
                     and o.polarity == s.polarity and " at " not in o.value and " at " not in s.value), None)
        if prev is None:
            out.append(s)
            continue
        role_first = lex.is_occupation(prev.value.split()[-1].lower())
        role_now = lex.is_occupation(s.value.split()[-1].lower())
        if role_first != role_now:
            prev.value = f"{prev.value} at {s.value}" if role_first else f"{s.value} at {prev.value}"
        else:
            out.append(s)
    return out


def _dedupe(sts: list[Statement]) -> list[Statement]:
    sts = _merge_jobs(sts)
    seen: set[tuple[str, str, str, bool]] = set()
    out = []
    for s in sts:
        key = (s.attribute, s.owner, s.value.lower(), s.polarity)
        if key not in seen and s.value:
            seen.add(key)
            out.append(s)
    return out


def evaluative(text: str) -> bool:
    """Whether a message judges someone: an adjective or noun predicated of a person-like subject ("she is
    so dramatic", "Vesna is a legend", "too bossy"), or an intensified adjective in a fragment. Read from
    the parse, not from a list of evaluative words."""
    doc = parsed(text)
    for t in doc:
        if t.lemma_ == "be" and t.dep_ == "ROOT":  # "she is soooo dramatic": any adjective in the predicate
            subj = next((c for c in t.children if c.dep_ == "nsubj"), None)
            if subj is not None and (subj.pos_ == "PROPN" or subj.lower_ in _THIRD | {"you"}) and any(
                    x.pos_ == "ADJ" and x not in set(subj.subtree) for x in t.subtree):
                return True
        if t.dep_ in ("acomp", "attr") and t.pos_ in ("ADJ", "NOUN") and t.head.lemma_ == "be":
            subj = next((c for c in t.head.children if c.dep_ == "nsubj"), None)
            if subj is not None and (subj.pos_ == "PROPN" or subj.lower_ in _THIRD | {"you"}):
                return True
        if t.pos_ == "ADJ" and any(c.dep_ == "advmod" and c.pos_ == "ADV" for c in t.children) and \
                t.dep_ in ("ROOT", "amod", "acomp", "conj"):
            return True  # "saint yes but also too bossy", "so punctual"
        if t.tag_ in ("JJS", "RBS") and t.head.pos_ in ("NOUN", "PROPN"):
            return True  # "the most generous bloke in the building"
    return False
