"""System 1 domain models. Everything belongs to exactly one Space."""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

MAX_TEXT_CHARS = 1_000_000  # 1 MB of text is accepted; more is refused with a clear error
MAX_ID_CHARS = 200
_SPACE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,99}\Z")  # \Z: "$" would let a trailing newline in


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # category Cc except \t and \n
_SURROGATE = re.compile(r"[\ud800-\udfff]")  # only reachable through JSON escapes such as "\ud800"


def clean_text(value: str) -> str:
    """NFC-normalise and drop NUL / control characters that break Lucene and terminals.

    A lone surrogate (JSON "\\ud800") is not Unicode text and cannot be stored: ValueError.
    """
    if not isinstance(value, str):
        raise ValueError(f"must be a string, not {type(value).__name__}")
    if bad := _SURROGATE.search(value):
        raise ValueError(f"contains a lone surrogate U+{ord(bad.group()):04X} at character {bad.start()} "
                         "(not valid Unicode)")
    if not unicodedata.is_normalized("NFC", value):  # fast path: most text already is NFC
        value = unicodedata.normalize("NFC", value)
    return _CONTROL.sub("", value)


def _check_id(value: str, what: str) -> str:
    value = clean_text(str(value)).strip()
    if not value:
        raise ValueError(f"{what} is empty")
    if len(value) > MAX_ID_CHARS:
        raise ValueError(f"{what} is longer than {MAX_ID_CHARS} characters")
    return value


class Space(BaseModel):
    """An isolated memory (one community / deployment). No query crosses spaces."""

    id: str
    name: str | None = None

    @field_validator("id")
    @classmethod
    def _valid(cls, v: str) -> str:
        if not _SPACE_RE.match(v):  # match anchors at the start, \Z at the very end
            raise ValueError(
                f"space id {v!r} must be 1-100 characters of letters, digits, '.', '_', ':' or '-'"
            )
        return v


class Participant(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str | None = None  # display name
    aliases: list[str] = Field(default_factory=list)
    kind: Literal["person", "assistant", "system", "voice"] = "person"

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        return _check_id(v, "participant id")

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return (clean_text(v).strip() or None) if v is not None else None

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, v: list[str]) -> list[str]:
        out: list[str] = []
        for a in v:
            a = clean_text(a if isinstance(a, str) else str(a)).strip()
            if a and a not in out:
                out.append(a)
        return out

    @property
    def display(self) -> str:
        return self.name or self.id

    def names(self) -> list[str]:
        """Every way the participant can be referred to: id/handle, name, first name, aliases."""
        out = [self.id]
        if self.name:
            out.append(self.name)
            first = self.name.split()[0]
            out.append(first)
        out.extend(self.aliases)
        seen: list[str] = []
        for n in out:
            if n and n.lower() not in [s.lower() for s in seen]:
                seen.append(n)
        return seen


class Channel(BaseModel):
    id: str
    name: str | None = None


class Session(BaseModel):
    id: str
    channel: str | None = None
    time: datetime | None = None


class Attachment(BaseModel):
    kind: str = "image"
    url: str | None = None
    caption: str | None = None

    @field_validator("kind", "url", "caption")
    @classmethod
    def _clean(cls, v: str | None) -> str | None:
        return clean_text(v) if v is not None else None


class Message(BaseModel):
    """One message, kept verbatim. `id` is the dataset's own id, unique in its space."""

    model_config = ConfigDict(extra="forbid")

    id: str
    text: str
    speaker: str
    addressees: list[str] = Field(default_factory=list)
    time: datetime | None = None
    channel: str = "main"
    session: str | None = None
    reply_to: list[str] = Field(default_factory=list)
    attachments: list[Attachment] = Field(default_factory=list)
    seq: int = 0  # order within the conversation (set by the importer)
    meta: dict[str, str] = Field(default_factory=dict)  # small dataset extras (emotion, dia_id...)

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        return _check_id(v, "message id")

    @field_validator("speaker")
    @classmethod
    def _speaker(cls, v: str) -> str:
        return _check_id(v, "speaker")

    @field_validator("channel")
    @classmethod
    def _channel(cls, v: str) -> str:
        return _check_id(v, "channel")

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        v = clean_text(v)
        if not v.strip():
            raise ValueError("message text is empty")
        if len(v) > MAX_TEXT_CHARS:
            raise ValueError(f"message text has {len(v):,} characters; the limit is {MAX_TEXT_CHARS:,}")
        return v

    @field_validator("session")
    @classmethod
    def _session(cls, v: str | None) -> str | None:
        return _check_id(v, "session") if v is not None else None

    @field_validator("meta")
    @classmethod
    def _meta(cls, v: dict[str, str]) -> dict[str, str]:
        return {clean_text(k): clean_text(x) for k, x in v.items()}

    @field_validator("reply_to", mode="before")
    @classmethod
    def _reply(cls, v: object) -> object:
        if v is None:
            return []
        if isinstance(v, str | int) and not isinstance(v, bool):
            return [str(v)]
        if not isinstance(v, list) or not all(isinstance(x, str | int) and not isinstance(x, bool) for x in v):
            raise ValueError("reply_to must be an id or a list of ids")
        return [str(x) for x in v]

    @field_validator("reply_to", "addressees")
    @classmethod
    def _ids(cls, v: list[str]) -> list[str]:
        return [_check_id(x, "id") for x in v]

    @field_validator("addressees", mode="before")
    @classmethod
    def _addr(cls, v: object) -> object:
        if v is None:
            return []
        if isinstance(v, str):
            return [v]
        return v


class Conversation(BaseModel):
    """What an importer yields: a roster plus the messages of one conversation.

    `messages` may be a generator for large files, so this model is built with
    `model_construct` by streaming importers and consumed once.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    id: str
    roster: list[Participant] = Field(default_factory=list)
    channels: list[str] = Field(default_factory=list)
    messages: object = None  # Iterable[Message | InputError]
    addressees_given: bool = False  # True when the format states addressees explicitly
    source_file: str | None = None
