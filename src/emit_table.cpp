#include <algorithm>
#include <string>
#include <vector>

#include "printable.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

void print_rows(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
  std::vector<std::size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()));
    for (std::size_t i = 0; i + 1 < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      out << row[i];
      if (i + 1 < row.size()) out << std::string(width[i] - row[i].size() + 2, ' ');
    }
    out << '\n';
  }
}

}  // namespace

void emit_table(const std::vector<DocumentResult>& results, std::ostream& out) {
  std::vector<std::vector<std::string>> rows{{"TOOL", "CATEGORY", "RISK", "BLAST", "APPROVAL", "WHY"}};
  const bool several = results.size() > 1;
  for (const auto& r : results) {
    for (std::size_t i = 0; i < r.assessments.size(); ++i) {
      const Assessment& a = r.assessments[i];
      const std::string name = several ? r.document.file + ": " + r.document.tools[i].name : r.document.tools[i].name;
      rows.push_back({printable(name), std::string(to_string(a.fields.category)), std::string(to_string(a.fields.risk_level)),
                      std::string(to_string(a.fields.blast_radius)), std::string(to_string(a.fields.approval)), printable(explain(a))});
    }
  }
  print_rows(rows, out);
}

void emit_rule_list(const RuleBase& rules, std::ostream& out) {
  std::vector<std::vector<std::string>> rows{{"ID", "KIND", "WHERE", "WHY"}};
  for (const Rule& r : rules.rules()) {
    rows.push_back({r.id, std::string(to_string(r.kind)), r.file + ":" + std::to_string(r.line), r.why});
  }
  print_rows(rows, out);
}

}  // namespace toolrisk
