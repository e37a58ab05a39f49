#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for SECONDS (default 30), seeded from
# the real dumps, hostile cases and rule files. Exits non-zero on the first crash; the input
# that crashed is left in build-fuzz/artifacts/. Usage: fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
command -v clang++ >/dev/null || { echo "fuzz: needs clang (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }
# A unity build (sources compiled eight to a unit) takes a fifth less time.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DTOOLRISK_FUZZ=ON -DTOOLRISK_BUILD_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_loader fuzz_tokenizer fuzz_engine fuzz_rules fuzz_operator_files fuzz_patterns >/dev/null
work=build-fuzz/corpus
mkdir -p build-fuzz/artifacts "$work"/{loader,tokenizer,engine,rules,operator_files,patterns}
cp tests/data/corpus/*.json tests/data/corpus/*.ndjson tests/hostile/*.json "$work/loader/" 2>/dev/null || true
cp rules/*.yaml "$work/rules/"
cp tests/data/check/*.yaml tests/data/check/*.lock.json "$work/operator_files/"
# Tool names and small tools for the tokenizer and the engine, from the same dumps.
python3 - "$work" <<'PY'
import glob, json, os, re, sys
work = sys.argv[1]
n = 0
descriptions = []
for f in sorted(glob.glob("tests/data/corpus/*.json")):
    doc = json.load(open(f))
    tools = doc.get("tools", doc) if isinstance(doc, dict) else doc
    for t in tools if isinstance(tools, list) else []:
        if not isinstance(t, dict) or "name" not in t:
            continue
        n += 1
        open(os.path.join(work, "tokenizer", f"seed{n}"), "w").write(t["name"])
        props = ((t.get("inputSchema") or {}).get("properties") or {})
        lines = [t["name"], (t.get("description") or "").replace("\n", " ")[:300]]
        descriptions.append(lines[1])
        lines += [f"{k}:{v.get('type', '')}" for k, v in props.items() if isinstance(v, dict)]
        open(os.path.join(work, "engine", f"seed{n}"), "w").write("\n".join(lines))
# Each phrase and parameter pattern of the rule files, a newline, and a description.
m = 0
for f in sorted(glob.glob("rules/*.yaml")):
    for line in open(f):
        found = re.match(r'\s*(pattern|description|unless|values|tail): (".*")\s*$', line)
        if not found:
            continue
        try:
            pattern = json.loads(found.group(2))
        except ValueError:
            continue
        m += 1
        text = descriptions[m % len(descriptions)] if descriptions else ""
        open(os.path.join(work, "patterns", f"seed{m}"), "w").write(pattern + "\n" + text)
PY
status=0
passed=0
failed=0
for target in loader tokenizer engine rules operator_files patterns; do
  log=build-fuzz/fuzz_$target.log
  if ! build-fuzz/fuzz/fuzz_$target "$work/$target" -max_total_time="$seconds" -max_len=1048576 -timeout=10 \
      -rss_limit_mb=4096 -artifact_prefix=build-fuzz/artifacts/$target- >"$log" 2>&1; then
    echo "fuzz_$target: FAILED (see $log and build-fuzz/artifacts/)"
    tail -30 "$log"
    status=1
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
  runs=$(grep -oE 'Done [0-9]+ runs' "$log" | tail -1 || true)
  echo "fuzz_$target: ${runs:-no summary} in ${seconds}s"
done
echo "fuzz: $passed passed, $failed failed"
exit $status
