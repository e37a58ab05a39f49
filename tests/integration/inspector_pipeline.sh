#!/usr/bin/env bash
# The pipeline docs/ci.md shows, run for real: the MCP Inspector CLI dumps a real server's
# tools/list (npm @modelcontextprotocol/server-memory, pinned in tests/node), toolrisk checks it
# and writes SARIF and a pull-request comment.
# Usage: inspector_pipeline.sh path/to/toolrisk SOURCE_DIR
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
node_dir=$2/tests/node
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -x "$node_dir/node_modules/.bin/mcp-inspector-cli" ] || fail "the MCP Inspector is not installed: run scripts/deps.sh --test"
cd "$node_dir" || exit 1
timeout 120 npx --no-install @modelcontextprotocol/inspector --cli \
  node node_modules/@modelcontextprotocol/server-memory/dist/index.js --method tools/list >"$tmp/memory-server.json" 2>"$tmp/inspector.err" ||
  fail "inspector: $(tail -3 "$tmp/inspector.err")"
cd "$tmp" || exit 1

"$bin" check --fail-on high --format sarif -o toolrisk.sarif memory-server.json
[ $? -eq 1 ] || fail "check on the memory server should find its high-risk delete tools (exit 1)"
"$bin" check --fail-on high --format markdown memory-server.json >comment.md
grep -q '^| memory\\-server | delete\\_entities | \*\*high\*\* | single | 4 |' comment.md || fail "the comment lacks delete_entities: $(head -20 comment.md)"
grep -q '"ruleId": "risk-threshold"' toolrisk.sarif || fail "no risk-threshold result in the SARIF"
"$bin" infer --format table memory-server.json >table.txt || fail "infer"
grep -Eq '^read_graph +read +low' table.txt || fail "read_graph is not a low-risk read: $(cat table.txt)"
grep -Eq '^create_entities +mutate +medium' table.txt || fail "create_entities is not a medium mutate"
echo "inspector pipeline: $(grep -c '"name"' memory-server.json) names in the dump, checks passed"
