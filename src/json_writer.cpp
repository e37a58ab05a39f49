#include "json_writer.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <nlohmann/json.hpp>

#include "fast_view.h"
#include "toolrisk/utf8.h"

namespace toolrisk {

JsonWriter::JsonWriter(std::ostream& out, int indent) : out_(out), indent_(indent) { buf_.reserve(kFlushAt + 4096); }

JsonWriter::~JsonWriter() { flush(); }

void JsonWriter::flush() {
  if (!buf_.empty()) out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
  buf_.clear();
}

void JsonWriter::newline() {
  buf_ += '\n';
  maybe_flush();
}

void JsonWriter::indent_to(std::size_t level) {
  buf_ += '\n';
  buf_.append(level * static_cast<std::size_t>(indent_), ' ');
}

// Array elements are separated here; object members in key().
void JsonWriter::before_value() {
  if (stack_.empty() || !stack_.back().array) return;
  Level& l = stack_.back();
  if (l.count++ > 0) buf_ += ',';
  if (indent_ >= 0) indent_to(stack_.size());
}

void JsonWriter::open(char c, bool array) {
  before_value();
  buf_ += c;
  stack_.push_back(Level{array, 0});
}

void JsonWriter::close(char c) {
  const bool any = stack_.back().count > 0;
  stack_.pop_back();
  if (any && indent_ >= 0) indent_to(stack_.size());
  buf_ += c;
  maybe_flush();
}

void JsonWriter::begin_object() { open('{', false); }
void JsonWriter::end_object() { close('}'); }
void JsonWriter::begin_array() { open('[', true); }
void JsonWriter::end_array() { close(']'); }

void JsonWriter::key(std::string_view k) {
  Level& l = stack_.back();
  if (l.count++ > 0) buf_ += ',';
  if (indent_ >= 0) indent_to(stack_.size());
  string(k);
  buf_ += indent_ >= 0 ? ": " : ":";
}

namespace {

// Whether any of the 8 bytes in `x` needs attention: below 0x20, '"', '\\' or 0x80 and up.
inline bool any_special(std::uint64_t x) {
  constexpr std::uint64_t ones = 0x0101010101010101ull;
  constexpr std::uint64_t highs = 0x8080808080808080ull;
  auto zero_byte = [&](std::uint64_t v) { return (v - ones) & ~v & highs; };
  return ((x | zero_byte(x & 0xE0E0E0E0E0E0E0E0ull)) & highs) != 0 || zero_byte(x ^ (ones * '"')) != 0 ||
         zero_byte(x ^ (ones * '\\')) != 0;
}

// Bytes that need attention: below 0x20, '"', '\\' and 0x80 and up.
constexpr std::array<bool, 256> kSpecial = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
  return t;
}();

// The first byte from `i` on that needs attention, or the end of `s`: sixteen bytes at a time
// with SSE2, then eight at a time.
inline std::size_t next_special(std::string_view s, std::size_t i) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  for (; i + 16 <= s.size(); i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    // Signed: bytes of 0x80 and up are negative, so "below 0x20" catches them too.
    const __m128i special = _mm_or_si128(_mm_cmplt_epi8(x, space),
                                         _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)));
    if (const int mask = _mm_movemask_epi8(special); mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    if (any_special(word)) break;
  }
  for (; i < s.size(); ++i) {
    if (kSpecial[static_cast<unsigned char>(s[i])]) return i;
  }
  return i;
}

}  // namespace

void JsonWriter::string(std::string_view s) {
  before_value();
  const std::size_t start = buf_.size();
  static constexpr char kHex[] = "0123456789abcdef";
  buf_ += '"';
  bool ascii = true;
  std::size_t run = 0;
  std::size_t i = 0;
  while ((i = next_special(s, i)) < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {  // UTF-8 is copied as it is
      ascii = false;
      ++i;
      continue;
    }
    buf_.append(s.data() + run, i - run);
    run = ++i;
    switch (c) {
      case '"': buf_ += "\\\""; break;
      case '\\': buf_ += "\\\\"; break;
      case '\b': buf_ += "\\b"; break;
      case '\f': buf_ += "\\f"; break;
      case '\n': buf_ += "\\n"; break;
      case '\r': buf_ += "\\r"; break;
      case '\t': buf_ += "\\t"; break;
      default:
        buf_ += "\\u00";
        buf_ += kHex[c >> 4];
        buf_ += kHex[c & 0xF];
    }
  }
  buf_.append(s.data() + run, s.size() - run);
  buf_ += '"';
  // Bytes that are not valid UTF-8 (never in parsed input; possible in text cut from it)
  // are left to nlohmann's own replacement, so the output stays the same.
  if (!ascii && find_invalid_utf8(s)) {
    buf_.resize(start);
    buf_ += nlohmann::ordered_json(std::string(s)).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  }
}

void JsonWriter::boolean(bool b) {
  before_value();
  buf_ += b ? "true" : "false";
}

void JsonWriter::null() {
  before_value();
  buf_ += "null";
}

void JsonWriter::number(const JsonNumber& n) {
  before_value();
  char tmp[64];
  char* end = tmp;
  switch (n.kind) {
    case JsonNumber::kSigned: end = std::to_chars(tmp, tmp + sizeof tmp, n.i).ptr; break;
    case JsonNumber::kUnsigned: end = std::to_chars(tmp, tmp + sizeof tmp, n.u).ptr; break;
    case JsonNumber::kDouble:
      if (!std::isfinite(n.d)) {
        buf_ += "null";
        return;
      }
      end = nlohmann::detail::to_chars(tmp, tmp + sizeof tmp, n.d);  // what dump() uses
      break;
  }
  buf_.append(tmp, static_cast<std::size_t>(end - tmp));
}

std::string FastView::dump() const { return compact_text(*this); }

}  // namespace toolrisk
