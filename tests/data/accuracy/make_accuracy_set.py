#!/usr/bin/env python3
"""Builds tests/data/accuracy/ from the shared corpus: for every hand-labelled tool, its
definition as the scorer shows it to an inferrer (name, title, description, inputSchema,
annotations.title only: declared hints are removed), grouped by source dump, plus the gold
labels. Run from the repository root:  python3 tests/data/accuracy/make_accuracy_set.py ../shared/corpus
"""
import json, os, sys

corpus = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus"
here = os.path.dirname(os.path.abspath(__file__))
gold = [json.loads(l) for l in open(os.path.join(corpus, "gold-dev.jsonl")) if l.strip()]
wanted = {}
for g in gold:
    wanted.setdefault(g["file"], set()).add(g["tool"])

KEYS = ("name", "title", "description", "inputSchema", "outputSchema", "icons")
tools_out = {}
for name, tools in sorted(wanted.items()):
    path = next(p for p in (os.path.join(corpus, d, name) for d in ("dev", "fetched")) if os.path.exists(p))
    doc = json.load(open(path))
    kept = []
    for t in doc["tools"]:
        if t.get("name") not in tools or any(k["name"] == t["name"] for k in kept):
            continue
        s = {k: v for k, v in t.items() if k in KEYS}
        title = (t.get("annotations") or {}).get("title")
        if title:
            s["annotations"] = {"title": title}
        kept.append(s)
    tools_out[name] = kept

with open(os.path.join(here, "tools.ndjson"), "w") as f:
    for name, kept in sorted(tools_out.items()):
        for t in kept:
            f.write(json.dumps({"file": name, "tool": t}, sort_keys=True) + "\n")
with open(os.path.join(here, "gold.jsonl"), "w") as f:
    for g in gold:
        f.write(json.dumps(g, sort_keys=True) + "\n")
print(f"{sum(len(v) for v in tools_out.values())} tools from {len(tools_out)} dumps, {len(gold)} gold labels")
