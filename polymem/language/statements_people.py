"""Who a statement is about: the owner a subject or possessor token names ("I", a roster name, a pronoun for
the person last named, "who ... : Priya"), and the subject of a verb, climbing xcomp/conj chains."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.statement_types import FIRST_PERSON

if TYPE_CHECKING:
    from polymem.language.statements import StatementReader


def owner_of(reader: StatementReader, tok: Any, speaker: str, last_other: str | None, sent: Any) -> str | None:
    low = tok.lower_
    if low in FIRST_PERSON:
        return speaker
    if low in sx.THIRD_PERSON:  # the person last named before the pronoun, in this message or before it
        plural = [t for t in tok.doc[:tok.i] if t.tag_ == "NNS" and t.dep_ in ("nsubj", "nsubjpass", "poss")]
        if low in ("they", "them", "their") and plural and (not lex.is_person_noun(plural[-1].lemma_.lower()) or (
                plural[-1].dep_ == "poss" and not reader.people(tok.doc[plural[-1].i + 1:tok.i].text))):
            # "the budgies screamed all morning, they live in X": the birds, nobody in the chat; "locked in the
            # neighbours' shed while they were off in X": the neighbours, named after any member
            return None
        before = [p for p in reader.people(tok.doc[:tok.i].text) if p != speaker]
        # "Well done, Koffi. my sister lived there before she moved to Bergen": someone's relative or any person
        # noun named after the last member (as a subject or with a possessive) is who a singular "he"/"she" is
        if low not in ("they", "them", "their") and (_nearer_person(reader, tok) or _nearer_animal(reader, tok)):
            return None
        return before[-1] if before else last_other
    if low in ("you", "your", "yours", "yourself"):
        return vocative(reader, sent, speaker)
    if low in ("who", "whoever"):  # "guess who just signed a lease in Tartu: Priya!"
        named = [p for p in reader.people(sent.text) if p != speaker]
        return named[0] if len(named) == 1 else None
    pid = reader.person_in(tok.text)
    if pid:
        return pid
    if tok.ent_type_ == "PERSON" or tok.pos_ == "PROPN":
        span = " ".join(t.text for t in tok.subtree if t.pos_ == "PROPN")
        return reader.person_in(span)
    return None


def _nearer_person(reader: StatementReader, tok: Any) -> bool:
    """A person noun ("my brother", "the landlord") or a name no member goes by stands as a subject after the last
    member named before `tok`, in the same sentence."""
    sent = tok.sent
    last_member = max((t.i for t in sent if t.i < tok.i and reader.person_in(t.text)), default=-1)
    return any(last_member < t.i < tok.i and t.dep_ in ("nsubj", "nsubjpass") and (
        (t.pos_ == "NOUN" and t.tag_ == "NN" and lex.is_person_noun(t.lemma_.lower())) or
        # "Jean would like to be treasurer, she was a bank manager": a name nobody in the chat goes by
        (t.pos_ == "PROPN" and t.text[:1].isupper() and not reader.person_in(t.text) and
         not lex.is_place_name(t.lower_))) for t in sent)


def _nearer_animal(reader: StatementReader, tok: Any) -> bool:
    """No member is named in the message before `tok`, but an animal is: "flying a budgie over is a nightmare.
    he's going to live with mum" is the bird's move, not that of whoever an earlier message named. (Where the
    message names a member first, "Priya showed me her kitten, she's adopted it", the pronoun is hers.)"""
    before = tok.doc[:tok.i]
    return not any(reader.person_in(t.text) for t in before) and any(
        t.pos_ == "NOUN" and lex.is_animal(t.lemma_.lower()) for t in before)


def vocative(reader: StatementReader, sent: Any, speaker: str) -> str | None:
    """The member a sentence speaks to by name ("Koffi, you've been in Dundalk for years", "you did, Sev"):
    a roster name opening the sentence or closing it after a comma. Without one, "you" is nobody known."""
    toks = [t for t in sent if not t.is_space]
    words = [t for t in toks if not t.is_punct]
    if not words:
        return None
    cands = [words[0]]
    if len(words) > 1 and words[-1].i > 0 and toks[0].doc[words[-1].i - 1].text == ",":
        cands.append(words[-1])
    for t in cands:
        pid = reader.person_in(t.text)
        if pid and pid != speaker:
            return pid
    return None


def subject_of(reader: StatementReader, verb: Any, sent: Any, speaker: str, other: str | None) -> str | None:
    v = verb
    # ("news: Grandad's moving into X": the parser may read "Nana's" as the possessor of the gerund, its doer)
    doer = next((c for c in verb.children if c.dep_ == "poss"), None) if verb.tag_ == "VBG" else None
    if doer is not None:
        return owner_of(reader, doer, speaker, other, sent)
    if _opens_without_subject(verb, sent):
        return speaker
    for _ in range(4):  # climb xcomp/conj chains: "used to live", "moved and now lives"
        subj = [c for c in v.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
        if subj and v.i != verb.i and verb.tag_ == "VBG" and verb.i < v.i and all(
                c.lower_ in ("they", "it") for c in subj) and not any(
                c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
            # "starting at X next month, they restore old tiles": a chat's opening participle is the speaker's
            # doing; "they" and "it" are the firm or the thing, whoever was named before
            return speaker
        if subj:  # "Heads-up: Koffi has moved ...": the parser may give two; the person counts
            owners = [o for c in subj if (o := owner_of(reader, c, speaker, other, sent))]
            if owners:
                return owners[0]
            if all(c.pos_ == "NOUN" and lex.is_occupation(c.lemma_.lower()) and not any(
                    x.dep_ in ("det", "poss") for x in c.children) for c in subj):
                # "bus mechanic at the depot, live in X": a bare role the parser took for the subject is the
                # speaker introducing themselves
                return speaker
            # "Still up in Tromsø, nothing new": the participle has no subject of its own
            own = any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
            # (but "my dad keeps emailing me cottages": the participle is that person's doing, not the speaker's)
            # (nor "he's selling his flat and moving into ...": another's doing, whoever she is)
            someone = any(c.pos_ == "NOUN" and lex.is_person_noun(c.lemma_.lower()) or
                          c.lower_ in ("he", "she", "they") for c in subj)
            return speaker if v.i != verb.i and not own and not someone and verb.tag_ in ("VBN", "VBG") else None
        if v.dep_ in ("xcomp", "conj", "advcl", "ccomp") and v.head.i != v.i:
            v = v.head
            continue
        break
    # A member's name just before the verb that the tagger took for an adverb: "omar quit the firm" (lower case)
    lead = next((c for c in v.children if c.dep_ in ("advmod", "npadvmod", "dep", "compound") and c.i == v.i - 1
                 and c.i == sent.start + _opening(sent) and reader.person_in(c.text)), None)
    if lead is not None:
        return reader.person_in(lead.text)
    # No subject at all: a fragment by the speaker ("moved to Tartu last week", "still up in Tromsø"), unless it
    # goes on with news of a member the sentence before was about ("Ana's a Porto girl now! moved on Saturday")
    if v.dep_ == "ROOT" and v.tag_ in ("VBD", "VBN", "VBG", "VBZ") and (carried := _carried_subject(
            reader, sent, speaker, other)) is not None:
        return carried
    if v.dep_ == "ROOT" and v.tag_ in ("VBD", "VBN", "VBG", "VBZ", "VBP"):
        return speaker
    if v.dep_ == "ROOT" and v.tag_ == "VB" and lex.verb_is(v.lemma_.lower(), "reside") and \
            not sent.text.rstrip().endswith(("?", "!")):
        return speaker  # "live in X, work in Y": chat drops the "I" (no one is told to live somewhere)
    if verb.tag_ in ("VBN", "VBG") and not any(t.dep_ in ("nsubj", "nsubjpass") for t in sent):
        return speaker
    return None


_FIRST = frozenset({"i", "me", "my", "myself", "we", "us", "our", "i'm", "i've", "im", "ive"})


def _carried_subject(reader: StatementReader, sent: Any, speaker: str, other: str | None) -> str | None:
    """The member the sentence just before was about (its main clause's subject, a member other than the speaker),
    which a sentence with no subject and no first person goes on about."""
    if any(t.lower_ in _FIRST for t in sent):
        return None
    prev = next((s for s in sent.doc.sents if s.end == sent.start), None)
    if prev is None or prev.text.rstrip().endswith("?"):
        return None
    root = prev.root
    if not _news_of_them(root):
        return None  # "Ilse loved the party. started at X on Monday": the speaker's own news after a remark
    subj = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    owners = [o for c in subj if (o := owner_of(reader, c, speaker, other, prev))]
    return owners[0] if owners and owners[0] != speaker else None


# getting, starting, leaving or joining something (WordNet): news of a change the next sentence may go on with
_CHANGE_NEWS = ("get.v.01", "acquire.v.01", "get_down.v.07", "begin.v.03", "leave.v.01", "quit.v.01",
                "accept.v.02", "land.v.04", "join.v.01", "buy.v.01")


def _news_of_them(root: Any) -> bool:
    """The sentence tells news of its subject: a move, a change got, begun or left ("Ilse got the flat!"), or what
    the subject now is ("Ilse is a Tarnby girl now", a noun after "be"), not a remark ("Ilse loved the party")."""
    lemma = root.lemma_.lower()
    if lex.moving_verb(lemma) or lex.verb_in_senses(lemma, _CHANGE_NEWS, first=3):
        return True
    return lemma == "be" and any(c.dep_ == "attr" and c.pos_ == "NOUN" for c in root.children)


def _opens_without_subject(verb: Any, sent: Any) -> bool:
    """Chat drops the "I" of a finite past verb that opens the sentence: "relocated up to X last month, the views
    are unreal". The parser hangs the fragment under the clause after it, whose subject ("the views") is not the
    mover. (A participle opening a sentence, "Moved by it, the crowd cheered", keeps the clause's subject;
    a verb with an object, "moved the meeting to X, ...", moves something else.)"""
    return verb.tag_ == "VBD" and verb.dep_ in ("advcl", "ccomp") and verb.head.i > verb.i and \
        verb.i == sent.start + _opening(sent) and not any(c.dep_ in ("nsubj", "nsubjpass", "expl", "dobj")
                                                          for c in verb.children)


def _opening(sent: Any) -> int:
    """How many conjunctions and adverbs open the sentence before its first content word ("and so omar ...")."""
    n = 0
    for t in sent:
        if not (t.pos_ in ("CCONJ", "INTJ") or (t.pos_ == "ADV" and t.is_stop)):
            break
        n += 1
    return n


def possessor_id(reader: StatementReader, n: Any, speaker: str, other: str | None, sent: Any) -> str | None:
    p = sx.possessor(n)
    return owner_of(reader, p, speaker, other, sent) if p is not None else None


def somebody_else(reader: StatementReader, sent: Any, speaker: str) -> bool:
    """The sentence speaks of someone other than the speaker: a third-person pronoun or another member."""
    return any(t.lower_ in sx.THIRD_PERSON or reader.person_in(t.text) not in (None, speaker) for t in sent)
