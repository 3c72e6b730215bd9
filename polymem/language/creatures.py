"""Named creatures over a stretch of chat: a name that is nobody in the roster and no place, tied to an animal
word by the sentence it is named in ("took Pudding, my lurcher, to the beach"; "Ziggy shed his skin, normal for
a leopard gecko") or by the message right after it ("Dennis is refusing strawberries" / "Is that tortoise still
going??"; "who is Kevin" / "cockatiel."). Its owner is the member who talks about it as theirs: first person
in the sentences that name it, who brings it up first, who answers a question about it.

Chats name their animals far more often than they say whose species they are; this reads the species from
the words around the name rather than from one sentence shape.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from polymem.language import lexical as lex
from polymem.language import timeexpr
from polymem.language.naming import given_names
from polymem.language.pets import animal_sense
from polymem.language.statement_types import FIRST_PERSON, Statement

_NOT_NAMES = ("GPE", "LOC", "ORG", "NORP", "DATE", "TIME", "MONEY", "QUANTITY", "CARDINAL", "ORDINAL", "EVENT",
              "FAC", "PRODUCT", "WORK_OF_ART", "LAW", "LANGUAGE", "PERCENT")
_POINTING = {"that", "this", "your", "his", "her", "their", "my", "our"}


@dataclass
class _Mention:
    index: int  # message in the batch
    sent: Any


def _names(doc: Any, is_person: Callable[[str], bool], strict: bool = True) -> list[tuple[str, str]]:
    """(key, as written) for each run of proper nouns that could name a creature; `strict=False` beside an
    animal word, where a capitalised common word opening a sentence may be the name ("Juniper's taken the bed")."""
    out: list[tuple[str, str]] = []
    run: list[Any] = []
    for t in [*doc, None]:
        if t is not None and t.is_alpha and t.text[:1].isupper() and t.ent_type_ not in _NOT_NAMES and (
                t.pos_ == "PROPN" or (t.pos_ == "NOUN" and t.i > t.sent.start and not _common_word(t.lower_))
                or _misread_opening(t)):
            run.append(t)
            continue
        if run:
            text = " ".join(x.text for x in run)
            head = run[-1]
            initial = run[0].i == run[0].sent.start
            breed = head.dep_ == "poss" and animal_sense(head.head.lemma_.lower())  # "a Hermann's tortoise"
            # "the Christmas picnic", "Easter weekend": a name of a day or a feast modifying a common noun
            breed = breed or (head.dep_ == "compound" and head.head.pos_ == "NOUN" and _a_time(head.lower_))
            # a month or a day by name alone, dated as one ("start 1 June", "from June", "mid June", "June 3rd"), is
            # a date, not a name (messages are parsed without the NER; a dog may still be called Tuesday)
            breed = breed or (len(run) == 1 and timeexpr.calendar_name(head.lower_) and _dated(head))
            if not text.isupper() and not breed and not is_person(text) and not any(is_person(x.text) for x in run) and \
                    not lex.is_place_name(head.lower_) and not animal_sense(head.lower_) and \
                    not (strict and initial and _common_word(head.lower_)) and not (_common_word(head.lower_) and lex.is_person_noun(head.lower_, 1)):
                out.append((text.lower(), text))
            run = []
    return out


def _dated(t: Any) -> bool:
    """A day's or a month's name used as a date: after a number or a word placing it in time, as the object of a
    preposition, or before a number."""
    before = t.doc[t.i - 1] if t.i > 0 else None
    after = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return (before is not None and (before.like_num or before.lower_ in ("mid", "early", "late", "next", "last",
                                                                           "this", "every", "since", "until")))\
        or t.dep_ == "pobj" or (after is not None and after.like_num)


def _a_time(low: str) -> bool:
    """A day, a month or a feast by name ("Tuesday", "Christmas"): WordNet files its first sense as a time."""
    return timeexpr.calendar_name(low) or lex.noun_in_lexfile(low, ("noun.time",))


_RELATIVE = ("relative.n.01", "spouse.n.01")


def a_relative(name: str) -> bool:
    """A name that is a word for a relative ("Mum", "Grandad", "Sis"; WordNet, first two senses)."""
    return any(lex.noun_in_senses(w, _RELATIVE, first=2) for w in name.lower().split())


def names_beside(text: str, kind: str, is_person: Callable[[str], bool]) -> list[str]:
    """Names a message gives next to an animal word of this kind ("I have a PARROT, Biscuit will try to eat
    your lizard"): the creature names of the sentences that use the word, else of the message that does."""
    from polymem.language.models import parsed

    key = kind.lower().rstrip("s")
    doc = parsed(text)
    if not key or not any(t.lower_.rstrip("s") == key for t in doc):
        return []
    # the sentence with the word first, then the rest of the message ("she's a tabby. Juniper's taken the bed")
    near = [n for sent in doc.sents if any(t.lower_.rstrip("s") == key for t in sent)
            for _, n in _names(sent, is_person, strict=False)]
    # lower-case chat names its animal with a bare noun as subject ("the cat comes too. brioche needs a
    # passport"): a word that is no noun elsewhere, or one for a thing, a food or a plant (pets are named after
    # such things; "weather is grim" is no name)
    return near or [n for _, n in _names(doc, is_person, strict=False)] or [
        n for k, n in _bare_names(doc, is_person) if _thing_word(k)]


def _misread_opening(t: Any) -> bool:
    """A capitalised word opening a sentence that the tagger took for a verb although English has no such verb
    ("Dumpling chewed my charger": no verb "dumple"): a name misread."""
    return t.pos_ == "VERB" and t.i == t.sent.start and not lex._synsets(t.lower_, "v") and \
        bool(lex._synsets(t.lower_, "n") or not lex._synsets(t.lower_, "a"))


def _bare_names(doc: Any, is_person: Callable[[str], bool]) -> list[tuple[str, str]]:
    """Lower-case chats name animals with common words: a bare singular noun as subject or possessor ("pudding
    barks at the telly", "biscuit votes yes", "pudding's ears") is used as a name. A sentence may open with it
    capitalised ("Pretzel says hi")."""
    return [(t.lower_, t.lower_.title()) for t in doc
            if t.is_alpha and (t.text.islower() or (t.i == t.sent.start and t.text[1:].islower() and _common_word(t.lower_)))
            and _used_as_name(t) and len(t) > 2
            and not t.is_stop and not any(c.dep_ in ("det", "poss", "amod", "compound") for c in t.children)
            and not lex.is_person_noun(t.lemma_.lower(), 2) and not is_person(t.text) and not animal_sense(t.lower_)
            and not lex.noun_is(t.lemma_.lower(), "time", senses=2) and not lex.is_place_name(t.lower_)]


def _used_as_name(t: Any) -> bool:
    """A bare noun in a name's place: a singular subject or possessor, a plural form with a singular verb
    ("crumpets is staying with the neighbour"), or what "this is" presents ("this is toffee")."""
    if t.dep_ in ("nsubj", "poss") and t.tag_ in ("NN", "NNP"):
        return True
    if t.dep_ == "nsubj" and t.tag_ == "VBG" and not lex._synsets(t.lemma_.lower(), "v"):
        return True  # "Earthling would try ...": a noun the tagger read as a gerund of a verb English lacks
    if t.dep_ == "nsubj" and t.tag_ == "NNS" and _thing_word(t.lemma_.lower()):  # not "politics is exhausting"
        verbs = [t.head, *(c for c in t.head.children if c.dep_ == "aux")]
        return any(x.tag_ == "VBZ" for x in verbs)
    return t.dep_ == "attr" and t.head.lemma_ == "be" and any(
        c.dep_ == "nsubj" and c.lower_ == "this" for c in t.head.children)


_GENDERED = {"he", "she", "him", "her", "his", "hers", "hes", "shes"}


def _taken_up(doc: Any, key: str) -> bool:
    """"turnip would never share. he guards his bowl": a he or she opening the sentence after the word's; a
    thing is "it", so the word names someone."""
    at = next((t for t in doc if t.lower_ == key), None)
    if at is None:
        return False
    # the he or she opens the next sentence ("pudding was amazing, she made it" speaks of a cook)
    nxt = next((s for s in doc.sents if s.start > at.i), None)
    if nxt is None:
        return False
    opening = [t for t in nxt if t.is_alpha][:3]
    return any(t.lower_ in _GENDERED and t.dep_ in ("nsubj", "nsubjpass", "poss") and not (
        t.dep_ == "poss" and animal_sense(t.head.lemma_.lower())) for t in opening)


def _thing_word(lemma: str) -> bool:
    """No noun to WordNet, or one for a food, a plant or a made thing: what pets are named after."""
    return not lex._synsets(lemma, "n") or lex.noun_in_lexfile(lemma, ("noun.food", "noun.plant", "noun.artifact"))


def _common_word(w: str) -> bool:
    """A word WordNet knows other than as somebody's name ("Poll", "Bad", not "Ferdinand")."""
    return any(not x.instance_hypernyms() for pos in ("n", "v", "a", "r") for x in lex._synsets(w, pos))


def _animals(sent: Any, name: Any = None) -> list[Any]:
    """Animal nouns of a sentence (an animal in the word's first sense, or in any of its first four when the
    sentence sets it beside the name: "Pudding, my lurcher"), not somebody else's ("Mo's hamster"), not a
    modifier ("a sheep field"), not what is done to or eaten ("eats crickets", "stung by a wasp")."""
    out = []
    for t in sent:
        verbless = _verbless(sent)  # "corgi brain": what the named one is
        if t.pos_ not in ("NOUN", "PROPN") or not t.is_alpha or t.dep_ in ("dobj", "agent") or _made_thing(t) or \
                (t.dep_ == "compound" and not (verbless and t.head.dep_ == "ROOT" and
                                               not animal_sense(t.head.lemma_.lower()))) or \
                any(c.dep_ == "poss" and c.pos_ in ("PROPN", "NOUN") for c in t.children) or \
                lex.noun_is_body(t.lemma_.lower()):
            continue
        beside = name is not None and ((t.dep_ == "appos" and t.head.i in name) or (t.dep_ == "attr" and any(
            c.dep_ == "nsubj" and c.i in name for c in t.head.children)))
        # "bearded dragons": a breed, not the myth (a name in front is no breed: "the Airbnb host")
        bred = any(c.dep_ in ("amod", "compound") and c.pos_ != "PROPN" for c in t.lefts)
        if name is not None and any(c.i in name for c in t.lefts):
            continue
        reply = name is None and _fragment(t)
        if lex.is_animal(t.lemma_.lower()) or ((beside or bred or reply) and animal_sense(t.lemma_.lower())):
            if beside or name is None or _pointed(t) or _kind_of(t):
                out.append(t)
    return out


def _made_thing(t: Any) -> bool:
    """"my laptop charger": a word with a sense for a made thing, modified by a noun for one, is that thing."""
    return any(c.dep_ == "compound" and lex.artifact(c.lemma_.lower()) for c in t.lefts) \
        and any(x.lexname() == "noun.artifact" for x in lex._synsets(t.lemma_.lower(), "n"))


def _kind_of(t: Any) -> bool:
    """"normal for a leopard gecko", "like a cat": the kind the named one is measured against."""
    return t.dep_ == "pobj" and t.head.lower_ in ("for", "like", "as") and \
        any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in t.children)


