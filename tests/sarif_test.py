#!/usr/bin/env python3
"""`toolrisk check --format sarif` output is valid SARIF 2.1.0, by Microsoft's own validator.

For each case below, runs `toolrisk check --format sarif`, then `Sarif.Multitool validate`
(npm @microsoft/sarif-multitool, installed into tests/node by scripts/deps.sh --test) and fails
on any error the validator reports. Also checks that every finding rule appears in some case,
that results sit at the tool's line, and, first, that the validator does report a broken file
(so this test can fail).
Usage: sarif_test.py path/to/toolrisk SOURCE_DIR
"""
import glob
import json
import os
import subprocess
import sys
import tempfile


def validator(src):
    found = glob.glob(os.path.join(src, "tests/node/node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool"))
    if not found:
        sys.exit("FAIL: the SARIF validator is not installed: run scripts/deps.sh --test")
    return found[0]


def validate(tool, path, tmp):
    log = os.path.join(tmp, "validation.sarif")
    if os.path.exists(log):
        os.remove(log)
    env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1", DOTNET_CLI_TELEMETRY_OPTOUT="1")
    proc = subprocess.run([tool, "validate", path, "--output", log], capture_output=True, text=True, env=env)
    if not os.path.exists(log):
        return [f"the validator wrote no log (exit {proc.returncode}): {proc.stdout[-500:]} {proc.stderr[-500:]}"]
    with open(log) as f:
        results = json.load(f)["runs"][0].get("results", [])
    return [f"{r['ruleId']}: {r['message'].get('text', r['message'])}" for r in results if r.get("level") == "error"]


def main():
    binary, src = sys.argv[1], sys.argv[2]
    tool = validator(src)
    data = os.path.join(src, "tests/data/check")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        # The validator must catch a broken file, or this test proves nothing.
        broken = os.path.join(tmp, "broken.sarif")
        with open(broken, "w") as f:
            json.dump({"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": [{"message": {}}]}]}, f)
        if not validate(tool, broken, tmp):
            print("FAIL: the validator accepted a broken SARIF file")
            failures += 1

        lock = os.path.join(tmp, "v1.lock.json")
        subprocess.run([binary, "lock", os.path.join(data, "memory-v1.json"), "-o", lock], check=True)
        cases = {
            "clean": ["--allow-unclassified", os.path.join(src, "tests/data/corpus/_modelcontextprotocol_server-memory.json")],
            "unclassified": [os.path.join(data, "memory-v1.json")],
            "threshold-conflict": ["--fail-on", "high", "--fail-on-conflict", os.path.join(data, "memory-conflict.json")],
            "drift": ["--baseline", lock, os.path.join(data, "memory-v2.json")],
            "unreviewed": ["--catalog", os.path.join(tmp, "init.yaml"), os.path.join(data, "memory-v1.json")],
            "several-files": ["--fail-on", "medium", os.path.join(data, "memory-v2.json"),
                              os.path.join(src, "tests/data/corpus/mcp-server-docker.json")],
        }
        subprocess.run([binary, "catalog", "init", os.path.join(data, "memory-v1.json"), "-o",
                        os.path.join(tmp, "init.yaml")], check=True)
        seen_rules = set()
        for name, args in cases.items():
            out = os.path.join(tmp, f"{name}.sarif")
            proc = subprocess.run([binary, "check", "--format", "sarif", "-o", out, *args], capture_output=True, text=True)
            want_exit = 0 if name == "clean" else 1
            if proc.returncode != want_exit:
                print(f"FAIL {name}: exit {proc.returncode}, expected {want_exit}: {proc.stderr.strip()}")
                failures += 1
                continue
            for problem in validate(tool, out, tmp):
                print(f"FAIL {name}: {problem}")
                failures += 1
            with open(out) as f:
                sarif = json.load(f)
            run = sarif["runs"][0]
            for r in run["results"]:
                seen_rules.add(r["ruleId"])
                loc = r["locations"][0]["physicalLocation"]
                if r["ruleId"] != "removed-tool" and loc.get("region", {}).get("startLine", 0) < 1:
                    print(f"FAIL {name}: {r['ruleId']} for {r['properties']['tool']} has no line")
                    failures += 1
            if name == "clean" and run["results"]:
                print(f"FAIL clean: {len(run['results'])} results")
                failures += 1
        all_rules = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
        for missing in sorted(all_rules - seen_rules):
            print(f"FAIL: no case produces a `{missing}` result")
            failures += 1
    print(f"sarif: {len(cases)} cases validated, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
