"""The pages the API serves besides /graphql: GraphiQL with its vendored assets, the explorer at `/`
and the Neo4j Browser style file.

Nothing here loads from a CDN: GraphiQL's React and GraphiQL bundles are vendored from npm by
scripts/vendor-graphiql into polymem/api/static/vendor, so a machine without internet still gets a
working GraphiQL. The explorer (static/explorer) is plain HTML + JS that calls only the public
GraphQL API, so it doubles as a frontend example.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from polymem.api.example_query import EXAMPLE_QUERY, EXAMPLE_VARIABLES

STATIC = Path(str(resources.files("polymem.api") / "static"))
GRASS = Path(str(resources.files("polymem.graph") / "browser" / "polymem.grass"))

# Neo4j Browser (http://localhost:7474) fetches `:style <url>` cross-origin; the file is public
# styling, so any origin may read it.
_CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, OPTIONS",
    "Access-Control-Allow-Headers": "*",
    "Access-Control-Max-Age": "86400",
}


def _script_literal(value: object) -> str:
    # JSON is a JS literal; "</" is escaped so the text cannot close the <script> element.
    return json.dumps(value).replace("</", "<\\/")


def graphiql_html() -> str:
    page = (STATIC / "graphiql.html").read_text(encoding="utf-8")
    return (page.replace("__EXAMPLE_QUERY__", _script_literal(EXAMPLE_QUERY))
            .replace("__EXAMPLE_VARIABLES__", _script_literal(json.dumps(EXAMPLE_VARIABLES, indent=2))))


async def explorer(_: Request) -> Response:
    return FileResponse(STATIC / "explorer" / "index.html", media_type="text/html")


async def grass(request: Request) -> Response:
    if request.method == "OPTIONS":  # the CORS preflight
        return Response(status_code=204, headers=_CORS)
    return FileResponse(GRASS, media_type="text/plain; charset=utf-8", headers=_CORS)


def page_routes() -> list[BaseRoute]:
    return [
        Route("/", explorer),
        Route("/browser/polymem.grass", grass, methods=["GET", "OPTIONS"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def graphiql_response() -> HTMLResponse:
    return HTMLResponse(graphiql_html())