def _species(t: Any) -> str:
    mods = [c.lower_ for c in t.lefts if c.dep_ == "compound" or (c.dep_ == "amod" and c.i == t.i - 1 and
                                                                   c.lower_ not in ("little", "new", "old", "big"))]
    return " ".join([*mods, t.lemma_.lower()])


def _verbless(sent: Any) -> bool:
    return not any(x.pos_ in ("VERB", "AUX") for x in sent)


def _fragment(t: Any) -> bool:
    """"cockatiel.", "chilean rose tarantula, 9 yrs old": a reply that is only a noun phrase."""
    return t.dep_ == "ROOT" and _verbless(t.sent) and \
        len([x for x in t.sent if x.is_alpha]) <= 8


NEAR = 4  # messages either side of a name in which its speaker's talk of a kind of animal counts


def _generic_kind(t: Any) -> bool:
    """"bearded dragons are all divas": a bare plural subject speaks of the kind."""
    return t.tag_ == "NNS" and t.dep_ in ("nsubj", "nsubjpass") and not any(
        c.dep_ in ("det", "poss", "nummod") for c in t.children)


def _names_an_animal(doc: Any) -> bool:
    return any(t.pos_ == "NOUN" and lex.is_animal(t.lemma_.lower()) for t in doc) or bool(_mistagged_animals(doc, set()))


