// Evaluates one tool against the rule base: the evidence, and the seven fields it decides.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/rule_base.h"
#include "toolrisk/tool.h"

namespace toolrisk {

enum class EvidenceSource { kName, kDescription, kSchema, kDeclared, kEngine, kCatalog };
std::string_view to_string(EvidenceSource s);

// Who decided a field's final value. Precedence: catalog > declared > inferred; `default` is
// the fail-closed value of a tool nothing classified.
enum class FieldSource { kInferred, kDeclared, kCatalog, kDefault };
std::string_view to_string(FieldSource s);

// The seven SEP field names, in SEP order.
const std::vector<std::string>& sep_field_names();

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
  std::map<std::string, FieldSource> sources;  // per SEP field name: who decided it
  // An operator's catalogue entry that matched but still says `reason: unreviewed`.
  std::string unreviewed_catalog_entry;
};

// The deciding evidence in one line, for people: what set the category, what last raised the
// level, the first conflict; "UNCLASSIFIED: ..." for a tool nothing classified.
std::string explain(const Assessment& a);

// Marks every SEP field as decided by `s`.
void set_sources(Assessment& a, FieldSource s);

// Pure: the same tool and rule base always give the same assessment.
Assessment evaluate_tool(const RuleBase& rules, const Tool& tool);

}  // namespace toolrisk
