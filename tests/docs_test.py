#!/usr/bin/env python3
"""The reference chapter's examples and check table are true.

Every ```json block of docs/tool-risk-metadata.md is validated with `toolrisk validate` (a
ToolAnnotations object, a tool, or a tools/list result) and with the JSON Schema. A block is
expected to be clean unless the line before it says
    <!-- validate: warning|invalid ID... -->
in which case exactly those ids must be found. Every id `toolrisk validate --list-checks`
prints must have its row in the chapter's table.
Usage: docs_test.py path/to/toolrisk SOURCE_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator

BLOCK = re.compile(r"(?:<!-- validate: (\w+)((?: [\w-]+)*) -->\n)?```json\n(.*?)```", re.S)


def main():
    binary, src = sys.argv[1], sys.argv[2]
    doc_path = os.path.join(src, "docs/tool-risk-metadata.md")
    with open(doc_path) as f:
        text = f.read()
    with open(os.path.join(src, "schema/tool-risk-annotations.schema.json")) as f:
        schema = json.load(f)
    root = Draft202012Validator(schema)
    failures, blocks = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for m in BLOCK.finditer(text):
            blocks += 1
            verdict, ids, body = m.group(1) or "valid", sorted((m.group(2) or "").split()), m.group(3)
            line = text.count("\n", 0, m.start(3)) + 1
            where = f"docs/tool-risk-metadata.md:{line}"
            value = json.loads(body)
            args = []
            if isinstance(value, dict) and "tools" in value:
                dump, annotations = value, [t.get("annotations") for t in value["tools"]]
            elif isinstance(value, dict) and "name" in value:
                dump, annotations = {"tools": [value]}, [value.get("annotations")]
            else:
                dump, annotations, args = value, [value], ["--annotations"]
            path = os.path.join(tmp, "block.json")
            with open(path, "w") as f:
                json.dump(dump, f)
            proc = subprocess.run([binary, "validate", "--format", "json", *args, path], capture_output=True, text=True)
            if proc.returncode == 2:
                failures += 1
                print(f"FAIL {where}: {proc.stderr.strip()}")
                continue
            found = json.loads(proc.stdout)["files"][0]["findings"]
            got_ids = sorted(f["id"] for f in found)
            got = "invalid" if any(f["severity"] == "error" for f in found) else ("warning" if found else "valid")
            if got != verdict or got_ids != ids:
                failures += 1
                print(f"FAIL {where}: {got} {got_ids}, the chapter says {verdict} {ids}")
            schema_ok = all(root.is_valid(a) for a in annotations if a is not None)
            if schema_ok != (verdict != "invalid"):
                failures += 1
                print(f"FAIL {where}: the schema says {'valid' if schema_ok else 'invalid'}")
    listed = subprocess.run([binary, "validate", "--list-checks"], capture_output=True, text=True).stdout
    for line in listed.splitlines():
        check_id, severity = line.split("\t")[:2]
        if not re.search(rf"^\| `{re.escape(check_id)}` \| {severity} \|", text, re.M):
            failures += 1
            print(f"FAIL check `{check_id}` ({severity}) has no row in the chapter's table")
    print(f"docs: {blocks} examples, {failures} failures")
    return 1 if failures or blocks == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