def _mistagged_animals(doc: Any, name: set[int]) -> list[str]:
    """Animal nouns the tagger read as something else ("axolotls travel better than me" tagged as a verb): a
    word with no verb or adjective sense whose noun form is an animal is one, whatever its tag."""
    out = []
    for t in doc:
        if t.pos_ in ("NOUN", "PROPN") or not t.is_alpha or t.i in name or lex._synsets(t.lower_, "v") or \
                lex._synsets(t.lower_, "a"):
            continue
        noun = lex.wordnet().morphy(t.lower_, "n")
        if noun and lex.is_animal(noun):
            out.append(noun)
    return out


def _emoji(text: str) -> list[str]:
    """Animal emoji ("🐢", "🐰"): Unicode names them ("TURTLE", "RABBIT FACE"), WordNet knows the animal."""
    out = []
    for ch in text:
        if ord(ch) < 0x1F000:  # pictographs: not the gender signs a person emoji is joined with ("♀" is FEMALE SIGN)
            continue
        words = unicodedata.name(ch, "").lower().split()
        out += [w for w in words[:1] if len(w) > 2 and lex.is_animal(w)]  # "RABBIT FACE", not "SEE-NO-EVIL MONKEY"
    return out


def _pointed(t: Any, asked: bool | None = True) -> bool:
    # asked: None for the next message (only "that tortoise" points back), True after a question on the name
    """"that tortoise", "Bearded dragons have ...", "cockatiel.": an animal word that refers back, speaks of
    the kind, or is the whole reply."""
    det = {c.lower_ for c in t.children if c.dep_ in ("det", "poss")}
    generic = asked is not None and t.tag_ == "NNS" and t.dep_ in ("nsubj", "nsubjpass") and not det
    alone = bool(asked) and _fragment(t)
    if t.dep_ == "compound" and t.head.dep_ == "ROOT" and _verbless(t.sent):
        return True  # "corgi brain."
    # "She is a lop-eared rabbit": a pronoun said to be an animal right after the name
    said = t.dep_ == "attr" and any(c.dep_ == "nsubj" and c.lower_ in ("he", "she", "it") for c in t.head.children)
    # "this is Toffee. retired lurcher, 6yo, snores": a bare singular opening the sentence is the telegraphic
    # "(she's a) retired lurcher" (English gives a singular count noun a determiner otherwise)
    telegraphic = asked is not None and t.tag_ == "NN" and not det and t.dep_ in ("nsubj", "ROOT") and \
        all(x.dep_ in ("amod", "compound") and x.head == t for x in t.doc[t.sent.start:t.i]) and \
        not any(c.dep_ == "nummod" for c in t.children)  # (only its own modifiers before it)
    return bool(det & _POINTING) or generic or alone or said or telegraphic or _kind_of(t)


