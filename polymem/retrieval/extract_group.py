"""Group answers: the decision that holds on a matter now and the one before it, read from the writer's decision
chains and from the retrieved messages themselves (the language layer's tracker and plain assertions).

Functions take the Answerer as `self` (they are bound as its methods).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from polymem.language import answer_kind, group, question_group, timeexpr, value_kind
from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.chains import against, channel_words, kept_instead
from polymem.language.models import parsed
from polymem.retrieval import decisions, values
from polymem.retrieval.extract_at import _held_then, _pick_at
from polymem.retrieval.extract_base import NOT_IN_MEMORY, Extract, StateHit, coverage, same_value, when


def group_decision(self: Any) -> Extract:
    """Head: the latest decision on the topic; past: the earliest one with another value (what was superseded).
    A past that no decision chain holds is answered as any question is, with the message that best matches it
    (`_generic`, which abstains when none covers the question): what a plan was before it changed is most often
    said where it was first put forward, in words no reading of decisions may have caught."""
    ex = _group_decision(self)
    if ex.abstained:
        return self._generic() if self.plan.mode != "head" else ex
    # (the matter named by the noun asked vouches for its value; "when"/"where"/"who" still ask their kind)
    if not (self.group_named and value_kind.asks_by_noun(self.plan.question)) and not _fits(self, ex.text):
        # every matter the chains hold was settled with a value of another kind ("where" answered by a sum or by
        # a member's name): none of them is the one asked about; the line that best answers it may still say
        return self._generic()
    # "fri 14 nov" -> "fri 14 November", "4th-6th Oct" -> "4-6 October"
    return replace(ex, text=timeexpr.spell_months(timeexpr.plain_days(ex.text)))


def _fits(self: Any, value: str) -> bool:
    """A decision's value can answer the question: of the kind it asks for ("which night": a date), and not a
    member's name alone unless it asks who."""
    q = self.plan.question
    if timeexpr.asks_hour(q):
        return timeexpr.names_hour(value)  # "what time does it start?" is answered by an hour, not by a day
    if not value_kind.compatible(value_kind.asked_kind(q), value, value_kind.asks_by_noun(q)):
        return False
    if question_group.asks_means(q) and (value_kind.value_kind(value) == "date" or value_kind.compatible("place", value)):
        return False  # "how are we getting there?": a way of doing it, not where or when
    if not question_group.asks_who(q) and _only_names(value, {w.lower() for w in self.roster.name_words()}):
        return False
    # "which pub", "which hotel": a value naming none (an area, an evening's event) settled another matter
    doc = parsed(q)
    focus = answer_kind.asked_focus(doc)
    # (a venue or a spot asked: "the library" is one, named or not)
    return focus is None or not focus.named or focus.noun in ("name", "title") or is_generic(focus.noun) or \
        answer_kind.asks_place(focus.noun) or answer_kind.says_noun(value, focus.noun) or \
        answer_kind.holds(focus, parsed(value), answer_kind.asked_words(doc), lambda w: bool(self.roster.find(w)))


