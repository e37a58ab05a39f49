#include "json_scan.h"

namespace toolrisk {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_structural(char c) {
  return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' || c == '"';
}

Diagnostic at(std::string_view text, std::size_t offset, std::string message) {
  const LineColumn lc = line_column(text, offset);
  return Diagnostic{"", lc.line, lc.column, "", std::move(message)};
}

}  // namespace

LineColumn line_column(std::string_view text, std::size_t offset) {
  LineColumn lc;
  if (offset > text.size()) offset = text.size();
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++lc.line;
      lc.column = 1;
    } else {
      ++lc.column;
    }
  }
  return lc;
}

Expected<std::vector<ValueSpan>> scan_top_level(std::string_view text, std::size_t max_depth) {
  std::vector<ValueSpan> spans;
  std::size_t i = 0;
  const std::size_t n = text.size();
  // A UTF-8 byte order mark is tolerated at the very start, as editors write one.
  if (n >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < n) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    ValueSpan span{i, i};
    std::size_t depth = 0;
    bool started = false;
    while (i < n) {
      const char c = text[i];
      if (c == '"') {
        const std::size_t open = i++;
        while (i < n && text[i] != '"') {
          if (text[i] == '\\') ++i;
          ++i;
        }
        if (i >= n) return at(text, open, "unterminated string");
        ++i;
      } else if (c == '{' || c == '[') {
        if (++depth > max_depth) {
          return at(text, i, "nesting deeper than " + std::to_string(max_depth) +
                                 " levels (the documented limit)");
        }
        ++i;
      } else if (c == '}' || c == ']') {
        if (depth == 0) return at(text, i, std::string("unexpected '") + c + "'");
        --depth;
        ++i;
      } else if (depth == 0 && started && (is_space(c) || is_structural(c))) {
        break;  // end of a top-level scalar
      } else {
        ++i;
      }
      started = true;
      if (depth == 0 && (c == '}' || c == ']' || c == '"')) break;
    }
    span.end = i;
    spans.push_back(span);
    // A comma between top-level values is not JSON; leave it to the parser to report.
    while (i < n && is_space(text[i])) ++i;
    if (i < n && text[i] == ',') {
      spans.back().end = n;  // hand the rest to the parser, which names the position
      break;
    }
  }
  return spans;
}

}  // namespace toolrisk