def creature_pets(docs: Sequence[Any], speakers: Sequence[str], ids: Sequence[str | None],
                  times: Sequence[datetime | None], is_person: Callable[[str], bool],
                  member: Callable[[str], bool], texts: Sequence[str] | None = None,
                  first: int = 0, who: Callable[[str], str | None] | None = None) -> list[tuple[int, Statement]]:
    """(message index, pet statement) for each named creature of the batch whose species is read. Messages
    before `first` are earlier chat, read for the names and kinds they give but never the message a statement
    comes from: a creature is told of only where the new messages name it or say its kind."""
    shown: dict[str, str] = {}
    common: set[str] = set()  # names that are also common words: a mention must use them as a name
    for doc in docs:
        # beside an animal word a capitalised common word opening a sentence may be a name ("Dumpling chewed
        # my charger again. rabbits are chaos")
        for key, text in _names(doc, is_person, strict=not _names_an_animal(doc)):
            shown.setdefault(key, text)
    for doc in docs:  # "my Hermann's tortoise": a breed's name anywhere is no creature's
        for t in doc:
            if t.dep_ == "poss" and t.lower_ in shown and animal_sense(t.head.lemma_.lower()):
                shown.pop(t.lower_)
    for doc in docs:  # "his name is rumble", "meet juniper": a clause of naming gives a name in any case
        for _, text in given_names(doc, lambda t: not is_person(t.text) and not lex.is_place_name(t.lower_)):
            if text.lower() not in shown:
                shown[text.lower()] = text
                if _common_word(text.lower()):
                    common.add(text.lower())
    bare = Counter(k for doc in docs for k, _ in _bare_names(doc, is_person))
    for doc in docs:  # a common word is a name only when it comes back so used, or a he or she takes it up
        for key, text in _bare_names(doc, is_person):
            if (bare[key] >= 2 or _taken_up(doc, key)) and key not in shown:
                shown[key] = text
                common.add(key)
    # a name the tagger calls a place is a place, and so is one put after "in", "to", "from" ... in half its uses
    # or more ("keep the cake away from X" beside lines of what X does is no place)
    uses: Counter[str] = Counter()
    placed: Counter[str] = Counter()
    words = {w for k in shown for w in k.split()}
    for doc in docs:
        for t in doc:
            if t.lower_ not in words:
                continue
            h = t  # (through a name or a word no dictionary has: "from Mexico City btw"; not "on Gizmo duty")
            while h.dep_ == "compound" and h.head.i != h.i and (h.head.pos_ == "PROPN" or
                                                                 not lex.known_word(h.head.lower_)):
                h = h.head
            uses[t.lower_] += 1
            if t.ent_type_ in ("GPE", "LOC", "FAC"):
                placed[t.lower_] += len(docs)
            elif h.dep_ == "pobj" and h.head.lower_ in ("in", "at", "to", "from", "near", "around", "of", "on") and \
                    not (h.text[:1].isupper() and any(c.dep_ == "compound" and c.pos_ == "NOUN" and c.is_lower
                                                      for c in h.lefts)):
                # (a common noun before a capitalised name is the parser joining two phrases: "big news X
                # moulted ...")
                placed[t.lower_] += 1
    for w in [w for w in words if 2 * placed[w] >= uses[w] > 0]:
        for k in [k for k in shown if w in k.split()]:
            shown.pop(k)
    # "Mum", "Grandad", "Sis": a word for a relative written as a name is a person of the family, never a creature
    for k in [k for k in shown if a_relative(k)]:
        shown.pop(k)
    if not shown:
        return []
    # a common word shown as a name ("Who is Sputnik?") is the name again wherever it stands bare ("sputnik is
    # thriving"), as a word first used bare is
    common |= {k for k in shown if " " not in k and _common_word(k)}
    mentions: dict[str, list[_Mention]] = {k: [] for k in shown}
    for i, doc in enumerate(docs):
        for sent in doc.sents:
            low = f" {sent.text.lower()} "
            for k in shown:
                if f" {k}" in low and low[low.index(f" {k}") + len(k) + 1:][:1] in " .,!?;:'’)\n-" and (
                        (k not in common and not (" " not in k and _common_word(k))) or any(
                            t.lower_ == k and (t.text[:1].isupper() or (k in common and not any(
                                c.dep_ in ("det", "amod", "compound") for c in t.children) and t.dep_ != "compound"))
                            for t in sent)):  # "sticky toffee pudding" is no mention of Pudding, "hay tunnel" of Hay
                    mentions[k].append(_Mention(i, sent))
    keyed_in = Counter(m.index for ms in mentions.values() for m in ms)
    out: list[tuple[int, Statement]] = []
    for k, ms in mentions.items():
        evidence: list[tuple[str, int, float]] = []  # (species, message index, strength)
        for m in ms:
            name = {t.i for t in m.sent if f" {t.lower_} " in f" {k} "}
            if keyed_in[m.index] != 1:
                # two names in one message: only a plural animal word takes them all ("Salsa screamed and
                # Merengue hid, my budgies are scared of everything"); otherwise whose is which stays open
                evidence += [(_species(a), m.index, 2) for a in _animals(m.sent, name) if a.tag_ == "NNS"]
                continue
            for a in _animals(m.sent, name):
                evidence.append((_species(a), m.index, 2))
            p = m.index - 1  # "sounds like my cockatoo" / "Kevin learned to say hello": the speaker's line before
            if p >= 0 and speakers[p] == speakers[m.index]:
                evidence += [(_species(a), p, 1) for s in docs[p].sents for a in _animals(s)
                             if any(c.dep_ == "poss" and c.lower_ in FIRST_PERSON for c in a.children)]
            if texts is not None and len(ms) and keyed_in[m.index] == 1:  # the parse drops emoji: read the text
                # (a picture is vaguer than a word: "🐺" beside a husky's name)
                evidence += [(e, m.index, 0.5) for e in _emoji(texts[m.index])]
            evidence += [(a, m.index, 1) for a in _mistagged_animals(docs[m.index], name)]
            for x in range(max(0, m.index - NEAR), min(len(docs), m.index + NEAR + 1)):
                # the same member on the kind a few lines off ("chorizo sits on his rock all day" ...
                # "bearded dragons are all divas"): what the named one is
                if x != m.index and speakers[x] == speakers[m.index] and not keyed_in[x]:
                    evidence += [(_species(a), x, 1) for sent in docs[x].sents for a in sent
                                 if _generic_kind(a) and animal_sense(a.lemma_.lower()) and not _made_thing(a)]
            for sent in docs[m.index].sents:
                if sent.start > m.sent.start:
                    evidence += [(_species(a), m.index, 1) for a in _animals(sent) if _pointed(a, False)]
            j = m.index + 1
            if j < len(docs):
                # asked about, or the speaker going on about it ("Comet and I walked ..." / "retired racing
                # greyhound, 0 to couch in 2 seconds"): a bare animal phrase or plural in the next line says what it is
                asked = m.sent.text.rstrip().endswith("?") or any(t.tag_ in ("WP", "WRB") for t in m.sent) or \
                    speakers[j] == speakers[m.index]
                # another name acting in the reply ("Sable would ...") takes it over; a possessor does not
                found = [a for s in docs[j].sents for a in _animals(s) if _pointed(a, True if asked else None)]
                other = any((t.pos_ == "PROPN" or (t.text[:1].isupper() and t.dep_ == "nsubj" and t.pos_ == "NOUN"))
                            and t.dep_ != "poss" and t.lower_ not in k.split() and
                            t.i not in {a.i for a in found} for t in docs[j])
                evidence += [(_species(a), j, 1) for a in found if not other]
        if not evidence:
            evidence = _kept_by_meaning(k, [m for m in ms if keyed_in[m.index] == 1], docs, speakers, member)
        if not evidence:
            continue
        weight: Counter[str] = Counter()
        for sp, _, w in evidence:
            weight[sp] += w
        species = weight.most_common(1)[0][0]
        owner = _owner(ms, docs, speakers, member, who)
        if owner is None:
            continue
        new = [e for e in evidence if e[0] == species and e[1] >= first]
        if new:
            at = max(new, key=lambda e: e[2])[1]
        elif any(m.index >= first for m in ms):  # named again now, its kind said earlier
            at = max(m.index for m in ms)
        else:
            continue
        out.append((at, Statement("pet", owner, speakers[at], species, kind="state" if owner == speakers[at]
                                  else "report", time=times[at], message_id=ids[at], weak=True,
                                  sentence=docs[at].text.strip(), name=shown[k])))
    return out


