// The top-level API, called by the CLI and the tests: load -> evaluate -> reconcile.
#pragma once

#include <functional>
#include <istream>
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

// NDJSON a line at a time: each line (a page, a tool, or a toolrisk --format ndjson line) is
// loaded, inferred and handed to `sink`, then dropped, so memory stays that of one line.
// Names seen on earlier lines are remembered as 64-bit hashes, for duplicate-name flags.
// Stops at the first bad line (its diagnostics name the line) or a failed read; returns the
// tools inferred.
struct StreamOptions {
  DeclaredMode mode = DeclaredMode::kMax;
  const Catalog* catalog = nullptr;
  LoadLimits limits;
};
Expected<std::size_t> infer_stream(FdIstream& in, const std::string& file, const RuleBase& rules,
                                   const StreamOptions& options, const std::function<void(DocumentResult&)>& sink,
                                   std::string first_line = "", std::size_t first_line_number = 1);

// Whether `line` holds exactly one complete JSON value (so its input can be streamed).
bool is_one_json_value(std::string_view line);

// Reads rule override files (*.yaml, sorted by name) from a folder.
Expected<std::vector<RuleSource>> read_rule_folder(const std::string& dir);

}  // namespace toolrisk
