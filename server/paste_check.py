"""The check a fetched paste passes before the proxy answers (and caches) it: the bounded
decode publish does, caps before extraction. Runs in the decode child (server.publish_gate),
so it takes and returns plain values."""

from __future__ import annotations


def check_paste(code: str) -> tuple[str, str]:
    """("ok", ""), ("not_a_code", the decoder's error kind), ("over_limits", publish's message) or
    ("poe2_build", the decoder's message): a real export of the other game is no failure of the host."""
    from server.planner import PlannerError, extract_planner
    from server.planner.decode import parse_planner_xml, planner_xml_bytes
    from server.publish import PublishRejected, check_limits

    try:
        root = parse_planner_xml(planner_xml_bytes(code))
        check_limits(root)
        extract_planner(root)
    except PlannerError as exc:
        if exc.kind == "poe2_build":
            return "poe2_build", exc.message
        return "not_a_code", exc.kind
    except PublishRejected as exc:
        return "over_limits", str(exc)
    return "ok", ""
