"""A small Chrome DevTools Protocol client for the browser tests: starts Debian's headless Chromium, opens a page
target, sends commands and keeps the events (network requests, console messages, exceptions) for the checks."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request

import websocket  # PyPI websocket-client


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("browser tests: chromium is not installed (Tests/Browser/check.sh installs it)")


class Browser:
    def __init__(self, width=1300, height=1250, scale=2):
        self.profile = tempfile.mkdtemp(prefix="dynsim-chromium-")
        args = [chromium_path(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-default-apps", "--mute-audio",
                "--hide-scrollbars", "--remote-debugging-port=0", "--user-data-dir=" + self.profile, "about:blank"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            self._connect(width, height, scale)
        except BaseException:
            self.close()  # chromium stopped by its PID even when it never answered
            raise

    def _connect(self, width, height, scale):
        self.ws = None
        deadline = time.time() + 60
        port = None
        while time.time() < deadline:
            line = self.process.stderr.readline()
            m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if m:
                port = int(m.group(1))
                break
            if not line and self.process.poll() is not None:
                break
        if port is None:
            raise SystemExit("browser tests: chromium did not start")
        for _ in range(100):
            targets = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port))
            pages = [t for t in targets if t.get("type") == "page"]
            if pages:
                break
            time.sleep(0.1)
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=120, suppress_origin=True)
        self.next_id = 0
        self.events = []
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})
        self.scale = scale

    def send(self, method, params=None):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, method, timeout=60):
        deadline = time.time() + timeout
        for k, e in enumerate(self.events):
            if e["method"] == method:
                return self.events.pop(k)
        self.ws.settimeout(timeout)
        while time.time() < deadline:
            message = json.loads(self.ws.recv())
            if "method" in message:
                if message["method"] == method:
                    return message
                self.events.append(message)
        raise TimeoutError(method)

    def open(self, url):
        self.events = []
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression, await_promise=False):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": await_promise})
        if "exceptionDetails" in result:
            raise RuntimeError("page: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot_png(self):
        import base64
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])

    def problems(self, page_url):
        """Console errors, exceptions and any request other than the page itself."""
        found = []
        for e in self.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert", "warning"):
                found.append("console %s: %s" % (p["type"], [a.get("value", a.get("description")) for a in p.get("args", [])]))
            elif m == "Runtime.exceptionThrown":
                found.append("exception: %s" % p["exceptionDetails"].get("exception", {}).get("description", p["exceptionDetails"]))
            elif m == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
                found.append("log %s: %s" % (p["entry"]["level"], p["entry"].get("text")))
            elif m == "Network.requestWillBeSent":
                url = p["request"]["url"]
                if url.split("?")[0] != page_url.split("?")[0]:
                    found.append("network request: %s" % url)
        return found

    def close(self):
        try:
            if getattr(self, "ws", None) is not None:
                self.ws.close()
        finally:
            self.process.kill()
            self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)
