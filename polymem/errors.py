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


class UnknownNameError(NotFoundError):
    """A space or participant name that does not exist; `suggestions` holds the closest known ones."""

    def __init__(self, what: str, name: str, known: list[str], where: str = "",
                 label: dict[str, str] | None = None) -> None:
        # `label` maps a known name (an alias, say) to what to suggest (the id it belongs to).
        self.name = name
        self.suggestions = list(dict.fromkeys((label or {}).get(k, k) for k in _closest(name, known, 6)))[:3]
        hint = f" (did you mean: {', '.join(self.suggestions)}?)" if self.suggestions else ""
        super().__init__(f"no {what} {name!r}{where}{hint}")


class ForbiddenError(PolymemError):
    code = "FORBIDDEN"


class BackendUnavailableError(PolymemError):
    code = "BACKEND_UNAVAILABLE"


def _closest(name: str, known: list[str], limit: int = 3) -> list[str]:
    """The known names closest to a typo (case-insensitive), best first."""
    import difflib

    by_lower: dict[str, str] = {}
    for k in known:
        by_lower.setdefault(k.lower(), k)
    low = name.lower()
    close = difflib.get_close_matches(low, list(by_lower), n=limit, cutoff=0.6)
    # A prefix is a likely slip too ("team" for "team-2024"), which difflib's ratio can miss.
    if len(low) >= 3:
        close += [k for k in by_lower if k.startswith(low) and k not in close]
    return [by_lower[c] for c in close[:limit]]
