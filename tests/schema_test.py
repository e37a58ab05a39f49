#!/usr/bin/env python3
"""What `toolrisk infer` writes is valid, on every real dump we have.

For every dump in tests/data/servers and tests/data/corpus, in both forms (annotations and
--emit meta) and both JSON formats (json, ndjson):
  - each output value validates against schema/toolrisk-output.schema.json (python3-jsonschema);
  - `toolrisk validate` finds no error in it;
  - every warning it finds is one the server's own declaration already earns, or sits on a
    tool whose evidence records a conflict with the declaration, or on an unclassified tool
    (whose fail-closed values contradict whatever the server declared).
Usage: schema_test.py path/to/toolrisk SOURCE_DIR
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator
from jsonschema.validators import RefResolver


def values(text):
    """One JSON document, or one per line (streams, NDJSON)."""
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def tools_of(value):
    """(tool, location) pairs in an output value of any shape."""
    if isinstance(value, dict) and "file" in value and "tool" in value:
        yield value["tool"]
    elif isinstance(value, dict) and "tools" in value:
        yield from value["tools"]
    elif isinstance(value, dict) and "result" in value:
        yield from value["result"]["tools"]
    elif isinstance(value, dict) and "name" in value:
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from tools_of(v)


def validate(binary, path):
    proc = subprocess.run([binary, "validate", "--format", "json", path], capture_output=True, text=True)
    if proc.returncode == 2:
        raise RuntimeError(f"validate {path}: {proc.stderr}")
    return json.loads(proc.stdout)["files"][0]["findings"]


def main():
    binary, src = sys.argv[1], sys.argv[2]
    with open(os.path.join(src, "schema/tool-risk-annotations.schema.json")) as f:
        annotations_schema = json.load(f)
    with open(os.path.join(src, "schema/toolrisk-output.schema.json")) as f:
        output_schema = json.load(f)
    Draft202012Validator.check_schema(annotations_schema)
    Draft202012Validator.check_schema(output_schema)
    resolver = RefResolver.from_schema(output_schema, store={annotations_schema["$id"]: annotations_schema})
    validator = Draft202012Validator(output_schema, resolver=resolver)

    dumps = sorted(glob.glob(os.path.join(src, "tests/data/servers/*/*.json")) +
                   glob.glob(os.path.join(src, "tests/data/corpus/*.json*")))
    failures, outputs, tools_checked = 0, 0, 0

    def fail(msg):
        nonlocal failures
        failures += 1
        if failures <= 30:
            print("FAIL", msg)

    with tempfile.TemporaryDirectory() as tmp:
        for dump in dumps:
            name = os.path.relpath(dump, src)
            own = {(f["tool"], f["id"]) for f in validate(binary, dump)}
            for args in (["--emit", "annotations"], ["--emit", "meta"], ["--format", "ndjson"]):
                proc = subprocess.run([binary, "infer", *args, dump], capture_output=True, text=True)
                if proc.returncode != 0:
                    fail(f"{name} {args}: exit {proc.returncode}: {proc.stderr.strip()[:200]}")
                    continue
                outputs += 1
                explained = set()
                for value in values(proc.stdout):
                    for err in validator.iter_errors(value):
                        fail(f"{name} {args}: schema: {err.message[:200]} at {list(err.absolute_path)}")
                        break
                    for tool in tools_of(value):
                        tools_checked += 1
                        inference = tool["_meta"]["dev.toolrisk/inference"]
                        if inference["conflicts"] or not inference["classified"]:
                            explained.add(tool["name"])
                out = os.path.join(tmp, "out.json")
                with open(out, "w") as f:
                    f.write(proc.stdout)
                for finding in validate(binary, out):
                    if finding["severity"] == "error":
                        fail(f"{name} {args}: validate error: {finding['path']}: {finding['message']}")
                    elif (finding["tool"], finding["id"]) not in own and finding["tool"] not in explained:
                        fail(f"{name} {args}: unexplained warning [{finding['id']}] on `{finding['tool']}`: "
                             f"{finding['message']}")
    print(f"schema: {len(dumps)} dumps, {outputs} outputs, {tools_checked} tools checked, {failures} failures")
    return 1 if failures or not dumps else 0


if __name__ == "__main__":
    sys.exit(main())
