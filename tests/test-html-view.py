#!/usr/bin/python3
"""The interactive HTML view of a run (hyco run --html, hyco view), opened in headless Chromium
and driven through the DevTools protocol: the page loads with no script error, its panels are
drawn, zooming into one instant spreads its microsteps into columns, hovering gives exact tags
and values, and absence is drawn. Screenshots are checked pixel by pixel.

Usage: test-html-view.py HYCO   (run from the source root, as meson does)
Skips (TAP's "1..0 # SKIP") when Chromium is not installed; set HYCO_HTML_SCREENSHOTS=DIR to keep the
screenshots.
"""
import base64
import fcntl
import io
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

HYCO = os.path.abspath(sys.argv[1])
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WIDTH, HEIGHT = 1200, 1400
TIMEOUT = 90  # seconds for any one answer: Chromium starts slowly on a busy machine
KEEP = os.environ.get("HYCO_HTML_SCREENSHOTS")

failures = 0
count = 0


def check(ok, what, detail=""):
    global failures, count
    count += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", count, what))
    if not ok:
        failures += 1
        for line in str(detail).splitlines():
            print("# " + line)
    return ok


class Browser:
    """Headless Chromium over --remote-debugging-pipe: JSON messages ended by NUL, written to
    its fd 3 and read from its fd 4."""

    def __init__(self, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def plumb():
            # Copied above 10 first: either end may already be fd 3 or 4. The copies onto 3
            # and 4 are inheritable; every other descriptor of ours is closed at exec.
            reading = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            writing = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--hide-scrollbars", "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "about:blank"],
            close_fds=False, preexec_fn=plumb,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # The child has its own copies; ours would keep the pipes open.
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer within %d s" % TIMEOUT)
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if ready:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise EOFError("Chromium closed its pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, session=True, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method):
        deadline = time.monotonic() + TIMEOUT
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        while True:
            event = self.read_message(deadline)
            if event.get("method") == method:
                return event
            self.events.append(event)

    def open(self, url):
        target = self.send("Target.createTarget", session=False, url="about:blank")
        attached = self.send("Target.attachToTarget", session=False,
                             targetId=target["targetId"], flatten=True)
        self.session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                  deviceScaleFactor=1, mobile=False)
        self.send("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError("%s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def errors(self):
        """Script errors so far: uncaught exceptions, console.error, logged errors."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(json.dumps(params["exceptionDetails"])[:500])
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                found.append(json.dumps(params.get("args"))[:500])
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text", ""))
        return found

    def screenshot(self, name):
        data = base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])
        if KEEP:
            os.makedirs(KEEP, exist_ok=True)
            with open(os.path.join(KEEP, name + ".png"), "wb") as f:
                f.write(data)
        return Image.open(io.BytesIO(data)).convert("RGB")

    def mouse(self, kind, x, y, button="none", clicks=0):
        self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button=button,
                  clickCount=clicks)

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (RuntimeError, TimeoutError, EOFError, OSError):
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)


def hex_rgb(color):
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def count_color(image, box, color, tolerance=40):
    """Pixels of @image within @box (left, top, right, bottom) near @color."""
    region = image.crop(tuple(int(round(v)) for v in box))
    r0, g0, b0 = color
    return sum(1 for r, g, b in region.getdata()
               if abs(r - r0) + abs(g - g0) + abs(b - b0) <= tolerance)


def panels(browser):
    """Each panel's signal, style, colour and canvas rectangle on the page."""
    return browser.evaluate("""
      Array.from(document.querySelectorAll('.panel')).map((p) => {
        const r = p.querySelector('canvas').getBoundingClientRect();
        return {signal: p.dataset.signal, style: p.dataset.style,
                box: [r.left, r.top, r.right, r.bottom]};
      })""")


PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
           "#e377c2"]


def run(*args):
    return subprocess.run([HYCO] + list(args), capture_output=True, text=True)


def page_signals(path):
    """The signals a page holds, from its data."""
    text = open(path, encoding="utf-8").read()
    start = text.index('<script type="application/json" id="hyco-data">') + len(
        '<script type="application/json" id="hyco-data">')
    data = json.loads(text[start:text.index("</script>", start)])
    return [s["name"] for s in data["signals"]]


def tooltip_at(browser, x, y):
    browser.mouse("mouseMoved", x, y)
    return browser.evaluate("""
      (() => { const t = document.getElementById('tooltip');
               return t.hidden ? null : t.textContent; })()""")


