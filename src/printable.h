// Text from servers (tool names, descriptions, messages quoting them) on its way to a
// terminal: a control character (an ANSI escape, say) must not reach it as one.
#pragma once

#include <string>
#include <string_view>

namespace toolrisk {

// Control characters become \xHH; everything else is kept.
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

}  // namespace toolrisk
