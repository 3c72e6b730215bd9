"""What the statement reader produces: a typed statement about a person's state (city, job or pet), and the
roster entries it resolves owners against."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

Attribute = Literal["city", "job", "pet"]
Kind = Literal["state", "event", "report"]
# marks a record written from a state said to be over ("we're leaving X"): history, which any later value replaces
BEFORE = " (before)"
FIRST_PERSON = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"}


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
    renames: str = ""  # a pet's name it had before this one ("*": whatever its kind was called), for a renaming

    @property
    def reported(self) -> bool:
        return self.owner != self.source
