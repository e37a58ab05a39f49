// `toolrisk check --format sarif`: SARIF 2.1.0, for GitHub code scanning and other viewers.
// Each result is located at the input file and the tool's line and column in it.
#include <map>

#include <nlohmann/json.hpp>

#include "toolrisk/emit.h"
#include "toolrisk/sha256.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

// A file path as a URI reference: relative paths stay relative (to the checkout, SARIF's
// %SRCROOT%), absolute ones become file:// URIs; everything outside RFC 3986's unreserved
// characters and '/' is percent-encoded.
std::string to_uri(const std::string& path) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    }
  }
  return out;
}

}  // namespace

void emit_sarif(const CheckReport& r, std::ostream& out, const std::string& version) {
  json rules = json::array();
  std::map<std::string, std::size_t> rule_index;
  for (const auto& rule : check_rules()) {
    rule_index[std::string(rule.id)] = rules.size();
    rules.push_back(json{{"id", rule.id},
                         {"name", rule.title},
                         {"shortDescription", {{"text", rule.title}}},
                         {"fullDescription", {{"text", rule.summary}}},
                         {"help", {{"text", rule.help}}},
                         {"defaultConfiguration", {{"level", "error"}}}});
  }
  json artifacts = json::array();
  std::map<std::string, std::size_t> artifact_index;
  auto artifact = [&](const std::string& file) {
    auto [it, fresh] = artifact_index.emplace(file, artifacts.size());
    if (fresh) artifacts.push_back(json{{"location", {{"uri", to_uri(file)}}}});
    return it->second;
  };
  for (const auto& t : r.tools) artifact(t.file);

  json results = json::array();
  for (const auto& f : r.findings) {
    json physical{{"artifactLocation", {{"uri", to_uri(f.file)}, {"index", artifact(f.file)}}}};
    if (f.line > 0) physical["region"] = json{{"startLine", f.line}, {"startColumn", f.column > 0 ? f.column : 1}};
    json result{{"ruleId", f.rule},
                {"ruleIndex", rule_index.at(f.rule)},
                {"level", "error"},
                {"message", {{"text", f.message}}},
                {"locations", json::array({json{{"physicalLocation", std::move(physical)},
                                                {"logicalLocations", json::array({json{{"name", f.tool},
                                                                                       {"fullyQualifiedName", f.server + "/" + f.tool},
                                                                                       {"kind", "function"}}})}}})},
                {"partialFingerprints", {{"toolriskFinding/v1", sha256_hex(f.rule + '\n' + f.server + '\n' + f.tool)}}},
                {"properties", {{"server", f.server}, {"tool", f.tool}, {"evidence", f.evidence}}}};
    results.push_back(std::move(result));
  }
  json doc{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
           {"version", "2.1.0"},
           {"runs", json::array({json{{"tool", {{"driver", {{"name", "toolrisk"},
                                                             {"version", version},
                                                             {"semanticVersion", version},
                                                             {"informationUri", "https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2793"},
                                                             {"rules", std::move(rules)}}}}},
                                      {"columnKind", "unicodeCodePoints"},
                                      {"artifacts", std::move(artifacts)},
                                      {"results", std::move(results)}}})}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace toolrisk
