#!/usr/bin/env python3
"""Runs the SEP-2793 conformance vectors against a validator and against the JSON Schema.

  run.py --toolrisk path/to/toolrisk       # toolrisk validate, every case
  run.py --schema                          # the schema, with an independent validator (python3-jsonschema)
  run.py --toolrisk path/to/toolrisk --schema

Exit 0 when every case gives its manifest verdict, 1 otherwise. Another implementation
can reuse the manifest and this file's schema check as they are; see README.md.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
META = "dev.toolrisk/risk"


def load(path):
    with open(os.path.join(HERE, path)) as f:
        return json.load(f)


def run_toolrisk(binary, case):
    cmd = [binary, "validate", "--format", "json"]
    if case["kind"] == "annotations":
        cmd.append("--annotations")
    cmd.append(os.path.join(HERE, case["file"]))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    problems = []
    if proc.returncode not in (0, 1):
        return [f"exit {proc.returncode}: {proc.stderr.strip()}"]
    report = json.loads(proc.stdout)
    file = report["files"][0]
    found = file["findings"]
    errors = [f for f in found if f["severity"] == "error"]
    verdict = "invalid" if errors else ("warning" if found else "valid")
    if verdict != case["verdict"]:
        problems.append(f"verdict {verdict}, expected {case['verdict']}: {[f['message'] for f in found]}")
    want_exit = 1 if case["verdict"] == "invalid" else 0
    if proc.returncode != want_exit:
        problems.append(f"exit {proc.returncode}, expected {want_exit}")
    got = sorted((f["id"], f["path"]) for f in found)
    want = sorted((d["id"], d["path"]) for d in case["diagnostics"])
    if got != want:
        problems.append(f"diagnostics {got}, expected {want}")
    if "effective" in case:
        tool = file["tools"][0]
        if tool["effective"] != case["effective"]:
            problems.append(f"effective {tool['effective']}, expected {case['effective']}")
        if tool["defaulted"] != case["defaulted"]:
            problems.append(f"defaulted {tool['defaulted']}, expected {case['defaulted']}")
    return problems


def schema_validators():
    from jsonschema import Draft202012Validator
    schema = load(manifest_schema_path())
    Draft202012Validator.check_schema(schema)
    root = Draft202012Validator(schema)
    meta_form = Draft202012Validator({"$ref": "#/$defs/riskFields", "$defs": schema["$defs"], "type": "object"})
    return root, meta_form


def manifest_schema_path():
    return load("manifest.json")["schema"]


def run_schema(validators, case):
    root, meta_form = validators
    doc = load(case["file"])
    checked = []
    if case["kind"] == "annotations":
        checked.append(root.is_valid(doc))
    else:
        for tool in doc["tools"]:
            if "annotations" in tool:
                checked.append(root.is_valid(tool["annotations"]))
            if isinstance(tool.get("_meta"), dict) and META in tool["_meta"]:
                checked.append(meta_form.is_valid(tool["_meta"][META]))
    schema_valid = all(checked)
    if schema_valid != (case["verdict"] != "invalid"):
        return [f"schema says {'valid' if schema_valid else 'invalid'}, verdict is {case['verdict']}"]
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--toolrisk", help="path to the toolrisk binary")
    ap.add_argument("--schema", action="store_true", help="check the JSON Schema against every case")
    args = ap.parse_args()
    if not args.toolrisk and not args.schema:
        ap.error("give --toolrisk BIN, --schema, or both")
    manifest = load("manifest.json")
    validators = schema_validators() if args.schema else None
    failed = 0
    for case in manifest["cases"]:
        problems = []
        if args.toolrisk:
            problems += run_toolrisk(args.toolrisk, case)
        if validators:
            problems += run_schema(validators, case)
        if problems:
            failed += 1
            print(f"FAIL {case['file']}:")
            for p in problems:
                print(f"    {p}")
    if args.toolrisk:
        # Every check the validator knows has a case, so none goes untested.
        listed = subprocess.run([args.toolrisk, "validate", "--list-checks"], capture_output=True, text=True)
        ids = {line.split("\t")[0] for line in listed.stdout.splitlines() if line}
        covered = {d["id"] for c in manifest["cases"] for d in c["diagnostics"]}
        for missing in sorted(ids - covered):
            failed += 1
            print(f"FAIL check `{missing}` has no conformance case")
        for unknown in sorted(covered - ids):
            failed += 1
            print(f"FAIL the manifest names `{unknown}`, which toolrisk does not list")
    total = len(manifest["cases"])
    print(f"conformance: {total - failed if failed <= total else 0} of {total} cases passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
