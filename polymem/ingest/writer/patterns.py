"""Phrase patterns for the no-LLM Writer. General shapes of first-person statements, news,
decisions, requests, promises and opinions; values are captured, never listed.

Every pattern needs an explicit subject (I / we / a roster name) or an explicit cue, because a
wrong record is worse than a missing one: "my cousin moved to Tartu" is not the speaker's city,
"flying to Tartu on business" is not a move, "How about X for the picnic?" is not a decision.
"""

from __future__ import annotations

import re

# City, job and pet statements come from the language layer (polymem.language.statements): the parse
# and WordNet, not patterns; group decisions from its decision chains (polymem.language.decisions). What
# stays here: family, the planning and proposals of group matters, requests, promises, opinions.

TIME_TAIL = re.compile(r"(?i)\s+(?:(?:last|next|this|that)\s+(?:week(?:end)?|month|year|summer|winter|spring|"
                       r"autumn|fall|night|time)|for\s+(?:now|years|good|a\s+while)|these\s+days|nowadays|now|"
                       r"yesterday|today|tonight|recently|already|again|too|as\s+well)\b.*$")

# --- family ---------------------------------------------------------------------------------
RELATION = (r"(?P<rel>sister|brother|mom|mum|mother|dad|father|parents|wife|husband|partner|son|daughter|"
            r"kids|children|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|boyfriend|girlfriend|"
            r"fiancée?|niece|nephew|sibling|siblings|in-laws)")
FAMILY = re.compile(r"(?i)\bmy\s+(?:(?:little|big|older|younger|twin|baby)\s+)?" + RELATION
                    + r"(?P<rest>\s+(?:just\s+|finally\s+|recently\s+|also\s+)?(?:is|was|works|worked|lives|lived|"
                    r"moved|got|has|had|started|loves|hates|turned|became|graduated|married|passed|'s|’s)\b[^.!?]{3,})")

# --- group matters: planning and proposals --------------------------------------------------------------------------
TOPIC = r"(?P<topic>[a-z]+(?:\s+[a-z]+)?)"
VAL = r"(?P<v>[^.!?,;:]+?)"
PLANNING = re.compile(r"(?i)\b(?:we|let'?s|us)\b[^.!?]{0,30}?\b(?:need|pick|choose|decide(?:\s+on)?|figure\s+out|"
                      r"sort\s+out|find|settle\s+on)\s+(?:a|an|the)\s+(?P<t1>[a-z]+)"
                      r"(?:\s+and\s+(?:a|an|the)\s+(?P<t2>[a-z]+))?")
DATE_TOPICS = {"date", "day", "time", "when", "weekend", "night", "evening"}
DATE_VALUE = re.compile(r"(?i)\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
                        r"oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?"
                        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d{1,2}/\d{1,2}|tomorrow|tonight)\b")
PROPOSAL = [
    re.compile(r"(?i:how\s+about|what\s+about|i'?d\s+suggest|i\s+suggest|i\s+propose|i'?d\s+propose|maybe|"
               r"i\s+vote\s+for|why\s+not)\s+" + VAL + r"\s+(?:for|as)\s+(?i:the)\s+" + TOPIC + r"\s*[?.!]?\s*$"),
]
NOT_TOPIC = {"problem", "thing", "point", "issue", "weather", "traffic", "match", "game", "news", "idea", "one",
             "best", "worst", "same", "rest", "plan", "other", "first", "last", "answer"}

# --- requests and promises ------------------------------------------------------------------
REQUEST = re.compile(r"(?i)(?<!\bhow\s)(?<!\bwhy\s)(?<!\bwhat\s)\b(?:can|could|would)\s+you\s+(?:please\s+|pls\s+)?"
                     r"(?:be\s+able\s+to\s+|possibly\s+|maybe\s+|also\s+)?(?P<task>[a-z][^?!.]*?)"
                     r"(?:,?\s+(?:please|pls|for\s+me))?\s*(?:[?!.]|$)")
REQUEST_MIND = re.compile(r"(?i)(?:\bwould\s+you\s+mind\s+(?P<task>[a-z]+ing\b[^?!.]*?)\s*(?:[?!.]|$)|"
                          r"(?:^|,)\s*mind\s+(?P<bare>[a-z]+ing\b[^?!.]*?)\s*\?)")
NOT_A_TASK = {"believe", "imagine", "guess", "hear", "see", "feel", "tell", "not", "even", "really", "be", "say",
              "stop", "blame", "think", "like", "love", "try"}
PROMISE = re.compile(r"(?i)\bI(?:'ll|’ll|\s+will|\s+can)\s+(?P<task>[a-z][^.!?]*?)\s*(?:[.!?]|$)")
# An unprompted promise only counts when it opens the message right after an agreement word:
# "Sure, I'll send you the file." / "Yep, Maria! I'll ask around."
OPENING_PROMISE = re.compile(r"(?i)^\W*(?:sure(?:\s+thing)?|yes|yep|yeah|ok|okay|of\s+course|no\s+problem|"
                             r"will\s+do|definitely|absolutely)\b[\s,!.]*(?:[A-Z]\w+[,!.]\s*)?"
                             r"I(?:'ll|’ll|\s+will)\s+(?P<task>[a-z][^.!?]*?)\s*(?:[.!?]|$)")
PHATIC_TASK = re.compile(r"(?i)^(?:let\s+you\s+know|keep\s+you\s+(?:posted|updated)|talk\s+to\s+you|see\s+you|"
                         r"be\s+there|never\s+forget|always|definitely|try|think|check\s+it\s+out)\b")
AFFIRM = re.compile(r"(?i)^\W*(?:sure|yes|yep|yeah|ok|okay|on\s+it|will\s+do|no\s+problem|of\s+course|happy\s+to|"
                    r"absolutely|consider\s+it\s+done|can\s+do|sounds\s+good|np|definitely|for\s+sure|got\s+it)\b")
BARE_AGREE = re.compile(r"(?i)^\W*(?:sure|yes|yep|ok|okay|on\s+it|will\s+do|no\s+problem|of\s+course|"
                        r"consider\s+it\s+done|can\s+do)\W*(?:thing|mate)?\W*$")

# --- opinions -------------------------------------------------------------------------------
OPINION_CUE = re.compile(r"(?i)\b(?:I\s+think|honestly|not\s+gonna\s+lie|ngl|imo|imho|in\s+my\s+opinion|tbh|"
                         r"to\s+be\s+honest|I\s+feel\s+like|I\s+find|gotta\s+say|I\s+reckon|I\s+believe|personally|"
                         r"if\s+you\s+ask\s+me|I\s+have\s+to\s+say|let's\s+be\s+real)\b")
# Any word after the name: whether it judges the person is read from the parse (language.statements.evaluative)
OPINION_VERB = r"(?:[\w'’]+)"
NOT_OPINION = re.compile(r"(?i)^\s*(?:is|'s|’s|has|was)?\s*(?:just\s+|now\s+|finally\s+)?(?:moved|lives|living|"
                         r"based|started|working|coming|going|here|there|in\b|at\b|on\b|late\b|away|out\b|online|"
                         r"back|joining|typing|asking|right|wrong|not\s+here|busy|off\b|bringing)")


def names_regex(names: list[str]) -> str:
    """Alternation of every roster spelling (>= 2 characters), longest first, escaped."""
    uniq = sorted({n for n in names if len(n) >= 2}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in uniq) or r"(?!x)x"
