// Reading hand-written YAML (rules, catalogues, policies): every problem is collected with its
// file, line and column, so a user sees all of them at once. Private to the library.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "toolrisk/diagnostic.h"
#include "json_scan.h"
#include "toolrisk/utf8.h"

namespace toolrisk {

class YamlReader {
 public:
  explicit YamlReader(std::vector<Diagnostic>& errors) : errors_(errors) {}

 protected:
  // Parses `text`; a syntax error is collected and gives nothing.
  std::optional<YAML::Node> load(const std::string& file, const std::string& text) {
    file_ = file;
    if (auto bad = find_invalid_utf8(text)) {
      const LineColumn lc = line_column(text, *bad);
      errors_.push_back(Diagnostic{file_, lc.line, lc.column, "", "invalid UTF-8 at byte offset " + std::to_string(*bad)});
      return std::nullopt;
    }
    try {
      return YAML::Load(text);
    } catch (const YAML::Exception& e) {
      error(e.mark, e.msg);
      return std::nullopt;
    }
  }

  void error(const YAML::Mark& mark, const std::string& message) {
    const bool known = mark.line >= 0;
    errors_.push_back(Diagnostic{file_, known ? static_cast<std::size_t>(mark.line) + 1 : 0,
                                 known ? static_cast<std::size_t>(mark.column) + 1 : 0, context_, message});
  }

  // Reports every key of the mapping `n` not in `allowed` ("unknown key `x` (expected a, b)").
  void only_keys(const YAML::Node& n, const std::set<std::string>& allowed, const std::string& where = "") {
    std::string expected;
    for (const auto& k : allowed) expected += (expected.empty() ? "" : ", ") + k;
    for (const auto& kv : n) {
      const auto key = kv.first.as<std::string>("");
      if (!allowed.count(key)) {
        error(kv.first.Mark(), "unknown key `" + key + "`" + (where.empty() ? "" : " in " + where) + " (expected " + expected + ")");
      }
    }
  }

  std::string scalar(const YAML::Node& n, const std::string& key) {
    if (!n.IsScalar()) {
      error(n.Mark(), "`" + key + "` must be a single value");
      return "";
    }
    return n.Scalar();
  }

  std::vector<std::string> list(const YAML::Node& n, const std::string& key) {
    std::vector<std::string> out;
    if (n.IsScalar()) {
      out.push_back(n.Scalar());
    } else if (n.IsSequence()) {
      for (const auto& item : n) {
        if (item.IsScalar()) out.push_back(item.Scalar());
        else error(item.Mark(), "`" + key + "` entries must be single values");
      }
    } else {
      error(n.Mark(), "`" + key + "` must be a list");
    }
    return out;
  }

  bool boolean(const YAML::Node& n, const std::string& key) {
    const std::string v = scalar(n, key);
    if (v == "true") return true;
    if (v != "false") error(n.Mark(), "`" + key + "` must be true or false");
    return false;
  }

  // An integer from `low` to `high`.
  std::optional<int> integer(const YAML::Node& n, const std::string& key, int low, int high) {
    const std::string v = scalar(n, key);
    int value = 0;
    bool ok = !v.empty() && v.size() <= 9;
    for (char c : v) ok = ok && c >= '0' && c <= '9';
    if (ok) value = std::stoi(v);
    if (!ok || value < low || value > high) {
      error(n.Mark(), "`" + key + "` must be an integer from " + std::to_string(low) + " to " + std::to_string(high) +
                          ", found `" + v + "`");
      return std::nullopt;
    }
    return value;
  }

  template <typename T>
  std::optional<T> enum_value(const YAML::Node& n, const std::string& key,
                              std::optional<T> (*parse_fn)(std::string_view), const char* allowed) {
    const std::string v = scalar(n, key);
    auto parsed = parse_fn(v);
    if (!parsed) error(n.Mark(), "`" + key + "`: unknown value `" + v + "` (expected one of " + allowed + ")");
    return parsed;
  }

  std::vector<Diagnostic>& errors_;
  std::string file_;
  std::string context_;  // what is being read (a rule id), shown as the diagnostic's path
};

}  // namespace toolrisk
