"""Reading a request body at the ASGI level, bounded, and handing it on (server.guard, server.input_limits)."""

from __future__ import annotations


async def read_body(receive, cap: int) -> bytes | int | None:
    """The whole request body; the cap (an int) when it is larger; None when the client left."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > cap:
            return cap
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def replay(body: bytes, receive):
    """A receive that hands on a body already read, then the client's later messages."""
    delivered = False

    async def replay_receive():
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay_receive
