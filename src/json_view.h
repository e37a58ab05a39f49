// A read-only view of one JSON value, the interface the loader's templates read through, so
// that one piece of code builds the Tool model from either JSON library: NlohmannView here
// (the reference reader), FastView in fast_view.h (the fast reader). Both give the same
// answers for the same text; tests/fast_path_test.cpp holds them to it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace toolrisk {

// A number as the parser held it: nlohmann and the fast reader both keep integers that fit as
// integers and the rest as doubles.
struct JsonNumber {
  enum Kind { kSigned, kUnsigned, kDouble } kind = kSigned;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
};

class NlohmannView {
 public:
  using json = nlohmann::ordered_json;
  NlohmannView() = default;
  explicit NlohmannView(const json& j) : j_(&j) {}

  bool is_object() const { return j_->is_object(); }
  bool is_array() const { return j_->is_array(); }
  bool is_string() const { return j_->is_string(); }
  bool is_null() const { return j_->is_null(); }
  bool is_boolean() const { return j_->is_boolean(); }
  bool is_number_integer() const { return j_->is_number_integer(); }
  const char* type_name() const { return j_->type_name(); }

  // The member `key` of an object (the last one, as nlohmann keeps it); none otherwise.
  std::optional<NlohmannView> find(std::string_view key) const {
    if (!j_->is_object()) return std::nullopt;
    auto it = j_->find(std::string(key));
    if (it == j_->end()) return std::nullopt;
    return NlohmannView(*it);
  }
  bool contains(std::string_view key) const { return find(key).has_value(); }

  std::size_t size() const { return j_->size(); }
  template <class F>
  void each(F&& f) const {  // array elements in order
    for (const auto& v : *j_) f(NlohmannView(v));
  }
  template <class F>
  void members(F&& f) const {  // object members in order
    for (const auto& [k, v] : j_->items()) f(std::string_view(k), NlohmannView(v));
  }

  std::string_view str() const { return j_->get_ref<const std::string&>(); }
  bool boolean() const { return j_->get<bool>(); }
  long long integer() const { return j_->get<long long>(); }
  bool is_number() const { return j_->is_number(); }
  JsonNumber number() const {
    if (j_->is_number_unsigned()) return {JsonNumber::kUnsigned, 0, j_->get<std::uint64_t>(), 0};
    if (j_->is_number_integer()) return {JsonNumber::kSigned, j_->get<std::int64_t>(), 0, 0};
    return {JsonNumber::kDouble, 0, 0, j_->get<double>()};
  }
  std::string dump() const { return j_->dump(-1, ' ', false, json::error_handler_t::replace); }

  const json& value() const { return *j_; }

 private:
  const json* j_ = nullptr;
};

}  // namespace toolrisk
