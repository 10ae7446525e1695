"""Steps and corpus readings shared by the PWA end-to-end tests (test_pwa_*.py).

Expected values come from the corpus XML read here with lxml, independently of
the TypeScript planner decoder the PWA uses.
"""

from __future__ import annotations

import re
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e.harness import REPO, TEST_PASSWORD, account_name
from server.paths import POB_CORPUS

POB = POB_CORPUS
WIDTHS = [1400, 800]
DESKTOP_MIN = 1200


def unique_name(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


@contextmanager
def app_page(browser, base_url: str, width: int) -> Iterator[Page]:
    """A page of its own browser context at this width, closed with the context afterwards."""
    ctx = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    try:
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        yield page
    finally:
        ctx.close()


def open_nav(page) -> None:
    """Under 1200 px the sidebar sits behind the burger."""
    if page.viewport_size["width"] < DESKTOP_MIN:
        page.get_by_test_id("burger").click()
        page.get_by_test_id("sidebar").get_by_test_id("login-button").wait_for(state="visible")
        wait_settled(page)  # the navbar slides in


def wait_settled(page, timeout: float = 20_000) -> None:
    """Until no transition or finite animation runs on the page (two frames first, so a style change
    just made has started its transition). Endless ones, such as a skeleton's pulse, are not waited for."""
    page.wait_for_function(
        """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(
          document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)))))""",
        timeout=timeout,
        polling=100,
    )


def try_again_until(page, try_again, shown, text: str, timeout_s: float = 30.0) -> None:
    """Press Try again until `shown` holds `text`: a restriction (Retry-After) lifts when the server's clock says,
    so the test waits for that to be seen, not for a number of seconds."""
    deadline = time.monotonic() + timeout_s
    while True:
        if try_again.is_visible():
            try_again.click()
        try:
            expect(shown).to_contain_text(text, timeout=2_000)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise


def choose_by_keyboard(page, select, typed: str, option, timeout_s: float = 30.0) -> None:
    """Type into a searchable select, arrow to its one match and press Enter, until the select shows it.

    The list filters as it is typed and may be redrawn when its data refreshes (the character list refetches),
    so one arrow press can land between two renders; the choice is made again until it holds."""
    deadline = time.monotonic() + timeout_s
    while True:
        select.focus()
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(typed)
        try:
            expect(option).to_be_visible(timeout=5_000)
            page.keyboard.press("ArrowDown")
            expect(option).to_have_attribute("data-combobox-selected", "true", timeout=2_000)
            page.keyboard.press("Enter")
            expect(select).to_have_value(re.compile(re.escape(typed)), timeout=2_000)
            expect(option).to_be_hidden(timeout=2_000)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.keyboard.press("Escape")


def outbox_size(page) -> int:
    """Entries in the PWA's outbox, read with the IndexedDB API (names from pwa/src/data/schema.ts)."""
    return page.evaluate(
        """() => new Promise((done, fail) => {
          const open = indexedDB.open("waypoint");
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains("outbox")) { db.close(); return done(0); }
            const count = db.transaction("outbox").objectStore("outbox").count();
            count.onsuccess = () => { db.close(); done(count.result); };
            count.onerror = () => { db.close(); fail(count.error); };
          };
        })"""
    )


def open_sign_in(page, start: str) -> None:
    """From `start`, the sidebar's Login button and the realm dialog (PC) to the local provider's sign-in page."""
    page.goto(start)
    open_nav(page)
    page.get_by_test_id("login-button").click()
    dialog = page.get_by_role("dialog", name="Realm Selection")
    dialog.get_by_text("PC", exact=True).click()
    dialog.get_by_test_id("realm-dialog-confirm").click()
    page.wait_for_url(re.compile(r"/api/auth/local\?state="))


def login(page, name: str, start: str = "/build/browse/explore") -> None:
    """Log in through the server's local provider, from the sidebar Login button and the realm dialog."""
    open_sign_in(page, start)
    local_sign_in(page, name)
    page.wait_for_url(re.compile(re.escape(start) + r"$"))
    page.get_by_test_id("create-build").wait_for()


def local_sign_in(page, name: str, password: str = TEST_PASSWORD) -> None:
    """On the server's local sign-in page: create the account for `name`, or sign in when it exists."""
    assert "Local sign-in" in page.content()
    page.fill("#signup-account", account_name(name))
    page.fill("#signup-display", name)
    page.fill("#signup-password", password)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_load_state()
    if "That account name is taken" in page.content():
        page.fill("#signin-account", account_name(name))
        page.fill("#signin-password", password)
        page.get_by_role("button", name="Sign in").click()


def wait_for_service_worker(page) -> None:
    """Wait until the service worker controls the page.

    A page whose navigation started while the worker was still installing can miss the worker's
    clients.claim() (the claim runs before the new document exists), and it then stays uncontrolled
    although `ready` has resolved; CI saw that once. One reload after `ready` always lands under the
    active worker, so it is taken only in that case.
    """
    page.wait_for_function("() => 'serviceWorker' in navigator", timeout=30_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    controlled = "() => navigator.serviceWorker.controller !== null"
    try:
        page.wait_for_function(controlled, timeout=5_000)
    except PlaywrightTimeoutError:
        page.reload()
        page.wait_for_function(controlled, timeout=30_000)


def db(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=10)
    con.row_factory = sqlite3.Row
    return con


def server_likes(db_path: Path, build_id: str) -> int:
    with db(db_path) as con:
        return con.execute("SELECT likes FROM builds WHERE id = ?", (build_id,)).fetchone()["likes"]


def like_rows(db_path: Path, display_name: str, build_id: str) -> int:
    with db(db_path) as con:
        return con.execute(
            "SELECT count(*) FROM likes JOIN users ON users.id = likes.user_id WHERE users.display_name = ? AND likes.build_id = ?",
            (display_name, build_id),
        ).fetchone()[0]


def wait_until(check, timeout: float = 15.0, message: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {message}")
        time.sleep(0.1)


# ---------------------------------------------------------------- corpus


def corpus_xml_for_code(code: str) -> Path:
    """The corpus XML whose planner code the server holds (seeded from its .code.txt twin)."""
    for txt in POB.rglob("*.code.txt"):
        if txt.read_text(errors="replace").strip() == code.strip():
            xml = Path(str(txt)[: -len(".code.txt")] + ".xml")
            if xml.exists():
                return xml
    raise LookupError("no corpus file holds this planner code")


def set_ids(titles: list[str | None]) -> list[str | None]:
    """The planner set-id rule: trimmed lower-cased title; no letter/digit -> ignored (None); repeats get ' (n)'."""
    out: list[str | None] = []
    seen: dict[str, int] = {}
    for t in titles:
        base = "default" if t is None else t.strip().lower()
        if t is not None and not re.search(r"[^\W_]", t):
            out.append(None)
            continue
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base} ({seen[base]})")
    return out


def _by_id(elements, wanted: str):
    ids = set_ids([e.get("title") for e in elements])
    for e, i in zip(elements, ids, strict=True):
        if i is not None and i.lower() == wanted.lower():
            return e
    raise LookupError(f"no set {wanted!r}")


@dataclass
class CorpusItem:
    rarity: str
    name: str
    lines: list[str]


@dataclass
class CorpusStep:
    items: dict[str, CorpusItem] = field(default_factory=dict)
    gems_by_slot: dict[str, list[str]] = field(default_factory=dict)
    bandit: str = ""
    pantheon_major: str = ""
    pantheon_minor: str = ""
    notes: str = ""
    tree_nodes: int = 0


def _item(el) -> CorpusItem:
    lines = [ln.strip() for ln in (el.text or "").splitlines() if ln.strip()]
    rarity = lines[0].split(":", 1)[1].strip().title() if lines and lines[0].startswith("Rarity:") else ""
    return CorpusItem(rarity=rarity, name=lines[1] if len(lines) > 1 else "", lines=lines)


def _is_support(gem) -> bool:
    return "SupportGem" in (gem.get("gemId") or "") or (gem.get("skillId") or "").startswith("Support")


def read_step(xml_path: Path, equipment_set_id: str, skill_set_id: str, tree_id: str) -> CorpusStep:
    root = etree.parse(
        str(xml_path), etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    ).getroot()
    build = root.find("Build")
    step = CorpusStep(
        bandit=build.get("bandit", ""),
        pantheon_major=build.get("pantheonMajorGod", ""),
        pantheon_minor=build.get("pantheonMinorGod", ""),
        notes=(root.findtext("Notes") or "").strip(),
    )
    spec = _by_id(root.find("Tree").findall("Spec"), tree_id)
    step.tree_nodes = len([n for n in (spec.get("nodes") or "").split(",") if n.strip()])
    items_el = root.find("Items")
    items = {i.get("id"): i for i in items_el.findall("Item")}
    item_set = _by_id(items_el.findall("ItemSet"), equipment_set_id)
    for slot in item_set.findall("Slot"):
        item_id = slot.get("itemId")
        if item_id and item_id != "0" and item_id in items:
            step.items[slot.get("name")] = _item(items[item_id])
    skills_el = root.find("Skills")
    skill_set = _by_id(skills_el.findall("SkillSet"), skill_set_id)
    granted: dict[str, list] = {}
    for group in skill_set.findall("Skill"):
        if group.get("enabled") == "false":
            continue
        gems = [g for g in group.findall("Gem") if g.get("enabled") != "false"]
        source = group.get("source") or ""
        if source:  # granted by an item or passives: listed last, under what grants them, in order
            granted.setdefault(_granted_by(source), []).extend(gems)
            continue
        step.gems_by_slot.setdefault(group.get("slot") or "Unslotted", []).extend(gems)
    step.gems_by_slot = {
        slot: [
            g.get("nameSpec")
            for g in [*[g for g in gems if not _is_support(g)], *[g for g in gems if _is_support(g)]]
        ]
        for slot, gems in step.gems_by_slot.items()
        if gems
    }
    step.gems_by_slot.update({heading: [_granted_name(g) for g in gems] for heading, gems in granted.items() if gems})
    return step


def _granted_by(source: str) -> str:
    """'Item:5:Kraken Spur, Zealot Boots' -> 'Granted by Kraken Spur'; 'Tree:35011' -> 'Granted by passives'."""
    if source.startswith("Item:"):
        item = re.sub(r"^Item:\d*:?", "", source).split(",")[0].strip()
        return f"Granted by {item}" if item else "Granted by items"
    return "Granted by passives"


def _granted_name(gem) -> str:
    """A granted skill's planner name, else its skill id in words ('SummonSentinelOfRadiance' -> 'Summon Sentinel of Radiance')."""
    if gem.get("nameSpec"):
        return gem.get("nameSpec")
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", gem.get("skillId") or "")
    small = {"Of", "The", "And", "To", "In", "On", "With", "For", "From"}
    return " ".join(w.lower() if i and w in small else w for i, w in enumerate(words)) or "Granted skill"


AXE_SOURCE = REPO / "node_modules" / "axe-core" / "axe.min.js"


def inject_axe(page) -> None:
    """axe-core into the page. The app's CSP refuses inline script tags, so the source runs as the
    body of a function Playwright calls through the DevTools protocol, which the CSP does not govern."""
    if page.evaluate("() => !!window.axe"):
        return
    page.evaluate("() => {\n" + AXE_SOURCE.read_text(encoding="utf-8") + "\n}")
    assert page.evaluate("() => !!window.axe"), "axe-core did not load"


def assert_arrows_scroll_listbox(page, listbox, presses: int) -> None:
    """The arrow keys, with focus in a combobox's input, scroll its open listbox to the option they reach."""
    for _ in range(presses):
        page.keyboard.press("ArrowDown")
    assert listbox.evaluate("e => e.scrollTop > 0")
    chosen, box = page.locator("[role=option][data-combobox-selected]").bounding_box(), listbox.bounding_box()
    assert box["y"] <= chosen["y"] and chosen["y"] + chosen["height"] <= box["y"] + box["height"] + 1
