// `toolrisk scan` reports: a section per server (table), or one JSON document.
#include <nlohmann/json.hpp>

#include "annotated_json.h"
#include "printable.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {
using json = nlohmann::ordered_json;
}  // namespace

void emit_scan_table(const std::vector<ScanEntry>& entries, std::ostream& out) {
  bool first = true;
  for (const auto& e : entries) {
    if (!first) out << '\n';
    first = false;
    out << "== " << printable(e.configured.server.name) << " (" << printable(e.display) << ")";
    if (e.configured.disabled) {
      out << ": disabled in the configuration\n";
      continue;
    }
    if (!e.result) {
      out << ": FAILED: " << printable(e.error) << '\n';
      continue;
    }
    out << ": " << e.result->assessments.size() << " tools, protocol " << e.protocol_version << '\n';
    emit_table({*e.result}, out);
  }
}

void emit_scan_json(const std::vector<ScanEntry>& entries, std::ostream& out) {
  json doc{{"servers", json::array()}};
  for (const auto& e : entries) {
    json s{{"name", e.configured.server.name}, {"target", e.display}};
    if (e.configured.disabled) {
      s["status"] = "disabled";
    } else if (!e.result) {
      s["status"] = "failed";
      s["error"] = e.error;
    } else {
      s["status"] = "ok";
      s["protocolVersion"] = e.protocol_version;
      std::vector<json> values = annotated_values(*e.result, RiskForm::kAnnotations);
      s["result"] = values.size() == 1 ? std::move(values.front()) : json(std::move(values));
    }
    doc["servers"].push_back(std::move(s));
  }
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace toolrisk
