#include "toolrisk/lock.h"

#include "json_document.h"
#include "toolrisk/sha256.h"

namespace toolrisk {
namespace {

using ordered = nlohmann::ordered_json;
using sorted = nlohmann::json;  // std::map objects: keys come out sorted

// Canonical text: keys sorted at every level, no whitespace, UTF-8 as is.
std::string canonical(const ordered& v) {
  return sorted::parse(v.dump(-1, ' ', false, ordered::error_handler_t::replace)).dump();
}

}  // namespace

DefinitionHashes definition_hashes(const Document& document, std::size_t i) {
  const ToolRef& ref = document.json->tools[i];
  const ordered& tool = json_values(*document.json)[ref.value].at(ref.pointer);
  ordered definition = ordered::object();
  DefinitionHashes out;
  definition["name"] = tool.at("name");
  for (const char* part : {"title", "description", "inputSchema", "annotations"}) {
    const ordered value = tool.contains(part) ? tool.at(part) : ordered();
    definition[part] = value;
    out.parts[part] = sha256_hex(canonical(value));
  }
  out.definition = sha256_hex(canonical(definition));
  return out;
}

const LockedServer* LockFile::find(const std::string& server) const {
  for (const auto& s : servers) {
    if (s.server == server) return &s;
  }
  return nullptr;
}

LockFile make_lock(const std::vector<DocumentResult>& results, const std::string& toolrisk_version) {
  LockFile lock;
  lock.toolrisk_version = toolrisk_version;
  for (const auto& r : results) {
    LockedServer server;
    server.server = server_name(r.document);
    server.file = r.document.file;
    for (std::size_t i = 0; i < r.assessments.size(); ++i) {
      server.tools.push_back(
          {r.document.tools[i].name, definition_hashes(r.document, i), r.assessments[i].fields, r.assessments[i].classified});
    }
    lock.servers.push_back(std::move(server));
  }
  return lock;
}

Expected<LockFile> parse_lock(const std::string& file, std::string_view text) {
  auto values = parse_json_values(file, text, LoadLimits{});
  if (!values) return values.errors();
  std::vector<Diagnostic> errors;
  auto fail = [&](const std::string& path, const std::string& message) {
    errors.push_back(Diagnostic{file, 0, 0, path, message});
  };
  if (values->size() != 1 || !values.value()[0].is_object()) {
    return Diagnostic{file, 0, 0, "$", "a lock file is one JSON object written by `toolrisk lock`"};
  }
  const ordered& root = values.value()[0];
  if (!root.contains("lockVersion") || root["lockVersion"] != kLockVersion) {
    return Diagnostic{file, 0, 0, "lockVersion", "unsupported lock file version (this toolrisk reads " + std::to_string(kLockVersion) + ")"};
  }
  LockFile lock;
  if (root.contains("toolrisk") && root["toolrisk"].is_string()) lock.toolrisk_version = root["toolrisk"].get<std::string>();
  if (!root.contains("servers") || !root["servers"].is_array()) return Diagnostic{file, 0, 0, "servers", "must be an array"};
  auto text_at = [&](const ordered& obj, const char* key, const std::string& path) -> std::string {
    if (!obj.contains(key) || !obj[key].is_string()) {
      fail(path + "." + key, "must be a string");
      return "";
    }
    return obj[key].get<std::string>();
  };
  for (std::size_t s = 0; s < root["servers"].size(); ++s) {
    const ordered& sv = root["servers"][s];
    const std::string sp = "servers[" + std::to_string(s) + "]";
    if (!sv.is_object() || !sv.contains("tools") || !sv["tools"].is_array()) {
      fail(sp, "a server is an object with `server`, `file` and a `tools` array");
      continue;
    }
    LockedServer server{text_at(sv, "server", sp), text_at(sv, "file", sp), {}};
    for (std::size_t t = 0; t < sv["tools"].size(); ++t) {
      const ordered& tv = sv["tools"][t];
      const std::string tp = sp + ".tools[" + std::to_string(t) + "]";
      if (!tv.is_object() || !tv.contains("hashes") || !tv["hashes"].is_object() || !tv.contains("annotations") ||
          !tv["annotations"].is_object()) {
        fail(tp, "a locked tool has `name`, `hashes`, `classified` and `annotations`");
        continue;
      }
      LockedTool tool;
      tool.name = text_at(tv, "name", tp);
      // Any other value than true or false is an error, never an exception (a hand-edited
      // `"classified": null` must not end the run).
      if (const auto c = tv.find("classified"); c != tv.end()) {
        if (c->is_boolean()) tool.classified = c->get<bool>();
        else fail(tp + ".classified", "must be true or false");
      }
      for (const auto& [key, value] : tv["hashes"].items()) {
        if (!value.is_string()) continue;
        if (key == "definition") tool.hashes.definition = value.get<std::string>();
        else tool.hashes.parts[key] = value.get<std::string>();
      }
      const ordered& a = tv["annotations"];
      const std::string ap = tp + ".annotations";
      auto field = [&](const char* key, auto parse, auto& out) {
        auto v = parse(a.contains(key) && a[key].is_string() ? a[key].template get<std::string>() : std::string());
        if (v) out = *v;
        else fail(ap + "." + key, "missing or not a valid value");
      };
      RiskAnnotations& f = tool.fields;
      field("riskLevel", parse_risk_level, f.risk_level);
      field("category", parse_category, f.category);
      field("blastRadius", parse_blast_radius, f.blast_radius);
      field("reversibility", parse_reversibility, f.reversibility);
      field("approvalRecommendation", parse_approval, f.approval);
      f.side_effects.clear();
      if (a.contains("sideEffects") && a["sideEffects"].is_array()) {
        for (const auto& e : a["sideEffects"]) if (e.is_string()) f.side_effects.insert(e.get<std::string>());
      }
      if (a.contains("minTrustLevel") && a["minTrustLevel"].is_number_integer()) f.min_trust_level = a["minTrustLevel"].get<int>();
      if (tool.hashes.definition.empty()) fail(tp + ".hashes.definition", "missing");
      server.tools.push_back(std::move(tool));
    }
    lock.servers.push_back(std::move(server));
  }
  if (!errors.empty()) return errors;
  return lock;
}

}  // namespace toolrisk
