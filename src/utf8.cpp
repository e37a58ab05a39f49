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

bool utf8_decode(std::string_view text, std::size_t pos, char32_t* c, std::size_t* n) {
  const auto b0 = static_cast<unsigned char>(text[pos]);
  if (b0 < 0x80) {
    *c = b0;
    *n = 1;
    return true;
  }
  const std::size_t len = utf8_sequence_length(text.substr(pos));
  if (len == 0) return false;
  char32_t v = b0 & (0x7F >> len);  // the lead byte's payload bits
  for (std::size_t k = 1; k < len; ++k) v = v << 6 | (static_cast<unsigned char>(text[pos + k]) & 0x3F);
  *c = v;
  *n = len;
  return true;
}

namespace {

struct Block {
  char32_t lo, hi;
};
constexpr Block kCaseless[] = {
    {0x2000, 0x20FF}, {0x2190, 0x23FF},  // general punctuation, super- and subscripts, currency; arrows, technical
    {0x3000, 0x30FF},                    // CJK symbols and punctuation, kana
    {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},  // CJK ideographs
    {0xAC00, 0xD7A3},                    // Hangul syllables
    {0xFF01, 0xFF20}, {0xFF3B, 0xFF40}, {0xFF5B, 0xFF65},  // full-width punctuation and digits
};

}  // namespace

bool has_no_case(char32_t lo, char32_t hi) {
  return std::any_of(std::begin(kCaseless), std::end(kCaseless), [&](const Block& b) { return lo >= b.lo && hi <= b.hi; });
}

bool non_ascii_has_no_case(std::string_view text) {
  for (std::size_t i = next_non_ascii(text); i < text.size(); i = next_non_ascii(text, i)) {
    char32_t c = 0;
    std::size_t len = 0;
    if (!utf8_decode(text, i, &c, &len) || !has_no_case(c)) return false;
    i += len;
  }
  return true;
}

}  // namespace toolrisk
