#include "json_writer.h"

#include <algorithm>
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

// The buffer starts small: a writer is made for each tool of an NDJSON stream, and for each
// enum or default value quoted in evidence.
constexpr std::size_t kFirstCapacity = 1024;

JsonWriter::JsonWriter(std::ostream& out, int indent)
    : out_(&out), indent_(indent), buf_(new char[kFirstCapacity]), capacity_(kFirstCapacity) {}

JsonWriter::JsonWriter(std::string& text, int indent)
    : text_(&text), indent_(indent), buf_(new char[kFirstCapacity]), capacity_(kFirstCapacity) {}

JsonWriter::~JsonWriter() { flush(); }

void JsonWriter::flush() {
  if (size_ == 0) return;
  if (out_) {
    out_->write(buf_.get(), static_cast<std::streamsize>(size_));
  } else {
    text_->append(buf_.get(), size_);
  }
  size_ = 0;
}

void JsonWriter::grow(std::size_t n) {
  const std::size_t capacity = std::max(capacity_ * 2, size_ + n);
  std::unique_ptr<char[]> bigger(new char[capacity]);
  if (size_ > 0) std::memcpy(bigger.get(), buf_.get(), size_);
  buf_ = std::move(bigger);
  capacity_ = capacity;
}

void JsonWriter::newline() {
  put('\n');
  maybe_flush();
}

void JsonWriter::indent_to(std::size_t level) {
  const std::size_t spaces = level * static_cast<std::size_t>(indent_);
  char* p = room(1 + spaces);
  *p = '\n';
  std::memset(p + 1, ' ', spaces);
  size_ += 1 + spaces;
}

// Array elements are separated here; object members in key().
void JsonWriter::before_value() {
  if (stack_.empty() || !stack_.back().array) return;
  Level& l = stack_.back();
  if (l.count++ > 0) put(',');
  if (indent_ >= 0) indent_to(stack_.size());
}

void JsonWriter::open(char c, bool array) {
  before_value();
  put(c);
  stack_.push_back(Level{array, 0});
}

void JsonWriter::close(char c) {
  const bool any = stack_.back().count > 0;
  stack_.pop_back();
  if (any && indent_ >= 0) indent_to(stack_.size());
  put(c);
  maybe_flush();
}

void JsonWriter::begin_object() { open('{', false); }
void JsonWriter::end_object() { close('}'); }
void JsonWriter::begin_array() { open('[', true); }
void JsonWriter::end_array() { close(']'); }

void JsonWriter::next_member() {
  Level& l = stack_.back();
  if (l.count++ > 0) put(',');
  if (indent_ >= 0) indent_to(stack_.size());
}

void JsonWriter::key(std::string_view k) {
  next_member();
  string(k);
  end_key();
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

// Escapes a piece of at most kPiece bytes into room for its worst case (every byte \u00XX), so
// that nothing is checked byte by byte; a longer text goes piece by piece.
void JsonWriter::escape(std::string_view s, bool* ascii) {
  static constexpr char kHex[] = "0123456789abcdef";
  char* const begin = room(6 * s.size());
  char* p = begin;
  std::size_t run = 0;
  std::size_t i = 0;
  while ((i = next_special(s, i)) < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {  // UTF-8 is copied as it is
      *ascii = false;
      ++i;
      continue;
    }
    std::memcpy(p, s.data() + run, i - run);
    p += i - run;
    run = ++i;
    p[0] = '\\';
    switch (c) {
      case '"': p[1] = '"'; break;
      case '\\': p[1] = '\\'; break;
      case '\b': p[1] = 'b'; break;
      case '\f': p[1] = 'f'; break;
      case '\n': p[1] = 'n'; break;
      case '\r': p[1] = 'r'; break;
      case '\t': p[1] = 't'; break;
      default:
        std::memcpy(p + 1, "u00", 3);
        p[4] = kHex[c >> 4];
        p[5] = kHex[c & 0xF];
        p += 4;
    }
    p += 2;
  }
  std::memcpy(p, s.data() + run, s.size() - run);
  p += s.size() - run;
  size_ += static_cast<std::size_t>(p - begin);
}

void JsonWriter::string(std::string_view s) {
  before_value();
  const std::size_t start = size_;
  put('"');
  bool ascii = true;
  constexpr std::size_t kPiece = 4096;
  for (std::size_t at = 0; at < s.size(); at += kPiece) escape(s.substr(at, kPiece), &ascii);
  put('"');
  // Bytes that are not valid UTF-8 (never in parsed input; possible in text cut from it)
  // are left to nlohmann's own replacement, so the output stays the same.
  if (!ascii && find_invalid_utf8(s)) {
    size_ = start;
    put(nlohmann::ordered_json(std::string(s)).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  }
}

void JsonWriter::boolean(bool b) {
  before_value();
  put(b ? std::string_view("true") : std::string_view("false"));
}

void JsonWriter::null() {
  before_value();
  put(std::string_view("null"));
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
        put(std::string_view("null"));
        return;
      }
      end = nlohmann::detail::to_chars(tmp, tmp + sizeof tmp, n.d);  // what dump() uses
      break;
  }
  put(std::string_view(tmp, static_cast<std::size_t>(end - tmp)));
}

std::string FastView::dump() const { return compact_text(*this); }

}  // namespace toolrisk
