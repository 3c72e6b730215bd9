"""Readings of the fifty-second pass: a role that opens a verbless line and is closed by a comma, a trade word no
dictionary lists made from one it does, the words that join a name's parts ("Monte do X"), a post named after
"of", work turned to full time, a trade asked through its verb ("which subject does X teach?"), a distance that
is no way one travels, a town that "checks in", a firm joined whose name the tagger split, a plan for next week
that is no stint at work, one's own work told as a gerund, and an unnamed workplace that is a named one. Sentences
written for these tests (no data set's words, names or values)."""

from __future__ import annotations

from polymem.language import lexical as lex
from polymem.language.models import parsed
from polymem.language.question_attribute import question_attribute
from polymem.retrieval.extract_base import same_value
from tests.language.reads import READER


def jobs(text: str, speaker: str = "ott") -> list[tuple[str, str, str]]:
    return [(s.owner, s.value, s.tense) for s in READER.read(text, speaker) if s.attribute == "job"]


def cities(text: str, speaker: str = "ott") -> list[str]:
    return [s.value for s in READER.read(text, speaker) if s.attribute == "city"]


def test_a_trade_word_no_dictionary_lists_is_one_made_from_a_verb_or_a_thing() -> None:
    assert lex.is_occupation("recordist")  # (one who records)
    assert not lex.is_occupation("napper") and not lex.is_occupation("scroller")  # (an unknown "-er": a habit)
    assert not lex.is_occupation("blorptastic") and not lex.is_occupation("glorbist")  # (no stem WordNet knows)
    assert not lex.is_occupation("genius")  # (a word WordNet knows is judged by its senses, as before)


def test_a_role_opening_a_verbless_line_closed_by_a_comma_is_the_speakers_trade() -> None:
    assert jobs("apprentice tree surgeon, county council, based in tartu now") == [
        ("ott", "apprentice tree surgeon", "present")]
    assert jobs("ha yes. freelance piano tuner now, mostly churches and schools") == [
        ("ott", "freelance piano tuner", "present")]


def test_a_role_said_to_someone_or_with_a_subject_is_no_trade_of_the_speaker() -> None:
    assert jobs("driver, stop here please") == []  # (one bare word before a clause: someone addressed)
    assert jobs("guest speaker, wish me luck") == [] and jobs("local electrician, recommendations welcome") == []
    assert jobs("junior architect, that's what Sefa is now") == [] or all(
        o != "ott" for o, _, _ in jobs("junior architect, that's what Sefa is now"))


def test_the_words_joining_a_names_parts_keep_the_name_whole() -> None:
    assert jobs("good news. i start at Monte do Varnholt bakery in june, doing the counter")[0][1] == \
        "Monte do Varnholt bakery"


def test_a_post_named_after_of_is_the_trade_at_its_workplace() -> None:
    assert jobs("Sefa has taken the post of deputy head gardener for the Trust.") == [
        ("sefa", "deputy head gardener at the Trust", "present")]
    assert jobs("I took the role of head chef at the Old Forge") == [("ott", "head chef at the Old Forge", "present")]


def test_work_turned_to_full_time_is_the_speakers_work() -> None:
    assert ("ott", "pottery", "present") in jobs("so that's it, quit the office. going full time on the pottery")
    assert jobs("not going full time on anything yet") == []
    assert jobs("Sefa is going full time on the boat tours") == []  # (said of another, not the speaker's)
    assert jobs("full time on the sofa today lol") == [] and jobs("going full time on revision until the exams") == []
    assert jobs("full time with the kids now, nursery is shut") == []


def test_a_trade_asked_through_its_verb_is_a_job_question() -> None:
    assert question_attribute(parsed("Which instrument does Sefa teach?"))[0] == "job"
    assert question_attribute(parsed("What does Sefa teach the children about knots?"))[0] != "job"
    assert question_attribute(parsed("What did Sefa cook for dinner?"))[0] != "job"
    assert question_attribute(parsed("What did Sefa cook last night?"))[0] != "job"


def test_a_distance_from_a_place_is_no_way_one_travels() -> None:
    assert cities("new place has two rooms, a 10 min stroll from Tartu centre") == []
    assert cities("30 min commute from Tartu now") == ["Tartu"]  # (a commute, however long, starts at home)
    assert cities("it is an hour's drive from Narva, fine") == []
    assert cities("the drive up from Tartu is brutal") == ["Tartu"]  # (a way one goes, as before)


def test_a_town_that_checks_in_is_where_the_speaker_answers_from() -> None:
    assert cities("hiya!! narva checking in ☕") == ["Narva"]
    assert cities("Tartu reporting in from the sofa") == ["Tartu"]
    assert cities("paris checking in the bags") == []  # ("in" takes an object: no presence reported)
    assert cities("two guests from Narva checking in today, busy busy") == []  # (the town does not open the line)
    assert [s.weak for s in READER.read("narva checking in", "ott") if s.attribute == "city"] == [True]


def test_a_firm_joined_whose_name_the_tagger_split_is_the_employer() -> None:
    got = jobs("Small update on Sefa. Bumped into her by the Narva docks last week; she has joined "
               "Baltic Ferries as in-house counsel, so she was down there for work.", "ott")
    assert ("sefa", "in-house counsel at Baltic Ferries", "present") in got, got


def test_a_plan_for_next_week_somewhere_is_no_work_done_there() -> None:
    assert jobs("I am at a shipping fair in Narva next week, so expect slow answers.") == []
    assert jobs("two night shifts at the infirmary this week") == [("ott", "the infirmary", "present")]


def test_ones_own_work_told_as_a_gerund_is_its_doer_with_its_field() -> None:
    assert jobs("My lecturing in marine biology at Tartu University starts again after Easter.") == [
        ("ott", "lecturer in marine biology at Tartu University", "present")]
    assert jobs("my teaching at Varnholt Academy is relentless") == [("ott", "teacher at Varnholt Academy", "present")]


def test_an_unnamed_workplace_is_the_named_one_of_its_kind() -> None:
    assert same_value("a bakery", "Old Forge bakery") and same_value("Old Forge bakery", "a bakery")
    assert not same_value("the bakery", "Old Forge bakery")  # (a definite one may be another)
    assert not same_value("a bakery", "dental nurse")


def renamings(text: str) -> list[tuple[str, str, str]]:
    return [(s.value, s.name, s.renames) for s in READER.read(text, "ott") if s.attribute == "pet"]


def test_an_animal_given_a_new_name_carries_its_old_one() -> None:
    assert renamings("renamed Nibs to Tansy lol") == [("pet", "Tansy", "Nibs")]
    assert renamings("we renamed the dog Quillon, the old name never suited him") == [("dog", "Quillon", "*")]
    assert renamings("the pup is called Tansy now, not Nibs") == [("pup", "Tansy", "Nibs")]
    assert renamings("cat news: my sister thinks Nibs is a dull name, so she's now called Tansy") == [("cat", "Tansy", "Nibs")]


def test_a_new_name_of_no_animal_or_of_anothers_is_no_renaming_of_the_speakers() -> None:
    assert renamings("the app is called Wobbleton now") == []
    assert all(r == "" for _, _, r in renamings("my cat Nibs is asleep"))
    assert all(r == "" for _, _, r in renamings("Sefa's dog is called Tansy now"))
