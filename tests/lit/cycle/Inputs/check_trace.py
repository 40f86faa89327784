"""Validates a `ptoc run --trace` file as Chrome trace-event JSON and prints a summary.

Checks: the top level is an object with a traceEvents list; every event has a name, a
phase and integer pid/tid; X slices have ts >= 0 and dur >= 0 and sit on a named track
(process = core, thread = pipe); every flow start 's' has exactly one finish 'f' with the
same id, no earlier than it. Exit status 1 with a message on the first violation.
"""
import json
import sys


def fail(msg):
    print("invalid trace: " + msg)
    sys.exit(1)


def main(path):
    with open(path) as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("no traceEvents list")
    procs, threads, slices, starts, finishes = {}, {}, 0, {}, {}
    for e in doc["traceEvents"]:
        for k in ("name", "ph", "pid", "tid"):
            if k not in e:
                fail("event without %s: %r" % (k, e))
        if not isinstance(e["pid"], int) or not isinstance(e["tid"], int):
            fail("non-integer pid/tid: %r" % e)
        ph = e["ph"]
        if ph == "M" and e["name"] == "process_name":
            procs[e["pid"]] = e["args"]["name"]
        elif ph == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
        elif ph == "X":
            if e["ts"] < 0 or e["dur"] < 0:
                fail("negative time: %r" % e)
            slices += 1
        elif ph == "s":
            starts[e["id"]] = e
        elif ph == "f":
            if e.get("bp") != "e":
                fail("flow finish without bp=e: %r" % e)
            finishes[e["id"]] = e
        elif ph != "M":
            fail("unexpected phase %r" % ph)
    for e in doc["traceEvents"]:
        if e["ph"] == "X":
            if e["pid"] not in procs or (e["pid"], e["tid"]) not in threads:
                fail("slice on an unnamed track: %r" % e)
    if set(starts) != set(finishes):
        fail("unpaired flows")
    for i, s in starts.items():
        if finishes[i]["ts"] < s["ts"]:
            fail("a flow ends before it starts: %r" % i)
    print("cores: " + " ".join(procs[p] for p in sorted(procs)))
    print("tracks: " + ", ".join(threads[k] for k in sorted(threads)))
    print("slices: %d, flows: %d" % (slices, len(starts)))


if __name__ == "__main__":
    main(sys.argv[1])
