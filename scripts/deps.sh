#!/usr/bin/env bash
# Installs what toolrisk builds with (and, with --test, what its test suite runs with), when
# any of it is missing. Run by scripts/build.sh and scripts/test; safe to run again (it
# installs nothing twice).
set -euo pipefail
packages=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libre2-dev libyaml-cpp-dev libgtest-dev libcpp-httplib-dev libjemalloc-dev)
if [ "${1:-}" = "--test" ]; then
  # python3-jsonschema: the independent JSON Schema validator the conformance tests check
  # the schemas with.
  packages+=(python3 python3-jsonschema)
  # Node.js and npm, for the npm packages the tests run (tests/node/package.json), unless the
  # machine already has a node of its own.
  command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
fi
bash "$(dirname "$0")/install-missing.sh" "${packages[@]}"

if [ "${1:-}" = "--test" ]; then
  # Microsoft's SARIF validator, pinned by tests/node/package-lock.json; installed again only
  # when the lock file changed.
  here="$(cd "$(dirname "$0")/.." && pwd)"
  node_dir="$here/tests/node"
  if [ ! -f "$node_dir/node_modules/.package-lock.json" ] ||
     [ "$node_dir/package-lock.json" -nt "$node_dir/node_modules/.package-lock.json" ]; then
    echo "toolrisk: installing the test suite's npm packages (tests/node)" >&2
    (cd "$node_dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
  # npm does not run the package's install script (it only sets the executable bit).
  chmod u+x "$node_dir"/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool 2>/dev/null || true
fi
