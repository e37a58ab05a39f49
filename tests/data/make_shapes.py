#!/usr/bin/env python3
"""Writes the shape-* test inputs from the memory server's real dump (see PROVENANCE.md)."""
import json, os

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
tools = json.load(open(os.path.join(here, "_modelcontextprotocol_server-memory.json")))["tools"]
json.dump({"jsonrpc": "2.0", "id": 1, "result": {"tools": tools[:4]}}, open(os.path.join(here, "shape-jsonrpc.json"), "w"), indent=1)
json.dump([{"tools": tools[:3], "nextCursor": "p2"}, {"tools": tools[3:6]}], open(os.path.join(here, "shape-pages.json"), "w"), indent=1)
with open(os.path.join(here, "shape-stream.ndjson"), "w") as f:
    f.write(json.dumps({"tools": tools[:2], "nextCursor": "p2"}) + "\n")
    f.write(json.dumps({"jsonrpc": "2.0", "id": 2, "result": {"tools": tools[2:4]}}) + "\n")
    f.write(json.dumps(tools[4]) + "\n")
json.dump(tools[:3], open(os.path.join(here, "shape-array.json"), "w"), indent=1)
