"""The PWA's wire types follow the server's OpenAPI schema.

The served `/schema/openapi.json` of a real server process is compared with the
interfaces of `pwa/src/data/types.ts` as the TypeScript compiler reads them
(tests/contract/wire_types.mjs): same field names, optionality, nullability and
kind. Every schema the builds API takes or sends (envelopes unwrapped) must have
its interface, and every interface of types.ts must be a schema.
"""

from __future__ import annotations

import json
import subprocess
from functools import cache
from pathlib import Path

import pytest

from e2e.harness import REPO, ServerProcess

TYPES_TS = REPO / "pwa" / "src" / "data" / "types.ts"
SCRIPT = Path(__file__).with_name("wire_types.mjs")
# Interfaces of types.ts that are not JSON bodies, with the reason.
NOT_A_SCHEMA = {"Identity": "read from the /auth-completion query string, not from a JSON answer"}


@cache
def served_schema() -> dict:
    with ServerProcess(env={"WAYPOINT_SEED_DEMO": "false"}) as server:
        return server.client().get("/schema/openapi.json").raise_for_status().json()


def ts_interfaces(path: Path = TYPES_TS) -> dict:
    out = subprocess.run(["node", str(SCRIPT), str(path)], cwd=REPO, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _ref(schema: dict) -> str | None:
    ref = schema.get("$ref", "")
    return ref.rsplit("/", 1)[-1] if ref else None


def _kind(schema: dict) -> str:
    if ref := _ref(schema):
        return ref
    options = schema.get("oneOf") or schema.get("anyOf")
    if options:
        kinds = sorted({_kind(o) for o in options if o.get("type") != "null"})
        return "|".join(kinds)
    types = schema.get("type")
    types = [t for t in (types if isinstance(types, list) else [types]) if t != "null"]
    if types == ["array"]:
        return f"array<{_kind(schema.get('items', {}))}>"
    return {"integer": "number", "number": "number", "string": "string", "boolean": "boolean"}.get(
        types[0] if len(types) == 1 else "", "any"
    )


def _nullable(schema: dict) -> bool:
    options = schema.get("oneOf") or schema.get("anyOf") or []
    types = schema.get("type")
    return any(o.get("type") == "null" for o in options) or (isinstance(types, list) and "null" in types)


def schema_fields(component: dict) -> dict:
    required = set(component.get("required", []))
    return {
        name: {"optional": name not in required, "nullable": _nullable(prop), "kind": _kind(prop)}
        for name, prop in component.get("properties", {}).items()
    }


def field_differences(name: str, ts: dict, schema: dict) -> list[str]:
    diffs = []
    for field in sorted(set(ts) | set(schema)):
        if field not in ts:
            diffs.append(f"{name}.{field}: in the server's schema, missing from types.ts")
        elif field not in schema:
            diffs.append(f"{name}.{field}: in types.ts, not in the server's schema")
        else:
            for aspect in ("optional", "nullable", "kind"):
                if ts[field][aspect] != schema[field][aspect]:
                    diffs.append(
                        f"{name}.{field}: {aspect} is {ts[field][aspect]!r} in types.ts,"
                        f" {schema[field][aspect]!r} on the server"
                    )
    return diffs


def _envelope_inner(components: dict, name: str) -> str:
    """`{data: X}` and `{buildInfo: X}` wrappers are transport, not concepts: follow them to X."""
    props = components[name].get("properties", {})
    if len(props) == 1:
        (prop,) = props.values()
        inner = _ref(prop)
        if inner and (name.endswith("Answer") or name.endswith("Data")):
            return _envelope_inner(components, inner)
    return name


# The APIs whose every schema needs its interface in types.ts.
API_PREFIXES = ("/api/Build", "/api/account")


def build_api_schemas(spec: dict) -> set[str]:
    """Every component the /api/Build and /api/account operations take or send (transitively),
    envelopes unwrapped."""
    components = spec["components"]["schemas"]
    roots: list[str] = []
    for path, ops in spec["paths"].items():
        if not path.startswith(API_PREFIXES):
            continue
        for op in ops.values():
            bodies = [op.get("requestBody", {})] + [r for code, r in op.get("responses", {}).items() if code.startswith("2")]
            for body in bodies:
                for media in body.get("content", {}).values():
                    if ref := _ref(media.get("schema", {})):
                        roots.append(_envelope_inner(components, ref))
    seen: set[str] = set()
    while roots:
        name = roots.pop()
        if name in seen:
            continue
        seen.add(name)
        for part in json.dumps(components[name]).split('"#/components/schemas/')[1:]:
            roots.append(part.split('"', 1)[0])
    return seen


@pytest.fixture(scope="module")
def spec() -> dict:
    return served_schema()


@pytest.fixture(scope="module")
def interfaces() -> dict:
    return ts_interfaces()


def test_every_interface_of_types_ts_matches_its_schema(spec, interfaces):
    components = spec["components"]["schemas"]
    diffs = []
    for name, fields in interfaces.items():
        if name in NOT_A_SCHEMA:
            continue
        if name not in components:
            diffs.append(f"{name}: an interface of types.ts with no schema of that name on the server")
            continue
        diffs += field_differences(name, fields, schema_fields(components[name]))
    assert not diffs, "types.ts drifted from the server's OpenAPI schema:\n" + "\n".join(diffs)


def test_every_schema_of_the_builds_api_has_its_interface(spec, interfaces):
    wanted = build_api_schemas(spec)
    assert {"BuildPage", "Cursor", "BuildSummary", "BuildInfo", "Step", "AccountExport", "DeleteAccountRequest"} <= wanted
    missing = sorted(wanted - set(interfaces))
    assert not missing, f"schemas of {API_PREFIXES} with no interface in types.ts: {missing}"


def test_the_search_takes_back_every_field_of_the_cursor_it_sends(spec):
    """The PWA sends the cursor back as query parameters, so each field must be one."""
    cursor = spec["components"]["schemas"]["Cursor"]["properties"]
    for path in ("/api/Build/search", "/api/Build/liked-search", "/api/Build/created-search"):
        params = {p["name"] for p in spec["paths"][path]["get"]["parameters"] if p["in"] == "query"}
        assert set(cursor) <= params, (path, set(cursor) - params)


def test_a_dropped_field_is_caught(spec, interfaces, tmp_path):
    """The check itself: types.ts without the cursor's snapshot (the drift this test was made for) fails."""
    text = TYPES_TS.read_text()
    assert "snapshot?: number | null;" in text
    drifted = tmp_path / "types.ts"
    drifted.write_text(text.replace("snapshot?: number | null;", ""))
    fields = ts_interfaces(drifted)["Cursor"]
    diffs = field_differences("Cursor", fields, schema_fields(spec["components"]["schemas"]["Cursor"]))
    assert diffs == ["Cursor.snapshot: in the server's schema, missing from types.ts"]


# Issue 36: every call of revisions and follows is in the served schema, and what it takes or sends
# is among the schemas checked against types.ts above.
REVISION_CALLS = {
    ("/api/Build/{id_or_slug}/revisions", "post"): {"RevisionRequest", "RevisionPublished"},
    ("/api/Build/{id_or_slug}/revisions", "get"): {"RevisionList", "RevisionSummary"},
    ("/api/Build/{id_or_slug}/revision/{n}", "get"): {"RevisionInfo"},
    ("/api/Build/{id_or_slug}/follow", "get"): {"FollowState"},
    ("/api/Build/{id_or_slug}/follow", "post"): {"FollowRequest", "FollowState"},
    ("/api/Build/{id_or_slug}/seen", "post"): {"SeenRequest", "FollowState"},
    ("/api/Build/updates", "get"): {"BuildUpdates", "BuildUpdate"},
    ("/api/Build/following-search", "get"): {"BuildPage"},
}


def test_every_call_of_revisions_and_follows_is_documented(spec, interfaces):
    wanted = build_api_schemas(spec)
    for (path, method), schemas in REVISION_CALLS.items():
        assert method in spec["paths"].get(path, {}), (path, method, sorted(spec["paths"]))
        assert schemas <= wanted and schemas <= set(interfaces), (path, schemas - wanted, schemas - set(interfaces))
