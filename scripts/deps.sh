#!/usr/bin/env bash
# Installs what toolrisk builds with (and, with --test, what its test suite runs with), when
# any of it is missing. Run by scripts/build.sh and scripts/test; safe to run again (it
# installs nothing twice).
set -euo pipefail
packages=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libre2-dev libyaml-cpp-dev libgtest-dev)
if [ "${1:-}" = "--test" ]; then
  # python3-jsonschema: the independent JSON Schema validator the conformance tests check
  # the schemas with.
  packages+=(python3 python3-jsonschema)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "toolrisk: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
