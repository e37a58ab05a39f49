#!/usr/bin/env python3
"""Builds the benchmark inputs from the real dumps in tests/data/servers: every tool repeated
under new names (name + "_v<N>") until there are at least --tools tools, written as one
tools/list document (big.json) and as NDJSON, one tool per line (big.ndjson).

  bench/make_big_input.py --tools 100000 --out build-bench/
"""
import argparse
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def real_tools():
    tools = []
    for path in sorted(glob.glob(os.path.join(HERE, "../tests/data/servers/*/*.json"))):
        with open(path) as f:
            doc = json.load(f)
        items = doc.get("tools", []) if isinstance(doc, dict) else doc
        tools += [t for t in items if isinstance(t, dict) and isinstance(t.get("name"), str)]
    return tools


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", type=int, default=100_000)
    ap.add_argument("--out", default="build-bench")
    ap.add_argument("--ndjson-repeat", type=int, default=1, help="write big.ndjson this many times over (memory test)")
    args = ap.parse_args()
    base = real_tools()
    os.makedirs(args.out, exist_ok=True)
    out = []
    round_ = 0
    while len(out) < args.tools:
        for t in base:
            copy = dict(t)
            copy["name"] = f"{t['name']}_v{round_}"
            out.append(copy)
            if len(out) >= args.tools:
                break
        round_ += 1
    with open(os.path.join(args.out, "big.json"), "w") as f:
        json.dump({"tools": out}, f)
    name = "big.ndjson" if args.ndjson_repeat == 1 else f"big-x{args.ndjson_repeat}.ndjson"
    with open(os.path.join(args.out, name), "w") as f:
        for _ in range(args.ndjson_repeat):
            for t in out:
                f.write(json.dumps(t) + "\n")
    print(f"{len(out)} tools from {len(base)} real ones -> {args.out}/big.json, {args.out}/{name}")


if __name__ == "__main__":
    main()
