// Checks annotations against SEP-2793: values of the wrong type or outside their value set
// (errors) and combinations that contradict each other (warnings). Every check has a stable
// id, listed by validation_checks() and documented in docs/tool-risk-metadata.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/diagnostic.h"
#include "toolrisk/loader.h"

namespace toolrisk {

enum class Severity { kError, kWarning };
std::string_view to_string(Severity s);

struct CheckInfo {
  std::string_view id;
  Severity severity;
  std::string_view summary;
};

// Every check the validator makes, errors first.
const std::vector<CheckInfo>& validation_checks();

struct ValidationFinding {
  Severity severity = Severity::kError;
  std::string id;       // a validation_checks() id
  std::string tool;     // the tool's name; empty for a bare annotations document
  std::string path;     // JSON path of the offending value, e.g. tools[2].annotations.minTrustLevel
  std::string message;
};

// What a risk-aware client acts on: the declared values that are valid, and the fail-closed
// default for every field that is missing or invalid (riskLevel critical, category destroy,
// blastRadius global, reversibility none, every known side effect; approval and trust follow
// the effective riskLevel through the rubric's table unless declared).
struct EffectiveAnnotations {
  std::string tool;
  std::string location;
  RiskAnnotations fields;
  std::vector<std::string> defaulted;  // the SEP fields that took a default, in SEP order
};

struct ValidationReport {
  std::string file;
  std::vector<EffectiveAnnotations> tools;
  std::vector<ValidationFinding> findings;
  std::size_t count(Severity s) const;
};

// Every tool of a loaded dump: its `annotations` and its `_meta["dev.toolrisk/risk"]` form.
ValidationReport validate_document(const Document& document);

// One bare ToolAnnotations object (a conformance vector, a catalogue entry): JSON text whose
// single value must be an object. Unreadable JSON is an Expected error, as for dumps.
Expected<ValidationReport> validate_annotations_text(const std::string& file, std::string_view text,
                                                     const LoadLimits& limits = {});

}  // namespace toolrisk
