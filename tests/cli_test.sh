#!/usr/bin/env bash
# The command line as a user meets it: exit codes, where messages go, every format.
# Usage: cli_test.sh path/to/toolrisk SOURCE_DIR
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
data=$src/tests/data/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

check() {  # check NAME EXPECTED_EXIT CMD... ; stdout -> $tmp/out, stderr -> $tmp/err
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name: exit $got, expected $want"
    sed 's/^/    stderr: /' "$tmp/err" | head -5
  fi
}

expect() {  # expect NAME FILE PATTERN
  if grep -qE -- "$3" "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1: no /$3/ in $2"; head -3 "$2"; fi
}

expect_empty() {
  if [ ! -s "$2" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1: $2 is not empty"; head -3 "$2"; fi
}

check "infer a dump" 0 "$bin" infer "$data/_modelcontextprotocol_server-filesystem.json"
expect "json output" "$tmp/out" '"riskLevel": "(low|medium|high|critical)"'
expect_empty "nothing on stderr" "$tmp/err"

check "infer from stdin" 0 sh -c "'$bin' infer - < '$data/_modelcontextprotocol_server-memory.json'"
expect "stdin output" "$tmp/out" '"dev.toolrisk/inference"'
check "ndjson streamed from stdin" 0 sh -c "'$bin' infer --format ndjson - < '$data/shape-stream.ndjson'"
cp "$tmp/out" "$tmp/stdin.ndjson"
check "ndjson streamed from a file" 0 "$bin" infer --format ndjson "$data/shape-stream.ndjson"
sed 's/^{"file":"[^"]*",/{/' "$tmp/out" > "$tmp/file.ndjson"
sed 's/^{"file":"[^"]*",/{/' "$tmp/stdin.ndjson" > "$tmp/stdin-nofile.ndjson"
if [ -s "$tmp/file.ndjson" ] && cmp -s "$tmp/file.ndjson" "$tmp/stdin-nofile.ndjson"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: stdin and file streams differ"; fi
if [ -w /dev/full ]; then
  check "a full disk on stdout" 2 sh -c "'$bin' infer '$data/_modelcontextprotocol_server-filesystem.json' > /dev/full"
  expect "a full disk is reported" "$tmp/err" 'cannot write to standard output'
fi

check "table" 0 "$bin" infer --format table "$data/_modelcontextprotocol_server-filesystem.json"
expect "table header" "$tmp/out" '^TOOL +CATEGORY +RISK +BLAST +APPROVAL +WHY'
expect "table row" "$tmp/out" '^write_file +mutate'

check "ndjson" 0 "$bin" infer --format ndjson "$data/shape-stream.ndjson"
lines=$(wc -l <"$tmp/out")
if [ "$lines" -eq 5 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: ndjson lines: $lines, expected 5"; fi
expect "ndjson carries the file" "$tmp/out" '^\{"file":".*shape-stream.ndjson","location":'

check "several files" 0 "$bin" infer "$data/shape-array.json" "$data/shape-jsonrpc.json"
lines=$(wc -l <"$tmp/out")
if [ "$lines" -eq 2 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: several files: $lines lines, expected one document per line"; fi

check "output file" 0 "$bin" infer -o "$tmp/annotated.json" "$data/shape-array.json"
expect "output file written" "$tmp/annotated.json" '"category"'
expect_empty "stdout empty with -o" "$tmp/out"

printf '{"tools": [\n  {"name": "a",}\n]}\n' >"$tmp/bad.json"
check "syntax error" 2 "$bin" infer "$tmp/bad.json"
expect "syntax error position" "$tmp/err" "^toolrisk: error: $tmp/bad.json:2:16: "
expect_empty "no partial output" "$tmp/out"

printf '{"tools": [{"name": "ok"}, {"title": "no name"}]}' >"$tmp/shape.json"
check "shape error" 2 "$bin" infer "$data/shape-array.json" "$tmp/shape.json"
expect "shape error path" "$tmp/err" 'shape.json: tools\[1\].name: tool has no "name"'
expect_empty "no output when one input fails" "$tmp/out"

printf '{"tools":[{"name":"a\xff"}]}' >"$tmp/utf8.json"
check "invalid utf-8" 2 "$bin" infer "$tmp/utf8.json"
expect "utf-8 offset" "$tmp/err" 'invalid UTF-8 at byte offset 20'

check "missing file" 2 "$bin" infer "$tmp/nope.json"
expect "missing file message" "$tmp/err" 'nope.json: cannot open'

check "no input" 2 "$bin" infer
check "bad format" 2 "$bin" infer --format xml "$data/shape-array.json"
check "unknown command" 2 "$bin" infr "$data/shape-array.json"
expect "did you mean" "$tmp/err" "did you mean 'infer'"

check "help" 0 "$bin" --help
expect "help lists infer" "$tmp/out" 'infer'
check "infer help has examples" 0 "$bin" infer --help
expect "examples" "$tmp/out" 'Examples:'
check "version" 0 "$bin" --version
expect "version text" "$tmp/out" '^toolrisk [0-9]+\.[0-9]+\.[0-9]+'

check "rules list" 0 "$bin" rules
expect "rules have ids" "$tmp/out" '^verb\.delete +verb +rules/verbs.yaml:[0-9]+ '
check "rules check" 0 "$bin" rules --check
expect "rules check summary" "$tmp/out" ' examples: [0-9]+ passed, 0 failed'

mkdir -p "$tmp/rules"
cat >"$tmp/rules/mine.yaml" <<'YAML'
kind: verb
rules:
  - id: verb.test.frobnicate
    why: Frobnicating rewrites the widget.
    words: [frobnicate]
    category: mutate
    examples:
      match: [frobnicate_widget]
      no_match: [get_widget]
YAML
printf '{"tools":[{"name":"frobnicate_widget"}]}' >"$tmp/frob.json"
check "unclassified without the rule" 0 "$bin" infer --format table "$tmp/frob.json"
expect "unclassified" "$tmp/out" 'UNCLASSIFIED'
check "--rules adds a rule" 0 "$bin" infer --rules "$tmp/rules" --format table "$tmp/frob.json"
expect "classified by the new rule" "$tmp/out" 'frobnicate_widget +mutate +medium'

cat >"$tmp/rules/broken.yaml" <<'YAML'
kind: verb
rules:
  - id: verb.test.broken
    words: [x]
    colour: red
YAML
check "broken rule file" 2 "$bin" infer --rules "$tmp/rules" "$tmp/frob.json"
expect "broken rule file line" "$tmp/err" 'broken.yaml:5:5: verb.test.broken: unknown key `colour`'
expect "all errors at once" "$tmp/err" 'broken.yaml:3:.*no `why`'

check "hostile name in a table" 0 "$bin" infer --format table "$src/tests/hostile/ansi-escape-in-name.json"
expect "escape shown, not sent" "$tmp/out" 'get_\\x1b\[2J'
if grep -q $'\x1b' "$tmp/out"; then failed=$((failed + 1)); echo "FAIL: a raw ESC reached the terminal"; else passed=$((passed + 1)); fi

# --jobs: the same output in the same order for any N.
"$bin" infer --compact "$data"/*.json >"$tmp/j1.out" 2>&1
"$bin" infer --compact -j 3 "$data"/*.json >"$tmp/j3.out" 2>&1
if cmp -s "$tmp/j1.out" "$tmp/j3.out" && [ -s "$tmp/j1.out" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: -j 3 output differs from -j 1"; fi

# NDJSON streams a line at a time; a bad line stops it with its line number; -o stays all-or-nothing.
"$bin" infer --format ndjson "$data/shape-stream.ndjson" >"$tmp/stream.out"
"$bin" infer --compact "$data/shape-stream.ndjson" | "$bin" infer --format ndjson - >"$tmp/restream.out"
if [ "$(wc -l <"$tmp/stream.out")" -eq 5 ] && [ "$(wc -l <"$tmp/restream.out")" -eq 5 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: streamed ndjson line counts"; fi
{ head -2 "$data/shape-stream.ndjson"; echo '{"name": }'; } >"$tmp/badstream.ndjson"
check "bad line in a stream" 2 "$bin" infer --format ndjson -o "$tmp/stream-o.ndjson" "$tmp/badstream.ndjson"
expect "bad line named" "$tmp/err" "badstream.ndjson:3:10: "
if [ -e "$tmp/stream-o.ndjson" ] || [ -e "$tmp/stream-o.ndjson.tmp" ]; then failed=$((failed + 1)); echo "FAIL: a failed stream left an output file"; else passed=$((passed + 1)); fi

# validate: exit codes, messages, formats; infer's own output reads back clean.
check "validate a clean dump" 0 "$bin" validate "$data/_modelcontextprotocol_server-memory.json"
expect "validate summary" "$tmp/out" '^1 file, [0-9]+ tools: 0 errors, 0 warnings$'
printf '{"tools":[{"name":"a","annotations":{"riskLevel":"extreme","minTrustLevel":2.5}},{"name":"b","annotations":{"readOnlyHint":true,"category":"delete"}}]}' >"$tmp/ann.json"
check "validate finds errors" 1 "$bin" validate "$tmp/ann.json"
expect "error names file, path, id and tool" "$tmp/out" "^$tmp/ann.json: tools\[0\].annotations.riskLevel: error \[unknown-value\] tool \`a\`: "
expect "trust error" "$tmp/out" 'tools\[0\].annotations.minTrustLevel: error \[trust-not-integer\]'
expect "warning" "$tmp/out" 'tools\[1\].annotations.readOnlyHint: warning \[readonly-changes-state\]'
expect "counts" "$tmp/out" '^1 file, 2 tools: 2 errors, 1 warning$'
printf '{"tools":[{"name":"b","annotations":{"readOnlyHint":true,"category":"delete"}}]}' >"$tmp/warn.json"
check "warnings alone pass" 0 "$bin" validate "$tmp/warn.json"
check "warnings fail with --strict" 1 "$bin" validate --strict "$tmp/warn.json"
check "validate json" 1 "$bin" validate --format json "$tmp/ann.json"
expect "json counts" "$tmp/out" '"errors": 2'
check "validate unreadable input" 2 "$bin" validate "$tmp/bad.json"
expect "unreadable names the position" "$tmp/err" "$tmp/bad.json:2:16: "
check "validate needs an input" 2 "$bin" validate
check "bare annotations" 1 "$bin" validate --annotations "$src/tests/conformance/cases/invalid-minTrustLevel-6.json"
check "list checks" 0 "$bin" validate --list-checks
expect "a check per line" "$tmp/out" $'^trust-out-of-range\terror\t'
check "infer then validate" 0 sh -c "'$bin' infer '$data/kubernetes-mcp-server.json' | '$bin' validate -"
check "infer --format ndjson reads back" 0 sh -c "'$bin' infer --format ndjson '$data/_modelcontextprotocol_server-filesystem.json' | '$bin' validate -"
expect "every tool read back" "$tmp/out" '^1 file, 14 tools: 0 errors'
check "emit meta" 0 "$bin" infer --emit meta --compact "$data/_modelcontextprotocol_server-memory.json"
expect "fields in _meta" "$tmp/out" '"dev.toolrisk/risk":\{"riskLevel":'
if grep -q '"annotations":{[^}]*"riskLevel"' "$tmp/out"; then failed=$((failed + 1)); echo "FAIL: --emit meta wrote annotations"; else passed=$((passed + 1)); fi

# check: exit codes, formats, policy, catalogues, baseline.
cdata=$src/tests/data/check
check "check passes" 0 "$bin" check "$data/_modelcontextprotocol_server-memory.json"
expect "check summary" "$tmp/out" '^toolrisk check: 1 server, 9 tools: '
expect "check passed" "$tmp/out" '^passed: no finding reaches the policy$'
check "check fails on unclassified" 1 "$bin" check "$cdata/memory-v1.json"
expect "finding at the tool's line" "$tmp/out" "^$cdata/memory-v1.json:[0-9]+:5: unclassified: memory-server/zorp: "
check "--allow-unclassified" 0 "$bin" check --allow-unclassified "$cdata/memory-v1.json"
check "--fail-on" 1 "$bin" check --fail-on high "$data/_modelcontextprotocol_server-memory.json"
expect "threshold finding" "$tmp/out" 'risk-threshold: memory-server/delete_entities: `delete_entities` is high risk'
check "--fail-on none" 0 "$bin" check --fail-on none "$data/_modelcontextprotocol_server-memory.json"
check "--fail-on-conflict" 1 "$bin" check --fail-on-conflict "$cdata/memory-conflict.json"
expect "conflict finding" "$tmp/out" 'declared-conflict: memory-server/delete_entities: '
check "check json" 1 "$bin" check --format json "$cdata/memory-v1.json"
expect "json failed" "$tmp/out" '"failed": true'
check "check markdown" 1 "$bin" check --format markdown --fail-on high "$data/_modelcontextprotocol_server-memory.json"
expect "markdown title" "$tmp/out" '^## toolrisk: check failed, 3 findings$'
expect "approval table" "$tmp/out" '^\| memory\\-server \| delete\\_entities \| \*\*high\*\* \| single \| 4 \|'
check "check sarif to a file" 1 "$bin" check --format sarif -o "$tmp/c.sarif" "$cdata/memory-v1.json"
expect_empty "sarif: stdout empty" "$tmp/out"
expect "sarif version" "$tmp/c.sarif" '"version": "2.1.0"'
check "check bad input" 2 "$bin" check "$tmp/bad.json"
check "check no input" 2 "$bin" check
expect "no input message" "$tmp/err" 'no input'
check "check bad --fail-on" 2 "$bin" check --fail-on severe "$cdata/memory-v1.json"

printf '{"tools":[{"name":"delete_x<img src=x onerror=alert(1)>|[click](https://evil.example)"}]}' >"$tmp/mdhostile.json"
check "markdown escapes server text" 1 "$bin" check --fail-on high --format markdown "$tmp/mdhostile.json"
if grep -qE '(^|[^\\])(<img|\]\(https|\[click)' "$tmp/out"; then failed=$((failed + 1)); echo "FAIL: markup from a tool name reached the markdown"; grep img "$tmp/out"; else passed=$((passed + 1)); fi
expect "escaped name" "$tmp/out" 'delete\\_x\\<img src\\=x onerror\\=alert\\\(1\\\)\\>'

# lock and baseline drift; the committed lock is what `lock` writes today.
check "lock" 0 sh -c "cd '$cdata' && '$bin' lock memory-v1.json -o '$tmp/v1.lock.json'"
if cmp -s "$tmp/v1.lock.json" "$cdata/memory-v1.lock.json"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: lock differs from tests/data/check/memory-v1.lock.json"; fi
ls "$tmp"/*.tmp >/dev/null 2>&1 && { failed=$((failed + 1)); echo "FAIL: lock left a temporary file"; } || passed=$((passed + 1))
check "no drift against itself" 0 "$bin" check --baseline "$cdata/memory-v1.lock.json" --allow-unclassified "$cdata/memory-v1.json"
check "drift" 1 "$bin" check --baseline "$cdata/memory-v1.lock.json" --allow-unclassified "$cdata/memory-v2.json"
expect "changed definition" "$tmp/out" 'changed-definition: memory-server/search_nodes: .*\(description, inputSchema\)'
expect "risk increase" "$tmp/out" 'risk-increase: memory-server/search_nodes: .*riskLevel low -> medium'
expect "new tool" "$tmp/out" 'new-tool: memory-server/purge_graph'
expect "removed tool" "$tmp/out" 'removed-tool: memory-server/open_nodes'
printf '{"lockVersion": 1, "servers": [{"server": "x"}]}' >"$tmp/badlock.json"
check "bad lock file" 2 "$bin" check --baseline "$tmp/badlock.json" "$cdata/memory-v1.json"
expect "bad lock names the path" "$tmp/err" 'badlock.json: servers\[0\]: '

# policy file: relative paths, catalogues (KARAI), baseline.
check "policy" 1 "$bin" check --policy "$cdata/policy.yaml" "$cdata/memory-v2.json"
expect "policy: catalogue classified zorp" "$tmp/out" '^toolrisk check: 1 server, 10 tools'
if grep -q 'unclassified: memory-server/zorp' "$tmp/out"; then failed=$((failed + 1)); echo "FAIL: the KARAI catalogue did not classify zorp"; else passed=$((passed + 1)); fi
expect "policy: threshold" "$tmp/out" 'risk-threshold: memory-server/purge_graph'
printf 'fail_on: severe\nbaseline: [1, 2]\ncolour: red\n' >"$tmp/badpolicy.yaml"
check "bad policy" 2 "$bin" check --policy "$tmp/badpolicy.yaml" "$cdata/memory-v1.json"
expect "bad policy line" "$tmp/err" 'badpolicy.yaml:1:10: `fail_on`: unknown value `severe`'
expect "bad policy all errors" "$tmp/err" 'badpolicy.yaml:3:1: unknown key `colour`'

# catalog init: unreviewed entries keep failing until edited; an existing file is kept.
check "catalog init" 0 "$bin" catalog init "$cdata/memory-v1.json" -o "$tmp/cat.yaml"
expect "entry per tool" "$tmp/cat.yaml" '^  - server: "memory-server"$'
expect "unreviewed entry" "$tmp/cat.yaml" '^    reason: "unreviewed"$'
check "catalog init keeps a reviewed file" 2 "$bin" catalog init "$cdata/memory-v1.json" -o "$tmp/cat.yaml"
check "unreviewed fails check" 1 "$bin" check --catalog "$tmp/cat.yaml" "$cdata/memory-v1.json"
expect "unreviewed finding" "$tmp/out" 'unreviewed-catalog-entry: memory-server/zorp: '
sed -i 's/reason: "unreviewed"/reason: "compacts storage; reviewed"/' "$tmp/cat.yaml"
check "reviewed entry passes check" 0 "$bin" check --catalog "$tmp/cat.yaml" "$cdata/memory-v1.json"
check "infer shows the catalogue as the source" 0 "$bin" infer --format ndjson --catalog "$tmp/cat.yaml" "$cdata/memory-v1.json"
expect "source catalog" "$tmp/out" '"sources":\{"riskLevel":"catalog"'
printf 'version: 1\nentries:\n  - tool: x\n    riskLevel: extreme\n' >"$tmp/badcat.yaml"
check "bad catalogue" 2 "$bin" infer --catalog "$tmp/badcat.yaml" "$cdata/memory-v1.json"
expect "bad catalogue line" "$tmp/err" 'badcat.yaml:4:16: `riskLevel`: unknown value `extreme`'
expect "bad catalogue reason" "$tmp/err" 'badcat.yaml:3:5: entry has no `reason`'

# HTTP runs in a helper beside the binary (toolrisk-http): a binary copied without it still
# runs everything else, and says what is missing when asked to talk HTTP.
mkdir -p "$tmp/alone"
cp "$bin" "$tmp/alone/toolrisk"
check "copied binary infers" 0 "$tmp/alone/toolrisk" infer --format table "$cdata/memory-v1.json"
check "copied binary without the HTTP helper" 2 "$tmp/alone/toolrisk" infer --url http://127.0.0.1:9/mcp
expect "missing helper named" "$tmp/err" "HTTP needs toolrisk-http, which is built and installed with toolrisk; not found \\(looked in $tmp/alone/toolrisk-http, $tmp/lib/toolrisk/toolrisk-http\\)"
# With the helper beside it, the copy talks HTTP: nobody listens on port 9, and the error says so.
cp "$(dirname "$bin")/toolrisk-http" "$tmp/alone/toolrisk-http"
check "copied binary with the HTTP helper" 2 "$tmp/alone/toolrisk" infer --timeout 2 --url http://127.0.0.1:9/mcp
expect "the helper answered" "$tmp/err" "http://127.0.0.1:9/mcp"
if grep -q "HTTP needs\|HTTP helper" "$tmp/err"; then failed=$((failed + 1)); echo "FAIL: the copied helper was not used"; cat "$tmp/err"; else passed=$((passed + 1)); fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
