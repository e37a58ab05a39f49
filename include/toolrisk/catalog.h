// Operator catalogues: reviewed, fixed values for tools, matched by server and tool name
// globs. A catalogue decides over what a server declares and what inference shows, and can
// classify a tool that inference could not. docs/catalog.md describes the file formats.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/diagnostic.h"
#include "toolrisk/engine.h"

namespace toolrisk {

// The reason that marks an entry nobody has reviewed yet (written by `catalog init` for
// tools inference could not classify). Such an entry decides nothing.
inline constexpr const char* kUnreviewed = "unreviewed";

struct CatalogEntry {
  std::string file;
  std::size_t line = 0;
  std::string server = "*";  // glob over the server's names
  std::string tool;          // glob over the tool's name
  std::string reason;
  PartialRiskAnnotations fields;  // what the entry fixes

  bool reviewed() const { return reason != kUnreviewed; }
  bool matches(const std::vector<std::string>& server_names, const std::string& tool_name) const;
  std::string where() const { return file + ":" + std::to_string(line); }
};

struct Catalog {
  std::vector<CatalogEntry> entries;  // in file order, files in the order given
};

// Parses one catalogue file: toolrisk's own format (`entries:`), or a KARAI-style
// `tool_policies.yaml` (per tool min_level, risk_level, category, destructive,
// approval_escalation). Every error comes back at once, with file and line.
Expected<Catalog> parse_catalog(const std::string& file, const std::string& text);

// Applies every matching entry, in order (a later entry overrides the fields an earlier one
// set). Reviewed entries set fields, evidence and sources, and classify the tool; an unreviewed
// one is only recorded in `assessment.unreviewed_catalog_entry`.
void apply_catalog(const Catalog& catalog, const std::vector<std::string>& server_names,
                   const std::string& tool_name, Assessment& assessment);

}  // namespace toolrisk
