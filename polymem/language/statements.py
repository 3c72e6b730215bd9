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
from polymem.language import pets, timeexpr
from polymem.language import syntax as sx
from polymem.language.demonyms import demonym_place, resident_of
from polymem.language.models import parse_many, parsed
from polymem.language.replies import asked_attribute, fragment_value

Attribute = Literal["city", "job", "pet"]
Kind = Literal["state", "event", "report"]
# a person named only as a person ("a Tamworth girl", "a Derby lad"), unlike "a Derby fan"
_PLAIN_PEOPLE = ("girl.n.01", "boy.n.01", "woman.n.01", "man.n.01", "person.n.01", "guy.n.01", "lady.n.01",
                 "male_child.n.01", "female_child.n.01", "local.n.01")
OPEN_QUESTION = 8  # messages after a question to the chat that may still answer it
_FIRST = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"}


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
    polarity: bool = True  # False: "no longer in Arequipa", "I'm not a welder anymore"
    tense: Literal["present", "past"] = "present"  # past: "I used to live in Arequipa"
    time: datetime | None = None  # when it became true (stated or implied), else the message time
    message_id: str | None = None
    sentence: str = ""
    weak: bool = False  # read from context rather than stated: may start a record, never replaces one
    about: list[str] = field(default_factory=list)
    name: str = ""  # what the owner calls it, for a pet ("Noodle")

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
        if low in sx.THIRD_PERSON:  # the person last named before the pronoun, in this message or before it
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
             last_other: str | None = None, asked: str | None = None) -> list[Statement]:
        """`asked`: the attribute the question this message answers asks about (`replies.asked_attribute`)."""
        return self.read_doc(parsed(text), speaker, time, message_id, last_other, asked)

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
        question: tuple[str, str, int, set[str]] | None = None  # (attribute, asker, index, who answered)
        for i, ((text, speaker, time, mid), doc) in enumerate(zip(items[context:], docs, strict=True)):
            asked = None
            if question and question[1] != speaker and i - question[2] <= OPEN_QUESTION and \
                    speaker not in question[3]:
                asked = question[0]
                question[3].add(speaker)
            if (attr := asked_attribute(text)) is not None:
                question = (attr, speaker, i, set())
            out.append(self.read_doc(doc, speaker, time, mid, last_other.get(speaker) or recent, asked))
            named = [p for p in self.people(text) if p != speaker]
            if named:
                recent = named[-1]
                last_other[speaker] = named[-1]
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
                clause = next((c for c in sent.root.children if c.dep_ == "ccomp"), None)
                if clause is None or not lex.verb_in_lexfile(sent.root.lemma_.lower(), ("verb.perception",
                                                                                          "verb.cognition")):
                    continue
                tokens = list(clause.subtree)
            for st in self._sentence(tokens, speaker, other, sent):
                st.message_id, st.sentence = message_id, sent.text.strip()
                st.time = _stated_time(st, sent, doc, time) if time else None
                if st.owner != speaker:
                    st.kind = "report"
                out.append(st)
        for sent in doc.sents:  # "<Name> is my tortoise", "<Name> (Ana's gecko) ...": a named pet and its owner
            for owner, species, name in pets.named_animals(
                    sent, lambda w: self.person_in(w) is not None, lambda p, s=sent: self._owner(p, speaker, other, s)):
                out = [st for st in out if not (st.attribute == "pet" and st.owner == owner)]
                out.append(Statement("pet", owner, speaker, species, kind="report" if owner != speaker else "state",
                                     time=time, message_id=message_id, sentence=sent.text.strip(), name=name))
        # a demonym names the city itself ("a Glaswegian now ... his flat in Partick"): it comes first
        out = self._demonym(doc, speaker, other, message_id, time) + out
        if not any(st.attribute == "pet" for st in out):
            out += self._named_pet(doc, speaker, message_id, time)
        if not any(st.attribute == "city" for st in out):
            out += self._local_place(doc, speaker, message_id, time)
        if not any(st.attribute == "job" for st in out):
            out += self._self_role(doc, speaker, message_id, time)
        if asked and not any(st.attribute == asked and st.owner == speaker and not st.weak for st in out) and \
                (value := fragment_value(doc, asked, self)):  # "Leeds, as ever." after "where's everyone living?"
            out = [st for st in out if not (st.attribute == asked and st.owner == speaker)]
            out.append(Statement(asked, speaker, speaker, value, message_id=message_id, time=time,  # type: ignore[arg-type]
                                 sentence=next(iter(doc.sents)).text.strip()))
        return _dedupe(out)

    def _self_role(self, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
        """A job the speaker names without a clause: "Night shift manager at the depot, out by 6am." (a verbless
        fragment headed by an occupation and placed at a workplace), or an offered post ("I've been offered
        operations manager at a distillery"). Read as weak: context, not a statement."""
        for sent in doc.sents:
            if sent.text.rstrip().endswith("?"):
                continue
            subjects = [t for t in sent if t.dep_ in ("nsubj", "nsubjpass")]
            for t in sent:
                if t.pos_ != "NOUN" or not lex.is_occupation(t.lemma_.lower()) or sx.possessor(t) is not None:
                    continue
                if any(c.dep_ == "det" and c.lower_ not in ("a", "an") for c in t.children):
                    continue  # "the manager": somebody else
                fragment = t.dep_ in ("ROOT", "appos") and not subjects and any(
                    c.dep_ == "prep" and c.lower_ in ("at", "for", "with", "in") and any(
                        p.dep_ == "pobj" and p.ent_type_ not in ("DATE", "TIME") and not p.like_num and
                        not lex.noun_is(p.lemma_.lower(), "time", senses=2) for p in c.children)
                    for c in t.children)
                head = t.head
                offered = t.dep_ in ("dobj", "oprd", "attr") and head.pos_ == "VERB" and \
                    lex.verb_in_senses(head.lemma_.lower(), ("offer.v.01", "offer.v.02"), first=2) and any(
                        c.dep_ in ("nsubjpass", "dative") and c.lower_ in _FIRST for c in head.children) \
                    and not sx.negated(head, sent)
                if fragment or offered:
                    role = sx.phrase(t, drop_det=True)
                    org = sx.org_obj(t, self)
                    return [Statement("job", speaker, speaker, f"{role} at {org}" if org else role, kind="event",
                                      weak=True, message_id=message_id, time=time, sentence=sent.text)]
        return []

    def _local_place(self, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
        """"Arequipa is all orange leaves today", "31 degrees in Perth and hail tomorrow", "a new bathroom here in
        Arequipa": the speaker talks about a place in the present, as where they are, with nobody else as subject
        and no travel: a weak city. Judged per clause, so "looking at flats in X I can't afford" next to
        "here in Y" does not count; a place marked "here" wins."""
        here = any(t.lower_ in _FIRST and t.dep_ in ("nsubj", "poss") for t in doc) or any(
            t.lower_ in ("today", "tonight", "now", "rn", "currently", "morning", "here") for t in doc) or any(
            t.lower_ == "this" and t.dep_ == "det" and lex.noun_is(t.head.lemma_.lower(), "settlement", senses=1)
            for t in doc)  # "very on brand for this town"
        if not here:
            return []
        found: list[tuple[bool, Any, Any]] = []
        for sent in doc.sents:
            if sent.text.rstrip().endswith("?"):
                continue
            for t in sent:
                if not (t.ent_type_ == "GPE" or lex.is_place_name(t.lower_)) or not sx.is_place(t, self):
                    continue
                if not (t.dep_ in ("nsubj", "ROOT", "npadvmod", "appos") or (t.dep_ == "pobj" and t.head.lower_ == "in")):
                    continue
                clause = sx.clause_of(t)
                if self._away(clause, speaker):
                    continue
                marked = any(x.lower_ == "here" for x in (t.head, t.head.head)) or any(
                    c.lower_ == "here" for c in t.head.head.children)
                found.append((marked, t, sent))
        if not found:
            return []
        _, t, sent = max(found, key=lambda f: f[0])
        v = t.text.title() if t.text.islower() else sx.phrase(t)
        return [Statement("city", speaker, speaker, v, weak=True, message_id=message_id, time=time,
                          sentence=sent.text)]

    def _away(self, clause: list[Any], speaker: str) -> bool:
        """A clause about a trip, a plan, the past, a wish or somebody else: not where the speaker is."""
        text = " ".join(t.text for t in clause)
        now = any(t.lower_ in ("today", "now", "rn", "currently", "here") for t in clause)
        if (not now and re.search(r"(?i)\b(?:weekend|tomorrow|next|tonight|" + "|".join(timeexpr.WEEKDAYS) + r")\b",
                                  text)) or sx.purpose(clause):
            return True  # a trip ("in Rome this weekend", "in Tartu on business"), not where one lives
        verbs = [t for t in clause if t.pos_ in ("VERB", "AUX")]
        if any(t.tag_ in ("VBD", "MD") for t in verbs) and not any(t.tag_ in ("VBZ", "VBP") for t in verbs):
            return True  # a past trip or a plan
        if any(sx.hedged(t) for t in verbs) or any(t.lemma_.lower() in ("look", "search", "browse", "dream", "want",
                                                                        "wish", "miss") for t in verbs):
            return True  # "looking at flats in X", "I miss X": elsewhere
        if any(lex.verb_in_senses(t.lemma_.lower(), ("travel.v.01", "visit.v.01", "fly.v.01", "go.v.01"),
                                  first=2, exact=True) for t in verbs if t.lemma_.lower() != "be"):
            return True
        others = [t for t in clause if t.dep_ in ("nsubj", "nsubjpass", "poss") and
                  (t.lower_ in sx.THIRD_PERSON or (self.person_in(t.text) not in (None, speaker)) or
                   (t.pos_ == "NOUN" and lex.is_person_noun(t.lemma_.lower())))]
        return bool(others) or any(lex.noun_is(t.lemma_.lower(), "kin") for t in clause if t.pos_ == "NOUN")

    def _demonym(self, doc: Any, speaker: str, other: str | None, message_id: str | None,
                 time: datetime | None) -> list[Statement]:
        """"<Name> is officially a Glaswegian now": a copula whose complement WordNet glosses as the people of
        a place (`language/demonyms.py`)."""
        for t in doc:
            if t.dep_ != "attr" or t.head.lemma_ not in ("be", "become") or t.pos_ not in ("NOUN", "PROPN") or \
                    t.sent.text.rstrip().endswith("?") or sx.negated(t.head, t.sent):
                continue
            place = demonym_place(t.lemma_.lower()) or resident_of(t, self)
            owner = self._subject(t.head, t.sent, speaker, other) if place else None
            if place and owner:
                past = t.head.tag_ == "VBD" or sx.used_to(t.head)
                return [Statement("city", owner, speaker, place, kind="report" if owner != speaker else "state",
                                  tense="past" if past else "present", time=time, message_id=message_id,
                                  sentence=t.sent.text.strip())]
        for t in doc:  # "Teo's a Cardiff resident now": "'s" before "a" is "is", though parsed as a possessive
            p = next((c for c in t.children if c.dep_ == "poss" and c.i + 2 < len(doc) and
                      doc[c.i + 1].lower_ in ("'s", "’s") and doc[c.i + 2].lower_ in ("a", "an")), None)
            if p is None or t.pos_ != "NOUN" or t.sent.text.rstrip().endswith("?"):
                continue
            place = demonym_place(t.lemma_.lower()) or resident_of(t, self)
            owner = self.person_in(p.text) if place else None
            if place and owner:
                past = False
                return [Statement("city", owner, speaker, place, kind="report" if owner != speaker else "state",
                                  tense="past" if past else "present", time=time, message_id=message_id,
                                  sentence=t.sent.text.strip())]
        return []

    def _named_pet(self, doc: Any, speaker: str, message_id: str | None, time: datetime | None) -> list[Statement]:
        """"Mochi knocked my mug over again, typical cat": an animal word next to a name that is nobody in the
        roster and no place, acting as a subject, in the speaker's own message: a weak pet of the speaker."""
        if doc.text.rstrip().endswith("?"):
            return []
        names = [t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.is_alpha and not self.person_in(t.text)
                 and ((t.pos_ != "PRON" and (t.text[:1].isupper() or not lex.known_word(t.lower_))
                       and not lex.is_person_noun(t.lower_))
                      or (t.lower_ in ("he", "she") and not self.people(doc.text)))
                 and t.ent_type_ not in ("GPE", "LOC", "ORG", "DATE", "TIME", "NORP")
                 and (t.pos_ == "PROPN" or not lex.known_word(t.lower_)) and not lex.is_place_name(t.lower_)]
        pronoun_pet = [t for t in doc if t.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lower_ in ("he", "she")
                                                                   for c in t.children)]
        for t in doc:
            # the animal is what the sentence is about ("typical cat", "whippets are ...", "he's a gecko"), not
            # a thing someone else has or was seen ("my neighbour got a ferret", "watched the penguins")
            tail = t.left_edge.i > 0 and doc[t.left_edge.i - 1].text in (",", "-", "–", "—")  # "..., typical cat"
            if t.pos_ != "NOUN" or (t.dep_ not in ("nsubj", "nsubjpass", "attr", "appos", "ROOT", "npadvmod")
                                    and not tail) or \
                    not lex.is_animal(t.lemma_.lower()) or \
                    sx.possessor(t) is not None or any(
                        c.dep_ == "compound" and lex._synsets(c.lower_, "n")[:1] and
                        lex._synsets(c.lower_, "n")[0].lexname() == "noun.artifact" for c in t.children):
                # "charger cable", "laptop charger": a device, not an animal (WordNet's first "charger" is a horse)
                continue
            attr_of_pronoun = t.dep_ == "attr" and t.head in pronoun_pet
            if names or attr_of_pronoun:
                return [Statement("pet", speaker, speaker, sx.animal_phrase(t).rstrip("s") if t.tag_ == "NNS"
                                  else sx.animal_phrase(t), message_id=message_id, time=time, weak=True,
                                  sentence=doc.text)]
        return []

    # -- one sentence -------------------------------------------------------------------------------------
    def _intro(self, sent: Any, speaker: str) -> list[Statement]:
        """"Fernanda, Lisbon." / "Ravi here, Aarhus": the speaker's own name, then a bare place name."""
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
        if sx.hedged(v):
            return []
        neg, past = sx.negated(v, sent), sx.used_to(v)
        out: list[Statement] = []
        if lemma == "be":
            return self._copula(v, sent, speaker, other, neg, past)
        owner = None
        if lex.verb_is(lemma, "reside"):
            place = sx.place_obj(v, self)
            if place and (owner := self._subject(v, sent, speaker, other)):
                out.append(Statement("city", owner, speaker, place, kind="event" if lemma != "live" else "state",
                                     polarity=not neg, tense="past" if past else "present"))
        # "I've left Derby": where the owner lived before
        if lex.verb_is(lemma, "leave", senses=3) and not neg:
            gone = next((c for c in v.children if c.dep_ == "dobj" and sx.is_place(c, self)), None)
            if gone is not None and (owner := owner or self._subject(v, sent, speaker, other)):
                out.append(Statement("city", owner, speaker, sx.phrase(gone), kind="event", tense="past"))
        # "signed a lease in Tartu", "bought a flat in Tromsø": a dwelling object with a place
        for obj in (c for c in v.children if c.dep_ == "dobj"):
            if lex.noun_is(obj.lemma_.lower(), "dwelling") and not neg:
                place = sx.place_obj(obj, self) or sx.place_obj(v, self)
                if place and (owner := owner or self._subject(v, sent, speaker, other)):
                    out.append(Statement("city", owner, speaker, place, kind="event"))
        out += self._from_to(v, sent, speaker, other)
        job = self._job_from_verb(v, lemma, sent, speaker, other)
        if job:
            job.polarity = job.polarity and not neg
            out.append(job)
        if lex.verb_is(lemma, "possess") and not neg:
            for obj in (c for c in v.children if c.dep_ in ("dobj", "attr")):
                if lex.is_animal(obj.lemma_.lower()) and sx.possessor(obj) is None and \
                        (owner := self._subject(v, sent, speaker, other)):
                    out.append(Statement("pet", owner, speaker, sx.animal_phrase(obj)))
        return out

    def _from_to(self, v: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
        """"I've gone from quantity surveyor to commercial manager": a change of job, the old one before it."""
        frm = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "from" for p in c.children
                    if p.dep_ == "pobj" and p.pos_ == "NOUN" and lex.is_occupation(p.lemma_.lower())), None)
        to = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for p in c.children
                   if p.dep_ == "pobj" and p.pos_ == "NOUN" and lex.is_occupation(p.lemma_.lower())), None)
        if frm is None or to is None or sx.negated(v, sent):
            return []
        owner = self._subject(v, sent, speaker, other)
        if owner is None:
            return []
        return [Statement("job", owner, speaker, sx.phrase(frm, drop_det=True), kind="event", tense="past"),
                Statement("job", owner, speaker, sx.phrase(to, drop_det=True), kind="event")]

    def _job_from_verb(self, v: Any, lemma: str, sent: Any, speaker: str, other: str | None) -> Statement | None:
        role_tok = next((p for c in v.children if c.dep_ == "prep" and c.lower_ == "as"
                         for p in c.children if p.dep_ == "pobj"), None)
        role = sx.phrase(role_tok, drop_det=True) if role_tok is not None else None
        org = sx.org_obj(v, self) or (sx.org_obj(role_tok, self) if role_tok is not None else None)
        employed = lex.verb_is(lemma, "employ") or lex.verb_is(lemma, "begin")
        # "landed a job at X", "got a new position with Y": the object names a job
        # only with a verb of getting / starting / holding: "reading Tales of X" is not a job
        job_obj = next((c for c in v.children if c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job")), None) \
            if employed or lex.verb_is(lemma, "possess") else \
            next((c for c in v.children if c.dep_ == "dobj" and lex.noun_is(c.lemma_.lower(), "job", senses=1)), None)
        if job_obj is not None:
            employed = True
            if role_tok is None:  # "a new job as a paramedic at City Ambulance"
                role_tok = next((p for c in job_obj.children if c.dep_ == "prep" and c.lower_ == "as"
                                 for p in c.children if p.dep_ == "pobj"), None)
                if role_tok is not None:
                    role = sx.phrase(role_tok, drop_det=True)
                    org = org or sx.org_obj(role_tok, self)
            org = org or sx.org_obj(job_obj, self)
        # "joined Acme", "hired by Acme"
        if not org and lemma == "join" and (d := next((c for c in v.children if c.dep_ == "dobj"), None)):
            if d.pos_ == "PROPN" and not self.person_in(d.text):
                org = sx.phrase(d)
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
            if a is not None and b is not None and a.lemma_.lower() in ("home", "base") and sx.is_place(b, self):
                owner = _possessor_id(a, self, speaker, other, sent) or speaker
                out.append(Statement("city", owner, speaker, sx.phrase(b), polarity=not neg))
                return out
        # "cookery lecturer is officially my job title now" / "my job is cookery lecturer": a trade said to be
        # someone's job, either way round
        for a, b in ((subj, attr), (attr, subj)):
            if a is None or b is None or b.pos_ != "NOUN" or not any(
                    lex.noun_is(w.lemma_.lower(), "job") for w in [a, *(c for c in a.children if c.dep_ == "compound")]):
                continue
            poss = sx.possessor(a)
            owner = _possessor_id(a, self, speaker, other, sent) if poss is not None else None
            if owner and (lex.is_occupation(b.lemma_.lower()) or not lex.known_noun(b.lemma_.lower())):
                out.append(Statement("job", owner, speaker, sx.phrase(b, drop_det=True), polarity=not neg,
                                     tense="past" if past else "present"))
                return out
        home = next((c for c in v.children if c.lemma_.lower() in ("home", "base") and c.dep_ != "nsubj"), None)
        if home is not None and subj is None:  # the tagger missed the subject: "Tartu is still home"
            subj = next((c for c in v.children if c.i < v.i and c.text[:1].isupper() and c.is_alpha
                         and (lex.is_place_name(c.lower_) or not lex.known_word(c.lower_))), None)
        if home is not None and subj is not None and sx.is_place(subj, self):
            out.append(Statement("city", _possessor_id(home, self, speaker, other, sent) or speaker, speaker,
                                 sx.phrase(subj), polarity=not neg))
            return out
        if subj is None:
            if v.tag_ == "VBG" and attr is not None and attr.pos_ == "NOUN" and lex.is_occupation(attr.lemma_.lower()):
                out.append(Statement("job", speaker, speaker, sx.phrase(attr, drop_det=True)))  # "being a midwife"
            return out
        owner = self._owner(subj, speaker, other, sent)
        if owner is None:
            poss = sx.possessor(subj)  # "Nina's new place is in Tartu"
            if poss is not None and lex.noun_is(subj.lemma_.lower(), "dwelling"):
                owner = self._owner(poss, speaker, other, sent)
                place = sx.place_obj(v, self)
                if owner and place:
                    out.append(Statement("city", owner, speaker, place, polarity=not neg))
            return out
        # "I'm in Tartu (now)": a place after "in", unless the sentence is about a short stay
        place = sx.place_obj(v, self, preps=("in",))
        if place and not sx.temporary(sent):
            out.append(Statement("city", owner, speaker, place, polarity=not neg, tense="past" if past else "present"))
        # "I'm a Tamworth girl now", "we're Cumbria residents now": a person named by the place they live
        if attr is not None and attr.pos_ == "NOUN" and (
                lex.noun_in_senses(attr.lemma_.lower(), ("inhabitant.n.01",), first=2) or
                lex.noun_in_senses(attr.lemma_.lower(), _PLAIN_PEOPLE, first=2, exact=True) or
                lex.noun_derived_from(attr.lemma_.lower(), "reside")):
            where = next((c for c in attr.children if c.dep_ in ("compound", "amod") and sx.is_place(c, self)), None)
            if where is not None:
                out.append(Statement("city", owner, speaker, sx.phrase(where), polarity=not neg,
                                     tense="past" if past else "present"))
                return out
        # "I'm a glazier (at Pane & Co)", "she's now an editor at Maison Verte"
        if attr is not None and attr.pos_ == "NOUN":
            org = sx.org_obj(attr, self) or sx.org_obj(v, self)
            lemma = attr.lemma_.lower()
            # a noun WordNet does not know ("barista") is taken as a trade when an employer follows
            if lex.is_occupation(lemma) or (org and (lex.is_person_noun(lemma) or not lex.known_noun(lemma))
                                             and not lex.noun_is(lemma, "kin")):
                role = sx.phrase(attr, drop_det=True)
                value = f"{role} at {org}" if org else role
                out.append(Statement("job", owner, speaker, value, polarity=not neg,
                                     tense="past" if past else "present"))
        return out

    def _noun(self, n: Any, sent: Any, speaker: str, other: str | None) -> list[Statement]:
        lemma = n.lemma_.lower()
        out: list[Statement] = []
        if lex.is_animal(lemma) and n.pos_ == "NOUN" and n.dep_ in ("appos", "attr") and \
                lex.noun_is(n.head.lemma_.lower(), "kin") and sx.possessor(n.head) is None:
            return [Statement("pet", speaker, speaker, sx.animal_phrase(n))]
        if n.dep_ in ("compound", "amod") and n.head.pos_ == "PROPN" and lex.is_animal(n.lower_) and \
                (p := sx.possessor(n.head)) is not None and (o := self._owner(p, speaker, other, sent)):
            return [Statement("pet", o, speaker, sx.animal_phrase(n))]  # "my parrot Zazu"
        if lex.noun_is(lemma, "time", senses=2) and any(c.dep_ == "nummod" for c in n.children) and \
                not any(t.dep_ in ("nsubj", "nsubjpass") and t.head == n.head and t.lower_ not in _FIRST
                        for t in sent if t != n):
            # "Twelve years in Hamburg", "Six years doing sound at the Old Vic": the speaker's state
            if place := sx.place_obj(n, self, preps=("in",)):
                return [Statement("city", speaker, speaker, place)]
            for c in n.children:
                if c.dep_ in ("acl", "relcl") and c.tag_ == "VBG" and (org := sx.org_obj(c, self)):
                    what = next((sx.phrase(o, drop_det=True) for o in c.children if o.dep_ == "dobj"), None)
                    return [Statement("job", speaker, speaker, f"{what} at {org}" if what else org)]
        poss = sx.possessor(n)
        if poss is None and n.dep_ in ("ROOT", "appos") and lex.is_occupation(lemma) and \
                not any(t.dep_ in ("nsubj", "nsubjpass") for t in sent) and (org := sx.org_obj(n, self)):
            # a verbless self-description: "Midwife at Northfield Clinic from next week."
            return [Statement("job", speaker, speaker, f"{sx.phrase(n, drop_det=True)} at {org}", kind="event")]
        if poss is None or n.dep_ == "compound":
            return out
        owner = self._owner(poss, speaker, other, sent)
        if owner is None:
            return out
        head_verb = n.head if n.head.pos_ in ("VERB", "AUX") else None
        if head_verb is not None and (sx.hedged(head_verb) or sx.negated(head_verb, sent)):
            return out
        # "my whippet", "our new kitten", "Tofu, my saluki": an animal someone has
        if lex.is_animal(lemma) and n.pos_ == "NOUN" and not lex.noun_is_body(lemma):
            out.append(Statement("pet", owner, speaker, sx.animal_phrase(n)))
        # "back at my place in Galway", "Nina's new flat in Tartu"
        elif lex.noun_is(lemma, "dwelling") and (place := sx.place_obj(n, self, preps=("in",))):
            out.append(Statement("city", owner, speaker, place))
        # "my new job at Acme", "her new role with Northwind", "My job: actuary at Brightwave"
        elif lex.noun_is(lemma, "job"):
            role = next((c for c in n.children if c.dep_ in ("appos", "attr") and c.pos_ == "NOUN"), None)
            org = sx.org_obj(n, self) or (sx.org_obj(role, self) if role is not None else None)
            if role is not None and (lex.is_occupation(role.lemma_.lower()) or org):
                r = sx.phrase(role, drop_det=True)
                out.append(Statement("job", owner, speaker, f"{r} at {org}" if org else r))
            elif org:
                out.append(Statement("job", owner, speaker, org))
        return out


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


def _possessor_id(n: Any, reader: StatementReader, speaker: str, other: str | None, sent: Any) -> str | None:
    p = sx.possessor(n)
    return reader._owner(p, speaker, other, sent) if p is not None else None
