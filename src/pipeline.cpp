#include "toolrisk/pipeline.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <cstdint>
#include <map>
#include <unordered_set>

#include <nlohmann/json.hpp>
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

bool is_one_json_value(std::string_view line) {
  return nlohmann::json::accept(line.begin(), line.end());
}

Expected<std::size_t> infer_stream(FdIstream& in, const std::string& file, const RuleBase& rules,
                                   const StreamOptions& options, const std::function<void(DocumentResult&)>& sink,
                                   std::string first_line, std::size_t first_line_number) {
  std::unordered_set<std::uint64_t> seen;  // FNV-1a of each name
  std::size_t tools = 0;
  std::size_t number = first_line_number;
  std::string line = std::move(first_line);
  bool have = !line.empty() || first_line_number > 1;
  const std::string shown = display_name(file);
  for (;; ++number) {
    if (!have && !std::getline(in, line)) break;
    have = false;
    if (line.size() > options.limits.max_bytes) {
      return Diagnostic{shown, number, 0, "", "line is over the limit of " + std::to_string(options.limits.max_bytes) + " bytes"};
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto doc = load_stream_line(file, line, options.limits);
    if (!doc) {
      std::vector<Diagnostic> errors = doc.errors();
      for (auto& e : errors) {
        if (e.line <= 1) e.line = number;
        else e.line += number - 1;
        e.path = e.path.empty() ? "" : "line " + std::to_string(number) + ": " + e.path;
      }
      return errors;
    }
    for (Tool& t : doc->tools) {
      t.location = "line " + std::to_string(number) + ": " + t.location;
      t.line = number;
    }
    tools += doc->tools.size();
    if (tools > options.limits.max_tools) {
      return Diagnostic{shown, number, 0, "", "more than " + std::to_string(options.limits.max_tools) + " tools (the documented limit)"};
    }
    DocumentResult r = infer_document(rules, std::move(doc.value()), options.mode, options.catalog);
    std::vector<std::uint64_t> hashes;  // this line's names; duplicates within it are flagged already
    for (std::size_t i = 0; i < r.assessments.size(); ++i) {
      std::uint64_t h = 1469598103934665603ull;
      for (unsigned char c : r.document.tools[i].name) h = (h ^ c) * 1099511628211ull;
      if (seen.count(h)) r.assessments[i].flags.push_back("duplicate-name: also on an earlier line");
      hashes.push_back(h);
    }
    seen.insert(hashes.begin(), hashes.end());
    sink(r);
  }
  if (in.bad()) return read_error(file, in);
  return tools;
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
