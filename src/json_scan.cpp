#include "json_scan.h"

#include <algorithm>

namespace toolrisk {
namespace {

// A UTF-8 continuation byte: columns count characters (code points), not bytes.
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_structural(char c) {
  return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' || c == '"';
}

Diagnostic at(std::string_view text, std::size_t offset, std::string message) {
  const LineColumn lc = line_column(text, offset);
  return Diagnostic{"", lc.line, lc.column, "", std::move(message)};
}

std::size_t skip_space(std::string_view text, std::size_t i) {
  while (i < text.size() && is_space(text[i])) ++i;
  return i;
}

// One past the end of the value starting at `i`.
std::size_t skip_value(std::string_view text, std::size_t i) {
  std::size_t depth = 0;
  do {
    const char c = text[i];
    if (c == '"') {
      i = string_end(text, i);
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') --depth;
    else if (depth == 0) {
      while (i < text.size() && !is_space(text[i]) && !is_structural(text[i])) ++i;
      return i;
    }
    ++i;
  } while (depth > 0 && i < text.size());
  return i;
}

// Within the object or array at `i`, the start of the member named `token`, or npos.
std::size_t member(std::string_view text, std::size_t i, const std::string& token) {
  if (i >= text.size()) return std::string_view::npos;
  const bool object = text[i] == '{';
  if (!object && text[i] != '[') return std::string_view::npos;
  std::size_t index = 0, wanted = 0;
  if (!object) {
    for (char c : token) {
      if (c < '0' || c > '9') return std::string_view::npos;
      wanted = wanted * 10 + static_cast<std::size_t>(c - '0');
    }
  }
  i = skip_space(text, i + 1);
  while (i < text.size() && text[i] != '}' && text[i] != ']') {
    bool match = false;
    if (object) {
      const std::size_t key_end = string_end(text, i);
      match = text.substr(i + 1, key_end - i - 2) == token;
      i = skip_space(text, skip_space(text, key_end) + 1);  // past ':'
    } else {
      match = index++ == wanted;
    }
    if (match) return i;
    i = skip_space(text, skip_value(text, i));
    if (i < text.size() && text[i] == ',') i = skip_space(text, i + 1);
  }
  return std::string_view::npos;
}

}  // namespace

std::size_t string_end(std::string_view text, std::size_t quote) {
  // The next quote not escaped: a quote after an odd run of backslashes is escaped.
  for (std::size_t from = quote + 1;;) {
    const std::size_t q = text.find('"', from);  // memchr
    if (q == std::string_view::npos) return text.size() + 1;
    std::size_t backslashes = 0;
    while (q - backslashes > quote + 1 && text[q - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return q + 1;
    from = q + 1;
  }
}

std::size_t value_offset(std::string_view text, std::size_t value_begin, const std::vector<std::string>& path) {
  std::size_t i = skip_space(text, value_begin);
  for (const auto& token : path) {
    i = member(text, i, token);
    if (i == std::string_view::npos) break;
  }
  return i;
}

std::vector<LineColumn> line_columns(std::string_view text, const std::vector<std::size_t>& offsets) {
  std::vector<LineColumn> out;
  out.reserve(offsets.size());
  LineColumn lc;
  std::size_t at = 0;
  for (std::size_t offset : offsets) {
    if (offset < at) {  // not in order: start again
      lc = LineColumn{};
      at = 0;
    }
    offset = std::min(offset, text.size());
    while (at < offset) {
      const std::size_t nl = text.substr(0, offset).find('\n', at);  // memchr
      const std::size_t end = nl == std::string_view::npos ? offset : nl;
      std::size_t characters = 0;
      for (std::size_t k = at; k < end; ++k) characters += !is_continuation(text[k]);
      lc.column += characters;
      if (nl == std::string_view::npos) {
        at = offset;
      } else {
        ++lc.line;
        lc.column = 1;
        at = nl + 1;
      }
    }
    out.push_back(lc);
  }
  return out;
}

std::vector<std::size_t> element_offsets(std::string_view text, std::size_t value_begin,
                                         const std::vector<std::string>& path) {
  std::size_t i = value_offset(text, value_begin, path);
  std::vector<std::size_t> out;
  if (i == std::string_view::npos || i >= text.size() || text[i] != '[') return out;
  i = skip_space(text, i + 1);
  while (i < text.size() && text[i] != ']') {
    out.push_back(i);
    i = skip_space(text, skip_value(text, i));
    if (i < text.size() && text[i] == ',') i = skip_space(text, i + 1);
  }
  return out;
}

LineColumn line_column(std::string_view text, std::size_t offset) { return line_columns(text, {offset}).front(); }

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
