// The fast reader: a JSON parser of our own, for the one shape of input that matters for speed
// (a single plain value), into a flat array of nodes. It takes only what nlohmann/json (the
// reference reader) would read to the same value, and says no to everything else, which the
// reference reader then reads and words the errors for:
//   - one value, or several each on a line of its own (NDJSON: whitespace with a newline between
//     them), surrounded by JSON whitespace (a UTF-8 byte order mark first is skipped);
//   - strings of valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF)
//     whose \u escapes pair their surrogates;
//   - numbers as nlohmann holds them: an integer token that fits int64 (negative) or uint64
//     (otherwise) is an integer, any other is a double, read correctly rounded; a double that
//     overflows, underflows to zero or is negative zero is left to the reference reader;
//   - no object with a repeated key (nlohmann keeps the last, a DOM would keep both);
//   - containers nested at most max_depth deep, counted as json_scan counts them.
// Strings are copied (unescaped) into a buffer of the parser's own, so the nodes outlive the
// text they were read from. Replaces simdjson, which Debian ships only as a shared library
// (docs/performance.md: a static toolrisk starts faster).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "json_scan.h"

namespace toolrisk {

class FastJson {
 public:
  enum class Type : std::uint8_t { kNull, kFalse, kTrue, kSigned, kUnsigned, kDouble, kString, kArray, kObject };
  struct Node {
    union {
      const char* str;       // kString: its bytes, in the parser's buffer
      std::int64_t i;        // kSigned
      std::uint64_t u;       // kUnsigned
      double d;              // kDouble
      std::uint64_t count;   // kArray, kObject: elements, or members (each a key node, then its value)
    };
    std::uint32_t aux;       // kString: length; kArray, kObject: index of the node after the whole value
    Type type;
    // kString: read without an escape, so its bytes are their own JSON text (no quote,
    // backslash or control character, and valid UTF-8): a writer copies them as they are.
    bool plain;
  };

  // Parses `text` as described above; false when the fast reader does not take it. The parser's
  // memory is reused by the next parse.
  bool parse(std::string_view text, std::size_t max_depth);
  // The top-level values: each one's node, and where it stands in the text.
  const std::vector<std::uint32_t>& roots() const { return roots_; }
  const std::vector<ValueSpan>& spans() const { return spans_; }

  const Node& node(std::uint32_t i) const { return nodes_[i]; }
  // The index of the node after the value at i (its last descendant's successor).
  std::uint32_t after(std::uint32_t i) const { return after(nodes_[i], i); }
  static std::uint32_t after(const Node& n, std::uint32_t i) {
    return n.type == Type::kArray || n.type == Type::kObject ? n.aux : i + 1;
  }
  // Bytes held, for deciding whether a parser is worth keeping for the next document.
  std::size_t capacity() const { return nodes_.capacity() * sizeof(Node) + strings_size_; }

 private:
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> roots_;
  std::vector<ValueSpan> spans_;
  std::unique_ptr<char[]> strings_;
  std::size_t strings_size_ = 0;
};

}  // namespace toolrisk
