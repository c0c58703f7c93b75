"""Check a built documentation site in headless Chromium: screenshots, no horizontal overflow,
and pictures whose text can be read.

Usage::

    python docs/check_site.py BUILT_HTML_FOLDER [--out SCREENSHOT_FOLDER] [--browser chromium]

It builds nothing: it opens the main pages of a site built with
``python -m sphinx -b html docs FOLDER`` (the home page, *How to play*, a rules
page, the rulings page, a Stone Age rules page and its rulings page, and an API
page) at 1280 and 390 CSS pixels wide, saves a
screenshot of each page at each width, and fails (exit status 1) when a page
overflows horizontally:

- the document is wider than the window (``document.documentElement.scrollWidth``
  is greater than ``window.innerWidth``), or
- an element reaches past the right edge of the window without being inside a box
  that scrolls or clips horizontally (``overflow-x`` other than ``visible``) or a
  fixed box (the theme's off-screen drawers).

It also fails when a picture's text is too small or cut off. Every SVG picture
shown on the page (an ``img`` whose file ends in ``.svg``) is loaded again and
laid out in the page at the size the image is shown, and each of its ``text``
elements is measured: its font size times the picture's scale there (from
``getScreenCTM``) is the size the reader sees, in CSS pixels. Text under
:data:`MIN_TEXT_PX`, or reaching past the picture's edges, is a failure.

Chromium is driven through its DevTools protocol over a pipe
(``--remote-debugging-pipe``: JSON messages ending in a NUL byte on file
descriptors 3 and 4), with the standard library only; no browser is downloaded.
Exit status 2: the folder or the browser is missing, or the browser failed.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The pages checked, relative to the site's folder.
PAGES: tuple[str, ...] = (
    "index.html",
    "how-to-play.html",
    "rules/wheel.html",
    "rules/colony.html",
    "rules/rulings.html",
    "stone_age/rules/act.html",
    "stone_age/rulings.html",
    "api/game.html",
)
#: The window widths checked, in CSS pixels.
WIDTHS: tuple[int, ...] = (1280, 390)
#: The window height, and the most of a page a screenshot shows.
HEIGHT = 900
SCREENSHOT_MAX_HEIGHT = 6000
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: The smallest text a picture may show, in CSS pixels: the smallest size of Apple's Human
#: Interface Guidelines (11 pt, which is 11 CSS px on a phone) and of Material Design's type
#: scale (label small, 11 sp). Smaller text is read only by zooming.
MIN_TEXT_PX = 11.0

#: What the page reports: the document's width, the window's, and the elements that overflow.
OVERFLOW_SCRIPT = r"""
(() => {
  const width = window.innerWidth;
  const contained = (element) => {
    for (let box = element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX !== "visible" || style.position === "fixed") return true;
    }
    return false;
  };
  const describe = (element) => {
    let text = element.tagName.toLowerCase();
    if (element.id) text += "#" + element.id;
    for (const name of element.classList) text += "." + name;
    const rect = element.getBoundingClientRect();
    return text + " (" + Math.round(rect.left) + "–" + Math.round(rect.right) + " px)";
  };
  const wide = [];
  for (const element of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(element);
    if (style.display === "none" || style.visibility === "hidden" || style.position === "fixed") continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.right <= width + 1) continue;
    if (contained(element)) continue;
    if (element.parentElement && wide.some((other) => other.element === element.parentElement)) continue;
    wide.push({element, text: describe(element)});
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: width,
    height: Math.min(document.documentElement.scrollHeight, MAX_HEIGHT),
    wide: wide.map((entry) => entry.text),
  };
})()
""".replace("MAX_HEIGHT", str(SCREENSHOT_MAX_HEIGHT))

#: What the page's pictures show: the smallest text, the text too small, the text cut off.
TEXT_SCRIPT = r"""
(async () => {
  const load = (url) => new Promise((done, fail) => {
    const request = new XMLHttpRequest();
    request.open("GET", url);
    request.onload = () => done(request.responseText);
    request.onerror = () => fail(new Error("cannot load " + url));
    request.send();
  });
  const name = (url) => decodeURIComponent(new URL(url).pathname.split("/").pop());
  let smallest = null;
  const small = [];
  const cut = [];
  const pictures = Array.from(document.images).filter((image) => /\.svg$/i.test(new URL(image.src).pathname));
  for (const image of pictures) {
    const shown = image.getBoundingClientRect();
    if (shown.width === 0 || shown.height === 0) continue;
    const parsed = new DOMParser().parseFromString(await load(image.src), "image/svg+xml").documentElement;
    if (parsed.localName !== "svg") { small.push(name(image.src) + ": not an SVG picture"); continue; }
    const holder = document.createElement("div");
    holder.style.cssText = "position:absolute;left:0;top:0;visibility:hidden;line-height:0";
    const svg = document.importNode(parsed, true);
    svg.setAttribute("width", shown.width);
    svg.setAttribute("height", shown.height);
    holder.appendChild(svg);
    document.body.appendChild(holder);
    const edges = svg.getBoundingClientRect();
    for (const text of svg.querySelectorAll("text")) {
      if (!text.textContent.trim()) continue;
      const matrix = text.getScreenCTM();
      const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b);
      const words = text.textContent.trim().slice(0, 40);
      if (smallest === null || size < smallest) smallest = size;
      if (size < MIN_TEXT_PX) small.push(name(image.src) + ": \u201c" + words + "\u201d " + size.toFixed(1) + " px");
      const box = text.getBoundingClientRect();
      if (box.left < edges.left - 0.5 || box.right > edges.right + 0.5 || box.top < edges.top - 0.5
          || box.bottom > edges.bottom + 0.5) {
        cut.push(name(image.src) + ": \u201c" + words + "\u201d runs past the picture's edge");
      }
    }
    holder.remove();
  }
  return {pictures: pictures.length, smallest, small, cut};
})()
""".replace("MIN_TEXT_PX", repr(MIN_TEXT_PX))

#: Waits until every image of the page is loaded and decoded (or failed), at most 5 seconds.
IMAGES_LOADED_SCRIPT = """
Promise.race([
  Promise.all(Array.from(document.images, (image) => image.decode().catch(() => null))),
  new Promise((done) => setTimeout(done, 5000)),
]).then(() => new Promise((done) => setTimeout(done, 100)))
"""


class BrowserError(Exception):
    """The browser could not be started, or did not answer as expected."""


@dataclass(frozen=True)
class PageReport:
    """What one page at one width looked like."""

    page: str
    width: int
    scroll_width: int
    wide: tuple[str, ...]
    screenshot: Path
    #: The pictures' text: the smallest size shown (None without pictures), the text smaller
    #: than MIN_TEXT_PX, and the text cut off by a picture's edge.
    smallest_text: float | None = None
    small_text: tuple[str, ...] = ()
    cut_text: tuple[str, ...] = ()

    @property
    def overflows(self) -> bool:
        return self.scroll_width > self.width or bool(self.wide)

    @property
    def illegible(self) -> bool:
        return bool(self.small_text or self.cut_text)

    @property
    def failed(self) -> bool:
        return self.overflows or self.illegible

    def describe(self) -> str:
        head = f"{self.page} at {self.width} px: "
        text = "" if self.smallest_text is None else f", smallest picture text {self.smallest_text:.1f} px"
        if not self.failed:
            return head + f"ok ({self.screenshot.name}{text})"
        lines = [head + ("OVERFLOW" if self.overflows else "ILLEGIBLE") + text]
        if self.overflows:
            lines[0] += f"; the document is {self.scroll_width} px wide"
        found = [f"    wider than the window: {item}" for item in self.wide]
        found += [f"    text under {MIN_TEXT_PX:g} px: {item}" for item in self.small_text]
        found += [f"    text cut off: {item}" for item in self.cut_text]
        lines += found[:10]
        if len(found) > 10:
            lines.append(f"    … and {len(found) - 10} more")
        return "\n".join(lines)


class Chromium:
    """A headless Chromium driven over the DevTools protocol on a pipe."""

    def __init__(self, executable: str, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="check-site-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        args = [
            executable,
            "--headless",
            "--remote-debugging-pipe",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--no-first-run",
            "--no-default-browser-check",
            "--allow-file-access-from-files",
            f"--user-data-dir={self._profile.name}",
            "about:blank",
        ]
        self._process = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # The pipes are not inheritable; only their copies on 3 and 4 reach the browser.
            close_fds=False,
            preexec_fn=_pipes_at_3_and_4(to_browser_r, from_browser_w),
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    def close(self) -> None:
        with contextlib.suppress(BrowserError):
            self.send("Browser.close")
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the protocol

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events that arrive meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        try:
            os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        except OSError as exc:
            raise BrowserError(f"the browser is gone ({exc})") from None
        while True:
            answer = self._receive()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message', answer['error'])}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            if "method" in answer:
                self._events.append(answer)

    def wait_for(self, method: str, session: str) -> dict[str, Any]:
        """Wait for an event of a session."""
        while True:
            for index, event in enumerate(self._events):
                if event["method"] == method and event.get("sessionId") == session:
                    del self._events[index]
                    params: dict[str, Any] = event.get("params", {})
                    return params
            answer = self._receive()
            if "method" in answer:
                self._events.append(answer)

    def _receive(self) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise BrowserError(f"no answer from the browser within {self.timeout:.0f} s")
            if self._process.poll() is not None:
                raise BrowserError(f"the browser ended with status {self._process.returncode}")
            ready, _, _ = select.select([self._from_browser], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        decoded: dict[str, Any] = json.loads(message)
        return decoded

    # ------------------------------------------------------------------ pages

    def check(self, page: str, url: str, width: int, screenshot: Path) -> PageReport:
        """Open ``url`` in a window ``width`` px wide; save a screenshot; what overflows, and the
        pictures' text."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        try:
            self.send("Page.enable", session)
            self.send(
                "Emulation.setDeviceMetricsOverride",
                session,
                width=width,
                height=HEIGHT,
                deviceScaleFactor=1,
                mobile=False,
            )
            self.send("Page.navigate", session, url=url)
            self.wait_for("Page.loadEventFired", session)
            evaluated = self.send(
                "Runtime.evaluate",
                session,
                expression=OVERFLOW_SCRIPT,
                returnByValue=True,
                awaitPromise=True,
            )
            if "exceptionDetails" in evaluated:
                raise BrowserError(f"the overflow script failed on {url}: {evaluated['exceptionDetails']}")
            report = evaluated["result"]["value"]
            self.send("Runtime.evaluate", session, expression=IMAGES_LOADED_SCRIPT, awaitPromise=True)
            measured = self.send(
                "Runtime.evaluate", session, expression=TEXT_SCRIPT, returnByValue=True, awaitPromise=True
            )
            if "exceptionDetails" in measured:
                raise BrowserError(f"the text script failed on {url}: {measured['exceptionDetails']}")
            text = measured["result"]["value"]
            # The screenshot: the window made as tall as the page (at most SCREENSHOT_MAX_HEIGHT),
            # so that every picture on it is loaded and painted.
            height = max(HEIGHT, int(report["height"]))
            self.send(
                "Emulation.setDeviceMetricsOverride",
                session,
                width=width,
                height=height,
                deviceScaleFactor=1,
                mobile=False,
            )
            self.send("Runtime.evaluate", session, expression=IMAGES_LOADED_SCRIPT, awaitPromise=True)
            shot = self.send(
                "Page.captureScreenshot",
                session,
                format="png",
                clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
            )
            screenshot.write_bytes(base64.b64decode(shot["data"]))
            smallest = text["smallest"]
            return PageReport(
                page,
                width,
                int(report["scrollWidth"]),
                tuple(report["wide"]),
                screenshot,
                None if smallest is None else float(smallest),
                tuple(text["small"]),
                tuple(text["cut"]),
            )
        finally:
            self.send("Target.closeTarget", targetId=target)


