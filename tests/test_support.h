// Helpers shared by the tests.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "toolrisk/engine.h"
#include "toolrisk/rule_base.h"
#include "toolrisk/rule_examples.h"

namespace toolrisk::testing {

inline const RuleBase& builtin_rules() {
  static const std::shared_ptr<const RuleBase> rules = [] {
    auto r = load_rule_base({});
    if (!r) {
      std::string all;
      for (const auto& e : r.errors()) all += format(e) + "\n";
      throw std::runtime_error("built-in rules do not load:\n" + all);
    }
    return r.value();
  }();
  return *rules;
}

// A tool as rule examples write it: params "name", "name:type", "name=a|b", "...#description".
inline Tool make_tool(const std::string& name, const std::string& description = "",
                      std::vector<std::string> params = {}) {
  RuleExample ex;
  ex.name = name;
  ex.description = description;
  ex.params = std::move(params);
  return example_tool(ex);
}

inline Assessment assess(const std::string& name, const std::string& description = "",
                         std::vector<std::string> params = {}) {
  return evaluate_tool(builtin_rules(), make_tool(name, description, std::move(params)));
}

inline std::string source_path(const std::string& relative) {
  return std::string(TOOLRISK_SOURCE_DIR) + "/" + relative;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline bool has_evidence(const Assessment& a, const std::string& field, const std::string& rule) {
  for (const auto& e : a.evidence) {
    if (e.field == field && e.rule == rule) return true;
  }
  return false;
}

// The rule entry (without the file header) of a small verb rule used by several tests.
inline std::string frob_rule_entry(const std::string& match = "frob_widget", const std::string& no_match = "get_widget") {
  return "  - id: verb.test.frob\n"
         "    why: Frobbing changes things.\n"
         "    words: [frob]\n"
         "    category: mutate\n"
         "    examples:\n"
         "      match: [" + match + "]\n"
         "      no_match: [" + no_match + "]\n";
}

inline std::string frob_rule_file(const std::string& match = "frob_widget", const std::string& no_match = "get_widget") {
  return "kind: verb\nrules:\n" + frob_rule_entry(match, no_match);
}

// A gtest-safe name for a parameterised test ("verb.read.get" -> verb_read_get).
inline std::string param_name(const ::testing::TestParamInfo<std::string>& param_info) {
  std::string name = param_info.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

}  // namespace toolrisk::testing
