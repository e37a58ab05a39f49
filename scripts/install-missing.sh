#!/usr/bin/env bash
# Installs, with apt-get, those of the Debian packages named that are not installed; does
# nothing when all are. Used by scripts/deps.sh, .ci/run (the fuzzers' clang) and bench/run.sh
# (Google Benchmark, jq, GNU time).
#   scripts/install-missing.sh PACKAGE...
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
echo "toolrisk: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