def _group_decision(self: Any) -> Extract:
    """A message is on the topic when it names the issue or one of the options proposed for it in the thread."""
    issue = self.plan.issue
    # "what date did we pick", "which dates did they land on": the value is a date, wherever it is ("the open
    # day" names a matter, not a date)
    dated = value_kind.asked_kind(self.plan.question) == "date"
    hits: list[StateHit] = []
    self.group_named = False  # set when the chain answering is the one the question names by its noun
    # The writer's decision chains first: they know what superseded what. A chain whose words the question
    # does not share is still found by the record search's own ranking (embedding + full text).
    chain = _best_chain(self)
    whole = chain
    if dated:  # "which dates did we pick": the date part of each version ("LAKE DISTRICT, 17-21 JULY")
        # (a short value that is a date as a whole keeps its words: "half term, 27th to 31st", "whitsun, 2-4 june")
        chain = [StateHit(h.id, d, h.when, h.message_ids, h.kind) for h in chain
                 if (d := (h.value if _date_whole(h.value or "") else None) or
                     timeexpr.date_span(h.value or "") or values.date(h.value or "") or
                     (h.value if value_kind.value_kind(h.value or "") == "date" else None) or
                     timeexpr.day_phrase(h.value or ""))]
    # the options proposed in the thread: only the message reading below (no chain) uses them
    known = [] if dated or chain else decisions.topic_values(self.msgs.values(), issue, self.window)
    for m in ([] if chain else self.msgs.values()):
        text = m["text"]
        if dated and not values.date(text) or not dated and issue and coverage(issue, text) == 0 and \
                not decisions.value_in(text, known):
            continue
        if not decisions.is_decision(text):
            continue
        v = values.date(text) if dated else values.decision(text, issue, known=known)
        if v:
            hits.append(StateHit(m["id"], v, when(m), [m["id"]]))
    hits += chain
    hits.sort(key=lambda h: h.when)
    if not hits:
        return Extract(NOT_IN_MEMORY, abstained=True)
    if _held_then(self, hits):  # "as of October, which venue was booked?": the decision that held then
        then = _pick_at(self, hits)
        if then is None or not then.value:
            return Extract(NOT_IN_MEMORY, abstained=True)
        return Extract(then.value, cited=then.message_ids, confidence=1.0, rows={"GROUP": ([then], [])})
    head = hits[-1]
    rows = {"GROUP": ([head], [])}
    if self.plan.mode == "head":
        return Extract(head.value or "", cited=head.message_ids, confidence=1.0, rows=rows)
    earlier = [h for h in hits[:-1] if not same_value(h.value, head.value)]
    # ("then: Saturday 9 May, St Brigid's" read as its date first, then "St Brigid's is confirmed": asked which
    # venue came first, the first version that names one)
    earlier = [h for h in earlier if _fits(self, h.value or "")] or earlier
    if not earlier and dated and len(chain) == 1 and whole and whole[-1].when > chain[0].when and \
            not question_group.asks_new_value(self.plan.question):
        # "what was the original date?": the only date the matter was settled with, and a later version (a new
        # venue "instead of 21 March at Rimrock") replaced what it was settled as
        past = chain[0]
        rows["GROUP"] = ([whole[-1]], [past])
        return Extract(past.value or "", cited=past.message_ids + whole[-1].message_ids, confidence=0.8, rows=rows)
    if earlier:
        past = earlier[0]
        rows["GROUP"] = ([head], [past])
        return Extract(past.value or "", cited=past.message_ids + head.message_ids, confidence=1.0, rows=rows)
    text = self.msgs[head.id]["text"] if head.id in self.msgs else ""
    old = (values.date(text, old=True) if dated else values.decision(text, issue, old=True, known=known)) \
        if text else None
    if old:
        return Extract(old, cited=head.message_ids, confidence=0.8, rows=rows)
    return Extract(NOT_IN_MEMORY, abstained=True, cited=head.message_ids, rows=rows)


SHORT_DATE = 6  # words of a value settled as a date that an answer about dates keeps whole
DISCUSSION = 3  # messages before a decision that count as the discussion it settled
DENSE_W = 2.0  # weight of the best question-message cosine among a matter's messages
GENERIC_SENSES = ("plan.n.01", "idea.n.01", "decision.n.01", "choice.n.02", "thing.n.12", "thing.n.04", "option.n.02",
                  "matter.n.01", "issue.n.01")
TOPIC_W = 1.0  # what a record gains when its matter's name is one of the question's words
ECHO = 1.5  # what a matter loses when the value it would answer with is already in the question
TALK_FLOOR = 0.45  # the least cosine of a decision's talk with the question that says it is on the same matter
PAST_MARGIN = 0.5  # how much further from the question than the best a matter may rank and still be the one asked


