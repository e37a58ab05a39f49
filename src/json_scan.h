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

// One past the closing quote of the JSON string whose opening quote is at `quote` (a quote
// after an odd run of backslashes is escaped); past text.size() when the string is not closed.
std::size_t string_end(std::string_view text, std::size_t quote);

// 1-based line and column (in characters: UTF-8 code points) of byte `offset`.
LineColumn line_column(std::string_view text, std::size_t offset);

// Top-level values of `text`, or a diagnostic (file left empty) for nesting past `max_depth`
// or an unterminated string. Syntax inside a value is left to the parser.
Expected<std::vector<ValueSpan>> scan_top_level(std::string_view text, std::size_t max_depth);

// 1-based line and column of each of `offsets` (non-decreasing) in one pass over the text.
std::vector<LineColumn> line_columns(std::string_view text, const std::vector<std::size_t>& offsets);

// Byte offset of the value found by following `path` from the value at `value_begin`, or npos.
std::size_t value_offset(std::string_view text, std::size_t value_begin, const std::vector<std::string>& path);

// Byte offsets of the elements of the array found by following `path` (object keys, or
// array indexes in decimal) from the value starting at `value_begin`. Empty when the path
// does not lead to an array. `text` must already be valid JSON within the depth limit.
std::vector<std::size_t> element_offsets(std::string_view text, std::size_t value_begin,
                                         const std::vector<std::string>& path);

}  // namespace toolrisk