def main():
    if CHROMIUM is None:
        # TAP's skip: under meson's TAP protocol, exit status 77 would count as an error.
        print("1..0 # SKIP chromium is not installed (apt-get install chromium)")
        return 0
    work = tempfile.mkdtemp(prefix="hyco-html-")
    profile = os.path.join(work, "profile")
    browser = None
    try:
        return test_all(work, profile)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_all(work, profile):
    trace = os.path.join(work, "zero.csv")
    run_html = os.path.join(work, "zero-run.html")
    view_html = os.path.join(work, "zero-view.html")

    # The command line ---------------------------------------------------------------------
    r = run("run", "models/zero-delay-feedback.xml", "-t", "3", "--trace", trace,
            "--html", run_html)
    check(r.returncode == 0, "hyco run --html writes the view", r.stderr)
    check("  html view   %s\n" % run_html in r.stdout, "the summary names the view", r.stdout)
    r = run("view", trace, "-o", view_html)
    check(r.returncode == 0 and r.stdout == "", "hyco view -o writes the view", r.stderr)
    r = run("view", trace)
    check(r.returncode == 0 and os.path.exists(os.path.join(work, "zero.html")),
          "hyco view TRACE.csv writes TRACE.html by default", r.stderr)
    for path in (run_html, view_html):
        text = open(path, encoding="utf-8").read()
        check("http:" not in text and "https:" not in text and "src=" not in text,
              "%s refers to nothing outside itself" % os.path.basename(path))

    bad = os.path.join(work, "bad.csv")
    with open(bad, "w") as f:
        f.write("signal,time,microstep,value\nA.output,0,0,1\nA.output,0.5,x,2\n")
    r = run("view", bad, "--html", os.path.join(work, "bad.html"))
    check(r.returncode == 2 and "%s:3: the microstep \"x\" is not a whole number" % bad
          in r.stderr, "a malformed trace: exit 2, the file and line named", r.stderr)
    check(not os.path.exists(os.path.join(work, "bad.html")), "... and no view written")
    with open(bad, "w") as f:
        f.write("time,value\n0,1\n")
    r = run("view", bad, "-o", os.path.join(work, "bad.html"))
    check(r.returncode == 2 and "%s:1: not a Hyco trace" % bad in r.stderr,
          "a file that is no trace: exit 2 at line 1", r.stderr)
    r = run("view", os.path.join(work, "missing.csv"))
    check(r.returncode == 2 and "cannot read %s" % os.path.join(work, "missing.csv")
          in r.stderr, "a missing trace: exit 2, named", r.stderr)
    r = run("run", "models/zero-delay-feedback.xml", "--html", os.path.join(work, "no", "x.html"))
    check(r.returncode == 2 and "--html %s" % os.path.join(work, "no", "x.html") in r.stderr,
          "an --html that cannot be written is refused before the run", r.stderr)

    # --probe chooses the panels, in its order; strings are left out of a run's view, said.
    probed = os.path.join(work, "probed.html")
    r = run("run", "models/zero-delay-feedback.xml", "-t", "3", "--probe", "When.output",
            "--probe", "Integral.state", "--html", probed, "-q")
    check(r.returncode == 0 and page_signals(probed) == ["When.output", "Integral.state"],
          "--probe chooses the view's panels, in its order", r.stderr)
    r = run("run", "models/zero-delay-feedback.xml", "--probe", "When.output", "-q")
    check(r.returncode == 2 and "--probe needs --plot, --results or --html" in r.stderr,
          "--probe alone names --html among the outputs it needs", r.stderr)
    strings = os.path.join(work, "strings.html")
    r = run("run", "tests/models/cli-strings.xml", "--html", strings, "-q")
    check(r.returncode == 0 and "hyco: warning: strings are not in the --html view" in r.stderr,
          "a run's string signals are left out of its view, with a warning", r.stderr)
    empty = os.path.join(work, "empty.csv")
    with open(empty, "w") as f:
        f.write("signal,time,microstep,value\n")
    r = run("view", empty)
    check(r.returncode == 0 and page_signals(os.path.join(work, "empty.html")) == [],
          "an empty trace gives a view with no panel", r.stderr)

    # A trace with what escaping must survive, an absent stretch and a string signal.
    tricky = os.path.join(work, "tricky.csv")
    with open(tricky, "w", encoding="utf-8") as f:
        f.write("signal,time,microstep,value\n")
        for t in ("0", "0.5", "1", "1.5", "2"):
            f.write("Plant.x,%s,0,%s\n" % (t, float(t) * 2))
        f.write('"</script><b>Ω, ü",2.5,1,"say ""hi"", </script>"\n')
        for t in ("3", "3.5", "4"):
            f.write("Plant.x,%s,0,%s\n" % (t, 10 - float(t)))
    tricky_html = os.path.join(work, "tricky.html")
    r = run("view", tricky, "--html", tricky_html, "--title", "</title><script>x</script>")
    check(r.returncode == 0, "hyco view of a trace with markup in names and values", r.stderr)
    text = open(tricky_html, encoding="utf-8").read()
    check(text.count("</script>") == 2, "no </script> from the data ends a script early",
          text.count("</script>"))

    # Dense events: the page grows linearly with the events.
    sizes = {}
    for n in (50000, 100000):
        dense = os.path.join(work, "dense%d.csv" % n)
        write_dense_trace(dense, n)
        r = run("view", dense)
        check(r.returncode == 0, "hyco view of %d events" % n, r.stderr)
        sizes[n] = os.path.getsize(os.path.join(work, "dense%d.html" % n))
    per_event = [sizes[n] / n for n in sizes]
    check(abs(per_event[0] - per_event[1]) < 0.05 * per_event[1] and per_event[1] < 80,
          "the page grows linearly with the events (%.1f, %.1f bytes each)" % tuple(per_event),
          sizes)

    # The page in Chromium -------------------------------------------------------------------
    browser = Browser(profile)
    try:
        test_page(browser, view_html, run_html)
        test_tricky(browser, tricky_html)
        test_dense(browser, os.path.join(work, "dense100000.html"))
        browser.send("Page.navigate", url="file://" + os.path.join(work, "empty.html"))
        browser.wait_event("Page.loadEventFired")
        check(browser.errors() == [] and browser.evaluate(
            "document.getElementById('empty') !== null"),
            "the empty view loads with no script error and says it is empty", browser.errors())
    finally:
        browser.close()
    print("1..%d" % count)
    return 1 if failures else 0


