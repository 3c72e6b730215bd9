"""Benchmark harnesses. Each module that defines `register(subparsers)` becomes `polymem bench <name>`."""
