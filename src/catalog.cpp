#include "toolrisk/catalog.h"

#include <algorithm>
#include <map>

#include "toolrisk/glob.h"
#include "yaml_reader.h"

namespace toolrisk {
namespace {

const std::set<std::string> kEntryKeys = {"server", "tool", "reason", "riskLevel", "category", "blastRadius",
                                          "reversibility", "sideEffects", "approvalRecommendation", "minTrustLevel"};
const std::set<std::string> kKaraiKeys = {"min_level", "risk_level", "category", "destructive",
                                          "approval_escalation", "description", "reason"};

class CatalogParser : public YamlReader {
 public:
  explicit CatalogParser(std::vector<Diagnostic>& errors) : YamlReader(errors) {}

  void parse(const std::string& file, const std::string& text, Catalog& out) {
    const auto loaded = load(file, text);
    if (!loaded) return;
    const YAML::Node& root = *loaded;
    if (!root.IsMap()) {
      error(root.Mark(), "a catalogue is a mapping: `entries:` (toolrisk) or tools by name (KARAI tool_policies.yaml)");
      return;
    }
    if (root["entries"] || root["version"]) {
      parse_native(root, out);
    } else {
      const char* wrapper = root["tool_policies"] ? "tool_policies" : root["tools"] ? "tools" : nullptr;
      if (wrapper) only_keys(root, {"tool_policies", "tools"}, "a KARAI catalogue");
      parse_karai(wrapper ? root[wrapper] : root, out);
    }
  }

 private:
  void parse_native(const YAML::Node& root, Catalog& out) {
    only_keys(root, {"version", "entries"}, "a catalogue");
    if (root["version"] && scalar(root["version"], "version") != "1") {
      error(root["version"].Mark(), "unsupported catalogue `version` (this toolrisk reads version 1)");
    }
    const YAML::Node entries = root["entries"];
    if (!entries || !entries.IsSequence()) {
      error(root.Mark(), "`entries` must be a list of catalogue entries");
      return;
    }
    for (const auto& node : entries) {
      if (!node.IsMap()) {
        error(node.Mark(), "a catalogue entry is a mapping with `tool`, `reason` and the fields it fixes");
        continue;
      }
      CatalogEntry e = start(node);
      only_keys(node, kEntryKeys, "a catalogue entry");
      if (node["server"]) e.server = scalar(node["server"], "server");
      if (node["tool"]) e.tool = scalar(node["tool"], "tool");
      else error(node.Mark(), "entry has no `tool` (a tool name or glob)");
      if (node["reason"]) e.reason = scalar(node["reason"], "reason");
      if (e.reason.empty()) error(node.Mark(), "entry has no `reason`: say why these values are right");
      if (node["riskLevel"]) e.fields.risk_level = enum_value(node["riskLevel"], "riskLevel", parse_risk_level, "low, medium, high, critical");
      if (node["category"]) e.fields.category = enum_value(node["category"], "category", parse_category, "read, observe, mutate, delete, destroy, utility");
      if (node["blastRadius"]) e.fields.blast_radius = enum_value(node["blastRadius"], "blastRadius", parse_blast_radius, "item, namespace, cluster, organization, global");
      if (node["reversibility"]) e.fields.reversibility = enum_value(node["reversibility"], "reversibility", parse_reversibility, "auto, manual, none");
      if (node["approvalRecommendation"]) e.fields.approval = enum_value(node["approvalRecommendation"], "approvalRecommendation", parse_approval, "none, single, multi");
      if (node["minTrustLevel"]) e.fields.min_trust_level = integer(node["minTrustLevel"], "minTrustLevel", 1, 5);
      if (node["sideEffects"]) {
        if (node["sideEffects"].IsSequence() && node["sideEffects"].size() == 0) {
          e.fields.side_effects.emplace();  // `[]`: declared free of side effects
        } else {
          const auto list_values = list(node["sideEffects"], "sideEffects");
          e.fields.side_effects = std::set<std::string>(list_values.begin(), list_values.end());
        }
      }
      finish(node, std::move(e), out);
    }
  }

