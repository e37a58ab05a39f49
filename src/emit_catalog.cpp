// `toolrisk catalog init`: a catalogue written from the current inference, for an operator to
// review and commit. Strings are written double-quoted with JSON escapes (valid YAML), so no
// server-chosen name can break the file or smuggle in a key.
#include <nlohmann/json.hpp>

#include "toolrisk/catalog.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
}

}  // namespace

void emit_catalog(const std::vector<DocumentResult>& results, std::ostream& out) {
  out << "# toolrisk catalogue, written by `toolrisk catalog init` from the current inference.\n"
         "# Review each entry: correct any value that is wrong, and say in `reason` why the values\n"
         "# are right. Entries that say `reason: unreviewed` are tools toolrisk could not classify:\n"
         "# they carry the fail-closed values and fail `toolrisk check` until an operator edits them.\n"
         "# Later entries override earlier ones; `tool` and `server` take * and ? wildcards.\n"
         "version: 1\n"
         "entries:\n";
  for (const auto& r : results) {
    const std::string& server = server_name(r.document);
    for (std::size_t i = 0; i < r.assessments.size(); ++i) {
      const Assessment& a = r.assessments[i];
      const RiskAnnotations& f = a.fields;
      const std::string reason = a.classified ? "inferred by toolrisk: " + explain(a) : std::string(kUnreviewed);
      std::string effects;
      for (const auto& e : f.side_effects) effects += (effects.empty() ? "" : ", ") + quoted(e);
      out << "  - server: " << quoted(server) << "\n"
          << "    tool: " << quoted(r.document.tools[i].name) << "\n"
          << "    reason: " << quoted(reason) << "\n"
          << "    riskLevel: " << to_string(f.risk_level) << "\n"
          << "    category: " << to_string(f.category) << "\n"
          << "    blastRadius: " << to_string(f.blast_radius) << "\n"
          << "    reversibility: " << to_string(f.reversibility) << "\n"
          << "    sideEffects: [" << effects << "]\n"
          << "    approvalRecommendation: " << to_string(f.approval) << "\n"
          << "    minTrustLevel: " << f.min_trust_level << "\n";
    }
  }
}

}  // namespace toolrisk
