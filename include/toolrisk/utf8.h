#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace toolrisk {

// The length (2 to 4) of the valid UTF-8 sequence that starts `text` with a byte >= 0x80, or 0
// when it is not one (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text);

// Byte offset of the first byte that is not valid UTF-8 (overlong forms, surrogates and
// code points past U+10FFFF are invalid), or nullopt when all of `text` is valid.
std::optional<std::size_t> find_invalid_utf8(std::string_view text);

// Characters (code points) in valid UTF-8 `text`.
std::size_t utf8_length(std::string_view text);

// Byte offset where the `chars` characters of `text` that end at byte offset `end` begin
// (0 when there are fewer).
std::size_t utf8_back(std::string_view text, std::size_t end, std::size_t chars);

// The character that starts at text[pos] (which must be inside `text`): its code point in *c and
// its length in bytes in *n; false when no valid UTF-8 sequence starts there.
bool utf8_decode(std::string_view text, std::size_t pos, char32_t* c, std::size_t* n);

// True when `text` has a byte outside ASCII.
bool has_non_ascii(std::string_view text);

// Whether code points `lo` to `hi` (past ASCII) all lie in one block without letter case, which
// case folding (RE2's, Unicode's) maps only to itself: general punctuation, arrows and technical
// symbols, CJK symbols and punctuation, kana, CJK ideographs, Hangul syllables, full-width
// punctuation and digits (not full-width letters, which have case). A pattern searched ignoring
// case finds such a character only as written.
bool has_no_case(char32_t lo, char32_t hi);
inline bool has_no_case(char32_t c) { return has_no_case(c, c); }
// True when every character of valid UTF-8 `text` past ASCII has no case (has_no_case).
bool non_ascii_has_no_case(std::string_view text);
// Where the first byte of 0x80 or above stands at or after `from`; text.size() when none does.
std::size_t next_non_ascii(std::string_view text, std::size_t from = 0);

}  // namespace toolrisk
