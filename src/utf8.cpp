#include "toolrisk/utf8.h"

#include <algorithm>

#include <cstdint>

namespace toolrisk {

std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07u;
    } else {
      return i;  // continuation byte without a lead, 0xC0/0xC1 (overlong) or 0xF5+
    }
    if (i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0u) != 0x80u) return i;
      cp = (cp << 6) | (s[i + k] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return i;  // overlong
    if (cp >= 0xD800 && cp <= 0xDFFF) return i;                            // surrogate
    if (cp > 0x10FFFF) return i;
    i += len;
  }
  return std::nullopt;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0u) != 0x80u;
  return n;
}

std::size_t utf8_back(std::string_view text, std::size_t end, std::size_t chars) {
  std::size_t at = std::min(end, text.size());
  for (; chars > 0 && at > 0; --chars) {
    --at;
    while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0u) == 0x80u) --at;
  }
  return at;
}

bool has_non_ascii(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

}  // namespace toolrisk