MEANING_P = 0.6  # the classifier's probability of "an animal someone keeps" one mention must reach
MEANING_LINES = 2  # lines that must read as an animal's (one line's reading is right three times in four)


def _kept_by_meaning(key: str, ms: list[_Mention], docs: Sequence[Any], speakers: Sequence[str],
                     member: Callable[[str], bool]) -> list[tuple[str, int, float]]:
    """A name no animal word is set beside, read as a kept animal by what its messages say it does or has done
    to it ("X hissed at the new baby", "keep X on the lead"): the relation classifier's "pet" for the name in
    members' messages (language/relations.py, task "creature"), when one of them reads so clearly and, over
    all of them, an animal is likelier on average than a person or a thing. Its kind stays unknown ("pet")."""
    from polymem.language.relations import probabilities

    items, where = [], []
    for m in ms:
        if not member(speakers[m.index]) or m.sent.text.rstrip().endswith("?"):
            continue  # (a question about the name tells nothing of it: "who is X?")
        doc = docs[m.index]
        toks = [t for t in m.sent if t.lower_ in key.split()]
        if not toks:
            continue
        if any(_beside_person(t) or _time_word(t) for t in toks) or _with_article(toks):
            # "my flatmate Miri", "Sunday", "the Crown": a person, a day, a venue or a thing, whatever the
            # message says of animals (English gives an animal's name no article)
            return []
        start, end = toks[0].idx, toks[-1].idx + len(toks[-1])
        items.append((doc.text, doc.text[start:end], start))
        where.append(m.index)
    if len(items) < MEANING_LINES or any(
            t.lower_ == key and any(c.dep_ == "det" and c.lower_ == "the" for c in t.children) for d in docs for t in d):
        return []  # ("grant goes to the hoses" beside "the grant": a common noun, not a name)
    probs = probabilities("creature", items, [docs[i] for i in where])
    mean = probs.mean(0)
    # two lines must read clearly as an animal's, and a line that reads clearly as a person's counts against two
    # of them
    pets, people = int((probs[:, 0] >= MEANING_P).sum()), int((probs[:, 1] >= MEANING_P).sum())
    if pets < MEANING_LINES or mean.argmax() != 0 or pets <= 2 * people:
        return []
    return [("pet", i, 1) for i, x in zip(where, probs[:, 0], strict=True) if x >= MEANING_P]


