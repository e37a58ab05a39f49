// The one place where results become JSON.
#include <nlohmann/json.hpp>

#include "annotated_json.h"
#include "json_document.h"
#include "risk_fields_json.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

json evidence_json(const Evidence& e) {
  return json{{"field", e.field}, {"value", e.value}, {"rule", e.rule},
              {"from", std::string(to_string(e.from))}, {"match", e.match}};
}

void annotate(json& tool, const Assessment& a, RiskForm form) {
  if (form == RiskForm::kAnnotations) {
    if (!tool.contains("annotations") || !tool["annotations"].is_object()) tool["annotations"] = json::object();
    put_risk_fields(a.fields, tool["annotations"]);
  }
  if (!tool.contains("_meta") || !tool["_meta"].is_object()) tool["_meta"] = json::object();
  if (form == RiskForm::kMeta) {
    json& risk = tool["_meta"][std::string(kRiskMetaKey)];
    if (!risk.is_object()) risk = json::object();
    put_risk_fields(a.fields, risk);
  }
  json meta{{"classified", a.classified}, {"evidence", json::array()}, {"conflicts", json::array()}};
  for (const auto& e : a.evidence) meta["evidence"].push_back(evidence_json(e));
  for (const auto& c : a.conflicts) {
    meta["conflicts"].push_back(json{{"hint", c.hint}, {"declared", c.declared}, {"inferred", c.inferred}, {"message", c.message}});
  }
  json sources = json::object();
  for (const auto& name : sep_field_names()) {
    if (auto it = a.sources.find(name); it != a.sources.end()) sources[name] = std::string(to_string(it->second));
  }
  meta["sources"] = std::move(sources);
  if (!a.flags.empty()) meta["flags"] = a.flags;
  meta["rules"] = a.matched_rules;
  tool["_meta"][kInferenceMetaKey] = std::move(meta);
}

std::string dump(const json& j, bool pretty) {
  return j.dump(pretty ? 2 : -1, ' ', false, json::error_handler_t::replace);
}

json annotated_tool(const DocumentResult& r, std::size_t i, RiskForm form) {
  const ToolRef& ref = r.document.json->tools[i];
  json tool = r.document.json->values[ref.value].at(ref.pointer);
  annotate(tool, r.assessments[i], form);
  return tool;
}

}  // namespace

std::vector<json> annotated_values(DocumentResult&& r, RiskForm form) {
  // Shared with another Document: annotate a copy and leave the original intact.
  if (r.document.json.use_count() != 1) r.document.json = std::make_shared<JsonDocument>(*r.document.json);
  std::vector<json>& values = r.document.json->values;
  for (std::size_t i = 0; i < r.assessments.size(); ++i) {
    const ToolRef& ref = r.document.json->tools[i];
    annotate(values[ref.value].at(ref.pointer), r.assessments[i], form);
  }
  return std::move(values);
}

void emit_json(DocumentResult&& r, std::ostream& out, bool pretty, RiskForm form) {
  const std::vector<json> values = annotated_values(std::move(r), form);
  // A stream stays a stream: one value per line, as it came in.
  const bool stream = values.size() > 1;
  for (const auto& v : values) out << dump(v, pretty && !stream) << '\n';
}

void emit_json(const DocumentResult& r, std::ostream& out, bool pretty, RiskForm form) {
  emit_json(DocumentResult(r), out, pretty, form);  // the copy shares the JSON, so it is copied too
}

void emit_ndjson(const DocumentResult& r, std::ostream& out, RiskForm form) {
  for (std::size_t i = 0; i < r.assessments.size(); ++i) {
    json line{{"file", r.document.file}, {"location", r.document.tools[i].location}, {"tool", annotated_tool(r, i, form)}};
    out << dump(line, false) << '\n';
  }
}

}  // namespace toolrisk
