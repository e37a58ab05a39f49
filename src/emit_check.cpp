// `toolrisk check` reports for people (text), programs (json) and pull requests (markdown).
#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "printable.h"
#include "risk_fields_json.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

std::map<RiskLevel, std::size_t> by_level(const CheckReport& r) {
  std::map<RiskLevel, std::size_t> out;
  for (const auto& t : r.tools) ++out[t.fields.risk_level];
  return out;
}

std::size_t server_count(const CheckReport& r) {
  std::vector<std::string> files;
  for (const auto& t : r.tools) {
    if (std::find(files.begin(), files.end(), t.file) == files.end()) files.push_back(t.file);
  }
  return files.size();
}

std::string level_counts(const CheckReport& r, const char* separator) {
  const auto counts = by_level(r);
  std::string out;
  for (RiskLevel l : {RiskLevel::kLow, RiskLevel::kMedium, RiskLevel::kHigh, RiskLevel::kCritical}) {
    auto it = counts.find(l);
    out += (out.empty() ? "" : separator) + std::to_string(it == counts.end() ? 0 : it->second) + " " +
           std::string(to_string(l));
  }
  return out;
}

std::string where(const Finding& f) {
  std::string out = f.file;
  if (f.line > 0) {  // appended piece by piece: GCC 12 at -O3 warns falsely on ":" + to_string(...)
    out += ':';
    out += std::to_string(f.line);
    out += ':';
    out += std::to_string(f.column);
  }
  return out;
}

// Markdown from server text: every ASCII punctuation character escaped (CommonMark allows
// it), so a tool name cannot open a link, a tag or a table cell; line breaks become spaces.
std::string md_text(std::string_view s) {
  std::string out;
  for (char c : printable(s)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x80 && std::ispunct(u)) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

void emit_check_text(const CheckReport& r, std::ostream& out) {
  out << "toolrisk check: " << plural(server_count(r), "server") << ", " << plural(r.tools.size(), "tool") << ": "
      << level_counts(r, ", ") << '\n';
  if (!r.failed()) {
    out << "passed: no finding reaches the policy\n";
    return;
  }
  std::map<std::string, std::size_t> per_rule;
  for (const auto& f : r.findings) ++per_rule[f.rule];
  std::string summary;
  for (const auto& [rule, n] : per_rule) summary += (summary.empty() ? "" : ", ") + std::to_string(n) + " " + rule;
  out << "FAILED: " << plural(r.findings.size(), "finding") << " (" << summary << ")\n\n";
  for (const auto& f : r.findings) {
    out << where(f) << ": " << f.rule << ": " << printable(f.server) << "/" << printable(f.tool) << ": "
        << printable(f.message) << '\n';
    for (const auto& e : f.evidence) out << "    " << printable(e) << '\n';
  }
}

void emit_check_json(const CheckReport& r, std::ostream& out) {
  json counts = json::object();
  const auto levels = by_level(r);
  for (RiskLevel l : {RiskLevel::kLow, RiskLevel::kMedium, RiskLevel::kHigh, RiskLevel::kCritical}) {
    auto it = levels.find(l);
    counts[std::string(to_string(l))] = it == levels.end() ? 0 : it->second;
  }
  json doc{{"failed", r.failed()},
           {"summary", {{"servers", server_count(r)}, {"tools", r.tools.size()}, {"findings", r.findings.size()},
                        {"riskLevel", std::move(counts)}}},
           {"findings", json::array()},
           {"tools", json::array()}};
  for (const auto& f : r.findings) {
    doc["findings"].push_back(json{{"rule", f.rule}, {"file", f.file}, {"line", f.line}, {"column", f.column},
                                   {"server", f.server}, {"tool", f.tool}, {"message", f.message}, {"evidence", f.evidence}});
  }
  for (const auto& t : r.tools) {
    json fields = json::object();
    put_risk_fields(t.fields, fields);
    doc["tools"].push_back(json{{"file", t.file}, {"line", t.line}, {"server", t.server}, {"tool", t.tool},
                                {"classified", t.classified}, {"annotations", std::move(fields)}, {"why", t.why}});
  }
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

void emit_check_markdown(const CheckReport& r, std::ostream& out) {
  out << "## toolrisk: " << (r.failed() ? "check failed, " + plural(r.findings.size(), "finding") : std::string("check passed"))
      << "\n\n"
      << plural(r.tools.size(), "tool") << " in " << plural(server_count(r), "server") << ": " << level_counts(r, " · ")
      << " risk.\n";
  if (r.failed()) {
    out << "\n### Findings\n\n| rule | server | tool | what |\n|---|---|---|---|\n";
    for (const auto& f : r.findings) {
      out << "| `" << f.rule << "` | " << md_text(f.server) << " | " << md_text(f.tool) << " | " << md_text(f.message)
          << " |\n";
    }
  }
  std::vector<const CheckedTool*> approval;
  for (const auto& t : r.tools) {
    if (t.fields.approval != Approval::kNone) approval.push_back(&t);
  }
  std::stable_sort(approval.begin(), approval.end(), [](const CheckedTool* a, const CheckedTool* b) {
    return a->fields.risk_level > b->fields.risk_level;
  });
  out << "\n### Tools that need approval (" << approval.size() << " of " << r.tools.size() << ")\n\n";
  if (approval.empty()) {
    out << "None: every tool is low risk and may be auto-approved.\n";
    return;
  }
  out << "| server | tool | risk | approval | min trust | category | blast radius | why |\n"
         "|---|---|---|---|---|---|---|---|\n";
  for (const CheckedTool* t : approval) {
    const RiskAnnotations& f = t->fields;
    out << "| " << md_text(t->server) << " | " << md_text(t->tool) << " | **" << to_string(f.risk_level) << "** | "
        << to_string(f.approval) << " | " << f.min_trust_level << " | " << to_string(f.category) << " | "
        << to_string(f.blast_radius) << " | " << md_text(t->why) << " |\n";
  }
}

}  // namespace toolrisk