def _beside_person(t: Any) -> bool:
    """A noun for a person set beside the name ("my flatmate Miri", "Grandma Rita", "Rita, my aunt")."""
    near = [c for c in t.children if c.dep_ in ("compound", "appos", "nmod")]
    if t.dep_ in ("appos", "compound"):
        near.append(t.head)
    return any(x.pos_ == "NOUN" and lex.is_person_noun(x.lemma_.lower(), 1) for x in near)


def _with_article(toks: list[Any]) -> bool:
    first = toks[0]
    return any(c.dep_ == "det" and c.lower_ in ("the", "a", "an") for t in toks for c in t.children) or (
        first.i > 0 and first.doc[first.i - 1].lower_ in ("the", "a", "an"))


def _time_word(t: Any) -> bool:
    return t.ent_type_ in ("DATE", "TIME") or timeexpr.is_time_word(t.text)


_MINE = {"my", "mine", "our", "ours"}


def _owner(ms: list[_Mention], docs: Sequence[Any], speakers: Sequence[str],
           member: Callable[[str], bool], person_of: Callable[[str], str | None] | None = None) -> str | None:
    score: Counter[str] = Counter()
    first: dict[str, int] = {}
    for m in ms:
        who = speakers[m.index]
        if not member(who):
            continue
        words = {t.lower_ for t in m.sent}
        # "Ada sent me a pic of the cat she adopted, her name's Juniper": told of another member's animal, with
        # nothing the speaker calls theirs
        # (the member as subject or possessor, not hailed: "classic Pip, Ana")
        # (and something in the message is had or got: "the cat she adopted"; "Bo finally met Biscuit" is not)
        other = {p for t in docs[m.index] if t.pos_ == "PROPN" and t.dep_ in ("nsubj", "nsubjpass", "poss") and
                 person_of and (p := person_of(t.text)) and p != who and member(p)}
        if not any(v.pos_ == "VERB" and (lex.verb_is(v.lemma_.lower(), "possess") or lex.verb_in_senses(
                v.lemma_.lower(), ("adopt.v.02", "get.v.01", "acquire.v.01"), first=3)) for v in docs[m.index]):
            other = set()
        if len(other) == 1 and not {t.lower_ for t in docs[m.index]} & _MINE:
            (who,) = other
        first.setdefault(who, m.index)
        asks = m.sent.text.rstrip().endswith("?")
        score[who] += 0 if asks else 1 + bool(words & FIRST_PERSON)
        nxt = m.index + 1  # who answers "who is Kevin?" knows it best
        if (asks or any(t.tag_ in ("WP", "WRB") for t in m.sent)) and nxt < len(speakers) and \
                speakers[nxt] != who and member(speakers[nxt]):
            score[speakers[nxt]] += 2
            first.setdefault(speakers[nxt], nxt)
    if first:  # whoever brings it up first
        score[min(first, key=first.__getitem__)] += 2
    if not score:
        return None
    return max(score, key=lambda w: (score[w], -first[w]))
