# Warnings through an INTERFACE target; -Werror only when asked (CI), never forced on users.
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
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()
if(TOOLRISK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
