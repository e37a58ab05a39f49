// The top-level API, called by the CLI and the tests: load -> evaluate -> reconcile.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "toolrisk/catalog.h"
#include "toolrisk/engine.h"
#include "toolrisk/loader.h"
#include "toolrisk/reconcile.h"
#include "toolrisk/rule_base.h"

namespace toolrisk {

struct DocumentResult {
  Document document;
  std::vector<Assessment> assessments;  // one per document.tools entry, same order
};

// Evaluates every tool of `document`, reconciles it with its declared annotations, then
// applies the operator's catalogue (when given), which decides over both.
DocumentResult infer_document(const RuleBase& rules, Document document, DeclaredMode mode,
                              const Catalog* catalog = nullptr);

// Reads rule override files (*.yaml, sorted by name) from a folder.
Expected<std::vector<RuleSource>> read_rule_folder(const std::string& dir);

}  // namespace toolrisk