def _best_chain(self: Any) -> list[StateHit]:
    """The versions of one decision chain. Candidates are the writer's chains (records) and the chains the
    language layer reads from the retrieved messages themselves (a second reading, in case the writer filed a
    decision under the wrong matter). Only matters settled with a value of the asked kind count; then the one
    whose words (what was said when deciding x2, then the discussion) share most with the question, plus where
    retrieval ranked the messages that settled it, then the record search's own ranking; a question about the
    past prefers a chain that has one."""
    row = self.s2.get("GROUP", {})
    by_attr: dict[str, list[Any]] = {}
    for i in row.get("current", []) + row.get("past", []):
        if (i.attribute or "").startswith("decision:"):
            by_attr.setdefault(i.attribute or "", []).append(i)
    cands: dict[str, tuple[list[StateHit], str, str, float]] = {}  # key -> (versions, said, about, score)
    for attr, its in by_attr.items():
        hits = sorted((StateHit(i.id, i.value or i.text, (i.time.timestamp() if i.time else 0.0, 0, i.id),
                                i.message_ids, "record") for i in its), key=lambda h: h.when)
        said = " ".join([attr.replace("decision:", ""), *(f"{i.value or ''} {re.sub(r'about: [^)]*', '', i.text)}"
                                                          for i in its)])
        about = " ".join(m.group(1) for i in its if (m := re.search(r"about: ([^)]*)\)", i.text)))
        cands[attr] = (hits, said, about, max(i.score for i in its))
    # values the writer's version chains say were overturned ("the 26th, instead of sept 12"): a chain read
    # from the retrieved messages that ends on one of them missed the message that overturned it
    heads = {attr: max(its, key=lambda x: x.time.timestamp() if x.time else 0.0) for attr, its in by_attr.items()}
    overturned = [m.group(1) for its in by_attr.values() for i in its
                  if (m := re.search(r", instead of ([^(]+?) \((?:announced|about)", i.text))]
    overturned += [i.value for attr, its in by_attr.items() for i in its if i.value and i is not heads[attr]]
    # and the values the writer holds current: a chain that says one of them was replaced contradicts it
    current = [h.value for h in heads.values()]
    for n, (hits, said, about) in enumerate(_evidence_chains(self)):
        if hits and (any(same_value(hits[-1].value, v) for v in overturned) or
                     any(same_value(h.value, v) for h in hits[:-1] for v in current if v)):
            continue
        cands[f"evidence:{n}"] = (hits, said, about, 0.0)
    assigned = decisions.assigned_chains(self.msgs.values(), self.plan.issue, self.roster.name_words())
    for n, (hits, said) in enumerate(assigned):
        cands[f"assigned:{n}"] = (hits, said, "", 0.0)
    plain = {a.id: a.value for more, _ in assigned for a in more}
    for key, (hits, said, about, score) in list(cands.items()):  # a later plain assertion on a written matter
        if key.startswith(("evidence:", "assigned:")):
            continue
        # the assertion's own complement is the sharper value where a record rests on the same message
        hits = [StateHit(h.id, next((plain[m] for m in h.message_ids if m in plain), h.value), h.when,
                         h.message_ids, h.kind) for h in hits]
        cands[key] = (hits, said, about, score)
        for more, _ in assigned:
            if any(same_value(h.value, a.value) or (a.value or "").lower() in (h.value or "").lower()
                   for h in hits for a in more):
                later = [a for a in more if a.when > hits[-1].when and not same_value(a.value, hits[-1].value)]
                cands[key] = (hits + later, said + " " + " ".join(str(a.value) for a in later), about, score)
    if not cands:
        return []
    # "what's the kitty now?": the noun asked about is the one the writer filed a matter under; whatever kind
    # of value the noun seems to ask for, that matter's values are what it has
    focus = answer_kind.asked_focus(parsed(self.plan.question))
    asked_noun = (lex.wordnet().morphy(focus.noun.lower(), "n") or focus.noun.lower()) if focus is not None else ""
    named = {k for k in cands if focus is not None and k.startswith("decision:") and
             k[9:].split()[-1:] == [asked_noun] and not is_generic(asked_noun)}
    # "which night", "how much", "where": only a matter settled with a value of that kind can answer
    asked = value_kind.asked_kind(self.plan.question)
    noun = value_kind.asks_by_noun(self.plan.question)
    cands = {k: c for k, c in cands.items() if k in named or
             any(value_kind.compatible(asked, h.value or "", noun) for h in c[0])} or cands
    # "what colour", "which route": where some matter was settled with a word of that kind ("teal"), only such
    # a matter answers (a plain assertion "the draft is in the drive" is no colour)
    # (a noun asking for a sum or a day is answered by any value of that kind: "40 each" is an allowance)
    if focus is not None and not focus.named and not is_generic(focus.noun) and asked not in ("amount", "date"):
        cands = {k: c for k, c in cands.items() if k in named or any(answer_kind.names_kind(h.value or "", focus.noun)
                                                                   for h in c[0])} or cands
    # a member's name alone answers only a question asking who ("kit" is no place, no gift)
    if not question_group.asks_who(self.plan.question):
        members = {w.lower() for w in self.roster.name_words()}
        cands = {k: c for k, c in cands.items() if not all(_only_names(h.value or "", members) for h in c[0])} \
            or cands
    # the words that name the matter, not those that ask about it ("what did they end up with for the harvest supper")
    issue = question_group.matter_words(self.plan.question, self.plan.issue) or self.plan.issue
    by_seq = {m.get("seq"): mid for mid, m in self.msgs.items() if m.get("seq") is not None}

    def discussed(hits: list[StateHit]) -> list[str]:
        """The messages that settled a matter and the few just before each (where it was asked for and put
        forward: "film for sunday?", "Heat? or Ronin")."""
        out = []
        for h in hits:
            for mid in h.message_ids:
                out.append(mid)
                seq = (self.msgs.get(mid) or {}).get("seq")
                if seq is not None:
                    out += [by_seq[s] for s in range(seq - DISCUSSION, seq) if s in by_seq]
        return out

    # "what flooring", "which caterer": how near in meaning each matter's answer comes to the kind asked for
    # (a kind named by proper names, "which hotel", or a name asked for: no cosine says which name is meant)
    kind_noun = focus.noun.replace("_", " ") if focus is not None and not focus.named and \
        not is_generic(focus.noun) and asked not in ("amount", "date") else ""

    def rank(c: tuple[list[StateHit], str, str, float]) -> tuple[float, bool, float]:
        hits, said, about, score = c
        cover = (2 * coverage(issue, said) + coverage(issue, about)) if issue else 0.0
        # where the retrieval (BM25 + dense on the question) ranked the messages that settled it: the question's
        # words may be nowhere in the deciding messages ("the farewell party" vs "booked the Crown")
        ids = discussed(hits)
        best = min((self.rank.get(mid, 999) for mid in ids), default=999)
        # how close in meaning its messages came to the question ("the summer holiday" vs "the chalet is booked")
        # (or the talk that led to any of its versions, fetched for the records, where it is clearly on the
        # question's matter: below TALK_FLOOR such cosines say little)
        talk = [c for h in hits if (c := self.near.get(h.id, 0.0)) >= TALK_FLOOR]
        near = max([self.dense.get(mid, 0.0) for mid in ids] + talk, default=0.0)
        # the value it would answer with is already in the question ("which engine is Brinebound built in"
        # presupposes the name): it names the matter's subject, so it is not what is asked
        answer = hits[-1].value if self.plan.mode == "head" else next(
            (h.value for h in hits if not same_value(h.value, hits[-1].value)), hits[0].value)
        echoed = ECHO if answer and echoes(answer, self.plan.question) else 0.0
        fit = FOCUS_W * _focus_fit(self, kind_noun, answer or "") if kind_noun else 0.0
        return cover + 1.5 / (1 + best) + DENSE_W * near + fit - echoed, len(hits) > 1, score

    ranks = {k: rank(c) for k, c in cands.items()}
    # a record filed under a matter the question names ("the game's name" and decision:name)
    # (not a word any matter could be filed under: "plan", "idea", "group", "thing")
    words = {w.lower() for w in issue if not is_generic(w.lower())}
    # and the nouns the question's verbs stand for ("what's the group called": the name; "where do we meet": the
    # meeting)
    words |= {n for t in parsed(self.plan.question) if t.pos_ == "VERB" and t.lemma_.lower() not in ("be", "do")
              for n in lex.verb_nouns(t.lemma_.lower()) if not is_generic(n)}
    # (twice over when it is the head of the question's noun phrase, not a modifier: "the quiz theme" asks the theme)
    heads = question_group.head_nouns(self.plan.question) & words
    ranks = {k: (r[0] + TOPIC_W * (bool(k.startswith("decision:") and set(k[9:].split()) & words) +
                                   bool(k.startswith("decision:") and set(k[9:].split()) & heads)), *r[1:])
             for k, r in ranks.items()}
    top = max(r[0] for r in ranks.values())
    if self.plan.mode != "head":
        # "what was it originally": a matter that changed has a past; among those about as close to the question
        # as the best (a changed matter far from it is another matter)
        changed = {k: r for k, r in ranks.items() if len(cands[k][0]) > 1 and r[0] >= top - PAST_MARGIN}
        ranks = changed or ranks
    best = max(ranks, key=ranks.__getitem__)
    written = [k for k in ranks if not k.startswith(("evidence:", "assigned:"))]
    # the tracker's second reading wins only where it matches the question strictly better than every record
    if best.startswith("evidence:") and written and ranks[best][0] <= max(ranks[k][0] for k in written):
        best = max(written, key=ranks.__getitem__)
    hits = cands[best][0]
    self.group_named = best in named
    if best.startswith("decision:") and not self.group_named:  # (the matter the question names stays as it is)
        hits = _regroup(self, hits, [c[0][-1] for k, c in cands.items() if k.startswith("decision:") and k != best
                                     and c[0] and value_kind.compatible(asked, c[0][-1].value or "", noun)])
    if len(hits) > 1 and self.plan.mode != "head":
        return hits
    kind = value_kind.value_kind(hits[-1].value or "")
    # the question names the matter by two words the writer filed it under apart ("the original hotel
    # allowance": "hotel", later "allowance"), each settled with values of one kind: one matter. A sum or a
    # date may be filed under a word of its own ("euros") where only the talk before it names the matter.
    # The other matter must be named by a word of the question that the chosen one's name lacks: "the relaunch
    # date" does not take in another matter whose talk says "date", nor "the work day" one whose talk says "work".
    def named_by(k: str, by: set[str]) -> bool:
        if set(k[9:].split()) & by:
            return True
        talk = " ".join((self.msgs.get(m) or {}).get("text") or "" for m in discussed(cands[k][0])).lower()
        return kind in ("amount", "date") and any(sx.whole_word(w).search(talk) for w in by)

    if best.startswith("decision:") and named_by(best, words):
        rest = words - set(best[9:].split())
        also = [h for k in ranks if k != best and k.startswith("decision:") and cands[k][0] and
                all(value_kind.value_kind(h.value or "") == kind for h in cands[k][0]) and named_by(k, rest)
                for h in cands[k][0]]
        if also:
            return sorted(hits + also, key=lambda h: h.when)

    # one matter filed as two (the first choice, then the one that replaced it, read apart): a later decision of
    # the same kind follows it as its next version when the talk that led to it named the value it replaced and
    # turned it down ("the hostel at X can't take us ... what about Y?"); a value only named near another
    # matter's decision ("X is too quiet for the quiz, what about Y?") revises nothing
    def revises(k: str) -> bool:
        return any(decisions.mentions(hits[-1].value or "", text) and against(text) and
                   not kept_instead(hits[-1].value or "", text)
                   for m in discussed(cands[k][0][:1]) if m in self.msgs and m not in hits[-1].message_ids
                   for text in [self.msgs[m]["text"] or ""])
    later = [k for k in ranks if k != best and cands[k][0][0].when > hits[-1].when and
             value_kind.value_kind(cands[k][0][0].value or "") == kind and
             not same_value(cands[k][0][0].value, hits[-1].value) and revises(k)]
    if later:
        return hits + cands[min(later, key=lambda k: cands[k][0][0].when)][0]
    return hits