  void parse_karai(const YAML::Node& tools, Catalog& out) {
    if (!tools.IsMap()) {
      error(tools.Mark(), "KARAI tool policies are a mapping from tool name to its policy");
      return;
    }
    for (const auto& kv : tools) {
      const YAML::Node& node = kv.second;
      const std::string name = kv.first.as<std::string>("");
      context_ = name;
      if (!node.IsMap()) {
        error(node.Mark(), "a KARAI tool policy is a mapping (min_level, risk_level, category, destructive, approval_escalation)");
        continue;
      }
      CatalogEntry e = start(kv.first);
      e.tool = name;
      only_keys(node, kKaraiKeys, "a KARAI tool policy");
      e.reason = node["reason"] ? scalar(node["reason"], "reason")
                 : node["description"] ? "KARAI tool_policies.yaml: " + scalar(node["description"], "description")
                                       : std::string("KARAI tool_policies.yaml");
      if (node["risk_level"]) e.fields.risk_level = enum_value(node["risk_level"], "risk_level", parse_risk_level, "low, medium, high, critical");
      if (node["category"]) e.fields.category = enum_value(node["category"], "category", parse_category, "read, observe, mutate, delete, destroy, utility");
      if (node["min_level"]) e.fields.min_trust_level = integer(node["min_level"], "min_level", 1, 5);
      if (node["destructive"] && boolean(node["destructive"], "destructive")) {
        e.fields.side_effects = std::set<std::string>{"state_loss"};
        e.fields.reversibility = Reversibility::kNone;
      }
      if (node["approval_escalation"]) {
        const YAML::Node& a = node["approval_escalation"];
        const std::string v = scalar(a, "approval_escalation");
        if (v == "true") e.fields.approval = Approval::kMulti;
        else if (v != "false") e.fields.approval = enum_value(a, "approval_escalation", parse_approval, "true, false, none, single, multi");
      }
      finish(node, std::move(e), out);
    }
    context_.clear();
  }

  CatalogEntry start(const YAML::Node& node) const {
    CatalogEntry e;
    e.file = file_;
    e.line = static_cast<std::size_t>(node.Mark().line + 1);
    return e;
  }

  void finish(const YAML::Node& node, CatalogEntry e, Catalog& out) {
    if (!e.fields.any()) error(node.Mark(), "entry fixes no field (give at least one of the seven)");
    out.entries.push_back(std::move(e));
  }
};

// A field's value as evidence text.
template <typename Enum>
std::string value_text(Enum v) { return std::string(to_string(v)); }
std::string value_text(int v) { return std::to_string(v); }
std::string value_text(const std::set<std::string>& effects) {
  std::string out;
  for (const auto& s : effects) out += (out.empty() ? "" : ",") + s;
  return out;
}

template <typename T>
void set_field(T& field, const std::optional<T>& value, const char* name, const CatalogEntry& e, Assessment& a) {
  if (!value) return;
  field = *value;
  a.evidence.push_back({name, value_text(*value), "catalog", EvidenceSource::kCatalog, e.where() + ": " + e.reason});
  a.sources[name] = FieldSource::kCatalog;
}

}  // namespace

bool CatalogEntry::matches(const std::vector<std::string>& server_names, const std::string& tool_name) const {
  if (!glob_match(tool, tool_name)) return false;
  if (server == "*") return true;
  return std::any_of(server_names.begin(), server_names.end(), [&](const std::string& s) { return glob_match(server, s); });
}

Expected<Catalog> parse_catalog(const std::string& file, const std::string& text) {
  std::vector<Diagnostic> errors;
  Catalog out;
  CatalogParser(errors).parse(file, text, out);
  if (!errors.empty()) return errors;
  return out;
}

void apply_catalog(const Catalog& catalog, const std::vector<std::string>& server_names, const std::string& tool_name,
                   Assessment& a) {
  bool applied = false, approval_set = false, trust_set = false;
  for (const CatalogEntry& e : catalog.entries) {
    if (!e.matches(server_names, tool_name)) continue;
    if (!e.reviewed()) {
      a.unreviewed_catalog_entry = e.where();
      continue;
    }
    RiskAnnotations& f = a.fields;
    set_field(f.risk_level, e.fields.risk_level, "riskLevel", e, a);
    set_field(f.category, e.fields.category, "category", e, a);
    set_field(f.blast_radius, e.fields.blast_radius, "blastRadius", e, a);
    set_field(f.reversibility, e.fields.reversibility, "reversibility", e, a);
    set_field(f.side_effects, e.fields.side_effects, "sideEffects", e, a);
    set_field(f.approval, e.fields.approval, "approvalRecommendation", e, a);
    set_field(f.min_trust_level, e.fields.min_trust_level, "minTrustLevel", e, a);
    approval_set = approval_set || e.fields.approval.has_value();
    trust_set = trust_set || e.fields.min_trust_level.has_value();
    applied = true;
  }
  if (!applied) return;
  // A catalogued level carries the table with it, unless the catalogue fixed those too.
  if (a.sources["riskLevel"] == FieldSource::kCatalog) {
    if (!approval_set) {
      a.fields.approval = approval_for(a.fields.risk_level);
      a.sources["approvalRecommendation"] = FieldSource::kCatalog;
    }
    if (!trust_set) {
      a.fields.min_trust_level = min_trust_for(a.fields.risk_level);
      a.sources["minTrustLevel"] = FieldSource::kCatalog;
    }
  }
  if (!a.classified) {
    a.classified = true;
    std::erase(a.flags, std::string("unclassified"));
    a.flags.push_back("classified-by-catalog");
  }
}

}  // namespace toolrisk
