#!/usr/bin/env bash
# Configures and builds into build/ (the binary is build/toolrisk). Extra CMake arguments come
# from TOOLRISK_CMAKE_ARGS, e.g. TOOLRISK_CMAKE_ARGS="-DTOOLRISK_WERROR=ON".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
# shellcheck disable=SC2086
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo ${TOOLRISK_CMAKE_ARGS:-} >/dev/null
cmake --build build -j"$(nproc)"
