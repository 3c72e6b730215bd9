"""`polymem serve [--host H] [--port P] [--workers N]`: the GraphQL API under uvicorn."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run the GraphQL API (GraphiQL at /graphql)")
    p.add_argument("--host", default="127.0.0.1", help="bind address (default: loopback only)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--workers", type=int, default=1, help="worker processes (each loads the embedder once)")
    p.add_argument("--log-level", default="warning")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from polymem.api.serve import serve

    print(f"polymem API: GraphiQL at http://{args.host}:{args.port}/graphql", flush=True)
    return serve(args.host, args.port, args.workers, args.log_level)
