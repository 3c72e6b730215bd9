"""Benchmark harnesses, run as `polymem bench <name> ...`.

How a bench plugs in (no edit of polymem/commands/bench.py needed):
  * put the CLI of a benchmark in its own module `bench/cli_<name>.py` exposing
    `register(subparsers)`; it adds one or more sub-subcommands (`subparsers.add_parser(...)`,
    `set_defaults(func=run)`), exactly like polymem/commands/*.py;
  * keep the heavy harness code in other `bench/` modules and import them lazily inside `run`,
    so `polymem --help` stays fast and one broken bench cannot break the others;
  * optionally define `ALL = ["<subcommand>", ...]`: the subcommands `polymem bench all` runs,
    with their default arguments, one after the other (each prints its own tables).
Older harness modules (not named `cli_*`) that define a top-level `register(subparsers)` are still
discovered, by reading their source, not by importing them.

Retrieval benches (this package's own): cli_retrieval.py -> locomo, groupchat, friendsqa,
ablations, latency; figures in docs/bench/retrieval.md.
"""
