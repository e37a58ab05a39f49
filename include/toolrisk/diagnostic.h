// Errors as values: the library never throws to its callers and never prints.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace toolrisk {

struct Diagnostic {
  std::string file;
  std::size_t line = 0;    // 1-based; 0 when not known
  std::size_t column = 0;  // 1-based; 0 when not known
  std::string path;        // JSON path or rule id, when that locates it better than a line
  std::string message;
};

// "file:line:col: message", "file: path: message" or "file: message".
std::string format(const Diagnostic& d);

// A value or the diagnostics that prevented it.
template <typename T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Expected(std::vector<Diagnostic> errors) : v_(std::move(errors)) {}  // NOLINT
  Expected(Diagnostic error) : v_(std::vector<Diagnostic>{std::move(error)}) {}  // NOLINT

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<T>(v_); }
  const T& value() const { return std::get<T>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::vector<Diagnostic>& errors() const { return std::get<std::vector<Diagnostic>>(v_); }

 private:
  std::variant<T, std::vector<Diagnostic>> v_;
};

}  // namespace toolrisk
