"""A post the speaker got, accepted or was offered, named by the trade or the employer in front of the word for
it: read as a weak job (context where nothing else says what the speaker does). Sentences written for this test
(no data set's words, names or values)."""

from __future__ import annotations

import pytest

from polymem.language.statements import Person, StatementReader

READER = StatementReader([Person("ilse", ("Ilse",)), Person("bram", ("Bram",))])


def _jobs(text: str) -> list[tuple[str, str, bool]]:
    return [(st.owner, st.value, st.weak) for st in READER.read(text, "ilse") if st.attribute == "job"]


@pytest.mark.parametrize(("text", "value"), [
    ("Vandermeer Optics offered me a lens designer role, so it's goodbye to the call centre", "lens designer at Vandermeer Optics"),
    ("Update: offered the ward clerk job at St Lucas hospital in Ghent. start 1 March", "ward clerk at St Lucas hospital"),
    ("finally got the Keyline job!! start monday", "Keyline"),
    ("started the new welder job today, so tired", "welder"),
    ("first fortnight at Halloran Print done, my feet hurt", "Halloran Print"),
])
def test_a_post_taken_up_or_offered_is_the_speakers_job_as_context(text: str, value: str) -> None:
    assert _jobs(text) == [("ilse", value, True)]


@pytest.mark.parametrize("text", [
    "Bram got the ward clerk job at St Lucas",  # someone else's
    "they offered me the lens designer role but I turned it down",  # offered by "they": no employer, not taken
    "I hope I get the locksmith post at Keyline",  # wished
    "did you get the ward clerk job?",  # asked
    "I didn't get the lens designer role",  # not got
    "his first week at Halloran Print went fine",  # somebody else's
    "first night in Tromso, the hostel is freezing",  # a town
    "Vandermeer Optics offered me a lens designer role, turned it down",  # declined
    "got the plumber job done at last, the sink works",  # a task finished
    "Grandma offered me a job at her shop",  # family, not an employer
    "got the Leeds job!!",  # where, not who employs
    "almost got the Keyline job",  # not got
    "back in 2009 I got the Keyline job",  # long past
])
def test_no_post_of_the_speakers_is_read_from_these(text: str) -> None:
    assert not [j for j in _jobs(text) if j[0] == "ilse"]
