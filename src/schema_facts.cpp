#include "schema_facts.h"

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

struct Walker {
  std::size_t max_properties;
  std::vector<SchemaProperty> out;

  // "string", or "string|array" for a union (anyOf/oneOf alternatives, a type list).
  static std::string type_of(const json& s) {
    std::string alternatives;
    for (const char* key : {"anyOf", "oneOf"}) {
      if (auto alts = s.find(key); alts != s.end() && alts->is_array()) {
        for (const auto& alt : *alts) {
          if (!alt.is_object()) continue;
          const std::string t = type_of(alt);
          if (t.empty() || t == "null") continue;
          if (!alternatives.empty()) alternatives += '|';
          alternatives += t;
        }
      }
    }
    if (!alternatives.empty()) return alternatives;
    auto it = s.find("type");
    if (it != s.end() && it->is_string()) return it->get<std::string>();
    if (it != s.end() && it->is_array()) {
      // ["string", "null"] is still a string for our purposes.
      std::string found;
      for (const auto& t : *it) {
        if (!t.is_string() || t == "null") continue;
        if (!found.empty()) found += '|';
        found += t.get<std::string>();
      }
      return found;
    }
    return "";
  }

  static void collect_enum(const json& s, std::vector<std::string>& values) {
    if (auto e = s.find("enum"); e != s.end() && e->is_array()) {
      for (const auto& v : *e) {
        if (v.is_string()) values.push_back(v.get<std::string>());
      }
    }
    if (auto c = s.find("const"); c != s.end() && c->is_string()) values.push_back(c->get<std::string>());
    for (const char* key : {"anyOf", "oneOf"}) {
      if (auto alts = s.find(key); alts != s.end() && alts->is_array()) {
        for (const auto& alt : *alts) {
          if (alt.is_object()) collect_enum(alt, values);
        }
      }
    }
    if (auto items = s.find("items"); items != s.end() && items->is_object()) collect_enum(*items, values);
  }

  void walk_object(const json& schema, const std::string& prefix, std::size_t depth) {
    if (!schema.is_object() || depth > 16 || out.size() >= max_properties) return;
    std::vector<std::string> required;
    if (auto r = schema.find("required"); r != schema.end() && r->is_array()) {
      for (const auto& v : *r) {
        if (v.is_string()) required.push_back(v.get<std::string>());
      }
    }
    if (auto props = schema.find("properties"); props != schema.end() && props->is_object()) {
      for (const auto& [key, sub] : props->items()) {
        if (out.size() >= max_properties) return;
        SchemaProperty p;
        p.name = key;
        p.path = prefix.empty() ? key : prefix + "." + key;
        p.required = std::find(required.begin(), required.end(), key) != required.end();
        if (sub.is_object()) {
          p.type = type_of(sub);
          collect_enum(sub, p.enum_values);
          if (auto d = sub.find("description"); d != sub.end() && d->is_string()) p.description = d->get<std::string>();
          if (auto d = sub.find("default"); d != sub.end()) p.default_value = d->dump();
        }
        const std::string path = p.path;
        out.push_back(std::move(p));
        if (sub.is_object()) walk_nested(sub, path, depth + 1);
      }
    }
    for (const char* key : {"anyOf", "oneOf", "allOf"}) {
      if (auto alts = schema.find(key); alts != schema.end() && alts->is_array()) {
        for (const auto& alt : *alts) walk_object(alt, prefix, depth + 1);
      }
    }
  }

  void walk_nested(const json& sub, const std::string& path, std::size_t depth) {
    walk_object(sub, path, depth);
    if (auto items = sub.find("items"); items != sub.end() && items->is_object()) walk_object(*items, path, depth + 1);
  }
};

}  // namespace

std::vector<SchemaProperty> schema_properties(const json& schema, std::size_t max_properties) {
  Walker w{max_properties, {}};
  w.walk_object(schema, "", 0);
  return std::move(w.out);
}

}  // namespace toolrisk