def test_page(browser, view_html, run_html):
    browser.open("file://" + view_html)
    check(browser.errors() == [], "the view loads with no script error", browser.errors())
    shown = panels(browser)
    names = [p["signal"] for p in shown]
    check(names == ["One.output", "MinusOne.output", "Integral.state", "Offset.output",
                    "Crossing.output", "When.output", "Later.output"],
          "a panel per signal, in the trace's order", names)
    styles = {p["signal"]: p["style"] for p in shown}
    check(styles["Integral.state"] == "line" and styles["When.output"] == "events",
          "continuous signals are lines, discrete ones events", styles)

    first_span = browser.evaluate("hycoView.range")
    whole = browser.screenshot("whole")
    for index, panel in enumerate(shown):
        drawn = count_color(whole, panel["box"], hex_rgb(PALETTE[index % len(PALETTE)]))
        check(drawn > 40, "the whole run: %s is drawn (%d pixels of its colour)"
              % (panel["signal"], drawn), drawn)

    # Zoom into t = 1 by dragging over it, then to the instant alone by a double-click.
    integral = shown[2]
    left, top, right, bottom = integral["box"]
    x1 = browser.evaluate("hycoView.tagX('1', 0)") + left
    y = (top + bottom) / 2
    browser.mouse("mousePressed", x1 - 30, y, "left", 1)
    browser.mouse("mouseMoved", x1 + 30, y, "left")
    browser.mouse("mouseReleased", x1 + 30, y, "left", 1)
    span = browser.evaluate("hycoView.range")
    check(span["a"] < 1 < span["b"] and span["b"] - span["a"] < 1,
          "dragging over a stretch zooms into it", span)
    x1 = browser.evaluate("hycoView.tagX('1', 0)") + left
    browser.mouse("mousePressed", x1, y, "left", 2)
    browser.mouse("mouseReleased", x1, y, "left", 2)
    check(browser.evaluate("hycoView.columns"), "a double-click on an instant spreads it")
    labels = browser.evaluate("""
      Array.from(document.querySelectorAll('#axis .slot-label')).map((l) => l.textContent)""")
    check(labels == ["(1, 0)", "(1, 1)", "(1, 2)", "(1, 3)"],
          "the instant's microsteps are columns labelled (t, n)", labels)
    check(browser.evaluate("document.getElementById('range').textContent")
          == "instant 1 s: 4 microsteps", "the range says which instant",
          browser.evaluate("document.getElementById('range').textContent"))
    xs = [browser.evaluate("hycoView.tagX('1', %d)" % n) for n in range(4)]
    check(all(b - a > 60 for a, b in zip(xs, xs[1:])), "the columns are far apart", xs)
    instant = browser.screenshot("instant")
    # When.output: one event at (1, 1); hollow markers (absent) at the three other columns.
    when = shown[5]
    wl, wt, wr, wb = when["box"]
    for n, x in enumerate(xs):
        column = (wl + x - 8, wt, wl + x + 8, wb)
        colour = count_color(instant, column, hex_rgb(PALETTE[5]))
        grey = count_color(instant, column, (0x99, 0x99, 0x99), 30)
        if n == 1:
            check(colour > 30, "When.output: present at (1, 1), a stem in its colour", colour)
        else:
            check(colour == 0 and grey > 10, "When.output: absent at (1, %d), a grey hollow "
                  "marker" % n, (colour, grey))
    # Integral.state jumps to 0 at (1, 2): a point at each column, its value's height.
    for n, x in enumerate(xs):
        value = 0.99999999999999989 if n < 2 else 0
        vy = browser.evaluate("hycoView.valueY('Integral.state', %r)" % value)
        spot = (left + x - 3, top + vy - 3, left + x + 4, top + vy + 4)
        check(count_color(instant, spot, hex_rgb(PALETTE[2])) > 10,
              "Integral.state at (1, %d) is drawn at %g" % (n, value))

    # Hover: the exact tag and the value as the trace writes it.
    vy = browser.evaluate("hycoView.valueY('Integral.state', 0.99999999999999989)")
    tip = tooltip_at(browser, left + xs[1], top + vy)
    check(tip == "(1, 1)\nIntegral.state = 0.99999999999999989",
          "hovering a value gives its tag and exact value", tip)
    tip = tooltip_at(browser, wl + xs[2], (wt + wb) / 2)
    check(tip == "(1, 2)\nWhen.output: absent", "hovering an absent tag says so", tip)
    tip = tooltip_at(browser, wl + xs[1], (wt + wb) / 2)
    check(tip == "(1, 1)\nWhen.output = 1", "hovering an event gives its tag and value", tip)

    # The wheel zooms in around the pointer.
    before = browser.evaluate("hycoView.range")
    browser.send("Input.dispatchMouseEvent", type="mouseWheel", x=left + xs[1], y=y,
                 deltaX=0, deltaY=-300)
    narrower = browser.evaluate("hycoView.range")
    check(narrower["a"] < 1 < narrower["b"]
          and narrower["b"] - narrower["a"] < 0.9 * (before["b"] - before["a"]),
          "the wheel zooms in, keeping the instant under the pointer", (before, narrower))

    # Keys: 0 is the whole run again.
    browser.send("Input.dispatchKeyEvent", type="keyDown", key="0", text="0")
    browser.send("Input.dispatchKeyEvent", type="keyUp", key="0")
    span = browser.evaluate("hycoView.range")
    check(span == first_span, "the 0 key shows the whole run again", (span, first_span))
    check(browser.errors() == [], "no script error while zooming and hovering",
          browser.errors())

    # hyco run --html: the same page from the run's recorded results.
    browser.send("Page.navigate", url="file://" + run_html)
    browser.wait_event("Page.loadEventFired")
    shown = panels(browser)
    check(sorted(p["signal"] for p in shown) == sorted(names),
          "hyco run --html: the same panels", [p["signal"] for p in shown])
    browser.evaluate("hycoView.zoomToInstant('1')")
    left, top = next(p for p in shown if p["signal"] == "Integral.state")["box"][:2]
    x = browser.evaluate("hycoView.tagX('1', 3)")
    vy = browser.evaluate("hycoView.valueY('Integral.state', 0)")
    tip = tooltip_at(browser, left + x, top + vy)
    check(tip == "(1, 3)\nIntegral.state = 0", "hyco run --html: hover gives tag and value", tip)
    check(browser.errors() == [], "hyco run --html: no script error", browser.errors())


