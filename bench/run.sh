#!/usr/bin/env bash
# End-to-end benchmark: builds toolrisk (Release) with the benchmarks, builds a large input from
# the real dumps in tests/data/servers (every tool repeated under new names), and times in one
# run, side by side: toolrisk infer, a parse-and-write-back with nlohmann/json alone, and jq.
# Prints tools/s, MB/s, peak memory (/usr/bin/time -v) and the ratios; then the micro-benchmarks,
# startup on a 47-tool dump, NDJSON streaming memory at 1x and 10x input, and --jobs.
#
#   bench/run.sh            # 100,000 tools (what docs/performance.md reports)
#   bench/run.sh --smoke    # 2,000 tools and short runs: what CI runs, to keep it working
set -euo pipefail
cd "$(dirname "$0")/.."
tools=100000
min_time=1
dir=build-bench
build_type=Release
# The smoke run reuses the test build (build/, RelWithDebInfo) to keep CI short.
if [ "${1:-}" = "--smoke" ]; then tools=2000; min_time=0.05; dir=build; build_type=RelWithDebInfo; fi
bash scripts/install-missing.sh libbenchmark-dev jq time python3
bash scripts/deps.sh
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="$build_type" -DTOOLRISK_BENCH=ON >/dev/null
cmake --build "$dir" -j"$(nproc)" >/dev/null 2>&1 || cmake --build "$dir" -j"$(nproc)"
bin=$dir/toolrisk
data=$dir/bench-data
python3 bench/make_big_input.py --tools "$tools" --out "$data" >/dev/null
python3 bench/make_big_input.py --tools "$tools" --out "$data" --ndjson-repeat 10 >/dev/null
python3 -c "
import json; d = json.load(open('tests/data/corpus/kubernetes-mcp-server.json'))
json.dump(d, open('$data/k8s-47.json', 'w'))"

# run NAME CMD...: wall seconds and peak RSS (KiB) of one run, output to /dev/null.
run() {
  local name=$1; shift
  /usr/bin/time -v "$@" >/dev/null 2>"$data/$name.time"
  local secs kib
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, a, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + a[i]; print s}' "$data/$name.time")
  kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$data/$name.time")
  echo "$name $secs $kib"
}

mb=$(python3 -c "import os; print(os.path.getsize('$data/big.json') / 1e6)")
echo "input: $tools tools, ${mb} MB ($data/big.json), $build_type build; machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
printf '%-34s %9s %12s %9s %11s %8s\n' "command" "seconds" "tools/s" "MB/s" "peak MiB" "ratio"
results=()
results+=("$(run infer "$bin" infer "$data/big.json")")
results+=("$(run infer-ndjson-stream "$bin" infer --format ndjson "$data/big.ndjson")")
results+=("$(run json-roundtrip "$dir"/bench/json_roundtrip "$data/big.json")")
results+=("$(run jq jq -c . "$data/big.json")")
# The other two ways in and out: NDJSON read whole (JSON out), one document to NDJSON.
results+=("$(run infer-ndjson-whole "$bin" infer "$data/big.ndjson")")
results+=("$(run infer-json-to-ndjson "$bin" infer --format ndjson "$data/big.json")")
base=$(echo "${results[2]}" | awk '{print $2}')
for r in "${results[@]}"; do
  read -r name secs kib <<<"$r"
  python3 -c "
s = max($secs, 0.001)
print('%-34s %9.2f %12.0f %9.1f %11.1f %7.2fx' % ('$name', s, $tools / s, $mb / s, $kib / 1024, s / max($base, 0.001)))"
done
echo "(ratio: seconds relative to json-roundtrip, the JSON library alone)"

echo
echo "NDJSON streaming memory, 1x and 10x input:"
run ndjson-1x "$bin" infer --format ndjson "$data/big.ndjson" | awk '{printf "  1x: %.2f s, peak %.1f MiB\n", $2, $3 / 1024}'
run ndjson-10x "$bin" infer --format ndjson "$data/big-x10.ndjson" | awk '{printf " 10x: %.2f s, peak %.1f MiB\n", $2, $3 / 1024}'

echo
echo "startup plus a 47-tool dump (mean of 20 runs):"
python3 - "$bin" "$data/k8s-47.json" <<'PY'
import subprocess, sys, time
runs = []
for _ in range(20):
    t = time.perf_counter()
    subprocess.run([sys.argv[1], "infer", sys.argv[2]], stdout=subprocess.DEVNULL, check=True)
    runs.append(time.perf_counter() - t)
runs.sort()
print("  mean %.1f ms, median %.1f ms, min %.1f ms" % (1000 * sum(runs) / len(runs), 1000 * runs[len(runs) // 2], 1000 * runs[0]))
PY

echo
echo "--jobs over 8 input files of $((tools / 8)) tools each:"
python3 bench/make_big_input.py --tools "$((tools / 8))" --out "$data/part" >/dev/null
for i in 1 2 3 4 5 6 7 8; do cp "$data/part/big.json" "$data/part/p$i.json"; done
for j in 1 2 4; do
  run "jobs-$j" "$bin" infer --compact -j "$j" "$data"/part/p?.json | awk -v j="$j" '{printf "  -j %s: %.2f s, peak %.1f MiB\n", j, $2, $3 / 1024}'
done
a=$("$bin" infer --compact -j 1 "$data"/part/p?.json | md5sum)
b=$("$bin" infer --compact -j 4 "$data"/part/p?.json | md5sum)
[ "$a" = "$b" ] && echo "  output identical for -j 1 and -j 4" || { echo "  OUTPUT DIFFERS between -j 1 and -j 4"; exit 1; }

echo
echo "micro-benchmarks (Google Benchmark):"
"$dir"/bench/bench_micro --benchmark_min_time="$min_time" 2>/dev/null | sed 's/^/  /'