def _pipes_at_3_and_4(read_end: int, write_end: int) -> Any:
    """In the child, before the browser starts: its command pipe on 3 and its answer pipe on 4
    (the browser reads commands on descriptor 3 and writes answers on 4)."""

    def place() -> None:
        read_copy, write_copy = os.dup(read_end), os.dup(write_end)
        os.dup2(read_copy, 3)
        os.dup2(write_copy, 4)

    return place


def find_browser(name: str | None) -> str | None:
    """The browser to run: the one named, or the first of the usual Chromium names on the path."""
    for candidate in [name] if name else BROWSERS:
        found = shutil.which(candidate)
        if found:
            return found
    return None


def check_site(
    site: Path, out: Path, browser: str, pages: Sequence[str] = PAGES, widths: Sequence[int] = WIDTHS
) -> list[PageReport]:
    """Every page at every width: its screenshot in ``out``, what overflows, the pictures' text."""
    out.mkdir(parents=True, exist_ok=True)
    reports: list[PageReport] = []
    with Chromium(browser) as chromium:
        for page in pages:
            url = (site / page).resolve().as_uri()
            for width in widths:
                shot = out / f"{page.removesuffix('.html').replace('/', '-')}-{width}.png"
                reports.append(chromium.check(page, url, width, shot))
    return reports


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the folder of a built HTML site")
    parser.add_argument(
        "--out", type=Path, help="where to save the screenshots (default: a new temporary folder)"
    )
    parser.add_argument("--browser", help=f"the browser to run (default: the first of {', '.join(BROWSERS)})")
    parser.add_argument("--page", action="append", help="a page to check, relative to the site (repeatable)")
    args = parser.parse_args(argv)
    pages: list[str] = args.page or list(PAGES)
    missing = [page for page in pages if not (args.site / page).is_file()]
    if missing:
        print(f"check_site: not in {args.site}: {', '.join(missing)}", file=sys.stderr)
        return 2
    browser = find_browser(args.browser)
    if browser is None:
        print("check_site: no Chromium found (install the chromium package)", file=sys.stderr)
        return 2
    out: Path = args.out or Path(tempfile.mkdtemp(prefix="site-screenshots-"))
    try:
        reports = check_site(args.site, out, browser, pages)
    except BrowserError as exc:
        print(f"check_site: {exc}", file=sys.stderr)
        return 2
    for report in reports:
        print(report.describe())
    overflowing = sum(report.overflows for report in reports)
    illegible = sum(report.illegible for report in reports)
    failed = [report for report in reports if report.failed]
    print(
        f"check_site: {len(reports)} page views, {overflowing} overflowing, {illegible} with "
        f"illegible pictures; screenshots in {out}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
