# Compiler flags of every build: warnings (through an INTERFACE target; -Werror only when asked,
# CI, never forced on users), the fuzz and sanitizer builds, and debug information.
add_library(toolrisk_warnings INTERFACE)
target_compile_options(toolrisk_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
  -Wno-sign-conversion)
if(TOOLRISK_WERROR)
  target_compile_options(toolrisk_warnings INTERFACE -Werror)
endif()
if(TOOLRISK_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TOOLRISK_FUZZ needs clang: CC=clang CXX=clang++ cmake ...")
  endif()
  # Everything is instrumented for coverage and checked by ASan and UBSan; the fuzz targets
  # link libFuzzer's main.
  # Line tables are all a crash report needs (file and line of each frame), at a tenth less
  # compile time than full debug information.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(-fsanitize=address,undefined)
endif()
if(TOOLRISK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  # Not position-independent: the dynamic loader relocated the sanitized binaries (170 MB, most
  # of it instrumentation) at every start, 0.3 s of toolrisk --version, half of it the
  # relocation; the CLI tests start them hundreds of times.
  add_link_options(-fsanitize=address,undefined -no-pie)
endif()
# -DTOOLRISK_DEBUG_INFO=OFF: no debug information in any build type (CI: a third less compile
# time for the -O2 build); the code generated is the same.
if(NOT TOOLRISK_DEBUG_INFO)
  add_compile_options(-g0)
endif()
