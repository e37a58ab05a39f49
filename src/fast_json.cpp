#include "fast_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

constexpr std::size_t kSlack = 16;  // the string copy writes 16 bytes at a time

using Node = FastJson::Node;
using Type = FastJson::Type;

class Parser {
 public:
  Parser(std::string_view text, std::size_t max_depth, std::vector<Node>& nodes, char* strings)
      : p_(text.data()), end_(text.data() + text.size()), max_depth_(max_depth), nodes_(nodes), out_(strings) {}

  // One value, or several with a newline between each two (NDJSON).
  bool document(std::vector<std::uint32_t>& roots, std::vector<ValueSpan>& spans) {
    const char* const begin = p_;
    if (end_ - p_ >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) p_ += 3;
    skip_space();
    for (;;) {
      roots.push_back(static_cast<std::uint32_t>(nodes_.size()));
      const char* const start = p_;
      if (!value(0)) return false;
      spans.push_back(ValueSpan{static_cast<std::size_t>(start - begin), static_cast<std::size_t>(p_ - begin)});
      const char* const after = p_;
      skip_space();
      if (p_ == end_) return true;
      if (std::memchr(after, '\n', static_cast<std::size_t>(p_ - after)) == nullptr) return false;
    }
  }

 private:
  void skip_space() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  Node& push(Type type) {
    nodes_.emplace_back();
    Node& n = nodes_.back();
    n.u = 0;
    n.aux = 0;
    n.type = type;
    n.plain = false;
    return n;
  }

  bool literal(const char* word, std::size_t len, Type type) {
    if (static_cast<std::size_t>(end_ - p_) < len || std::memcmp(p_, word, len) != 0) return false;
    p_ += len;
    push(type);
    return true;
  }

  bool value(std::size_t depth) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': {
        const char* s = nullptr;
        std::uint32_t len = 0;
        bool plain = true;
        if (!string(s, len, plain)) return false;
        Node& n = push(Type::kString);
        n.str = s;
        n.aux = len;
        n.plain = plain;
        return true;
      }
      case 't': return literal("true", 4, Type::kTrue);
      case 'f': return literal("false", 5, Type::kFalse);
      case 'n': return literal("null", 4, Type::kNull);
      default: return number();
    }
  }

  bool array(std::size_t depth) {
    return container(depth, Type::kArray, ']', [this](std::size_t inner) { return value(inner); });
  }

  bool object(std::size_t depth) {
    return container(depth, Type::kObject, '}', [this](std::size_t inner) {
      if (p_ == end_ || *p_ != '"') return false;
      if (!value(inner)) return false;  // the key: a string node
      skip_space();
      if (p_ == end_ || *p_ != ':') return false;
      ++p_;
      skip_space();
      return value(inner);
    });
  }

  // An array or an object: `item` reads one element or member; the container's node gets
  // their count and the index where the whole value ends.
  template <class Item>
  bool container(std::size_t depth, Type type, char close, Item item) {
    if (depth + 1 > max_depth_) return false;
    const std::size_t at = nodes_.size();
    push(type);
    ++p_;
    skip_space();
    std::uint64_t count = 0;
    if (p_ < end_ && *p_ == close) {
      ++p_;
    } else {
      for (;;) {
        if (!item(depth + 1)) return false;
        ++count;
        skip_space();
        if (p_ == end_) return false;
        if (*p_ == ',') {
          ++p_;
          skip_space();
          continue;
        }
        if (*p_ != close) return false;
        ++p_;
        break;
      }
    }
    nodes_[at].count = count;
    nodes_[at].aux = static_cast<std::uint32_t>(nodes_.size());
    return type == Type::kArray || unique_keys(at);
  }

  bool unique_keys(std::size_t at) {
    const std::uint64_t count = nodes_[at].count;
    if (count < 2) return true;
    keys_.clear();
    auto k = static_cast<std::uint32_t>(at + 1);
    for (std::uint64_t m = 0; m < count; ++m) {
      keys_.emplace_back(nodes_[k].str, nodes_[k].aux);
      k = FastJson::after(nodes_[k + 1], k + 1);  // past the member's value
    }
    if (keys_.size() <= 8) {
      for (std::size_t a = 0; a < keys_.size(); ++a) {
        for (std::size_t b = a + 1; b < keys_.size(); ++b) {
          if (keys_[a] == keys_[b]) return false;
        }
      }
      return true;
    }
    std::sort(keys_.begin(), keys_.end());
    return std::adjacent_find(keys_.begin(), keys_.end()) == keys_.end();
  }

  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool hex4(std::uint32_t& out) {
    if (end_ - p_ < 4) return false;
    out = 0;
    for (int k = 0; k < 4; ++k) {
      const int h = hex(p_[k]);
      if (h < 0) return false;
      out = (out << 4) | static_cast<std::uint32_t>(h);
    }
    p_ += 4;
    return true;
  }

  void put_code_point(std::uint32_t cp) {
    if (cp < 0x80) {
      *out_++ = static_cast<char>(cp);
    } else if (cp < 0x800) {
      *out_++ = static_cast<char>(0xC0 | (cp >> 6));
      *out_++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      *out_++ = static_cast<char>(0xE0 | (cp >> 12));
      *out_++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      *out_++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      *out_++ = static_cast<char>(0xF0 | (cp >> 18));
      *out_++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      *out_++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      *out_++ = static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // After a backslash. An escape never writes more bytes than it reads (\uXXXX: at most three
  // for six; a surrogate pair: four for twelve), so the copy stays within the text's length.
  bool escape() {
    if (p_ == end_) return false;
    const char c = *p_++;
    switch (c) {
      case '"': *out_++ = '"'; return true;
      case '\\': *out_++ = '\\'; return true;
      case '/': *out_++ = '/'; return true;
      case 'b': *out_++ = '\b'; return true;
      case 'f': *out_++ = '\f'; return true;
      case 'n': *out_++ = '\n'; return true;
      case 'r': *out_++ = '\r'; return true;
      case 't': *out_++ = '\t'; return true;
      case 'u': break;
      default: return false;
    }
    std::uint32_t cp = 0;
    if (!hex4(cp)) return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF) return false;  // a low surrogate alone
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      std::uint32_t low = 0;
      if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
      p_ += 2;
      if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    put_code_point(cp);
    return true;
  }

  // One UTF-8 sequence starting at a byte >= 0x80, copied; false if it is not valid.
  bool utf8_sequence() {
    const std::size_t len = utf8_sequence_length(std::string_view(p_, static_cast<std::size_t>(end_ - p_)));
    if (len == 0) return false;
    std::memcpy(out_, p_, len);
    out_ += len;
    p_ += len;
    return true;
  }

  // One string, unescaped into the buffer; `plain` is cleared when it had an escape.
  bool string(const char*& start, std::uint32_t& len, bool& plain) {
    ++p_;  // the opening quote
    start = out_;
    for (;;) {
#if defined(__SSE2__)
      // Sixteen bytes at a time up to the first quote, backslash, control character or
      // non-ASCII byte (as a signed byte, anything >= 0x80 is below 0x20 too).
      while (end_ - p_ >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p_));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out_), v);
        const __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
            _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(stop));
        if (mask == 0) {
          p_ += 16;
          out_ += 16;
          continue;
        }
        const int n = __builtin_ctz(mask);
        p_ += n;
        out_ += n;
        break;
      }
