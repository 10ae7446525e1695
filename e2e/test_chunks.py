"""What the built chunks carry: the guide parser (and the route scripts it reads) ships only in
the guide worker's chunk; the page that shows the guide sends it no campaign data or scripts."""

from __future__ import annotations

# Strings only the parser and the route scripts hold (workers/guide/parser.ts, guide/act-1.txt).
PARSER_ONLY = "unknown command '"
ROUTE_SCRIPT_ONLY = "#section Act 1"


def chunks_holding(pwa_dist, text: str) -> list[str]:
    return sorted(p.name for p in (pwa_dist / "assets").glob("*.js") if text in p.read_text())


def test_the_guide_parser_and_route_scripts_ship_only_in_the_guide_worker(pwa_dist):
    for text in (PARSER_ONLY, ROUTE_SCRIPT_ONLY):
        holders = chunks_holding(pwa_dist, text)
        assert len(holders) == 1 and holders[0].startswith("guide.worker-"), (text, holders)
