// `toolrisk lock`: the lock file, deterministic (servers and tools in input order).
#include <nlohmann/json.hpp>

#include "risk_fields_json.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {
using json = nlohmann::ordered_json;
}  // namespace

void emit_lock(const LockFile& lock, std::ostream& out) {
  json doc{{"lockVersion", kLockVersion}, {"toolrisk", lock.toolrisk_version}, {"servers", json::array()}};
  for (const auto& s : lock.servers) {
    json server{{"server", s.server}, {"file", s.file}, {"tools", json::array()}};
    for (const auto& t : s.tools) {
      json hashes{{"definition", t.hashes.definition}};
      for (const auto& [part, hash] : t.hashes.parts) hashes[part] = hash;
      json annotations = json::object();
      put_risk_fields(t.fields, annotations);
      server["tools"].push_back(
          json{{"name", t.name}, {"hashes", std::move(hashes)}, {"classified", t.classified}, {"annotations", std::move(annotations)}});
    }
    doc["servers"].push_back(std::move(server));
  }
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace toolrisk
