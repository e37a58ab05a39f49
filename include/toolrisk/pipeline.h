// The top-level API, called by the CLI and the tests: load -> evaluate -> reconcile.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "toolrisk/engine.h"
#include "toolrisk/loader.h"
#include "toolrisk/reconcile.h"
#include "toolrisk/rule_base.h"

namespace toolrisk {

struct DocumentResult {
  Document document;
  std::vector<Assessment> assessments;  // one per document.tools entry, same order
};

// Evaluates every tool of `document` and reconciles it with its declared annotations.
DocumentResult infer_document(const RuleBase& rules, Document document, DeclaredMode mode);

// Reads rule override files (*.yaml, sorted by name) from a folder.
Expected<std::vector<RuleSource>> read_rule_folder(const std::string& dir);

}  // namespace toolrisk
