"""Typed exceptions shared by every layer. Each carries a stable code for the API."""

from __future__ import annotations


class PolymemError(Exception):
    code = "INTERNAL"


class InputError(PolymemError):
    """Bad user input. Names the file and line when the input came from a file."""

    code = "BAD_INPUT"

    def __init__(self, problem: str, *, file: str | None = None, line: int | None = None) -> None:
        self.problem = problem
        self.file = file
        self.line = line
        where = ""
        if file is not None:
            where = f"{file}" + (f":{line}" if line is not None else "") + ": "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + problem)


class NotFoundError(PolymemError):
    code = "NOT_FOUND"


class ForbiddenError(PolymemError):
    code = "FORBIDDEN"


class BackendUnavailableError(PolymemError):
    code = "BACKEND_UNAVAILABLE"