FOCUS_W = 1.5  # weight of the cosine of a matter's answer with the kind of thing the question asks for


def _focus_fit(self: Any, noun: str, value: str) -> float:
    """Cosine of the value with the noun the question asks for ("oak boards" with "flooring" far above "booking
    sheet"), 0 where no embedder is loaded."""
    if self.embed is None or not value:
        return 0.0
    a, b = self.embed(noun), self.embed(value)
    if a is None or b is None or len(a) == 0 or len(b) == 0:
        return 0.0
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    na, nb = sum(x * x for x in a) ** 0.5, sum(y * y for y in b) ** 0.5
    return dot / (na * nb) if na and nb else 0.0


CLOSER = 0.03  # how much nearer to the question another matter's version must come to join the chain chosen


def _regroup(self: Any, hits: list[StateHit], others: list[StateHit]) -> list[StateHit]:
    """The chain chosen, joined by the nearest of the other matters' current choices (`others`) of the same kind
    whose own talk (its deciding line and the few before) came clearly nearer to the question than any version of
    the chain: the writer filed it apart (a matter named after a word said in passing, a new weekday filed as another
    event's date), yet it answers the matter asked ("which evening is it on now?" where the new one was filed
    elsewhere). A superseded version of another matter never joins (`others` holds each matter's latest)."""
    rel = {h.id: self.near_own[h.id] for h in [*hits, *others] if h.id in self.near_own}
    known = [rel[h.id] for h in hits if h.id in rel]
    if not known:
        return hits
    top = max(known)
    kind = value_kind.value_kind(max(hits, key=lambda h: rel.get(h.id, -1.0)).value or "")
    # one other matter's choice: the nearest
    join = max((h for h in others if rel.get(h.id, -1.0) >= top + CLOSER and value_kind.value_kind(h.value or "") == kind),
               key=lambda h: rel[h.id], default=None)
    if join is None:
        return hits
    out: list[StateHit] = []
    for h in sorted([*hits, join], key=lambda x: x.when):
        if not out or not same_value(out[-1].value, h.value):
            out.append(h)
    return out


