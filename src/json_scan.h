// A pre-pass over JSON text, before any parser sees it: finds where each top-level value
// starts and ends (for NDJSON and concatenated pages) and refuses nesting deeper than the
// limit, so no parser recursion can exhaust the stack.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/diagnostic.h"

namespace toolrisk {

struct ValueSpan {
  std::size_t begin = 0;  // byte offset of the value's first byte
  std::size_t end = 0;    // one past its last byte
};

struct LineColumn {
  std::size_t line = 1;
  std::size_t column = 1;
};

// 1-based line and column (in bytes) of byte `offset`.
LineColumn line_column(std::string_view text, std::size_t offset);

// Top-level values of `text`, or a diagnostic (file left empty) for nesting past `max_depth`
// or an unterminated string. Syntax inside a value is left to the parser.
Expected<std::vector<ValueSpan>> scan_top_level(std::string_view text, std::size_t max_depth);

}  // namespace toolrisk
