"""Sharing to the installed app and opening a planner XML file with it, in Chromium: the share
target (/build/share, GET) and the file handler (window.launchQueue) land in the build editor's
import box, which loads it. Offline too: the service worker serves the route's shell."""

from __future__ import annotations

from urllib.parse import quote

from e2e.editor_support import MULTI_STEP, code
from e2e.pwa_support import POB, app_page, login, unique_name, wait_for_service_worker


def test_a_shared_planner_code_opens_in_the_import_box(browser, live_server):
    with app_page(browser, live_server.base_url, 412) as page:
        login(page, unique_name("Share"))
        wait_for_service_worker(page)
        # A phone's share sheet puts the code in `text`, with a title; offline too (the shell serves the route).
        page.context.set_offline(True)
        page.goto(f"/build/share?title=My%20build&text={quote(code(MULTI_STEP), safe='')}")
        page.wait_for_url("**/build/create")
        # The code was loaded from the import box: its suggested steps are offered.
        page.get_by_test_id("accept-suggested").wait_for(timeout=30_000)
        page.context.set_offline(False)
        # Taken once: a reload does not load it again.
        assert page.evaluate("() => sessionStorage.getItem('waypoint:shared-input')") is None


def test_an_opened_xml_file_opens_in_the_import_box(browser, live_server):
    xml = POB / "Dav1dde__pasteofexile" / "316_poison_occ.xml"
    with app_page(browser, live_server.base_url, 1400) as page:
        login(page, unique_name("FileOpen"))
        # Chromium hands a file the app was opened with to window.launchQueue; here the file is in
        # the origin-private file system and the launch is the one Chromium makes for file_handlers.
        page.context.add_init_script(
            """(() => {
              const text = window.name.startsWith('xml:') ? window.name.slice(4) : null;
              if (!text) return;
              window.name = '';
              const queue = { setConsumer: async (consumer) => {
                const dir = await navigator.storage.getDirectory();
                const h = await dir.getFileHandle('build.xml', { create: true });
                const w = await h.createWritable(); await w.write(text); await w.close();
                consumer({ files: [h] });
              } };
              // Chromium's own launchQueue is a read-only property of window.
              Object.defineProperty(window, 'launchQueue', { value: queue, configurable: true });
            })();"""
        )
        page.evaluate("(t) => { window.name = 'xml:' + t; }", xml.read_text(encoding="utf-8"))
        page.goto("/build/share")
        page.wait_for_url("**/build/create")
        page.get_by_test_id("accept-suggested").wait_for(timeout=30_000)
