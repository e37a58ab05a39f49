#include "toolrisk/rule_examples.h"

#include <algorithm>

#include "toolrisk/engine.h"

namespace toolrisk {

// Params are written "name", "name:type" ("name:array<string>" for an array of strings),
// "name=value1|value2" (an enum), each optionally
// followed by "#description"; a dotted name ("actions.type") is a nested property.
Tool example_tool(const RuleExample& example) {
  Tool t;
  t.name = example.name;
  t.description = example.description;
  t.schema_present = true;
  for (const auto& spec : example.params) {
    SchemaProperty p;
    std::string rest = spec;
    if (auto hash = rest.find('#'); hash != std::string::npos) {
      p.description = rest.substr(hash + 1);
      rest = rest.substr(0, hash);
    }
    if (auto eq = rest.find('='); eq != std::string::npos) {
      std::string values = rest.substr(eq + 1);
      rest = rest.substr(0, eq);
      std::size_t start = 0;
      while (start <= values.size()) {
        const auto bar = values.find('|', start);
        p.enum_values.push_back(values.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (bar == std::string::npos) break;
        start = bar + 1;
      }
      p.type = "string";
    }
    if (auto colon = rest.find(':'); colon != std::string::npos) {
      p.type = rest.substr(colon + 1);
      rest = rest.substr(0, colon);
      // "array<string>": an array of strings
      if (p.type.starts_with("array<") && p.type.ends_with('>')) {
        p.items_types = json_type_bits(std::string_view(p.type).substr(6, p.type.size() - 7));
        p.type = "array";
      }
    }
    p.path = rest;
    p.name = rest.substr(rest.rfind('.') + 1);
    t.properties.push_back(std::move(p));
  }
  return t;
}

std::vector<ExampleFailure> check_rule_examples(const RuleBase& rules) {
  std::vector<ExampleFailure> failures;
  for (const Rule& r : rules.rules()) {
    for (const RuleExample& ex : r.examples) {
      const Assessment a = evaluate_tool(rules, example_tool(ex));
      const bool fired = std::find(a.matched_rules.begin(), a.matched_rules.end(), r.id) != a.matched_rules.end();
      if (fired == ex.should_match) continue;
      std::string shown = ex.name;
      if (!ex.description.empty()) shown += " \"" + ex.description + "\"";
      for (const auto& p : ex.params) shown += " [" + p + "]";
      failures.push_back({r.id, r.file, ex.line, shown,
                          ex.should_match ? "expected the rule to match, it did not"
                                          : "expected the rule not to match, it did"});
    }
  }
  return failures;
}

}  // namespace toolrisk
