// Emitters: pure functions from results to a stream. Output is deterministic.
#pragma once

#include <ostream>
#include <vector>

#include "toolrisk/check.h"
#include "toolrisk/lock.h"
#include "toolrisk/pipeline.h"
#include "toolrisk/scan.h"
#include "toolrisk/validate.h"

namespace toolrisk {

inline constexpr const char* kInferenceMetaKey = "dev.toolrisk/inference";

// Where the seven fields are written: into `annotations` (the SEP's form), or into
// `_meta["dev.toolrisk/risk"]` (the extension form; `annotations` is left as declared).
enum class RiskForm { kAnnotations, kMeta };

// The input document in its own shape, each tool extended with the seven fields and its
// _meta with the evidence, written straight to `out` (the result is left as it was).
// `pretty` indents by two spaces.
void emit_json(const DocumentResult& result, std::ostream& out, bool pretty, RiskForm form = RiskForm::kAnnotations);

// One line per tool: {"file": ..., "location": ..., "tool": {annotated tool}}.
void emit_ndjson(const DocumentResult& result, std::ostream& out, RiskForm form = RiskForm::kAnnotations);

// A table for people: tool, category, riskLevel, blastRadius, approval, why.
void emit_table(const std::vector<DocumentResult>& results, std::ostream& out);

// `toolrisk validate`: a line per finding and a summary, or one JSON document with every
// finding and each tool's effective values.
void emit_validation_text(const std::vector<ValidationReport>& reports, std::ostream& out);
void emit_validation_json(const std::vector<ValidationReport>& reports, std::ostream& out);

// `toolrisk check` reports: a summary and each finding with its evidence (text); everything
// as one document (json); a pull-request comment with the tools that need approval
// (markdown); SARIF 2.1.0 with each result at the tool's line and column (sarif).
void emit_check_text(const CheckReport& report, std::ostream& out);
void emit_check_json(const CheckReport& report, std::ostream& out);
void emit_check_markdown(const CheckReport& report, std::ostream& out);
void emit_sarif(const CheckReport& report, std::ostream& out, const std::string& toolrisk_version);

// `toolrisk scan`: per server a heading and its table (or why it failed); or one JSON
// document {"servers": [{name, target, status, protocolVersion, result | error}]}.
void emit_scan_table(const std::vector<ScanEntry>& entries, std::ostream& out);
void emit_scan_json(const std::vector<ScanEntry>& entries, std::ostream& out);

// A catalogue (YAML) with one entry per tool from the current inference (`catalog init`).
void emit_catalog(const std::vector<DocumentResult>& results, std::ostream& out);

// A lock file (`toolrisk lock`), JSON with two-space indent.
void emit_lock(const LockFile& lock, std::ostream& out);

// The rule list for `toolrisk rules`.
void emit_rule_list(const RuleBase& rules, std::ostream& out);

}  // namespace toolrisk
