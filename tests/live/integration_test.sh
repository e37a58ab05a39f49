#!/usr/bin/env bash
# toolrisk against live servers, end to end through the CLI: the fake server over Streamable
# HTTP (JSON and SSE answers, sessions, DELETE, hostile modes), and real servers from npm
# (pinned in tests/node): memory, filesystem and everything over stdio, everything over
# Streamable HTTP; their tool lists classified as the rubric says; dump, check and scan.
# Usage: integration_test.sh path/to/toolrisk SOURCE_DIR
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
node_dir=$src/tests/node
py=$(command -v /usr/bin/python3 || command -v python3)
tmp=$(mktemp -d)
# The servers this run starts are named by paths in its own folder, so that the check at the end
# for a server that outlived toolrisk sees this run's servers only, not those of another run of
# the suite on the same machine: the fake server is copied there, the memory server linked.
cp "$src/tests/live/fake_mcp_server.py" "$tmp/fake_mcp_server.py"
fake=$tmp/fake_mcp_server.py
ln -s "$node_dir/node_modules/@modelcontextprotocol/server-memory/dist" "$tmp/memory-dist"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"; }
trap cleanup EXIT
passed=0 failed=0

check() {  # check NAME EXPECTED_EXIT CMD...
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL: $name: exit $got, expected $want"; sed 's/^/    /' "$tmp/err" | head -5; fi
}
expect() {  # expect NAME FILE PATTERN
  if grep -qE -- "$3" "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1: no /$3/ in $2"; head -5 "$2"; fi
}
free_port() { "$py" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() {  # wait_port PORT: until something listens (10 s at most)
  for _ in $(seq 100); do "$py" -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
start_fake_http() {  # start_fake_http PORT ARGS...
  local port=$1
  shift
  "$py" "$fake" --http "$port" "$@" >/dev/null 2>&1 &
  pids+=($!)
  wait_port "$port" || { echo "FAIL: the fake HTTP server did not start"; failed=$((failed + 1)); }
}

[ -d "$node_dir/node_modules/@modelcontextprotocol/server-everything" ] || { echo "FAIL: npm packages missing: run scripts/deps.sh --test"; exit 1; }

# --- Streamable HTTP against the fake server -------------------------------------------
for answer in json sse; do
  port=$(free_port)
  extra=()
  [ "$answer" = sse ] && extra=(--sse)
  start_fake_http "$port" "${extra[@]}" --log "$tmp/http-$answer.log"
  check "http $answer: infer" 0 "$bin" infer --format table --url "http://127.0.0.1:$port/mcp" -H 'Authorization: Bearer test-token'
  expect "http $answer: tools" "$tmp/out" '^delete_namespace +destroy +critical'
  expect "http $answer: accept header" "$tmp/http-$answer.log" '^POST initialize session=None version=None accept=application/json, text/event-stream$'
  expect "http $answer: session and version kept" "$tmp/http-$answer.log" '^POST tools/list session=[0-9a-f-]{36} version=2025-11-25 '
  expect "http $answer: session ended" "$tmp/http-$answer.log" '^DELETE session=[0-9a-f-]{36}$'
done
port=$(free_port); start_fake_http "$port" --mode stateless
check "http stateless (2026-07-28)" 0 "$bin" dump --url "http://127.0.0.1:$port/mcp"
expect "http stateless version" "$tmp/out" '"protocolVersion": "2026-07-28"'
port=$(free_port); start_fake_http "$port" --mode rpc-error
check "http JSON-RPC error" 2 "$bin" infer --url "http://127.0.0.1:$port/mcp"
expect "http JSON-RPC error message" "$tmp/err" "tools/list page 1: error -32603: backend unavailable"
for answer in json sse; do
  extra=(); [ "$answer" = sse ] && extra=(--sse)
  port=$(free_port); start_fake_http "$port" --mode repeated-key "${extra[@]}"
  check "http $answer: a repeated key is refused" 2 "$bin" infer --url "http://127.0.0.1:$port/mcp"
  expect "http $answer: repeated key message" "$tmp/err" 'tools/list page 1: .*the key "name" appears twice in one object'
done
port=$(free_port); start_fake_http "$port" --mode hang
check "http timeout" 2 "$bin" infer --timeout 1 --url "http://127.0.0.1:$port/mcp"
expect "http timeout message" "$tmp/err" "http://127.0.0.1:$port/mcp: initialize: no answer within 1 s \\(--timeout\\)"
check "http nobody listening" 2 "$bin" infer --url "http://127.0.0.1:$(free_port)/mcp"
expect "http nobody listening message" "$tmp/err" "initialize: cannot connect to the server"
check "bad header" 2 "$bin" infer --url "http://127.0.0.1:1/mcp" -H 'no colon here'
expect "bad header message" "$tmp/err" "is not 'Name: value'"

# --- stdio through the CLI ---------------------------------------------------------------
check "stdio without a command" 2 "$bin" infer --stdio
expect "stdio usage" "$tmp/err" 'needs the server.s command after --'
check "stdio server error is exit 2" 2 "$bin" infer --stdio -- "$py" "$fake" --mode garbage-exit
expect "what the server said on stdout is quoted" "$tmp/err" "on stdout it wrote 'Error: FAKE_API_KEY is not set'"
check "log lines on stdout are read past" 0 "$bin" infer --format ndjson --stdio -- "$py" "$fake" --mode garbage
expect "and reported" "$tmp/err" "^toolrisk: warning: stdio: .*wrote 3 lines to stdout that are not JSON-RPC"
check "--verbose shows the server's stderr" 0 "$bin" infer --verbose --format table --stdio -- "$py" "$fake" --mode stderr-noise
expect "server stderr shown" "$tmp/err" '^debug: got a line of'
check "--server-log" 0 "$bin" infer --server-log "$tmp/server.log" --stdio -- "$py" "$fake" --mode stderr-noise
expect "server log written" "$tmp/server.log" '^debug: got a line of'

# --- real servers from npm ------------------------------------------------------------------
cd "$node_dir" || exit 1
mem=(node "$tmp/memory-dist/index.js")
fs=(node node_modules/@modelcontextprotocol/server-filesystem/dist/index.js "$tmp")
every=(node node_modules/@modelcontextprotocol/server-everything/dist/index.js)

check "memory over stdio" 0 "$bin" infer --format table --stdio -- "${mem[@]}"
expect "memory: create_entities is a medium mutate" "$tmp/out" '^create_entities +mutate +medium'
expect "memory: delete_entities is a delete" "$tmp/out" '^delete_entities +delete +high'
expect "memory: read_graph is a low read" "$tmp/out" '^read_graph +read +low'

check "filesystem over stdio" 0 "$bin" infer --format table --stdio -- "${fs[@]}"
expect "filesystem: write_file is a mutate" "$tmp/out" '^write_file +mutate '
expect "filesystem: read_text_file is a low read" "$tmp/out" '^read_text_file +read +low'
expect "filesystem: list_directory lists a namespace" "$tmp/out" '^list_directory +read +low +namespace'
expect "filesystem: move_file is a mutate" "$tmp/out" '^move_file +mutate '

check "everything over stdio" 0 "$bin" infer --format table --stdio -- "${every[@]}" stdio
expect "everything: echo is a utility" "$tmp/out" '^echo +utility +low'
expect "everything: get-sum is a read" "$tmp/out" '^get-sum +read +low'
cp "$tmp/out" "$tmp/everything-stdio.txt"

port=$(free_port)
PORT=$port "${every[@]}" streamableHttp >"$tmp/everything-http.log" 2>&1 &
pids+=($!)
if wait_port "$port"; then
  check "everything over Streamable HTTP" 0 "$bin" infer --format table --url "http://127.0.0.1:$port/mcp"
  if diff -q "$tmp/out" "$tmp/everything-stdio.txt" >/dev/null; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL: everything lists different tools over HTTP and stdio"; diff "$tmp/out" "$tmp/everything-stdio.txt" | head; fi
  expect "everything: the session was ended with DELETE" "$tmp/everything-http.log" 'session termination request'
else
  failed=$((failed + 1)); echo "FAIL: server-everything did not listen on $port"; tail -5 "$tmp/everything-http.log"
fi

# dump pins a live server; check and lock read the pin; a later live check compares with it.
check "dump" 0 "$bin" dump --stdio -o "$tmp/memory.json" -- "${mem[@]}"
check "lock the pin" 0 "$bin" lock "$tmp/memory.json" -o "$tmp/memory.lock.json"
check "live check against the pin" 0 "$bin" check --baseline "$tmp/memory.lock.json" --stdio -- "${mem[@]}"
check "live check, fail on high" 1 "$bin" check --fail-on high --stdio -- "${mem[@]}"
expect "live finding" "$tmp/out" 'risk-threshold: memory-server/delete_entities'

# scan: every server of a config; a broken one is reported and the others still run.
cat >"$tmp/claude_desktop_config.json" <<JSON
{"mcpServers": {
  "memory": {"command": "node", "args": ["$tmp/memory-dist/index.js"]},
  "missing": {"command": "toolrisk-no-such-server"},
  "filesystem": {"command": "node", "args": ["$node_dir/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", "\${env:TOOLRISK_SCAN_DIR}"]}
}}
JSON
TOOLRISK_SCAN_DIR=$tmp check "scan with one broken server" 2 "$bin" scan --config "$tmp/claude_desktop_config.json"
expect "scan: memory listed" "$tmp/out" '^== memory \(stdio: node .*\): 9 tools, protocol 2025-11-25$'
expect "scan: missing reported" "$tmp/out" '^== missing \(stdio: toolrisk-no-such-server\): FAILED: start: cannot start'
expect "scan: filesystem still listed" "$tmp/out" '^== filesystem \(stdio: node .*\): 14 tools'
expect "scan: error on stderr" "$tmp/err" "server .missing.: start: cannot start"
mkdir -p "$tmp/ws/.vscode"
printf '{"servers": {"mem": {"type": "stdio", "command": "node", "args": ["%s"]}}}' \
  "$tmp/memory-dist/index.js" >"$tmp/ws/.vscode/mcp.json"
check "scan a VS Code config" 0 "$bin" scan --config "$tmp/ws/.vscode/mcp.json" --format json
expect "scan json" "$tmp/out" '"status": "ok"'

sleep 0.3
if pgrep -f "$tmp/[f]ake_mcp_server.py --mode (garbage|garbage-exit|stderr-noise)" >/dev/null || pgrep -f "$tmp/[m]emory-dist/index.js" >/dev/null; then
  failed=$((failed + 1)); echo "FAIL: a stdio server outlived toolrisk"
else
  passed=$((passed + 1))
fi
echo "live integration: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
