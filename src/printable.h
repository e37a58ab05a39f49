// Text for people: server text made safe for a terminal, and counted nouns.
#pragma once

#include <string>
#include <string_view>

namespace toolrisk {

// Server text (tool names, descriptions, messages quoting them) on its way to a terminal: a
// control character (an ANSI escape, say) must not reach it as one. Control characters
// become \xHH; everything else is kept.
inline std::string printable(std::string_view s) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    } else {
      out += c;
    }
  }
  return out;
}

// "1 tool", "2 tools".
inline std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace toolrisk
