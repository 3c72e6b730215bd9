"""What a question asks of a person beyond an attribute: a view of someone or something ("What does X make of
the new app?", "How did X find the gear?") or a value they gave up ("Which city did X leave?"). Read from the
parse and WordNet, used by `language.questions`."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from polymem.language import lexical as lex
from polymem.language import syntax as sx

_VIEW_OF = ("think", "make", "feel", "reckon")  # "what does X make of Y", "how does X feel about Y"
_VIEW_OBJ = ("see", "rate", "describe", "regard", "view", "consider", "find")  # "how does X rate Y"
_VIEW_NOUNS = ("take", "view", "opinion", "impression", "verdict", "thought")
_VIEW_PREPS = {"make": ("of",), "reckon": ("of", "about", "to")}  # "what does X reckon to Y" (British)
_VIEW_THAT = ("think", "reckon", "feel", "believe", "find")  # "did X think (that) the hall worked?"
_THIRD = ("he", "she", "they")  # the member the question names, taken up by a pronoun
# what a view is, by WordNet: a feeling, a belief or an attitude, an appraisal, a judgment, an objection or approval
_VIEW_SENSES = ("feeling.n.01", "appraisal.n.01", "objection.n.02", "approval.n.04", "disapproval.n.02")
_HELD_VIEW = ("belief.n.01", "attitude.n.01")  # by the first sense only ("a decision" is a belief by its second)


def asks_view(doc: Any) -> bool:
    """"what does X think / make of Y", "how does X see Y", "X's take / view / opinion on Y", "how did X find
    the new gear", "why does X like Y", "X's worry about Y": a view of someone or of something."""
    how = any(t.lower_ == "how" for t in doc)
    for t in doc:
        lemma = t.lemma_.lower()
        # (the tagger may take the verb after "does X" for a noun: "how does X rate Y", "what does X reckon to Y")
        verb = t.pos_ == "VERB" or (t.dep_ == "ROOT" and t.pos_ == "NOUN" and any(
            c.dep_ == "aux" and c.lemma_ == "do" for c in t.children))
        if verb and lemma in _VIEW_OF and any(
                c.dep_ == "prep" and c.lower_ in _VIEW_PREPS.get(lemma, ("of", "about")) and any(
                    p.dep_ in ("pobj", "pcomp") and p.ent_type_ not in ("DATE", "TIME") for p in c.children)
                for c in t.children):
            return True  # "... make of the new paging app", "... think of doing a cook-off"
        if verb and lemma in _VIEW_OBJ and (lemma != "find" or how) and \
                any(c.dep_ == "dobj" and c.tag_ not in ("WP", "WDT") and c.ent_type_ not in ("DATE", "TIME") and
                    # ("how did X find Y's address?": a place or a message found, no view of it)
                    not (lemma == "find" and lex.noun_in_lexfile(c.lemma_.lower(), ("noun.location",
                                                                                   "noun.communication"))) and
                    not any(d.tag_ in ("WP", "WDT") for d in c.children)  # "which band did X see": asks the band
                    for c in t.children) and any(c.dep_ == "nsubj" and (c.pos_ == "PROPN" or c.lower_ in _THIRD)
                                                 for c in t.children):
            return True  # "How does Ana rate Gareth?", "How did Javi find the new gear?", "Ana, how does she rate it?"
        if t.pos_ == "VERB" and lemma in _VIEW_THAT and any(c.dep_ == "ccomp" and _judged(c) for c in t.children) and \
                any((c.dep_ == "nsubj" and (c.pos_ in ("PROPN", "NOUN") or c.lower_ in _THIRD)) or
                    (c.dep_ in ("advmod", "npadvmod") and c.pos_ == "PROPN" and c.i < t.i) for c in t.children):
            # "Did Ana think the hall worked as a venue?": a view held of a thing (a lower-case name before the
            # verb may be parsed as a modifier: "does cy think ...")
            return True
        # "Why does Hamid like the hall?" (the parser may take "like" for a preposition)
        # (not a liking to do something: "what did X like to cook?", "why does X love going there?")
        if lemma in ("like", "love", "hate", "dislike", "enjoy") and t.i > 0 and not any(
                c.dep_ in ("xcomp", "ccomp") for c in t.children) and \
                any(x.lower_ in ("do", "does", "did") for x in doc[:t.i]) and any(
                    x.lower_ in ("why", "what", "how") for x in doc[:t.i]):
            return True
        if t.pos_ == "NOUN" and (lemma in _VIEW_NOUNS or lex.noun_in_senses(lemma, _VIEW_SENSES, first=2) or
                                 lex.noun_in_senses(lemma, _HELD_VIEW, first=1)) and \
                any(c.dep_ in ("prep", "prt") and c.lower_ in ("of", "on", "about", "with", "to", "towards")
                    for c in t.children):  # (the parser may take "take on" for a verb and its particle)
            return True  # "Ravi's worry about Godot", "her gripe with the new boots", "his verdict on the hall"
    return False


