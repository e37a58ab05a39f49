// Flattens a tool's inputSchema into SchemaProperty facts, through a JSON view (json_view.h)
// so that both readers share this one walk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "toolrisk/tool.h"

namespace toolrisk {

template <class View>
class SchemaWalker {
 public:
  explicit SchemaWalker(std::size_t max_properties) : max_properties_(max_properties) {}

  // Walks properties, nested objects, array items and anyOf/oneOf/allOf, up to the maximum.
  std::vector<SchemaProperty> walk(const View& schema) {
    walk_object(schema, "", 0);
    return std::move(out_);
  }

 private:
  // "string", or "string|array" for a union (anyOf/oneOf alternatives, a type list).
  static std::string type_of(const View& s) {
    std::string alternatives;
    for (const char* key : {"anyOf", "oneOf"}) {
      if (auto alts = s.find(key); alts && alts->is_array()) {
        alts->each([&](const View& alt) {
          if (!alt.is_object()) return;
          const std::string t = type_of(alt);
          if (t.empty() || t == "null") return;
          if (!alternatives.empty()) alternatives += '|';
          alternatives += t;
        });
      }
    }
    if (!alternatives.empty()) return alternatives;
    auto it = s.find("type");
    if (it && it->is_string()) return std::string(it->str());
    if (it && it->is_array()) {
      // ["string", "null"] is still a string for our purposes.
      std::string found;
      it->each([&](const View& t) {
        if (!t.is_string() || t.str() == "null") return;
        if (!found.empty()) found += '|';
        found += t.str();
      });
      return found;
    }
    return "";
  }

  static void collect_enum(const View& s, std::vector<std::string>& values) {
    if (auto e = s.find("enum"); e && e->is_array()) {
      e->each([&](const View& v) {
        if (v.is_string()) values.emplace_back(v.str());
      });
    }
    if (auto c = s.find("const"); c && c->is_string()) values.emplace_back(c->str());
    for (const char* key : {"anyOf", "oneOf"}) {
      if (auto alts = s.find(key); alts && alts->is_array()) {
        alts->each([&](const View& alt) {
          if (alt.is_object()) collect_enum(alt, values);
        });
      }
    }
    if (auto items = s.find("items"); items && items->is_object()) collect_enum(*items, values);
  }

  void walk_object(const View& schema, const std::string& prefix, std::size_t depth) {
    if (!schema.is_object() || depth > 16 || out_.size() >= max_properties_) return;
    std::vector<std::string_view> required;
    if (auto r = schema.find("required"); r && r->is_array()) {
      r->each([&](const View& v) {
        if (v.is_string()) required.push_back(v.str());
      });
    }
    if (auto props = schema.find("properties"); props && props->is_object()) {
      bool full = false;
      props->members([&](std::string_view key, const View& sub) {
        if (full || out_.size() >= max_properties_) {
          full = true;
          return;
        }
        SchemaProperty p;
        p.name = key;
        p.path = prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
        p.required = std::find(required.begin(), required.end(), key) != required.end();
        if (sub.is_object()) {
          p.type = type_of(sub);
          collect_enum(sub, p.enum_values);
          if (auto d = sub.find("description"); d && d->is_string()) p.description = d->str();
          if (auto d = sub.find("default")) p.default_value = d->dump();
        }
        const std::string path = p.path;
        out_.push_back(std::move(p));
        if (sub.is_object()) walk_nested(sub, path, depth + 1);
      });
      if (full) return;
    }
    for (const char* key : {"anyOf", "oneOf", "allOf"}) {
      if (auto alts = schema.find(key); alts && alts->is_array()) {
        alts->each([&](const View& alt) { walk_object(alt, prefix, depth + 1); });
      }
    }
  }

  void walk_nested(const View& sub, const std::string& path, std::size_t depth) {
    walk_object(sub, path, depth);
    if (auto items = sub.find("items"); items && items->is_object()) walk_object(*items, path, depth + 1);
  }

  std::size_t max_properties_;
  std::vector<SchemaProperty> out_;
};

template <class View>
std::vector<SchemaProperty> schema_properties(const View& schema, std::size_t max_properties) {
  return SchemaWalker<View>(max_properties).walk(schema);
}

}  // namespace toolrisk
