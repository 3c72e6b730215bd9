"""Word lists the rule-based planner and the extractive answerer share (English)."""

from __future__ import annotations

import re

# (any script's letters: "Dónal", "Tromsø" are one word each, not "d" and "nal"; "_" splits, as in fusion)
WORD = re.compile(r"[^\W_](?:(?:[^\W_]|['&.\-])*[^\W_])?")

STOP = frozenset("""
a an the and or but if of to in on at for from by with about into over after before as is are was were be
been being do does did done have has had having i me my mine we us our ours you your yours he him his she her
hers it its they them their theirs this that these those there here what which who whom whose when where why
how all any both each few more most other some such no nor not only own same so than too very can could will
would shall should may might must just now then also still ever again once ok okay yes please tell told say said
says know knows think thinks thought feel feels see sees group everyone everybody anyone somebody someone one
ones people person member members chat guys guy team us lot really get got go going gone make made let lets
currently current these days today finally end ended up originally initially first earlier previously previous
before used back whole every thing things s t d ll re ve m o
become became becomes
""".split())  # ("become": a copula like "be", and "what became of X" asks what happened to X)

# Verbs that only say what kind of question it is: not topic terms.
CUE_WORDS = frozenset("""
suggest suggested suggests suggesting suggestion propose proposed proposes proposing proposal recommend
recommended recommends pitch pitched put forward floated float mention mentioned mentions ask asked asks
asking request requested requests agree agreed agrees agreeing volunteer volunteered volunteers offer offered
offers accept accepted accepts report reported reports announce announced announces inform informed share
shared news decide decided decides decision settle settled settles agreed choose chose chosen choice pick
picked opinion view views consider considers considered reckon live lives living based reside resides home
job work works working workplace employer occupation profession pet pets own owns owned have has change
changed history moving moved move wanted want wants happen happened employ employs employed
""".split())

GROUP = re.compile(
    r"\b(the group|we decided|we agreed|we chose|we picked|we settled|we went with|final decision|"
    r"finally decide|finally settle|settle(?:d)? on|agreed on|decided on|group's|our decision|"
    r"the team|(?:the|our) (?:\w+ )?plan|(?:did|have|had|do) we (?:\w+ ){0,2}(?:decid\w*|pick\w*|choos\w*|chose|"
    r"settl\w*|agree\w*|go with|going with|land|landed|vot\w*|plan\w*|end(?:ed)? up|opt\w*|book\w*)|"
    r"(?:first|original|initial|final|latest|current|last|our) (?:pick|choice|plan|option|decision|call|idea)|"
    r"(?:the|our) final \w+|"
    r"(?:was|were|got|been) (?:\w+ly )?(?:decided|chosen|picked|agreed|settled)|(?:are|were) we (?:\w+ing)|"
    r"(?:what|which) (?:\w+ )?(?:did|do) we (?:go|end up|land))\b",
    re.I)
PAST = re.compile(
    r"\b(before|used to|use to|originally|original|at first|previous|previously|changed|change|history|earlier|"
    r"initially|initial|formerly|former|prior|first|old (?:job|city|place|home|address|role|position|work)|at the start|to begin with|"
    r"back then|in the past|last time|had (?:\w+ )?decided)\b", re.I)
FIRST_PERSON = re.compile(r"\b(i|me|my|mine|myself)\b", re.I)

# Search expansion per attribute (which attribute is asked comes from polymem.language.questions).
ATTR_TERMS = {
    "city": ["live", "living", "lives", "based", "moved", "move", "relocated", "in", "home", "city"],
    "job": ["work", "job", "started", "as", "employer", "working", "hired", "position"],
    "pet": ["pet", "pets", "animal", "adopted"],
}
PROPOSAL = re.compile(r"\b(suggest\w*|how about|what about|propos\w*|why not|let's|lets|maybe|"
                      r"i'd go with|i vote|vote for|recommend\w*|could we|we could|pitch\w*|"
                      r"idea|option)\b", re.I)
DECISION = re.compile(r"\b(decision|decided|settled|it's settled|final|agreed on|going with|"
                      r"we're going|locked in|confirmed|switched|change|now|update|"
                      r"fell through|is off|instead|chose|picked|scrap that|we're doing|it is|switch to|"
                      r"let's go with)\b", re.I)
REQUEST = re.compile(r"\b(can you|could you|would you|will you|are you able|"
                     r"please|pls|mind|need you|can someone|could someone)\b|\?", re.I)
# ("ok so, ..." opens a topic: a discourse marker, not a yes)
AGREE = re.compile(r"\b(sure|yep|yes|yeah|ok(?![\s.,!]+so\b)|okay(?![\s.,!]+so\b)|on it|will do|i'll|i will|i can(?!['’]t|not)|no problem|np|"
                   r"count me in|happy to|consider it done|got it|absolutely|of course|leave it to me|"
                   r"i've got|i got)\b", re.I)
OPINION = re.compile(r"\b(think|honestly|feel|reckon|imo|imho|to be fair|ngl|"
                     r"always|never|really|so|too|great|brilliant|best|worst|love|hate)\b", re.I)
NEGATIVE_CLAUSE = re.compile(r"\b(is off|are off|fell through|cancel\w*|no longer|scrapped|dropped|"
                             r"not happening|instead of|replaced|called off|out|closed|scrap\w*|"
                             r"not available|booked (?:out|up)|flooded|no good|won't work)\b", re.I)
CLAUSE_SPLIT = re.compile(r"\s*(?:[,;:!.?]|\bbecause\b|\bsince\b|\bas\b(?= \w+ (?:fell|is off))|"
                          r"\bbut\b)\s*", re.I)


def words(text: str) -> list[str]:
    out = []
    for w in WORD.findall(text):
        w = re.sub(r"(?:'s|’s)$", "", w.lower()).strip(".'-")
        if w:
            out.append(w)
    return out