def _judged(clause: Any) -> bool:
    """A clause that judges its subject ("the hall was too cold", "the hall worked as a venue"), not one that
    states a fact ("the concert started at eight", "she'd locked the door"): an adjective in it, or "work" in
    its sense of serving well."""
    return any(t.pos_ == "ADJ" and t.dep_ in ("acomp", "oprd", "attr", "advmod", "xcomp") for t in clause.subtree) \
        or clause.lemma_.lower() == "work"


def asks_left(doc: Any) -> bool:
    """The question asks for what someone left, quit or moved away from: the asked word (a wh-word or a
    wh-determined noun) is the object of a verb of leaving (WordNet), or the "from" of a move or of
    "walk away"."""
    def wh(t: Any) -> bool:
        return t.tag_ in ("WP", "WDT", "WRB") or any(c.tag_ in ("WP", "WDT") for c in t.children)

    asks_where = any(t.tag_ == "WRB" and t.lower_ == "where" for t in doc)
    for t in doc:
        if t.pos_ != "VERB":
            continue
        away = any(c.lower_ == "away" for c in t.children)
        # (not "what time do they start?": a time asked is when it happens, nothing left)
        # (a fronted wh-phrase before "did" is the object of a verb that has none, wherever the parser hung it:
        # "which city did X leave" may make "city" the subject of "did")
        fronted = [] if any(c.dep_ == "dobj" for c in t.children) else [
            x for x in doc if x.i < t.i and x.dep_ == "nsubj" and x.head.lemma_ == "do" and wh(x)]
        if lex.verb_is(t.lemma_.lower(), "leave", 3) and any(
                (c.dep_ == "dobj" or c in fronted) and wh(c) and not lex.noun_is(c.lemma_.lower(), "time", senses=2)
                for c in [*t.children, *fronted]):
            return True
        if away or lex.verb_is(t.lemma_.lower(), "reside", 4):
            preps = [c for x in (t, *[a for a in t.children if a.lower_ == "away"]) for c in x.children]
            for c in preps:  # "where did she move from", "which firm did he walk away from"
                if c.dep_ == "prep" and c.lower_ == "from" and (
                        any(wh(x) for x in c.children) or (not list(c.children) and (asks_where or any(
                            # (a "from" left at the end asks for the fronted wh-phrase, wherever the parser hung
                            # it: "which town did X move away from?" may attach "town" to "did")
                            x.dep_ in ("dobj", "nsubj") and x.i < t.i and wh(x)
                            for x in (doc if t.dep_ == "ROOT" else t.children))))):
                    return True
    return False


_ERSTWHILE = ("erstwhile.s.01", "former.s.03", "previous.s.01", "anterior.s.02")