def test_tricky(browser, tricky_html):
    browser.send("Page.navigate", url="file://" + tricky_html)
    browser.wait_event("Page.loadEventFired")
    check(browser.errors() == [], "markup in names and values: no script error",
          browser.errors())
    check(browser.evaluate("document.title") == "</title><script>x</script> \u2014 Hyco",
          "the title is text", browser.evaluate("document.title"))
    shown = panels(browser)
    check([p["signal"] for p in shown] == ["Plant.x", "</script><b>Ω, ü"],
          "names with markup and any UTF-8 are shown as written", [p["signal"] for p in shown])
    image = browser.screenshot("absent")
    left, top, right, bottom = shown[0]["box"]
    # Plant.x has no value from 2 s to 3 s (the trace has a tag at 2.5 without it): a grey
    # band there, none where it has values.
    x2 = browser.evaluate("hycoView.tagX('2', 0)")
    x3 = browser.evaluate("hycoView.tagX('3', 0)")
    x0 = browser.evaluate("hycoView.tagX('0', 0)")
    x1 = browser.evaluate("hycoView.tagX('1', 0)")
    band = count_color(image, (left + x2 + 3, top + 12, left + x3 - 3, bottom - 12),
                       (0xe3, 0xe3, 0xe3), 6)
    elsewhere = count_color(image, (left + x0 + 3, top + 12, left + x1 - 3, bottom - 12),
                            (0xe3, 0xe3, 0xe3), 6)
    area = (x3 - x2 - 6) * (bottom - top - 24)
    check(band > area * 0.8 and elsewhere == 0,
          "an absent stretch of a line is a grey band", (band, area, elsewhere))
    x = browser.evaluate("hycoView.tagX('2.5', 1)")
    tip = tooltip_at(browser, shown[1]["box"][0] + x, (shown[1]["box"][1] + shown[1]["box"][3]) / 2)
    check(tip == '(2.5, 1)\n</script><b>Ω, ü = say "hi", </script>',
          "a string value is shown as the trace has it", tip)
    tip = tooltip_at(browser, left + x, (top + bottom) / 2)
    check(tip == "(2.5, 1)\nPlant.x: absent", "the line's gap is absent when hovered", tip)