#endif
      if (p_ == end_) return false;
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        len = static_cast<std::uint32_t>(out_ - start);
        return true;
      }
      if (c == '\\') {
        ++p_;
        plain = false;
        if (!escape()) return false;
      } else if (c < 0x20) {
        return false;
      } else if (c >= 0x80) {
        if (!utf8_sequence()) return false;
      } else {
        *out_++ = static_cast<char>(c);
        ++p_;
      }
    }
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  bool number() {
    const char* start = p_;
    const bool negative = p_ < end_ && *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_) return false;
    if (*p_ == '0') {
      ++p_;
    } else if (*p_ >= '1' && *p_ <= '9') {
      while (p_ < end_ && digit(*p_)) ++p_;
    } else {
      return false;
    }
    bool integer = true;
    if (p_ < end_ && *p_ == '.') {
      ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ < end_ && digit(*p_)) ++p_;
      integer = false;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ < end_ && digit(*p_)) ++p_;
      integer = false;
    }
    if (integer) {
      if (negative) {
        std::int64_t i = 0;
        if (std::from_chars(start, p_, i).ec == std::errc()) {
          push(Type::kSigned).i = i;
          return true;
        }
      } else {
        std::uint64_t u = 0;
        if (std::from_chars(start, p_, u).ec == std::errc()) {
          push(Type::kUnsigned).u = u;
          return true;
        }
      }
      // An integer too large for 64 bits: a double, as nlohmann reads it.
    }
    double d = 0;
    const auto r = std::from_chars(start, p_, d);
    if (r.ec != std::errc() || r.ptr != p_ || !std::isfinite(d)) return false;
    if (d == 0 && (std::signbit(d) || !zero_text(start, p_))) return false;  // -0.0, or an underflow
    push(Type::kDouble).d = d;
    return true;
  }

  // Whether a number's text says zero (every digit of its significand is 0).
  static bool zero_text(const char* s, const char* e) {
    for (; s < e && *s != 'e' && *s != 'E'; ++s) {
      if (*s >= '1' && *s <= '9') return false;
    }
    return true;
  }

  const char* p_;
  const char* end_;
  std::size_t max_depth_;
  std::vector<Node>& nodes_;
  char* out_;
  std::vector<std::string_view> keys_;
};

}  // namespace

bool FastJson::parse(std::string_view text, std::size_t max_depth) {
  nodes_.clear();
  roots_.clear();
  spans_.clear();
  if (text.empty() || text.size() >= std::numeric_limits<std::uint32_t>::max() / 2) return false;
  if (strings_size_ < text.size() + kSlack) {
    strings_size_ = text.size() + kSlack;
    strings_ = std::make_unique_for_overwrite<char[]>(strings_size_);  // written before read
  }
  nodes_.reserve(std::min<std::size_t>(text.size() / 8 + 16, std::size_t{1} << 20));
  Parser parser(text, max_depth, nodes_, strings_.get());
  if (parser.document(roots_, spans_)) return true;
  nodes_.clear();
  roots_.clear();
  spans_.clear();
  return false;
}

}  // namespace toolrisk