def asks_earlier(doc: Any) -> bool:
    """A noun said to be of an earlier time ("Ruth's old town?", "his erstwhile home"): WordNet's adjective
    senses of former and previous on the person's own home, town or job."""
    from polymem.language.statements_former import earlier

    if any(t.lower_ in ("now", "still", "currently") for t in doc):
        return False  # "is she still in that old farmhouse?"
    return any(t.dep_ == "amod" and t.head.pos_ == "NOUN" and earlier(t, _ERSTWHILE) and
               any(c.dep_ == "poss" for c in t.head.children) and  # "X's old town", not "the old mill"
               any(lex.noun_is(t.head.lemma_.lower(), k) for k in ("settlement", "city", "dwelling", "job"))
               for t in doc)


def asks_every_value(doc: Any) -> bool:
    """"list every town X has lived in", "which firms has X worked for this year?", "all the jobs X has done":
    every value a person's attribute has taken, not the one it has now. A universal quantifier on a noun that
    names no person, or "which" on a plural noun with a perfect ("has had", "have lived")."""
    toks = list(doc)
    for i, t in enumerate(toks):
        if t.lower_ in ("every", "all"):
            noun = next((x for x in toks[i + 1:i + 4] if x.pos_ in ("NOUN", "PROPN") and x.tag_ != "NNP"), None)
            if noun is not None and not lex.is_person_noun(noun.lemma_.lower(), 2):
                return True
        # ("which employers has X had": an employer may be a person, asked of one member it is a workplace)
        if t.lower_ in ("which", "what") and i + 1 < len(toks) and toks[i + 1].tag_ == "NNS" and \
                any(x.lemma_ == "have" and x.tag_ in ("VBZ", "VBP") for x in toks[i + 2:]):
            return True
    return False


def of_someone_elses(doc: Any, is_member: Callable[[str], bool]) -> bool:
    """The state asked is a member's relative's or acquaintance's, not the member's own: "where does X's sister
    live?", "what does X's husband do?", "what's X's brother's dog called?". A member's name possesses a person
    noun that is the subject of the question's verb, or that itself possesses the thing asked. Not "who is X's
    employer?" or "which firm is X's employer?": a copula alone equates the person noun with the answer."""
    for t in doc:
        h = t.head
        if t.dep_ != "poss" or not is_member(t.text) or h.pos_ != "NOUN" or h.i == t.i or \
                not _a_person(h.lemma_.lower()) or any(is_member(c.text) for c in h.children if c.i != t.i) or \
                (h.i + 1 < len(doc) and is_member(doc[h.i + 1].text)):
            continue  # ("X's neighbour Bob": the neighbour is a member, asked of as such)
        if h.dep_ == "poss":  # "X's sister's dog"
            return True
        if h.dep_ in ("nsubj", "nsubjpass", "attr") and (h.head.lemma_ != "be" or any(
                c.dep_ in ("prep", "acomp", "xcomp", "advcl", "acl") or c.pos_ == "VERB"
                for c in [*h.head.children, *h.children] if c.i != h.i)):
            return True  # (a verb of its own: "X's mum lives", "is X's cousin living", "is X's partner from")
    return False


def _a_person(lemma: str) -> bool:
    """A noun for a person by its first sense, or by its second where the first is no animal ("mum": a plant
    first; "dog": an animal first, a person only by a slur)."""
    senses = lex._synsets(lemma, "n")[:2]
    if not senses or re.search(r"\b(?:firm|company|organi[sz]ation|business)\b", senses[0].definition()):
        return False  # ("X's employer": "a person or firm that employs workers", asked as a job is)
    return lex.is_person_noun(lemma, 1) or (senses[0].lexname() != "noun.animal" and lex.is_person_noun(lemma, 2))


# the closed class of English markers that set an option against another ("X rather than Y", "X instead of Y")
_AGAINST = re.compile(r"\b(?:instead of|rather than|in place of|than)\s+([^,.;:?!]+)", re.I)