def write_dense_trace(path, n):
    """@n events of Burst.output, 0.1 ms apart at microstep 1, values 0 to 6; and a continuous
    Level.state at microstep 0 of each of their instants."""
    with open(path, "w") as f:
        f.write("signal,time,microstep,value\n")
        for k in range(n):
            t = "%d.%04d" % divmod(k, 10000)
            f.write("Level.state,%s,0,%d\n" % (t, k // 100 % 50))
            f.write("Burst.output,%s,1,%d\n" % (t, k % 7))


def test_dense(browser, path):
    browser.send("Page.navigate", url="file://" + path)
    browser.wait_event("Page.loadEventFired")
    check(browser.errors() == [], "100000 events: no script error", browser.errors())
    check(not browser.evaluate("hycoView.columns"), "100000 events: a linear time axis")
    styles = {p["signal"]: p["style"] for p in panels(browser)}
    check(styles == {"Level.state": "line", "Burst.output": "events"},
          "100000 events: the line and the events told apart", styles)
    shown = panels(browser)
    image = browser.screenshot("dense")
    burst = next(i for i, p in enumerate(shown) if p["signal"] == "Burst.output")
    left, top, right, bottom = shown[burst]["box"]
    colour = hex_rgb(PALETTE[burst])
    # The density strip under the panel's frame: coloured over the events' whole span.
    x0 = browser.evaluate("hycoView.timeX(0)") + left
    x1 = browser.evaluate("hycoView.timeX(9.9999)") + left
    strip = (x0 + 1, bottom - 7, x1 - 1, bottom - 3)
    covered = count_color(image, strip, colour, 200)
    check(covered > 0.9 * (x1 - x0 - 2) * 4, "dense events: a density strip over their span",
          (covered, x1 - x0))
    # The values 0 to 6 in each pixel column: a mark from 0 to 6.
    for v in (0, 3, 6):
        vy = browser.evaluate("hycoView.valueY('Burst.output', %d)" % v)
        row = (x0 + 10, top + vy, x1 - 10, top + vy + 1)
        check(count_color(image, row, colour, 200) > 0.9 * (x1 - x0 - 20),
              "dense events: the values' span drawn through %d" % v)


if __name__ == "__main__":
    sys.exit(main())
