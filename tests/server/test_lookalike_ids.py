"""Issue 32, item 6: build ids and slugs are unique without regard to case, and a build id may not
equal any slug in any case (`URDXW3NV` beside the slug `urdxw3nv` was accepted)."""

from __future__ import annotations

import pytest

from tests.server.conftest import publish_payload, rows, session_headers


async def test_an_id_equal_to_a_slug_in_any_case_is_refused_and_the_link_keeps_its_build(app, client):
    owner = await session_headers(client, "Owner")
    other = await session_headers(client, "Other")
    first = publish_payload()
    slug = (await client.post("/api/Build", json=first, headers=owner)).json()["data"]["slug"]
    lookalikes = {slug.upper(), slug[:4].upper() + slug[4:], slug[:-1] + slug[-1].upper()} - {slug}
    assert lookalikes, slug  # only a slug of digits alone (1 in 65,000) has no other case
    for lookalike in sorted(lookalikes):
        r = await client.post("/api/Build", json=publish_payload(buildId=lookalike), headers=other)
        assert r.status_code == 422, (lookalike, r.text)
        assert r.json()["error"] == {"code": "invalid_build",
                                     "message": "buildId must not equal another build's slug, in any case"}
    assert (await rows(app, "SELECT COUNT(*) FROM builds"))[0][0] == 1
    opened = (await client.get(f"/api/Build/{slug}")).json()["data"]["buildInfo"]
    assert opened["buildId"] == first["buildId"]


async def test_ids_differing_only_in_case_are_one_id(app, client):
    owner = await session_headers(client, "Owner")
    other = await session_headers(client, "Other")
    mine = publish_payload(buildId="Build-Lookalike-0001")
    assert (await client.post("/api/Build", json=mine, headers=owner)).status_code == 201
    for who in (other, owner):
        r = await client.post("/api/Build", json=publish_payload(buildId="build-LOOKALIKE-0001"), headers=who)
        assert r.status_code == 422 and "differs only in case" in r.json()["error"]["message"], r.text
    # The exact id again is the same build (200), as before.
    assert (await client.post("/api/Build", json=mine, headers=owner)).status_code == 200
    assert await rows(app, "SELECT id FROM builds") == [("Build-Lookalike-0001",)]


async def test_the_database_itself_refuses_case_variants(app, client):
    owner = await session_headers(client, "Owner")
    p = publish_payload(buildId="Build-Lookalike-0002")
    slug = (await client.post("/api/Build", json=p, headers=owner)).json()["data"]["slug"]
    row = (await rows(app, "SELECT creator_id, code_z FROM builds"))[0]
    insert = ("INSERT INTO builds(id, slug, creator_id, creator_name, base_class, ascendancy, tree_version, code_z,"
              " skills, steps, step_count, created_at, updated_at) VALUES (?, ?, ?, 'x', 'Witch', '', '3_25', ?,"
              " '[]', '[]', 0, '', '')")
    for build_id, build_slug in (("BUILD-LOOKALIKE-0002", "zzzzzzz2"), ("another-build-0002", slug.upper())):
        with pytest.raises(Exception, match="(?i)unique"):
            await rows(app, insert, (build_id, build_slug, row[0], row[1]))