def weighed_against(question: str) -> list[str]:
    """The words of what a question sets its option against: "rather self-publish than go with Kelpie" gives
    go, with, kelpie; "X instead of the Crown" gives the, crown."""
    return [w.lower() for m in _AGAINST.finditer(question) for w in re.findall(r"[\w'-]+", m.group(1))]


_CONTENT = ("NOUN", "PROPN", "NUM", "ADJ", "VERB")
_TIME_PREPS = ("after", "before", "since", "until", "during")  # a closed class: prepositions of time
_TIME_MARKS = (*_TIME_PREPS, "once", "when", "while", "as")  # and the conjunctions that open a clause of time


def option_words(doc: Any) -> list[str]:
    """The words naming the option a "who suggested / proposed / came up with ..." question asks about, less
    the matter it was put forward for. From the parse: a for- or as-phrase on the option noun, or on a main
    verb that has its object ("goldendale for the star party", "June 21 for the date", "a Kindle as the
    present"), names the matter ("pushed for X" has no other object: X is the option); so does the object of
    an option given as a change ("moving the cook-off to sept 26", "to hold the reunion in York", "swapping X
    for Y") and the object a with-phrase replaces ("countered the X idea with Y"). A phrase of time ("after
    the kitchen problem"), gerunds and wh-words are not the option."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    # the clause that asks, when a clause before it sets the scene ("When the group was hunting for a new city,
    # who pushed X?"): the verb whose subject is the wh-word
    # (the last wh-word, a subject's first: "In the talk about what to eat, who suggested X?" asks with "who")
    whs = [t for t in doc if t.tag_ in ("WP", "WDT")]
    wh = next((t for t in reversed(whs) if t.dep_ in ("nsubj", "nsubjpass") or (
        t.dep_ == "det" and t.head.dep_ in ("nsubj", "nsubjpass"))), whs[-1] if whs else None)
    while wh is not None and wh.pos_ not in ("VERB", "AUX") and wh.head.i != wh.i:
        wh = wh.head  # ("which cousin argued for X": the cousin's verb)
    root = wh if wh is not None and wh.pos_ in ("VERB", "AUX") else root
    if root is None:
        return []
    matter: set[int] = set()
    has_obj = any(c.dep_ in ("dobj", "npadvmod", "attr") and c.tag_ not in ("WP", "WDT") for c in root.children)
    for o in (c for c in root.children if c.dep_ == "dobj"):  # "countered [the X plan] with Y"
        if any(c.dep_ == "prep" and c.lower_ == "with" for c in [*root.children, *o.children]):
            matter |= {o.i} | {x.i for c in o.children if not (c.dep_ == "prep" and c.lower_ == "with")
                               for x in c.subtree}
    for c in root.children:  # a clause of when ("back when the dinner was near X", "once Y fell through")
        if c.dep_ == "advcl" and any(x.tag_ == "WRB" or (x.dep_ == "mark" and x.lower_ in _TIME_MARKS)
                                     for x in c.children):
            matter |= {x.i for x in c.subtree}
    for t in doc:
        if t.dep_ != "prep":
            continue
        if t.lower_ in _TIME_PREPS:
            matter |= {x.i for x in t.subtree}
        elif t.lower_ in ("for", "as") and t.head.tag_ != "VBG" and (
                t.head.pos_ in ("NOUN", "PROPN") or (t.head.i == root.i and has_obj)):
            matter |= {x.i for x in t.subtree}
    for t in doc:  # the option as a change: its object is the matter
        change = t.tag_ == "VBG" or (t.tag_ == "VB" and any(c.dep_ == "aux" and c.lower_ == "to" for c in t.children))
        if not change or t.i < root.i:
            continue
        # the one a thing is given to is the matter too ("to give [the coach] a hamper")
        # (a "to"-phrase the parser calls a dative is where the change goes: "swapping the pick to X")
        matter |= {x.i for c in t.children if c.dep_ == "dative" and c.pos_ != "ADP" for x in c.subtree}
        objs = [c for c in t.children if c.dep_ == "dobj"]
        rest = [c for c in t.children if c.dep_ in ("prep", "advcl", "ccomp", "xcomp", "oprd", "acomp") or
                (c.dep_ == "dative" and c.pos_ == "ADP")] + \
            [c for o in objs for c in o.children if c.dep_ == "prep"]  # "hold [the reunion] in York"
        if rest:
            matter |= {t.i} | {x.i for o in objs for c in [o, *(c for c in o.children if c.dep_ != "prep")]
                               for x in (c.subtree if c is not o else [o])}
    return [t.lower_ for t in doc if t.i > root.i and t.i not in matter and t.pos_ in _CONTENT
            and t.tag_ not in ("VBG", "WP", "WDT", "WP$") and not t.is_stop]


def _asking_clause(doc: Any, deps: tuple[str, ...]) -> tuple[Any, Any, set[int]] | None:
    """The wh-word ("who"/"whom" as one of `deps`), the verb it hangs on, and the tokens of any clause below that
    verb that only sets the scene ("... when we were getting the van")."""
    wh = next((t for t in doc if t.lower_ in ("who", "whom") and t.dep_ in deps), None)
    if wh is None:
        return None
    verb = wh.head
    return wh, verb, {x.i for t in verb.subtree if t.dep_ == "advcl" and t.i != verb.i for x in t.subtree}


def asked_words(doc: Any) -> set[str] | None:
    """The words of the clause that asks ("once the flights moved, who offered to pick them up?": "who offered
    to pick them up"), lower-cased, without a clause inside it that only sets the scene ("... when we were
    getting the van"). None when the asking clause leans on the rest ("who picked it up?") or is all there is."""
    asking = _asking_clause(doc, ("nsubj", "nsubjpass", "dobj"))
    if asking is None or asking[0].head.i == asking[0].i:
        return None
    _, clause, scene = asking
    words = {x.lower_ for x in clause.subtree if x.i not in scene}
    if any(x.lower_ in ("it", "that", "this", "them", "one") and x.dep_ in ("dobj", "pobj") for x in clause.subtree
           if x.i not in scene) or len(words) >= len([t for t in doc if not t.is_punct]):
        return None
    return words


def task_words(doc: Any) -> list[str]:
    """What the one asked about took on, in the asking clause's own words: the words below the verb that asks
    ("who offered to pick them up?": "pick", "up"), lower-cased, without function words."""
    asking = _asking_clause(doc, ("nsubj", "nsubjpass"))
    if asking is None:
        return []
    wh, verb, scene = asking
    return list(dict.fromkeys(x.lower_ for x in verb.subtree if x.i not in scene and x.i not in (verb.i, wh.i)
                              and x.is_alpha and not x.is_stop and x.pos_ in ("VERB", "NOUN", "ADJ")))


# putting forward, raising a topic, urging or backing (WordNet; kinds of them count)
_PROPOSING = ("propose.v.01", "raise.v.07", "recommend.v.01")
_URGING = ("urge.v.01", "back.v.01", "argue.v.01")


def asks_proposer(doc: Any) -> bool:
    """"who brought up X", "who put X forward", "who was pushing for X": a who-question whose verb puts an option
    forward (urging or backing only with "for": "who pushed the cart?" asks no proposer)."""
    if not any(t.lower_ in ("who", "whom", "whose") for t in doc):
        return False
    for v in doc:
        if v.pos_ != "VERB":
            continue
        phr = sx.phrasal(v)
        if lex.verb_in_senses(phr, _PROPOSING, first=3):
            return True
        if any(c.dep_ == "prep" and c.lower_ == "for" for c in v.children) and \
                lex.verb_in_senses(phr, _URGING, first=3):
            return True
    return False
