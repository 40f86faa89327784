"""Loads a `ptoc run --report` page in headless Chromium and checks what it renders.

The page itself has no scripts; this test loads a copy with one inline checker script
appended, which measures every timeline track (`g.track`, one per core and per pipe) with
getBBox() and writes the widths into the DOM, which Chromium dumps. Prints one line per
track and fails when a track is missing or has zero width. Also saves a screenshot.
usage: report_browser.py REPORT.html OUT_DIR
"""
import os
import re
import shutil
import subprocess
import sys

CHECKER = """<script>
const rows = [];
for (const g of document.querySelectorAll('g.track')) {
  const b = g.getBBox();
  rows.push(g.getAttribute('data-track') + ' width=' + (b.width > 0 ? 'nonzero' : 'ZERO'));
}
const pre = document.createElement('pre');
pre.id = 'result';
pre.textContent = 'RESULT\\n' + rows.join('\\n') + '\\nEND';
document.body.appendChild(pre);
</script>"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    print("chromium not found")
    sys.exit(2)


def main(report, out_dir):
    browser = chromium()
    os.makedirs(out_dir, exist_ok=True)
    with open(report) as f:
        html = f.read()
    probe = os.path.join(out_dir, "probe.html")
    with open(probe, "w") as f:
        f.write(html.replace("</body>", CHECKER + "</body>"))
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--user-data-dir=" + os.path.join(out_dir, "profile")]
    dom = subprocess.run(flags + ["--dump-dom", "file://" + os.path.abspath(probe)],
                         capture_output=True, text=True, timeout=120).stdout
    m = re.search(r"RESULT\n(.*?)\nEND", dom, re.S)
    if not m:
        print("the checker did not run")
        sys.exit(1)
    rows = m.group(1).splitlines()
    for r in rows:
        print(r)
    shot = os.path.join(out_dir, "report.png")
    subprocess.run(flags + ["--screenshot=" + shot, "--window-size=1300,1000",
                            "file://" + os.path.abspath(report)],
                   capture_output=True, text=True, timeout=120)
    print("screenshot: %s" % ("saved" if os.path.getsize(shot) > 0 else "EMPTY"))
    if not rows or any("ZERO" in r for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
