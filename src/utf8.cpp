#include "toolrisk/utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace toolrisk {

std::size_t utf8_sequence_length(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const unsigned char c = s[0];
  std::size_t len = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;       // overlong
    else if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;       // overlong
    else if (c == 0xF4) hi = 0x8F;  // past U+10FFFF
  } else {
    return 0;  // a continuation byte without a lead, 0xC0/0xC1 (overlong) or 0xF5+
  }
  if (text.size() < len || s[1] < lo || s[1] > hi) return 0;
  for (std::size_t k = 2; k < len; ++k) {
    if ((s[k] & 0xC0u) != 0x80u) return 0;
  }
  return len;
}

std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = utf8_sequence_length(text.substr(i));
    if (len == 0) return i;
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

std::size_t next_non_ascii(std::string_view text, std::size_t from) {
  std::size_t i = from;
  for (; i + 8 <= text.size(); i += 8) {  // eight bytes at a time
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    if ((word & 0x8080808080808080ull) != 0) break;
  }
  for (; i < text.size(); ++i) {
    if (static_cast<unsigned char>(text[i]) >= 0x80) return i;
  }
  return text.size();
}

bool has_non_ascii(std::string_view text) { return next_non_ascii(text) < text.size(); }

bool has_no_case(char32_t c) {
  return (c >= 0x2000 && c <= 0x20FF) || (c >= 0x2190 && c <= 0x23FF) ||  // punctuation, arrows, technical
         (c >= 0x3000 && c <= 0x30FF) ||                                    // CJK symbols and punctuation, kana
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||  // CJK ideographs
         (c >= 0xAC00 && c <= 0xD7A3) ||                                    // Hangul syllables
         (c >= 0xFF01 && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) ||  // full-width punctuation, digits
         (c >= 0xFF5B && c <= 0xFF65);
}

bool non_ascii_has_no_case(std::string_view text) {
  for (std::size_t i = next_non_ascii(text); i < text.size(); i = next_non_ascii(text, i)) {
    const std::size_t len = utf8_sequence_length(text.substr(i));
    if (len == 0) return false;
    const auto b0 = static_cast<unsigned char>(text[i]);
    char32_t c = b0 & (0x7F >> len);  // the lead byte's payload bits
    for (std::size_t k = 1; k < len; ++k) c = c << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    if (!has_no_case(c)) return false;
    i += len;
  }
  return true;
}

}  // namespace toolrisk
