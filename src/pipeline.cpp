#include "toolrisk/pipeline.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace toolrisk {

DocumentResult infer_document(const RuleBase& rules, Document document, DeclaredMode mode, const Catalog* catalog) {
  DocumentResult result;
  result.assessments.reserve(document.tools.size());
  std::map<std::string, std::string> first_location;  // a server must not list one name twice
  for (const Tool& tool : document.tools) {
    Assessment a = evaluate_tool(rules, tool);
    reconcile(tool.declared, mode, a);
    if (catalog) apply_catalog(*catalog, document.server_names, tool.name, a);
    const auto [it, fresh] = first_location.emplace(tool.name, tool.location);
    if (!fresh) a.flags.push_back("duplicate-name: also at " + it->second);
    result.assessments.push_back(std::move(a));
  }
  result.document = std::move(document);
  return result;
}

Expected<std::vector<RuleSource>> read_rule_folder(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Diagnostic{dir, 0, 0, "", "--rules needs a folder of *.yaml rule files"};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") files.push_back(entry.path());
  }
  if (ec) return Diagnostic{dir, 0, 0, "", "cannot list the folder: " + ec.message()};
  std::sort(files.begin(), files.end());
  if (files.empty()) return Diagnostic{dir, 0, 0, "", "no *.yaml rule files in the folder"};
  std::vector<RuleSource> sources;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (!in) return Diagnostic{f.string(), 0, 0, "", "cannot read the rule file"};
    sources.push_back({f.string(), ss.str()});
  }
  return sources;
}

}  // namespace toolrisk