def _date_whole(value: str) -> bool:
    """A short value settled as a date whose other words name a time, not a place ("half term, 27th to 31st", not
    "the Old Mill, 4-6 May")."""
    span = timeexpr.date_span(value) or ""
    rest = value.replace(span, " ").strip(" ,") if span else ""
    return value_kind.value_kind(value) == "date" and len(value.split()) <= SHORT_DATE and bool(rest) and \
        not value_kind.placeish(rest)


def _only_names(value: str, members: set[str]) -> bool:
    """The value is nothing but members' names ("kit", "Ada Moss"), none of them a place's or a day's or a
    month's ("June", "Florence" may be either)."""
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", value.lower()) if w not in ("and", "the")]
    return bool(words) and all(w in members and not lex.is_place_name(w) and not timeexpr.calendar_name(w)
                               for w in words)


def echoes(value: str, question: str) -> bool:
    """The question already names the value it would be answered with ("which engine is Brinebound built in"
    presupposes the name), unless it offers values to choose from ("the Crown or the Lantern?")."""
    return re.search(r"(?i)\bor\b", question) is None and decisions.mentions(value, question)


def is_generic(noun: str) -> bool:
    """A noun that names no particular matter: a plan, an idea, a decision, a group, a thing (WordNet)."""
    return names_a_plan(noun) or lex.noun_is(noun, "group_noun", senses=1)


