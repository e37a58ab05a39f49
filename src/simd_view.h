// The fast reader's side of json_view.h: a view of a simdjson DOM element, and the parsed
// form a Document keeps when the fast reader loaded it. Included only by the loader and the
// JSON emitter, so the rest of the code never sees simdjson.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "json_view.h"

namespace toolrisk {

class SimdView {
 public:
  SimdView() = default;
  explicit SimdView(simdjson::dom::element e) : e_(e) {}

  bool is_object() const { return e_.type() == simdjson::dom::element_type::OBJECT; }
  bool is_array() const { return e_.type() == simdjson::dom::element_type::ARRAY; }
  bool is_string() const { return e_.type() == simdjson::dom::element_type::STRING; }
  bool is_null() const { return e_.type() == simdjson::dom::element_type::NULL_VALUE; }
  bool is_boolean() const { return e_.type() == simdjson::dom::element_type::BOOL; }
  bool is_number_integer() const {
    return e_.type() == simdjson::dom::element_type::INT64 || e_.type() == simdjson::dom::element_type::UINT64;
  }
  const char* type_name() const {  // nlohmann's names, so messages read the same
    switch (e_.type()) {
      case simdjson::dom::element_type::ARRAY: return "array";
      case simdjson::dom::element_type::OBJECT: return "object";
      case simdjson::dom::element_type::STRING: return "string";
      case simdjson::dom::element_type::BOOL: return "boolean";
      case simdjson::dom::element_type::NULL_VALUE: return "null";
      default: return "number";
    }
  }

  // Keys are unique here: the fast reader refuses documents with a repeated key.
  std::optional<SimdView> find(std::string_view key) const {
    if (!is_object()) return std::nullopt;
    simdjson::dom::element found;
    if (object().at_key(key).get(found) != simdjson::SUCCESS) return std::nullopt;
    return SimdView(found);
  }
  bool contains(std::string_view key) const { return find(key).has_value(); }

  std::size_t size() const {
    if (is_array()) return array().size();
    if (is_object()) return object().size();
    return 1;
  }
  template <class F>
  void each(F&& f) const {
    for (simdjson::dom::element v : array()) f(SimdView(v));
  }
  template <class F>
  void members(F&& f) const {
    for (simdjson::dom::key_value_pair kv : object()) f(kv.key, SimdView(kv.value));
  }

  std::string_view str() const { return get<std::string_view>(); }
  bool boolean() const { return get<bool>(); }
  long long integer() const {
    if (e_.type() == simdjson::dom::element_type::UINT64) return static_cast<long long>(get<std::uint64_t>());
    return get<std::int64_t>();
  }
  bool is_number() const {
    const auto t = e_.type();
    return t == simdjson::dom::element_type::INT64 || t == simdjson::dom::element_type::UINT64 ||
           t == simdjson::dom::element_type::DOUBLE;
  }
  JsonNumber number() const {
    switch (e_.type()) {
      case simdjson::dom::element_type::INT64: return {JsonNumber::kSigned, get<std::int64_t>(), 0, 0};
      case simdjson::dom::element_type::UINT64: return {JsonNumber::kUnsigned, 0, get<std::uint64_t>(), 0};
      default: return {JsonNumber::kDouble, 0, 0, get<double>()};
    }
  }
  std::string dump() const;  // compact, in nlohmann's format (json_writer.cpp)

  simdjson::dom::element element() const { return e_; }
  // Callers check the type first; a wrong one gives the type's empty value, never a crash.
  simdjson::dom::array array() const { return get<simdjson::dom::array>(); }
  simdjson::dom::object object() const { return get<simdjson::dom::object>(); }

 private:
  template <class T>
  T get() const {
    T out{};
    if (e_.get<T>().get(out) != simdjson::SUCCESS) return T{};
    return out;
  }

 public:

 private:
  simdjson::dom::element e_;
};

// A document as the fast reader left it: the parser owns the DOM the elements point into.
// A parser is reused by the next document on the same thread once this one is gone (a stream
// of small lines then allocates nothing per line), unless it grew large.
struct SimdForm {
  SimdForm();
  ~SimdForm();
  SimdForm(const SimdForm&) = delete;
  SimdForm& operator=(const SimdForm&) = delete;
  std::unique_ptr<simdjson::dom::parser> parser;
  simdjson::dom::element root;
  std::vector<simdjson::dom::element> tools;  // parallel to Document::tools
};

}  // namespace toolrisk
