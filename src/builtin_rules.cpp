// The rule base a run uses: the built-in rules (compiled from rules/*.yaml when toolrisk was
// built), then the user's override files (YAML, read now).
#include <algorithm>
#include <map>
#include <set>

#include "rule_blob.h"
#include "toolrisk/embedded_rules.h"
#include "toolrisk/rule_base.h"

namespace toolrisk {

Expected<std::shared_ptr<const RuleBase>> load_rule_base(const std::vector<RuleSource>& overrides, bool with_examples) {
  auto base = deserialize_rules(embedded_rule_blob(), with_examples);  // rules/*.yaml, read at build time
  if (!base) return base.errors();
  auto extra = parse_rule_files(overrides);
  if (!extra) return extra.errors();

  std::vector<Rule> rules = std::move(base.value());
  std::vector<Diagnostic> errors;
  std::map<std::string, std::size_t> by_id;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    if (!by_id.emplace(rules[i].id, i).second) {
      errors.push_back({rules[i].file, rules[i].line, 0, rules[i].id, "duplicate rule id `" + rules[i].id + "`"});
    }
  }
  std::set<std::string> seen_override;
  for (auto& r : extra.value()) {
    if (!seen_override.insert(r.id).second) {
      errors.push_back({r.file, r.line, 0, r.id, "rule id `" + r.id + "` is given twice in the override files"});
      continue;
    }
    auto it = by_id.find(r.id);
    if (it != by_id.end()) {
      if (rules[it->second].kind != r.kind && !r.disabled) {
        errors.push_back({r.file, r.line, 0, r.id,
                          "rule `" + r.id + "` overrides a " + std::string(to_string(rules[it->second].kind)) +
                              " rule with a " + std::string(to_string(r.kind)) + " rule"});
        continue;
      }
      rules[it->second] = std::move(r);
    } else if (r.disabled) {
      errors.push_back({r.file, r.line, 0, r.id, "`disabled` names rule `" + r.id + "`, which does not exist"});
    } else {
      by_id.emplace(r.id, rules.size());
      rules.push_back(std::move(r));
    }
  }
  if (!errors.empty()) return errors;
  rules.erase(std::remove_if(rules.begin(), rules.end(), [](const Rule& r) { return r.disabled; }), rules.end());
  return RuleBase::compile(std::move(rules));
}

}  // namespace toolrisk
