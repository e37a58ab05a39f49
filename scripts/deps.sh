#!/usr/bin/env bash
# Installs the Debian packages toolrisk builds and tests with, when any is missing.
# Sourced by scripts/example and scripts/test; safe to run again (it installs nothing twice).
set -euo pipefail
packages=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libre2-dev libyaml-cpp-dev libgtest-dev)
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
