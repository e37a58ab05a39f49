// Emitters: pure functions from results to a stream. Output is deterministic.
#pragma once

#include <ostream>
#include <vector>

#include "toolrisk/pipeline.h"

namespace toolrisk {

inline constexpr const char* kInferenceMetaKey = "dev.toolrisk/inference";

// The input document in its own shape, each tool's annotations extended with the seven
// fields and its _meta with the evidence. `pretty` indents by two spaces.
void emit_json(const DocumentResult& result, std::ostream& out, bool pretty);

// One line per tool: {"file": ..., "location": ..., "tool": {annotated tool}}.
void emit_ndjson(const DocumentResult& result, std::ostream& out);

// A table for people: tool, category, riskLevel, blastRadius, approval, why.
void emit_table(const std::vector<DocumentResult>& results, std::ostream& out);

// The rule list for `toolrisk rules`.
void emit_rule_list(const RuleBase& rules, std::ostream& out);

}  // namespace toolrisk
