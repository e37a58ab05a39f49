// The fast reader's side of json_view.h: a view of one node of a FastJson (fast_json.h), and
// the parsed form a Document keeps when the fast reader loaded it. Included only by the loader
// and the JSON emitter.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fast_json.h"
#include "json_view.h"

namespace toolrisk {

class FastView {
 public:
  using Type = FastJson::Type;
  FastView() = default;
  FastView(const FastJson& json, std::uint32_t index) : json_(&json), index_(index) {}

  bool is_object() const { return type() == Type::kObject; }
  bool is_array() const { return type() == Type::kArray; }
  bool is_string() const { return type() == Type::kString; }
  bool is_null() const { return type() == Type::kNull; }
  bool is_boolean() const { return type() == Type::kTrue || type() == Type::kFalse; }
  bool is_number_integer() const { return type() == Type::kSigned || type() == Type::kUnsigned; }
  bool is_number() const { return is_number_integer() || type() == Type::kDouble; }
  const char* type_name() const {  // nlohmann's names, so messages read the same
    switch (type()) {
      case Type::kArray: return "array";
      case Type::kObject: return "object";
      case Type::kString: return "string";
      case Type::kTrue:
      case Type::kFalse: return "boolean";
      case Type::kNull: return "null";
      default: return "number";
    }
  }

  // Keys are unique here: the fast reader refuses documents with a repeated key.
  std::optional<FastView> find(std::string_view key) const {
    if (!is_object()) return std::nullopt;
    std::optional<FastView> found;
    members_until([&](std::string_view k, std::uint32_t v) {
      if (k != key) return false;
      found = FastView(*json_, v);
      return true;
    });
    return found;
  }
  bool contains(std::string_view key) const { return find(key).has_value(); }

  std::size_t size() const {
    if (is_array() || is_object()) return static_cast<std::size_t>(node().count);
    return 1;
  }
  template <class F>
  void each(F&& f) const {  // array elements in order
    if (!is_array()) return;
    std::uint32_t i = index_ + 1;
    for (std::uint64_t n = 0; n < node().count; ++n, i = json_->after(i)) f(FastView(*json_, i));
  }
  template <class F>
  void members(F&& f) const {  // object members in order
    if (!is_object()) return;
    members_until([&](std::string_view k, std::uint32_t v) {
      f(k, FastView(*json_, v));
      return false;
    });
  }

  // Object members in order, each key as a view of its string (which says whether it is plain).
  template <class F>
  void keyed_members(F&& f) const {
    if (!is_object()) return;
    members_until([&](std::string_view, std::uint32_t v) {
      f(FastView(*json_, v - 1), FastView(*json_, v));
      return false;
    });
  }
  // A string read without an escape: its bytes are their own JSON text (FastJson::Node::plain).
  bool plain() const { return is_string() && node().plain; }

  // Callers check the type first; a wrong one gives the type's empty value, never a crash.
  std::string_view str() const { return is_string() ? std::string_view(node().str, node().aux) : std::string_view(); }
  bool boolean() const { return type() == Type::kTrue; }
  long long integer() const {
    if (type() == Type::kSigned) return node().i;
    if (type() == Type::kUnsigned) return static_cast<long long>(node().u);
    return 0;
  }
  JsonNumber number() const {
    switch (type()) {
      case Type::kSigned: return {JsonNumber::kSigned, node().i, 0, 0};
      case Type::kUnsigned: return {JsonNumber::kUnsigned, 0, node().u, 0};
      case Type::kDouble: return {JsonNumber::kDouble, 0, 0, node().d};
      default: return {};
    }
  }
  std::string dump() const;  // compact, in nlohmann's format (json_writer.cpp)

  std::uint32_t index() const { return index_; }

 private:
  const FastJson::Node& node() const { return json_->node(index_); }
  Type type() const { return json_ ? node().type : Type::kNull; }

  // Calls f(key, index of its value) for each member until f returns true.
  template <class F>
  void members_until(F&& f) const {
    std::uint32_t k = index_ + 1;
    for (std::uint64_t n = 0; n < node().count; ++n) {
      const FastJson::Node& key = json_->node(k);
      if (f(std::string_view(key.str, key.aux), k + 1)) return;
      k = json_->after(k + 1);
    }
  }

  const FastJson* json_ = nullptr;
  std::uint32_t index_ = 0;
};

// A document as the fast reader left it. A parser is reused by the next document on the same
// thread once this one is gone (a stream of small lines then allocates nothing per line),
// unless it grew large.
struct FastForm {
  FastForm();
  ~FastForm();
  FastForm(const FastForm&) = delete;
  FastForm& operator=(const FastForm&) = delete;
  std::unique_ptr<FastJson> parser;
  std::size_t values() const { return parser->roots().size(); }
  FastView root(std::size_t v) const { return FastView(*parser, parser->roots()[v]); }
  std::vector<std::uint32_t> tools;  // parallel to Document::tools: each tool's node
};

}  // namespace toolrisk
