// Evaluates one tool against the rule base: the evidence, and the seven fields it decides.
#pragma once

#include <string>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/rule_base.h"
#include "toolrisk/tool.h"

namespace toolrisk {

enum class EvidenceSource { kName, kDescription, kSchema, kDeclared, kEngine };
std::string_view to_string(EvidenceSource s);

struct Evidence {
  std::string field;  // "category", "riskLevel", ... or "flag" for notes
  std::string value;
  std::string rule;   // rule id, or "engine.*" for the engine's own decisions
  EvidenceSource from = EvidenceSource::kEngine;
  std::string match;  // the word, property or text that matched
};

struct Conflict {
  std::string hint;      // "readOnlyHint"
  std::string declared;  // "true"
  std::string inferred;  // "delete"
  std::string message;
};

struct Assessment {
  RiskAnnotations fields;
  bool classified = false;
  std::vector<Evidence> evidence;
  std::vector<Conflict> conflicts;
  std::vector<std::string> flags;  // e.g. "unclassified", "non-ascii-name"
  std::vector<std::string> matched_rules;  // every rule that took part, in rule order
};

// Pure: the same tool and rule base always give the same assessment.
Assessment evaluate_tool(const RuleBase& rules, const Tool& tool);

}  // namespace toolrisk
