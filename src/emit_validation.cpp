// `toolrisk validate` reports: one line per finding for people, or one JSON document.
#include <nlohmann/json.hpp>

#include "printable.h"
#include "risk_fields_json.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {
using json = nlohmann::ordered_json;
}  // namespace

void emit_validation_text(const std::vector<ValidationReport>& reports, std::ostream& out) {
  std::size_t tools = 0, errors = 0, warnings = 0;
  for (const auto& r : reports) {
    tools += r.tools.size();
    errors += r.count(Severity::kError);
    warnings += r.count(Severity::kWarning);
    for (const auto& f : r.findings) {
      out << r.file << ": " << f.path << ": " << to_string(f.severity) << " [" << f.id << "] ";
      if (!f.tool.empty()) out << "tool `" << printable(f.tool) << "`: ";
      out << printable(f.message) << '\n';
    }
  }
  out << plural(reports.size(), "file") << ", " << plural(tools, "tool") << ": " << plural(errors, "error")
      << ", " << plural(warnings, "warning") << '\n';
}

void emit_validation_json(const std::vector<ValidationReport>& reports, std::ostream& out) {
  json doc{{"files", json::array()}, {"errors", 0}, {"warnings", 0}};
  std::size_t errors = 0, warnings = 0;
  for (const auto& r : reports) {
    json file{{"file", r.file}, {"tools", json::array()}, {"findings", json::array()}};
    for (const auto& t : r.tools) {
      json effective = json::object();
      put_risk_fields(t.fields, effective);
      file["tools"].push_back(json{{"name", t.tool}, {"location", t.location}, {"effective", std::move(effective)},
                                   {"defaulted", t.defaulted}});
    }
    for (const auto& f : r.findings) {
      file["findings"].push_back(json{{"severity", std::string(to_string(f.severity))}, {"id", f.id},
                                      {"tool", f.tool}, {"path", f.path}, {"message", f.message}});
    }
    errors += r.count(Severity::kError);
    warnings += r.count(Severity::kWarning);
    doc["files"].push_back(std::move(file));
  }
  doc["errors"] = errors;
  doc["warnings"] = warnings;
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace toolrisk
