"""`polymem keys create --space S [--space S2] | list | revoke ID`: API keys scoped to spaces."""

from __future__ import annotations

import argparse
import json

from polymem.api.auth import KeyManager
from polymem.graph import Graph
from polymem.schema.migrations import migrate


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("keys", help="create, list or revoke API keys")
    inner = p.add_subparsers(dest="keys_cmd", required=True)
    c = inner.add_parser("create", help="create a key; the plaintext is printed once, only a hash is kept")
    c.add_argument("--space", action="append", required=True, help="a space the key may use (repeatable)")
    c.add_argument("--label", help="a note to recognise the key by")
    c.add_argument("--admin", action="store_true", help="admin scope: may also delete its spaces (deleteSpace)")
    c.set_defaults(func=create)
    ls = inner.add_parser("list", help="list keys (ids, spaces, revoked)")
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=list_keys)
    r = inner.add_parser("revoke", help="revoke a key by id")
    r.add_argument("id")
    r.set_defaults(func=revoke)


def create(args: argparse.Namespace) -> int:
    with Graph() as g:
        migrate(g)
        key_id, token = KeyManager(g).create(args.space, args.label, admin=args.admin)
    print(f"key id: {key_id}  spaces: {', '.join(sorted(set(args.space)))}" + ("  scope: admin" if args.admin else ""))
    print(f"API key (shown once, store it now): {token}")
    return 0


def list_keys(args: argparse.Namespace) -> int:
    with Graph() as g:
        rows = KeyManager(g).list()
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            state = "revoked" if r["revoked"] else "active"
            print(f"{r['id']}  {state:7}  spaces={','.join(r['spaces'] or [])}  created={r['created']}"
                  + (f"  scopes={','.join(r['scopes'])}" if r.get("scopes") else "")
                  + (f"  label={r['label']}" if r.get("label") else ""))
    return 0


def revoke(args: argparse.Namespace) -> int:
    with Graph() as g:
        ok = KeyManager(g).revoke(args.id)
    print(f"revoked {args.id}" if ok else f"no key {args.id}")
    return 0 if ok else 1
