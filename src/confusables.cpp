#include "toolrisk/confusables.h"

#include <algorithm>
#include <array>

#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

struct Mapping {
  char32_t from;
  char to;
};

// Letters of other scripts that render like ASCII letters (after Unicode's confusables list,
// limited to the ones that pass for Latin in tool names).
constexpr Mapping kLookAlikes[] = {
    // Cyrillic lower case
    {0x0430, 'a'}, {0x0435, 'e'}, {0x043E, 'o'}, {0x0440, 'p'}, {0x0441, 'c'}, {0x0443, 'y'},
    {0x0445, 'x'}, {0x0456, 'i'}, {0x0458, 'j'}, {0x0455, 's'}, {0x0501, 'd'}, {0x04CF, 'l'},
    {0x051B, 'q'}, {0x051D, 'w'}, {0x0432, 'b'}, {0x043A, 'k'}, {0x043C, 'm'}, {0x043D, 'h'},
    {0x0442, 't'},
    // Cyrillic upper case
    {0x0410, 'A'}, {0x0412, 'B'}, {0x0415, 'E'}, {0x041A, 'K'}, {0x041C, 'M'}, {0x041D, 'H'},
    {0x041E, 'O'}, {0x0420, 'P'}, {0x0421, 'C'}, {0x0422, 'T'}, {0x0425, 'X'}, {0x0423, 'Y'},
    {0x0406, 'I'}, {0x0408, 'J'}, {0x0405, 'S'},
    // Greek
    {0x03B1, 'a'}, {0x03BF, 'o'}, {0x03B5, 'e'}, {0x03B9, 'i'}, {0x03BA, 'k'}, {0x03BD, 'v'},
    {0x03C1, 'p'}, {0x03C4, 't'}, {0x03C5, 'u'}, {0x0391, 'A'}, {0x0392, 'B'}, {0x0395, 'E'},
    {0x0396, 'Z'}, {0x0397, 'H'}, {0x0399, 'I'}, {0x039A, 'K'}, {0x039C, 'M'}, {0x039D, 'N'},
    {0x039F, 'O'}, {0x03A1, 'P'}, {0x03A4, 'T'}, {0x03A5, 'Y'}, {0x03A7, 'X'},
    // Latin look-alikes outside ASCII
    {0x0131, 'i'}, {0x0261, 'g'}, {0x01C0, 'l'}, {0x2113, 'l'}, {0x017F, 's'}, {0x212A, 'K'},
};

// kLookAlikes ordered by code point, for lookup.
constexpr auto kSortedLookAlikes = [] {
  std::array<Mapping, std::size(kLookAlikes)> sorted{};
  std::copy(std::begin(kLookAlikes), std::end(kLookAlikes), sorted.begin());
  std::sort(sorted.begin(), sorted.end(), [](const Mapping& a, const Mapping& b) { return a.from < b.from; });
  return sorted;
}();

// Characters that render as nothing.
bool is_invisible(char32_t cp) {
  return cp == 0x200B || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF ||
         cp == 0x00AD || cp == 0x180E || cp == 0x2061 || cp == 0x2062 || cp == 0x2063 || cp == 0x2064;
}

}  // namespace

std::string ascii_skeleton(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t run = next_non_ascii(text, i);  // ASCII stays as it is
    out.append(text, i, run - i);
    i = run;
    if (i == text.size()) break;
    // U+3000-U+DFFF (CJK, kana, Hangul: three bytes opening with E3-ED) holds no look-alike and
    // nothing invisible: a text in those scripts is copied as it is, a run at a time.
    std::size_t wide = i;
    while (wide + 3 <= text.size() && static_cast<unsigned char>(text[wide]) >= 0xE3 && static_cast<unsigned char>(text[wide]) <= 0xED) wide += 3;
    if (wide > i) {
      out.append(text, i, wide - i);
      i = wide;
      continue;
    }
    char32_t cp = 0;
    std::size_t len = 0;
    if (!utf8_decode(text, i, &cp, &len)) {  // not UTF-8 (the loader lets none through): kept as it is
      out.push_back(text[i++]);
      continue;
    }
    char mapped = 0;
    if (cp >= 0xFF01 && cp <= 0xFF5E) mapped = static_cast<char>(cp - 0xFF01 + 0x21);  // full width
    // Looked up by halving (a text in Cyrillic, CJK or Hangul asks for every character).
    const auto* at = std::lower_bound(std::begin(kSortedLookAlikes), std::end(kSortedLookAlikes), cp,
                                      [](const Mapping& m, char32_t c) { return m.from < c; });
    if (at != std::end(kSortedLookAlikes) && at->from == cp) mapped = at->to;
    if (mapped) out.push_back(mapped);
    else if (!is_invisible(cp)) out.append(text.substr(i, len));
    i += len;
  }
  return out;
}

bool has_control_character(std::string_view text) {
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) return true;
  }
  return false;
}

}  // namespace toolrisk
