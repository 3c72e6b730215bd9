"""Group decisions over a conversation: which messages settle something, on what, instead of what, and which
earlier decision they overturn.

A message is a decision when one of its statements is final: a verb of deciding, booking or switching in a
completed or passive form ("decided: X", "X is booked"), a word WordNet glosses as official, settled, final or
unanimous ("officially: X", "it's unanimous"), or the constructions "X it is" and "X wins". Its value is what
it settles on (the phrase after the colon, the object of "we'll go with / we're switching to", the booked
thing, a value proposed earlier); what it drops ("no X", "not X", "X is cancelled", "ditching X", "instead of
X") links it to the decision it overturns. Decisions on one matter form a chain, oldest first; the matter is
the explicit topic ("the open day is moved to ..."), else the chain of the dropped value, else that of the
proposal which named the value, else a new chain named after the message's first ordinary noun.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from polymem.language import concluding, consensus, sums_set, timeexpr
from polymem.language import group as group_acts
from polymem.language import lexical as lex
from polymem.language import syntax as sx
from polymem.language.chains import (
    Chain,
    Decision,
    against,
    first_noun,
    flagged,
    full_date,
    kept_instead,
    names,
    rivals,
    unmarked,
    untimed,
    words,
)
from polymem.language.decision_clauses import (
    FINAL_SENSES,
    IDEA_SENSES,
    in_senses,
    is_final,
    norm,
    phrase,
    same,
    settles,
    subordinate,
    topic_of,
    turned_down,
    value_of,
)
from polymem.language.matters import asked_matter, open_matters, same_matter, trouble_with, wanted_anew
from polymem.language.models import parsed
from polymem.language.naming import given_names
from polymem.language.ruling import ruled_phrase
from polymem.language.setbacks import day_refused, gone_time
from polymem.language.settled import moved_to
from polymem.language.value_kind import placeish, value_kind

_LABELLED = re.compile(r"^\s*[^\W\d_][\w' ]{0,30}:\s+\S")  # "record title: X" (not a link, not 18:30)
ALT_WINDOW = 6  # messages apart that rival options may be put forward
RECENT = 6  # messages before a new matter's first decision that count as its discussion
ANIMAL_TALK = 6  # messages back in which an animal's naming may be going on
TALK = 12  # messages back (this one included) in which a settled matter may have been talked over again
TROUBLE_TALK = 2 * TALK  # messages after a trouble with a matter in which its replacement may be chosen
AFTER_CHOICE = 6  # messages after a choice in which a trouble naming no matter is taken to be about it


class DecisionTracker:
    """Reads a conversation in order and keeps its decision chains (one per matter)."""

    def __init__(self, by_kind: bool = True, animal_names: bool = False) -> None:
        # by_kind: a change that names no matter joins the latest matter of its kind. Right over a whole chat;
        # over a few retrieved messages the latest matter seen is often another one, so it can be turned off.
        # animal_names: also settle a name the talk gives an animal ("call her Y" ... "Y it is"), for readers of
        # what an animal is called; the group's matters leave those out
        self.by_kind = by_kind
        self.animal_names = animal_names
        self.chains: list[Chain] = []
        self.options: list[tuple[str, str | None, str]] = []  # (value, topic, message text)
        self.open: list[str] = []  # matters the group said it must settle ("we need a venue and a date")
        self._chain_of: dict[int, Chain] = {}
        self.recent: list[str] = []  # the last messages: the discussion a new matter came out of
        self._before: list[str] = []
        self._window: list[tuple[int, str, str]] = []  # (place, text, id) of the last messages, this one included
        self._speakers: list[str] = []  # who wrote each of the same messages
        self._seq = 0  # messages read so far
        self._opt_seq: list[int] = []  # per option, the message it came up in
        self._decided_at: list[int] = []  # messages that settled something
        self._talk = consensus.Follower()  # the proposal the talk is on, and who assented to it
        self._change_seq = -1  # the last message that urged the group to change a matter ("let's move to X")
        self._troubled: tuple[Chain, int] | None = None  # a matter told of as in trouble, and where
        self._trouble_named = True  # the trouble named the matter (not only followed its choice)

    def observe(self, text: str, message_id: str = "", speaker: str | None = None) -> None:
        """An earlier message, already written: only the options it puts forward are kept, and (given its
        speaker) the proposal it makes or assents to, so a proposal agreed across a writer's windows is decided."""
        first = len(self.options)
        self._options(parsed(text), text)
        self._remember(text, message_id, speaker)
        if speaker is not None and self.by_kind:
            self._consensus(text, message_id, speaker, None, [o[:2] for o in self.options[first:]], record=False)

    def replay(self, text: str, message_id: str, speaker: str) -> None:
        """An older message still (a writer's look-back): what was proposed, who assented, and the text itself
        among the recent messages, where a later decision finds a settled matter talked down ("they're closed
        all summer" a few messages before the window that chooses anew)."""
        put = _proposals(text)
        self._remember(text, message_id, speaker)
        self._consensus(text, message_id, speaker, None, put, record=False)

    def _remember(self, text: str, message_id: str = "", speaker: str | None = None) -> None:
        self._speakers = [*self._speakers, speaker or ""][-TALK:]
        self.recent = [*self.recent, text][-RECENT:]
        self._window = [*self._window, (self._seq, text, message_id)][-TALK:]
        self._opt_seq += [self._seq] * (len(self.options) - len(self._opt_seq))  # when each option came up
        self._seq += 1

    def _alternatives(self, value: str) -> list[str]:
        """Options of the same kind put forward within a few messages of where `value` first came up or of
        its decision ("The Ferryman." "Counter offer: Casa Lupo." "or Lucky Star."): rivals for one matter, so
        a later choice of any of them is a decision on that matter."""
        now = self._seq - 1
        seqs = [self._opt_seq[i] for i, o in enumerate(self.options[:len(self._opt_seq)]) if same(o[0], value)][:1]
        kind = value_kind(value)

        def rival(x: int) -> bool:  # near an anchor, and no other matter settled in between
            return any(abs(x - a) <= ALT_WINDOW and not any(min(x, a) < d < max(x, a) for d in self._decided_at)
                       for a in [*seqs, now])
        return [o[0] for i, o in enumerate(self.options[:len(self._opt_seq)])
                if not same(o[0], value) and self._opt_seq[i] <= now and rival(self._opt_seq[i])
                and value_kind(o[0]) == kind]

    def _options(self, doc: Any, text: str) -> None:
        self._planning(doc)
        # (only a value that could stand for a matter settled: a rival of its value, or a place for a place;
        # "let's move on to the next item" changes nothing)
        to = group_acts.change_put_forward(text)
        if to and any(rivals(to, c.head.value) or (value_kind(to) == value_kind(c.head.value) == "thing" and
                                                   placeish(to) and placeish(c.head.value)) or
                      (value_kind(to) == value_kind(c.head.value) != "thing") for c in self.chains):
            self._change_seq = self._seq
        if (want := wanted_anew(doc)) is not None and (hit := [c for c in self.chains if self._replaces(want, c)]):
            self._change_seq = self._seq  # "we need somewhere else for the meeting": the next choice replaces it
            # ("we'll want a fresh name": the one matter filed under that name, or the one matter it can be, whatever
            # matter was settled last)
            # (a place or a time wanted anew fits any matter settled with one: the next choice finds its own)
            named = [c for c in hit if same_matter(c.topic, want)]
            if (len(named) == 1 or len(hit) == 1) and not self._generic_want(want):
                self._troubled = ((named or hit)[0], self._seq)
        # (the matter named as the talk named it when settling: "bad news about the prize for the tombola")
        if (bad := trouble_with(doc)) is not None and (hit := [c for c in self.chains if self._replaces(bad, c) or
                                                               bad in words(c)]):
            self._troubled = (hit[-1], self._seq)  # "bad news re the venue": a replacement may follow
            self._trouble_named = True
        elif any(flagged(t) for t in doc) and self.chains:
            # "bad news. <the place settled> has flooded": that matter; naming none, the matter settled just before
            # ("X it is" ... "ok but bad news, I can't host after all")
            last = max(self.chains, key=lambda c: c.head.seq)
            named = [c for c in self.chains if names(c.head.value, text)]
            # "That is a real worry.": a trouble said of the line before, by a pronoun, is of what that line names
            prev = self._window[-1][1] if self._window else ""  # (this message is remembered after its options)
            if not named and prev and any(t.dep_ == "nsubj" and t.lower_ in ("that", "this", "it") for t in doc):
                named = [c for c in self.chains if names(c.head.value, prev)]
            # (an open trouble is one not yet past its talk: an older one is closed)
            open_ = self._troubled is not None and self._seq - 1 - self._troubled[1] <= TROUBLE_TALK
            hit = named or ([last] if not open_ and 0 <= self._seq - 1 - last.head.seq <= AFTER_CHOICE else [])
            if hit:
                self._troubled = (hit[-1], self._seq)
                self._trouble_named = bool(named)
        if any(value_kind(c.head.value) == "date" and day_refused(doc, c.head.value) for c in self.chains):
            self._change_seq = self._seq  # "the caterer can't do the 9th": the date settled will move
        if any(same(x, c.head.value) for x in [*(x for x, _ in turned_down(doc)), *_ruled_out(doc)] for c in self.chains):
            # "bad news: X is out" of what the group had settled: the next choice of a rival replaces it
            self._change_seq = self._seq
        first = len(self.options)
        self.options += [(value, topic, text) for value, topic in _proposals(text)]
        self._fragment_option(doc, text)
        for value, topic, _ in self.options[first:]:
            self.options += [(alt, topic, text) for alt in _or_alternatives(doc, value)
                             if not any(same(alt, o[0]) for o in self.options)]
        if (asked := consensus.proposal_in_question(text)) is not None and asked[1]:
            # "could we move choir practice to fridays?": fridays is put forward for that matter
            self.options.append((asked[0], asked[1], text))

    def _talked(self, value: str, whole: bool = False) -> bool:
        """Every content word of the value was said in one message of the talk before this one (`whole`: the
        phrase itself, word for word)."""
        if whole:
            return any(sx.whole_word(value.lower()).search(text.lower()) for _, text, _ in self._window[:-1])
        want = {t.lemma_.lower() for t in parsed(value) if t.is_alpha and not t.is_stop}
        return bool(want) and any(want <= {t.lemma_.lower() for t in parsed(text)} for _, text, _ in self._window[:-1])

    def _named_so_far(self) -> list[str]:
        """The options put forward and the messages before this one: where a bare day finds its month."""
        return [o[0] for o in self.options] + [x for _, x, _ in self._window[:-1]]

    @staticmethod
    def _generic_want(want: str) -> bool:
        """"somewhere else", "another date": a place or a time wanted, not a matter by its name."""
        return _wants_place(want) or _wants_time(want)

    @staticmethod
    def _replaces(want: str, c: Chain) -> bool:
        """What the group wants anew ("somewhere else", "another date", "a different pub") is what a matter holds:
        a place for a matter settled with a place, a time for one settled with a date, or the matter itself."""
        kind = value_kind(c.head.value)
        if _wants_place(want):
            return kind == "thing" and placeish(c.head.value)
        if _wants_time(want):
            return kind == "date"
        return same_matter(c.topic, want) or want in c.keywords()

    def feed(self, text: str, message_id: str, speaker: str, time: datetime | None) -> list[Decision]:
        """The decisions a message makes: said outright, or a proposal it is the second assent to."""
        first = len(self.options)
        out = self._stated(text, message_id, speaker, time)
        if out or not self.by_kind:  # (over a few retrieved messages the replies between them are missing)
            self._talk.pending = None
            return out
        return self._consensus(text, message_id, speaker, time, [o[:2] for o in self.options[first:]])

    def _consensus(self, text: str, message_id: str, speaker: str, time: datetime | None,
                   put: list[tuple[str, str | None]], record: bool = True) -> list[Decision]:
        """"what about the 10th?" / "ok for me" / "works": a proposal two other members assent to, with nobody
        turning it down in between, is decided when the second assent comes. `record=False` for messages
        already written: the talk is followed, nothing is decided again."""
        p = self._talk.step(text, message_id, speaker, self._seq - 1, put)
        if p is None or not record:
            return []
        value = full_date(unmarked(p.value), self._named_so_far())
        d = Decision(value, message_id, speaker, time, p.topic, [], p.text.strip(), seq=self._seq - 1,
                     support=[p.message_id, *(m for m in p.assent.values() if m != message_id)])
        # "could we do the 22nd instead?": a change of the matter of its kind
        chain = self._chain_for(d, f"{p.text}\n{text}", any(t.lower_ == "instead" for t in parsed(p.text)))
        self._chain_of[id(d)] = chain
        if chain.decisions and same(chain.head.value, d.value):
            return [d]  # confirmed again
        if chain.decisions:
            d.reverses = chain.head.value
        chain.decisions.append(d)
        chain.context += f"\n{p.text}\n{text}"
        self._decided_at.append(self._seq - 1)
        return [d]

    def _stated(self, text: str, message_id: str, speaker: str, time: datetime | None) -> list[Decision]:
        doc = parsed(text)
        out: list[Decision] = []
        prior = [o[0] for o in self.options]  # put forward before this message
        self._options(doc, text)
        self._before = self.recent
        self._remember(text, message_id, speaker)
        every = _sentences(doc)
        # (a question asks, it does not decide; but "Decided then? Hamburg, 8 June" states the choice it asks
        # the others to confirm, as "Decided. Hamburg, 8 June" does)
        # (nor does a phrase left hanging: "so the picnic..." trails off where the bad news is implied)
        sents = [s for k, s in enumerate(every) if (not s.text.rstrip().endswith("?") or (
            k + 1 < len(every) and not every[k + 1].text.rstrip().endswith("?") and
            _choice_to_confirm(s, every[k + 1]))) and not _trails_off(s)]
        if not sents:
            return out
        # "fine. Casa Lupo.": an option named after a word of assent
        bare = {s.start: v for s in sents if (v := concluding.bare_option(s, prior, same))}
        # "fine. X, and we look again in spring": a phrase the talk just said, after a word of assent, is the
        # choice even when no reading took it for an option; it is the sentence's value before any other reading
        talked = {s.start: v for s in sents if s.start not in bare and
                  (v := concluding.talked_phrase(s, self._talked))}
        bare |= talked
        # "minibus from the station, done.": an option put forward, closed by a word of completing
        bare |= {s.start: v for s in sents if s.start not in bare and (v := concluding.verdict_after(s, prior, same))}
        # "ok <name> it is": a name the tagger took for an adjective, which the talk used as a thing
        bare |= {s.start: v for s in sents if s.start not in bare and (v := self._talked_it_is(s, speaker))}
        # "agreed, subs go to £9 from June", "ok, practice moves to Wednesdays": a matter changed to a sum, or moved
        # to a value, said as settled after a word of assent ("to cover it, subs go to £9" puts it forward)
        changed = {s.start: c for s in sents if (concluding.opened(s) or _agreed_first(s)) and
                   (c := sums_set.amount_changed(s) or moved_to(s)) is not None}
        # "Fridays, 6-8, from 3rd March.": a verbless list of phrases naming an option the talk weighed
        heads = [c.head.value for c in self.chains]
        talk = [(who, x) for who, (_, x, _) in zip(self._speakers, self._window, strict=True)]
        recent = [o[0] for i, o in enumerate(self.options[:len(prior)]) if self._seq - 1 - self._opt_seq[i] <= TALK]
        ruled = {s.start: v for s in sents if s.start not in bare and
                 (v := ruled_phrase(s, talk, heads, recent, same, names))}
        # one person's own choice ("I'll pick up a copy") vetoes only its own sentence, not the group's next to it
        finals = [i for i, s in enumerate(sents) if (is_final(s) or self._books_option(s) or self._names_option(s) or
                                                     s.start in bare or s.start in changed or
                                                     self._concludes_talk(s) or self._sum_reset(s))
                  and not group_acts.personal_decision(s.text) and not _NO_WAY.search(s.text)]
        if not finals:  # (a ruling read only where no word of deciding says which phrase is settled)
            finals = [i for i, s in enumerate(sents) if s.start in ruled]
            bare |= ruled
        if not finals and concluding.ticked(text):
            # "new record title: Slow Lantern ✅": a check mark confirms what the message sets out, a labelled
            # value first
            finals = [i for i, s in enumerate(sents) if _LABELLED.match(s.text)][:1]
        drops = turned_down(doc)
        drop_ids = {t.i for _, t in drops}
        # "the picnic is off. street fair, sun 9 august.": a settled value turned down, and a bare phrase after
        # it, is the change to that phrase
        replaced: dict[int, str] = {}
        if not finals and any(same(x, d.value) for x, _ in drops for c in self.chains for d in c.decisions):
            first_drop = min(t.i for _, t in drops)
            # (a phrase that names a replacement: a name, a date, or an option put forward; not "Rain, rain." or
            # "bad weather, sadly")
            replaced = {s.start: v for s in sents if s.start > first_drop and
                        not any(s.start <= i < s.end for i in drop_ids) and (v := concluding.fragment(s)) and
                        (timeexpr.date_span(v) or any(same(v, o) for o in prior) or any(
                            t.pos_ == "PROPN" and t.text[:1].isupper() and t.i > s.start for t in s))}
            finals = [i for i, s in enumerate(sents) if s.start in replaced][:1]
        if not finals:
            return out
        # "BOOKED. the mill at Ashby, 3 May": a lone word of deciding announces the phrase after it
        after = replaced | {sents[i + 1].start: v for i in finals if i + 1 < len(sents) and
                            (v := concluding.announced(sents[i], sents[i + 1], prior, same))}
        # "Carnmor on Skye, 3 June. booked": the lone word after the phrase it settles
        after |= {sents[i].start: v for i in finals if i > 0 and sents[i].start not in after and
                  sents[i - 1].start not in after and (v := concluding.announced(sents[i], sents[i - 1], prior, same))}
        after |= {k: c[1] for k, c in changed.items() if k not in after}
        known = [o[0] for o in self.options] + [d.value for c in self.chains for d in c.decisions]
        value = None
        topic = None
        sentence = ""
        # each final sentence, then the one after it (its content: "Official announcement: we're reading X"),
        # in the order written: a later final ("the call moves to the 29th") does not pre-empt an earlier one
        near = [sents[j] for i in finals for j in (i, i + 1, i - 1)
                if 0 <= j < len(sents) and (j == i or j not in finals)]
        announcing = {sents[i].start for i in finals if i + 1 < len(sents) and sents[i + 1].start in after}
        for s in near:  # the final sentence first, then the one after it
            concluded = None
            if s.start in announcing:
                continue  # "No trouble, Dad. Settled then? Ghent": the word of deciding announces what follows
            if s.start not in after and s.start not in {sents[i].start for i in finals} and \
                    (concluded := concluding.concluded_verb(s.root)) is not None and concluded[1].i not in drop_ids:
                # "settled: no Hamburg. Papa's 75th is a boat trip from Lindau": what a matter is, said right after
                # the word that settles it, whole (not only the option it names)
                value = phrase(concluded[1])
            else:
                value = after.get(s.start) or talked.get(s.start) or value_of(doc, s, drop_ids, known)
                if s.start in ruled and (not value or any(same(value, h) for h in heads)):
                    value = ruled[s.start]  # "Right. The Play, the Mill, 3 May": the play was settled already
                value = value or bare.get(s.start)
            if value and any(norm(re.sub(r"(?i)^(?:(?:no|not)\s+)+", "", value)) == norm(x) for x, _ in drops):
                value = None  # "settled: no Ghent. ...": what is turned down is no value settled on
            if value and subordinate(s, value):
                value = None
            if value and not all(in_senses(t, FINAL_SENSES) or (t.is_stop and t.text.islower()) or t.is_punct
                                 for t in parsed(value)):
                topic, sentence = topic_of(s) or (concluded[0] if concluded else None), s.text.strip()
                if ruled.get(s.start) == value and (at := sentence.find(value.split(",")[0])) > 0:
                    sentence = sentence[at:]  # (the phrases before it restate what was settled: not its words)
                if s.start in changed:
                    topic = changed[s.start][0]  # (the subject changed is the matter)
                if topic and same(topic, value):
                    topic = None  # "decided: the sale is for the food bank": the value names no matter
                break
        if value:  # "all booked by the way, the old mill": "the way" belongs to an adverb, it is no value
            value = _without_idioms(value, doc)
        if not value or len(value.split()) > 10 or not sentence or _header(unmarked(value)) or \
                (topic and _anaphoric_time(value)) or gone_time(value):
            return out
        at = sentence.lower().find(value.lower())
        if at >= 0 and sum(map(str.isupper, sentence[at:at + len(value)])) > sum(map(str.isupper, value)):
            value = sentence[at:at + len(value)]  # "the Red Lion" here, though put forward as "red lion"
        if " " not in value.strip() and any(t.lower_ == value.lower() and t.pos_ == "VERB" and t.dep_ in (
                "ccomp", "xcomp") and any(c.dep_ in ("nsubj", "aux") for c in t.children) for t in doc) and \
                not any(t.lower_ == value.lower() and t.pos_ in ("NOUN", "PROPN", "NUM") for t in doc):
            return out  # "we'll make it work": a verb the line uses is no value settled on
        named_so_far = self._named_so_far()
        value = full_date(untimed(unmarked(value)), named_so_far)
        day = timeexpr.date_span(sentence)  # "LAKE DISTRICT, 17-21 JULY": the dates settled with the place
        extra: list[Decision] = []
        if day and re.search(r"(?i)\bof\s+" + re.escape(day), sentence):
            day = None  # "the decision of 16 March": a date that names something else
        elif day and value_kind(value) == "date" and \
                re.search(r"(?i)\b(?:from|starting|as\s+of|effective|beginning)\s+(?:on\s+)?" + re.escape(day), sentence):
            day = None  # "rehearsals move to wednesdays from 1 April": the day settled on, and when that starts
        if day and day.lower() not in value.lower() and not any(day.lower() in x.lower() for x, _ in drops):
            when_topic = self._open_topic(day)
            if when_topic:  # a date that is an open matter of its own
                extra.append(Decision(day, message_id, speaker, time, when_topic, [], sentence))
            else:
                value = f"{value}, {day}"
        elif day and day.lower() in value.lower() and value.lower().endswith(day.lower()) and \
                self._open_topic(day) and (head := value[: value.lower().rfind(day.lower())].strip(" ,")):
            # "the mountain cabin on May 3": two matters settled at once
            extra.append(Decision(day, message_id, speaker, time, self._open_topic(day), [], sentence))
            value = re.sub(r"(?i)\s+(?:on|for|at)$", "", head)
        # "the hall it is, and let's move to the 9th too": a change of date urged beside a choice of another kind
        # is a second decision, on the matter of dates
        kinds = {value_kind(x) for x in [value, *(e.value for e in extra)]}
        urged = [Decision(full_date(unmarked(to), named_so_far),
                          message_id, speaker, time, None, [], a.sentence or sentence)
                 for a in group_acts.read(text) if a.act == "reversal" and "date" not in kinds and
                 (to := group_acts.change_put_forward(a.sentence or text)) and value_kind(to) == "date" and
                 _moves_the_plan(a.sentence or text)]
        extra += urged
        dropped = [d for d, _ in drops if d and not same(d, value)]
        changed = bool(drops) or any(t.lower_ == "instead" for t in doc) or any(
            t.dep_ == "ROOT" and t.pos_ == "NOUN" and lex.noun_in_senses(t.lemma_.lower(), ("plan.n.01",), first=2,
                                                                          exact=True)
            # "new plan: X" changes a plan; "picnic plan: X" is the plan for the picnic, no change
            and not any(c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN") for c in t.children) for t in doc) or any(
            (a := group_acts.sentence_act(x)) is not None and a.act in ("reversal", "cancel") for x in sents) or any(
            # "so I've switched us there": a verb of changing that settles
            t.pos_ == "VERB" and lex.verb_in_senses(t.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True)
            and settles(t) for t in doc) or self._change_urged()
        talk = self._talk.pending
        if topic is None and talk is not None and talk.topic and \
                sx.whole_word(talk.value, re.I).search(value):
            topic = talk.topic  # "7 o'clock from now on then", after "shall we move choir practice to 7?"
        if not self.animal_names and _an_animals_name(value, [text, *(x for _, x, _ in self._window[-ANIMAL_TALK:])]):
            return out  # "ok ok Y it is" after "call her Y" for a kitten: the animal's name, not the group's matter
        for d in [Decision(value, message_id, speaker, time, topic, dropped, sentence), *extra]:
            d.seq = self._seq - 1
            # (the date urged beside the choice changes a matter of dates by its own talk, not the choice's matter)
            chain = self._chain_for(d, text, changed and not any(d is u for u in urged))
            self._chain_of[id(d)] = chain
            if chain.decisions and same(chain.head.value, d.value):
                d.reverses = None
                out.append(d)  # the same decision confirmed: the writer keeps the record as it is
                continue
            if chain.decisions:
                d.reverses = chain.head.value
            chain.decisions.append(d)
            chain.context += "\n" + text
            out.append(d)
        if out:
            self._decided_at.append(self._seq - 1)
        return out

    def _talked_it_is(self, sent: Any, speaker: str) -> str | None:
        """The word before a closing "it is" that `concluding.it_is` leaves as an adjective or an interjection, when
        two other members named it in the recent talk and one of them as a thing (a subject or an object: "X is so
        much better"), not as a word of praise."""
        ws = concluding.after_markers(sent)
        if len(ws) < 3 or ws[1].lower_ != "it" or ws[2].lemma_ != "be" or ws[0].pos_ not in ("ADJ", "INTJ", "X") or \
                (ws[2].i + 1 < sent.end and not sent.doc[ws[2].i + 1].is_punct) or concluding.it_is(sent) is not None:
            return None  # ("X it is" closing the sentence or a clause of it)
        word = ws[0].lower_
        said = sx.whole_word(word, re.IGNORECASE)
        others = [(who, text) for who, (_, text, _) in zip(self._speakers, self._window, strict=True)
                  if who != speaker and said.search(text)]
        # (a thing in its role, or the subject of "is", however the tagger read it: "X is so much better")
        subject = re.compile(r"(?<!\w)" + re.escape(word) + r"(?:\s+is|'s|’s)\b", re.IGNORECASE)
        if len({who for who, _ in others}) < 2 or not any(
                subject.search(text) or any(t.lower_ == word and t.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj")
                                            for t in parsed(text)) for _, text in others):
            return None
        return ws[0].text

    def _sum_reset(self, sent: Any) -> bool:
        """"the subs go up to €6 from march": a sum set anew settles a matter only when the group settled that
        matter with a sum before (news of fuel or fares going up is nobody's decision here)."""
        hit = sums_set.amount_changed(sent)
        return hit is not None and any(
            value_kind(c.head.value) == "amount" and (same_matter(c.topic, hit[0]) or hit[0] in c.keywords())
            for c in self.chains)

    def _change_urged(self) -> bool:
        """A change was urged a few messages back, after the last decision ("let's move to the library. can you
        book it?" ... "done, booked"): what is settled now changes a matter."""
        now = self._seq - 1
        return 0 <= now - self._change_seq <= ALT_WINDOW and all(d < self._change_seq for d in self._decided_at)

    def _books_option(self, sent: Any) -> bool:
        """"ok I booked the Brass Lantern", "ok, booking the Brass Lantern": one member booking or choosing what
        the group put forward settles it for the group (booking a dentist, never proposed, does not)."""
        for v in sent:
            # (the progressive says it is being done now: "booking X" with no subject, "I'm booking X")
            if v.pos_ != "VERB" or v.tag_ not in ("VBD", "VBN", "VBG") or not lex.verb_in_senses(
                    v.lemma_.lower(), group_acts.DECIDE_SENSES, first=3, exact=True):
                continue
            objs = [c for c in v.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
            if not objs and any(c.dep_ == "dobj" and c.lower_ == "it" for c in v.children):
                # "X can do a table at 7. I've booked it.": "it" is the option the sentence before named
                prev = [t for t in sent.doc[max(0, sent.start - 40):sent.start] if t.pos_ in ("NOUN", "PROPN")]
                objs = [t for t in prev if t.sent.end == sent.start]
            if any(c.dep_ == "neg" for c in v.children):
                continue  # "not booking X, way over budget"
            subj = [c for c in v.children if c.dep_ == "nsubj"]
            doer = any(c.lower_ == "i" for c in subj) or (v.tag_ == "VBG" and not subj and v.dep_ == "ROOT")
            if doer and any(same(phrase(o), opt) for o in objs for opt, _, _ in self.options):
                return True
        return False

    def _concludes_talk(self, sent: Any) -> bool:
        """"Then rehearsals are at the church hall", "Very well. The fee stays at €12": a concluding clause settles
        what the recent talk put forward; one that names something new ("so Grandad stays with my uncle", "yes,
        we take the coach on Friday") reports or arranges, it does not conclude."""
        clause = concluding.concluded_clause(sent)
        if clause is None:
            return False
        value, head = phrase(clause[1]), clause[1].lemma_.lower()
        # put forward, or its head word said in the talk ("the hall wrote back ... return to the hall from June")
        return any(same(value, o) for o, _, _ in self.options) or any(
            names(value, text) or head in {t.lemma_.lower() for t in parsed(text)} for _, text, _ in self._window[:-1])

    def _names_option(self, sent: Any) -> bool:
        """"Our trail book for this year is X" after X was put forward: the group's thing said to be one of its
        options settles it."""
        root = sent.root
        if root.lemma_ != "be" or any(c.dep_ == "neg" for c in root.children):
            return False
        subj = next((c for c in root.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
        attr = next((c for c in root.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")), None)
        if subj is None or attr is None or not any(c.dep_ == "poss" and c.lower_ == "our" for c in subj.children):
            return False
        return any(same(phrase(attr), opt) for opt, _, _ in self.options)

    def chain_of(self, d: Decision) -> Chain:
        """The chain a decision `feed` returned belongs to (a confirmation belongs to the chain it confirms)."""
        return self._chain_of[id(d)]

    def _planning(self, doc: Any) -> None:
        for name in open_matters(doc):
            if name not in self.open:
                self.open.append(name)

    def _rediscussed(self, d: Decision) -> Chain | None:
        """The matter a decision revises when it names none: the latest matter settled with a value of the
        same kind whose value the talk brought up again since ("sept 12 is bad ... what about the 26th? ...
        let's go with the 26th then"; "chili. sorry pancakes" before "switching to the chili cook-off")."""
        kind = value_kind(d.value)
        # where the new value first came up: the matter talked down just before that is the one it replaces
        # ("Tidewell is taken ... what about Brinebound?"), rather than one talked down after
        first = next((seq for seq, text, _ in self._window if names(d.value, text)), self._seq)
        best: tuple[int, int] | None = None
        found: Chain | None = None
        for c in reversed(self.chains):
            # "st columb's, saturday 18 july": a place settled with its date is a place
            if kind not in (value_kind(c.head.value), value_kind(c.head.value.split(",")[0])) or \
                    same(c.head.value, d.value):
                continue
            # a chain carried over from an earlier window has no place here (-1): any message seen counts, but
            # the one that settled it (known by its id) is no talk about it. A date or a sum named again is
            # enough; a thing (a game's name, a venue) is named all the time, so it must be named against:
            # turned down, with "instead", a negation or an apology, or weighed against a new value of the same
            # class in an earlier message ("the orange samples came ... can we go teal?": two colours)
            seqs = [seq for seq, text, mid in self._window
                    if seq > c.head.seq and (not c.head.message_id or mid != c.head.message_id) and
                    names(c.head.value, text, d.value) and not kept_instead(c.head.value, text) and
                    (kind != "thing" or against(text) or (seq < self._seq - 1 and rivals(d.value, c.head.value) and
                                                          names(d.value, text, c.head.value)))]
            if not seqs:
                continue
            early = [q for q in seqs if q <= first]
            score = (1, max(early)) if early else (0, -max(seqs))
            if best is None or score > best:
                best, found = score, c
        return found

    def _open_topic(self, value: str) -> str | None:
        """The one open matter a value fits: a date to a matter of time ("date", "day"), anything else to
        the one other open matter not yet decided."""
        dated = bool(timeexpr.date_span(value) or timeexpr.is_time_word(value))
        decided = {c.topic for c in self.chains}
        cands = [t for t in self.open if lex.noun_is(t.split()[-1], "time", senses=2) == dated and t not in decided]
        return cands[0] if len(cands) == 1 else None

    def _fragment_option(self, doc: Any, text: str) -> None:
        """"tablet! big screen ...", "new idea: digital photo frame", "Middlemarch?", "everyone happy
        with the pottery voucher?": an option put forward without a verb of proposing."""
        done = False  # a bare phrase or a labelled idea was read: later sentences add only alternatives
        for s in doc.sents:
            for t in s:  # "what about / how about an orangery?": the object of "about" after a wh-word
                if t.lower_ == "about" and t.i > s.start and doc[t.i - 1].tag_ in ("WP", "WRB"):
                    for o in (c for c in t.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")):
                        self.options.append((phrase(o), None, text))
            # "or the boathouse, ...": an alternative put forward (also after a question the splitter kept in the
            # sentence: "ideas: X? or Y")
            ors = [t.i for t in s if t.lower_ == "or" and (t.i == s.start or doc[t.i - 1].text == "?")]
            for at in ors[:1]:
                rest = doc[at + 1:s.end]
                head = next((t for t in rest if t.pos_ in ("NOUN", "PROPN") and t.dep_ != "compound"), None)
                # (a name is no common noun of people, whatever its last word: "or Grantmoor Lodge?")
                if head is not None and head.i <= at + 4 and (
                        (head.pos_ == "PROPN" and any(c.dep_ == "compound" for c in head.children))
                        or not lex.is_person_noun(head.lemma_.lower(), 1)):
                    self.options.append((phrase(head), None, text))
            if done:
                continue
            if s.text.rstrip().endswith("?") and not any(t.tag_ in ("WDT", "WP", "WRB") for t in s):
                for t in s:  # a yes/no question about a thing puts that thing forward
                    # (not a deadline set for a task: "can you send the flyer by friday?")
                    if t.dep_ in ("pobj", "dobj", "attr") and t.pos_ in ("NOUN", "PROPN") and \
                            not lex.is_person_noun(t.lemma_.lower(), 1) and not _deadline(t):
                        self.options.append((phrase(t), None, text))
            if ":" in s.text:  # "proposal: X" (before the bare phrase below: the label is no option)
                head, after = s.text.split(":", 1)
                if any(lex.noun_in_senses(w.lower(), IDEA_SENSES, exact=True) for w in re.findall(r"[A-Za-z]+", head)):
                    first = re.split(r"[,.;!?]", after.strip(), maxsplit=1)[0].strip()
                    if first and len(first.split()) <= 6:
                        if not any(o[0] == first and o[2] == text for o in self.options):
                            self.options.append((first, None, text))  # (once: the proposal read may hold it)
                        done = True
                        continue
            root = s.root
            if root.lower_ == "like" and root.i == s.start and root.pos_ == "ADP" and len(s) <= 7 and \
                    not any(t.pos_ in ("VERB", "AUX") for t in s):
                # "... lower rates in spring. like 9-11 may": a verbless example given is put forward
                rest = s.doc[root.i + 1:s.end]
                value = rest.text.strip(" .!,")
                if value and not any(t.pos_ in ("PRON", "INTJ") for t in rest) and \
                        any(t.pos_ in ("NOUN", "PROPN", "NUM") and lex.known_word(t.lower_) or t.like_num or
                            t.text[:1].isupper() for t in rest):
                    self.options.append((value, None, text))
                    done = True
                    continue
            # ("ok." puts nothing forward, nor a reaction to someone by name: "oh Marguerite", "aw, Tobi")
            if root.pos_ in ("NOUN", "PROPN") and len(s) <= 6 and not any(t.pos_ == "VERB" for t in s) and \
                    not concluding.marker(root) and root.ent_type_ != "PERSON" and not _addressed(root) and \
                    not (s[0].pos_ == "INTJ" and not concluding.marker(s[0]) and root.pos_ == "PROPN" and
                         not any(c.dep_ == "det" for c in root.children)):
                value = phrase(root)
                words_ = [t for t in s if not t.is_punct]
                # (not a word of backing that modifies a common noun: "Back garden.", "Second floor.")
                if words_ and _backing(words_[0]) and (len(words_) == 1 or words_[0].pos_ == "VERB" or (
                        words_[1].pos_ == "PROPN" and words_[1].text[:1].isupper())):
                    # "Support.", "Support Pellham & Sons.": a word of backing is no option; what it backs is one
                    rest = [t for t in words_[1:] if t.pos_ in ("NOUN", "PROPN", "NUM") or t.text == "&"]
                    if not rest:
                        continue
                    value = s.doc[rest[0].i:rest[-1].i + 1].text
                self.options.append((value, None, text))
                done = True  # (one bare phrase per message; a later "or Y" still puts Y forward)
                continue

    def _chain_for(self, d: Decision, text: str, changed: bool = False) -> Chain:
        own_topic = d.topic  # (what the deciding message names, before an option lends it the topic it came with)
        for c in reversed(self.chains):  # the same value again: a confirmation of that chain
            if same(c.head.value, d.value) and (d.topic is None or d.topic == c.topic) and \
                    value_kind(c.head.value) == value_kind(d.value):  # "X on the 27th" confirms no date
                return c
        for c in reversed(self.chains):  # it turns down what a chain had settled on: that chain
            if any(same(x, dec.value) for x in d.dropped for dec in c.decisions):
                return c
        if d.topic:
            for c in reversed(self.chains):
                if same_matter(c.topic, d.topic):
                    return c
            # a matter named when a chain was decided, though the chain is filed under another of its words
            # ("decided: the bake sale is for X" then "the bake sale is now for Y"), settled with a value of the
            # same kind
            # (every word of it: "karaoke night" is not the matter a line on the quiz night settled)
            named = set(d.topic.split())
            for c in reversed(self.chains):
                if value_kind(c.head.value) == value_kind(d.value) and any(
                        named <= {w for t in parsed(x.sentence) for w in (t.lemma_.lower(), t.lower_)}
                        for x in c.decisions):
                    return c
        for c in reversed(self.chains):  # it turns down an option put forward in a chain's discussion
            if any(same(x, o) for x in d.dropped for o in c.options):
                return c
        # the value was proposed for a matter (the latest proposal of it that named one, else the latest)
        put = [o for o in reversed(self.options) if same(o[0], d.value)]
        for value, topic, _src in sorted(put, key=lambda o: o[1] is None)[:1]:
            for c in reversed(self.chains):
                # (a decision naming a matter of its own is no version of another matter where one is a sum and
                # the other not, however close an option put forward near that one: "subs go to £9" after "9?")
                if (topic and same_matter(c.topic, topic)) or any(same(value, o) for o in c.options) and not (
                        own_topic and (value_kind(c.head.value) == "amount") != (value_kind(d.value) == "amount")):
                    return c
            d.topic = d.topic or topic
        # over a few retrieved messages (not by_kind) the talk between them is missing: no re-discussion reading
        # (a decision that names its matter apart from its value, or settles a value proposed for a matter no
        # chain is filed under, starts that matter: "the gala is moving to Ayr" revises no other matter talked
        # down meanwhile)
        named_as = own_topic or d.topic
        apart = bool(named_as) and not set(norm(named_as or "").split()) & set(norm(d.value).split())
        if self.by_kind and not apart and (again := self._rediscussed(d)) is not None:
            return again
        if self._troubled is not None and not own_topic and (self._trouble_named or not d.topic):
            # "bad news re the quiz venue ... ok, the Anchor it is": the next choice of its kind, the trouble still
            # open (however long the talk for another took), replaces what that matter held
            c, at = self._troubled
            # (a place settled with its date is a place: "X, sunday 17 may")
            if 0 <= self._seq - 1 - at <= TROUBLE_TALK and all(x < at for x in self._decided_at) and \
                    value_kind(c.head.value) in (value_kind(d.value), value_kind(d.value.split(",")[0])) and \
                    not same(c.head.value, d.value):
                return c
        # "Trattoria Ombra just rang, they're closed, so we're at the Lantern instead": a change that names what a
        # chain had settled on replaces it (before any open matter its new value might also suit)
        # (of the value's kind: "6-8 oct, <the town settled>" moves the dates, not the town)
        named = [c for c in self.chains if not same(c.head.value, d.value) and
                 value_kind(c.head.value) == value_kind(d.value) and re.search(
            r"(?i)(?<!\w)" + re.escape(re.sub(r"^(?:the|a|an)\s+", "", c.head.value.split(",")[0])) + r"(?!\w)",
            text)] if changed and not d.topic else []
        if named:
            return named[-1]
        # a change to a value of the same WordNet class as a matter's ("a room" for "the hall"): that matter, before
        # any open matter the value might also suit
        close = [c for c in self.chains if changed and not d.topic and not same(c.head.value, d.value) and
                 value_kind(c.head.value) == value_kind(d.value) and rivals(d.value, c.head.value)]
        if close:
            return close[-1]
        d.topic = d.topic or self._open_topic(d.value)
        if d.topic:
            for c in reversed(self.chains):
                if same_matter(c.topic, d.topic):
                    return c
        elif changed and self.chains:  # "plans changed, forget that, we're doing X": the matter of its kind
            kind = [c for c in self.chains if value_kind(c.head.value) == value_kind(d.value)]
            # whose discussion shares the most nouns with this message, else the latest one
            nouns = {t.lemma_.lower() for t in parsed(text) if t.pos_ in ("NOUN", "PROPN") and t.is_alpha
                     and len(t.text) > 2 and not t.is_stop}
            shared = [(2 * len(nouns & words(c, own=True)) + len(nouns & words(c)), i) for i, c in enumerate(kind)]
            best = max(shared, default=(0, -1))
            if best[0] > 0:
                return kind[best[1]]
            if kind and self.by_kind:  # the latest matter of its kind
                return kind[-1]
        srcs = [src for value, _, src in self.options if same(value, d.value)]
        c = Chain("", options=[o[0] for o in self.options if same(o[0], d.value)] + self._alternatives(d.value),
                  context="\n".join([*srcs, text, *self._before]))  # (the lines that put it forward and settled it first)
        # a new matter's name must not be another matter's: the writer files a chain's versions under its name
        # nor a word of its own value (the chain holds no decision yet, so keywords() cannot leave them out)
        # (nor a word of another matter's values: "st columb's" names the venue, not the programme)
        taken = {x.topic for x in self.chains} | set(norm(d.value).split()) | \
            {w for x in self.chains for y in x.decisions for w in norm(y.value).split()}
        # (a date settled with no matter named settles the date: its talk's other nouns are the event's)
        dated = "date" if all(value_kind(x) == "date" for x in d.value.split(",")) and "date" not in taken else None
        # (the matter the talk opened by naming it alone, "tickets?", before the nouns said most around it)
        asked = asked_matter([*srcs, *self._before, text])
        asked = asked if asked and asked not in taken else None
        # ("game night is thursdays then" ... "thursdays it is": what the value was said to be for, in so many words)
        assigned = next((m for line in [text, *srcs, *self._before[::-1]] for m in _said_to_be(line, d.value)
                         if m not in taken), None)
        c.topic = d.topic or assigned or dated or asked or next((k for k in c.keywords() if k not in taken), None) or next(
            (n for n in [first_noun(text, d.value)] if n and n not in taken), None) or norm(d.value)
        self.chains.append(c)
        return c


# words that head what follows them ("ok news. ...", "right, question: ..."), never a value chosen (WordNet)
_HEADER_SENSES = ("news.n.01", "update.n.01", "announcement.n.01", "question.n.01", "reminder.n.01")


def _said_to_be(text: str, value: str) -> list[str]:
    """The matters a line says are the value ("game night is thursdays then": game night), by the subject of
    "be" whose complement names it; not a person, a pronoun or a time alone."""
    out = []
    for t in parsed(text):
        if t.lemma_ != "be" or any(c.dep_ == "neg" for c in t.children):
            continue
        subj = next((c for c in t.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")), None)
        comp = next((c for c in t.children if c.dep_ in ("attr", "acomp")), None)
        if subj is None or comp is None or lex.is_person_noun(subj.lemma_.lower(), 1) or \
                not same(phrase(comp), value) or (lex.noun_is(subj.lemma_.lower(), "time", senses=1) and
                                                   not any(c.dep_ == "compound" for c in subj.children)):
            continue
        out.append(" ".join([*(c.lemma_.lower() for c in subj.lefts if c.dep_ == "compound"), subj.lemma_.lower()]))
    return out


def _agreed_first(sent: Any) -> bool:
    """"agreed, ...": the sentence opens with a word of agreeing set off by a comma."""
    first = sent[0]
    return first.i + 1 < sent.end and first.nbor().text == "," and \
        lex.verb_in_senses(first.lemma_.lower(), ("agree.v.01",), first=2, exact=True)


def _an_animals_name(value: str, texts: list[str]) -> bool:
    """The value is a name a naming clause of the recent talk gives ("call her Y", "her name is Y"), and that talk
    tells of an animal: a pet being named."""
    key = value.strip().lower()
    docs = [parsed(t) for t in texts if t]
    return any(n.lower() == key and _names_a_creature(d[i]) for d in docs for i, n in given_names(d)) and any(
        t.pos_ == "NOUN" and lex.is_animal(t.lemma_.lower()) for d in docs for t in d)


def _names_a_creature(name: Any) -> bool:
    """The naming clause names a he or a she or an animal ("call her Y", "his name is Y"), not a thing ("call it
    Y" for the wifi)."""
    v = sx.nearest_verb(name.head)
    obj = next((c for c in v.children if c.dep_ == "dobj" and c.i != name.i), None)
    return obj is None or obj.lower_ in ("her", "him") or lex.is_animal(obj.lemma_.lower())


def _without_idioms(value: str, doc: Any) -> str | None:
    """The value without the comma-parted phrases that are the noun of an adverb said as a prepositional phrase."""
    idioms = {doc[p.i + 1:p.right_edge.i + 1].text.lower() for p in doc if p.dep_ in ("prep", "agent") and lex.adverb_idiom(p)}
    if not idioms:
        return value
    parts = [x for x in value.split(", ") if x.strip().lower() not in idioms]
    return ", ".join(parts) or None


def _moves_the_plan(sentence: str) -> bool:
    """"let's move to the 9th too": the change moves the plan itself (nothing else named as moved: not
    "move the sign-up cut-off to the 2nd") and nobody turns it down there ("she said let's move to the 20th but no")."""
    doc = parsed(sentence)
    if against(sentence) or any(t.lower_ in ("but", "nah", "nope") for t in doc):
        return False
    return not any(t.dep_ == "dobj" and t.pos_ in ("NOUN", "PROPN") and t.head.pos_ == "VERB" and
                   lex.verb_in_senses(t.head.lemma_.lower(), group_acts.CHANGE_SENSES, first=2, exact=True)
                   for t in doc)


def _anaphoric_time(value: str) -> bool:
    """"that saturday", "that weekend": a time the talk already named, pointed back to; no new value settled
    ("the fair has been moved to that saturday" is news about another event on the group's date)."""
    words = value.lower().split()
    return len(words) == 2 and words[0] in ("that", "those") and (
        words[1].rstrip("s") in timeexpr.WEEKDAYS or lex.noun_is(words[1], "time", senses=2))


def _wants_place(want: str) -> bool:
    """What is wanted anew (`matters.wanted_anew`) is a place: "somewhere else", a location, a workplace."""
    return want == "place" or lex.noun_in_lexfile(want, ("noun.location",)) or lex.noun_is(want, "workplace")


def _wants_time(want: str) -> bool:
    """What is wanted anew is a time ("another date", "a new day")."""
    return lex.noun_is(want, "time", senses=2)


def _trails_off(sent: Any) -> bool:
    """A sentence with no verb that ends on an ellipsis: a thought left unfinished ("X then..." still concludes)."""
    return sent.text.rstrip().endswith(("...", "…")) and not any(t.pos_ in ("VERB", "AUX") for t in sent) and \
        not any(t.lower_ == "then" for t in sent)


def _header(value: str) -> bool:
    """A word that heads what follows ("news", "update"), or the group addressed by a plural noun for people
    ("right cousins.", "ok team"): no value chosen."""
    words = re.sub(r"(?i)^(?:the|a|an|some|big|good|bad)\s+", "", value.strip()).split()
    base = lex.wordnet().morphy(words[0].lower(), "n") if len(words) == 1 and words[0].isalpha() else None
    if base and base != words[0].lower() and words[0] == value.strip() and lex.is_person_noun(base, 1):
        return True  # (a plural, with no article)
    return len(words) == 1 and lex.noun_in_senses(words[0].lower(), _HEADER_SENSES, first=1, exact=True)


def _ruled_out(doc: Any) -> list[str]:
    """"X is out": what a line rules out (the callers keep only what the group had settled on: "the results are
    out" is news)."""
    return [group_acts._np(t) for t in doc if t.dep_ == "nsubj" and t.pos_ in ("NOUN", "PROPN") and
            t.head.lemma_ == "be" and any(c.lower_ == "out" and c.dep_ in ("advmod", "prt", "acomp")
                                          for c in t.head.children)]


def _choice_to_confirm(question: Any, nxt: Any) -> bool:
    """"Decided then? Hamburg, 8 June": the phrase after a question of deciding is the choice put up for
    confirmation when it names a place or a date, not a person asked ("Decided then? Ana, your call")."""
    value = concluding.announced(question, nxt)
    if not value:
        return False
    first = next((t for t in nxt if not t.is_punct), None)
    if first is None or first.ent_type_ == "PERSON" or lex.is_person_noun(first.lemma_.lower(), 1):
        return False
    return bool(timeexpr.date_span(nxt.text) or timeexpr.day_phrase(nxt.text) or
                any(lex.is_place_name(t.lower_) for t in nxt if t.is_alpha))


def _addressed(root: Any) -> bool:
    """"so sorry tamsk", "poor wenz": a word no dictionary knows, in lower case and with no determiner, after a word of
    feeling is someone addressed by name, not an option."""
    return root.is_lower and lex.unknown_word(root.text) and not any(c.dep_ == "det" for c in root.children) and any(
        c.dep_ == "amod" and c.i < root.i for c in root.children)


def _deadline(t: Any) -> bool:
    """The object of "by", "before" or "until" in a request: when a task is due, not an option."""
    return t.dep_ == "pobj" and t.head.lower_ in ("by", "before", "until", "till", "til")


# "no way I'm booking X", "no chance we're doing X": what the sentence says is done is refused
_NO_WAY = re.compile(r"(?i)\bno\s+(?:way|chance)\b")


_BACKING = ("support.v.01", "back.v.01", "endorse.v.01", "second.v.01")


def _backing(t: Any) -> bool:
    """A word of backing what another put forward ("Support.", "Seconded."), whatever the tagger made of it."""
    return t.is_alpha and lex.verb_in_senses(t.lemma_.lower(), _BACKING, first=3, exact=True)


def _proposals(text: str) -> list[tuple[str, str | None]]:
    """(value, topic) of each option a message puts forward, in a few words."""
    return [(a.value, a.topic) for a in group_acts.read(text)
            if a.act == "proposal" and a.value and len(a.value.split()) <= 8]


def _or_alternatives(doc: Any, value: str) -> list[str]:
    """"the hostel by the docks or the Quillon Inn": the options joined by "or" to one put forward are put forward
    too (the readings of proposals name the first; the parser may hang the second on the first's last noun)."""
    # (the phrase's head, not a word modifying it: "Kettle" in "the Copper Kettle")
    head = next((t for t in doc if t.pos_ in ("NOUN", "PROPN") and t.dep_ not in ("compound", "amod") and
                 same(phrase(t), value)), None)
    if head is None:
        return []
    # the "or" joined to the head itself, or to the last noun of its phrase where the parser hangs it; there only
    # a phrase that stands alone (a name, or a noun with its article: "the docks or the Quillon Inn", not
    # "sandwiches or pasties")
    last = max((t for t in head.subtree if t.pos_ in ("NOUN", "PROPN") and t.text in value.split()),
               key=lambda t: t.i, default=head)
    return [phrase(c) for h in dict.fromkeys([head, last]) for c in h.children
            if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and any(x.dep_ == "cc" and x.lower_ == "or"
                                                                          for x in h.children) and
            (h is head or c.pos_ == "PROPN" or any(x.dep_ in ("det", "poss") for x in c.children))]


def _sentences(doc: Any) -> list[Any]:
    """The message's sentences, with a lone "it is (then)" the splitter cut off joined back to the phrase
    before it ("great, Sunday 17th | it is then")."""
    out: list[Any] = []
    for s in doc.sents:
        ws = [t.lower_ for t in s if t.is_alpha or t.text in ("'s", "’s")]
        if out and ws[:2] in (["it", "is"], ["it", "'s"], ["it", "’s"]) and set(ws[2:]) <= {"then", "so"}:
            out[-1] = doc[out[-1].start:s.end]
        else:
            out.append(s)
    return out