def names_a_plan(noun: str) -> bool:
    """A noun any proposal is: a plan, an idea, a decision, a choice, a thing (WordNet)."""
    return lex.noun_in_senses(noun, GENERIC_SENSES, first=2, exact=True)


def _evidence_chains(self: Any) -> list[tuple[list[StateHit], str, str]]:
    """The decision chains in the retrieved messages, read in chat order by the language layer's tracker."""
    from polymem.language.decisions import DecisionTracker

    msgs = sorted(self.msgs.values(), key=when)
    tracker = DecisionTracker(by_kind=False)  # a few retrieved messages: the latest matter seen may be another
    out: dict[int, list[StateHit]] = {}
    chains: dict[int, Any] = {}
    for m in msgs:
        for d in tracker.feed(m["text"] or "", m["id"], m.get("speaker") or "", m.get("time")):
            if group.member_news(d.sentence, lambda w: bool(self.roster.find(w))) or \
                    group.news_value(d.value, self.reader.read(d.sentence, m.get("speaker") or "")):
                continue  # what a member is now, or where they moved, is their news, not the group's decision
            c = tracker.chain_of(d)
            chains[id(c)] = c
            hits = out.setdefault(id(c), [])
            if not hits or hits[-1].value != d.value:
                hits.append(StateHit(m["id"], d.value, when(m), [m["id"]], "message"))
    return [(hits, chains[k].said(), " ".join([*chains[k].keywords(), *(
        w for h in hits for mid in h.message_ids for w in channel_words((self.msgs.get(mid) or {}).get("channel")))]))
        for k, hits in out.items()]
