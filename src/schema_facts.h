// Flattens a tool's inputSchema into SchemaProperty facts, through a JSON view (json_view.h)
// so that both readers share this one walk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "toolrisk/tool.h"

namespace toolrisk {

// The keywords of one schema object that the walk reads, found in one pass over its members
// rather than by a search of all its keys for each (keys are unique in both readers' DOMs).
template <class View>
struct SchemaKeys {
  std::optional<View> type, any_of, one_of, all_of, enum_values, const_value, items, description, default_value, properties, required,
      ref;

  explicit SchemaKeys(const View& s) {
    if (!s.is_object()) return;
    s.members([&](std::string_view key, const View& v) {
      if (key == "type") type = v;
      else if (key == "anyOf") any_of = v;
      else if (key == "oneOf") one_of = v;
      else if (key == "allOf") all_of = v;
      else if (key == "enum") enum_values = v;
      else if (key == "const") const_value = v;
      else if (key == "items") items = v;
      else if (key == "description") description = v;
      else if (key == "default") default_value = v;
      else if (key == "properties") properties = v;
      else if (key == "required") required = v;
      else if (key == "$ref") ref = v;
    });
  }
  // Each keyword this schema does not give itself, from `t` (what its "$ref" points to: a
  // keyword written beside the reference, such as its own description, stands).
  void fill_from(const SchemaKeys& t) {
    for (auto member : {&SchemaKeys::type, &SchemaKeys::any_of, &SchemaKeys::one_of, &SchemaKeys::all_of,
                        &SchemaKeys::enum_values, &SchemaKeys::const_value, &SchemaKeys::items, &SchemaKeys::description,
                        &SchemaKeys::default_value, &SchemaKeys::properties, &SchemaKeys::required}) {
      if (!(this->*member)) this->*member = t.*member;
    }
    ref = t.ref;
  }
  // anyOf, then oneOf, each when it is an array.
  template <class F>
  void each_alternative(F&& f) const {
    for (const auto* alts : {&any_of, &one_of}) {
      if (*alts && (*alts)->is_array()) (*alts)->each(f);
    }
  }
};

template <class View>
class SchemaWalker {
 public:
  explicit SchemaWalker(std::size_t max_properties) : max_properties_(max_properties) {}

  // Walks properties, nested objects, array items and anyOf/oneOf/allOf, up to the maximum.
  std::vector<SchemaProperty> walk(const View& schema) {
    if (schema.is_object()) {
      root_ = schema;
      walk_object(keys_of(schema), "", 0);
    }
    return std::move(out_);
  }

 private:
  using Keys = SchemaKeys<View>;

  // References followed for one schema at most, in all: a schema whose references expand
  // exponentially (A is anyOf [B, B], B is anyOf [C, C], ...) or loop costs no more than this.
  static constexpr std::size_t kMostReferences = 512;

  // A schema's keywords, with those of what a local "$ref" points to (Pydantic, and so Python
  // servers, write every enum and model as {"$ref": "#/$defs/Action"}, and older Pydantic as
  // {"allOf": [{"$ref": ...}]}): an action enum or a type behind a reference is read as if it
  // were written in place. References to other documents are not followed.
  Keys keys_of(const View& s) {
    Keys k(s);
    if (!k.ref && !k.all_of) return k;
    for (int hops = 0; hops < 8 && references_left_ > 0; ++hops) {
      std::optional<View> target;
      if (k.ref) {
        target = resolve(*k.ref);
      } else if (k.all_of && k.all_of->is_array() && k.all_of->size() == 1) {
        k.all_of->each([&](const View& only) {
          if (only.is_object() && only.contains("$ref")) target = only;
        });
        if (target) k.all_of.reset();
      }
      if (!target || !target->is_object()) break;
      --references_left_;
      k.fill_from(Keys(*target));
    }
    return k;
  }

  // The value a local reference ("#/$defs/Action", "#/properties/statuses") names in the
  // schema being walked, or none.
  std::optional<View> resolve(const View& ref) const {
    if (!ref.is_string() || !root_) return std::nullopt;
    const std::string_view pointer = ref.str();
    if (pointer.empty() || pointer[0] != '#') return std::nullopt;
    std::optional<View> at = root_;
    std::size_t from = 1;
    while (at && from < pointer.size()) {
      if (pointer[from] != '/') return std::nullopt;
      const std::size_t end = std::min(pointer.find('/', from + 1), pointer.size());
      std::string token(pointer.substr(from + 1, end - from - 1));  // JSON pointer escapes: ~1 is '/', ~0 is '~'
      for (std::size_t i = 0; (i = token.find('~', i)) != std::string::npos; ++i) {
        if (i + 1 < token.size() && (token[i + 1] == '1' || token[i + 1] == '0')) token.replace(i, 2, token[i + 1] == '1' ? "/" : "~");
      }
      if (at->is_object()) {
        at = at->find(token);
      } else if (at->is_array()) {
        std::optional<View> element;
        std::size_t n = 0;
        const bool number = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos && token.size() < 10;
        const std::size_t index = number ? std::stoul(token) : 0;
        at->each([&](const View& e) {
          if (number && n++ == index) element = e;
        });
        at = element;
      } else {
        return std::nullopt;
      }
      from = end;
    }
    return at;
  }

  // "string", or "string|array" for a union (anyOf/oneOf alternatives, a type list).
  std::string type_of(const Keys& s) {
    std::string alternatives;
    s.each_alternative([&](const View& alt) {
      if (!alt.is_object()) return;
      const std::string t = type_of(keys_of(alt));
      if (t.empty() || t == "null") return;
      if (!alternatives.empty()) alternatives += '|';
      alternatives += t;
    });
    if (!alternatives.empty()) return alternatives;
    const auto& it = s.type;
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

  // The schema of an array's items, or of the first alternative's that is an array with items
  // (an optional list: anyOf [{type: array, items: ...}, {type: null}]).
  std::optional<View> items_of(const Keys& s) {
    if (const auto& items = s.items; items && items->is_object()) return items;
    std::optional<View> found;
    s.each_alternative([&](const View& alt) {
      if (found || !alt.is_object()) return;
      if (const Keys k = keys_of(alt); k.items && k.items->is_object()) found = k.items;
    });
    return found;
  }

  void collect_enum(const Keys& s, std::vector<std::string>& values) {
    if (const auto& e = s.enum_values; e && e->is_array()) {
      e->each([&](const View& v) {
        if (v.is_string()) values.emplace_back(v.str());
      });
    }
    if (const auto& c = s.const_value; c && c->is_string()) values.emplace_back(c->str());
    s.each_alternative([&](const View& alt) {
      if (alt.is_object()) collect_enum(keys_of(alt), values);
    });
    if (const auto& items = s.items; items && items->is_object()) collect_enum(keys_of(*items), values);
  }

  // `schema` is an object's keywords.
  void walk_object(const Keys& schema, const std::string& prefix, std::size_t depth) {
    if (depth > 16 || out_.size() >= max_properties_) return;
    std::vector<std::string_view> required;
    if (const auto& r = schema.required; r && r->is_array()) {
      r->each([&](const View& v) {
        if (v.is_string()) required.push_back(v.str());
      });
    }
    if (const auto& props = schema.properties; props && props->is_object()) {
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
        const Keys keys = keys_of(sub);
        if (sub.is_object()) {
          p.type = type_of(keys);
          if (const auto items = items_of(keys)) p.items_types = json_type_bits(type_of(keys_of(*items)));
          collect_enum(keys, p.enum_values);
          if (const auto& d = keys.description; d && d->is_string()) p.description = d->str();
          if (const auto& d = keys.default_value) p.default_value = d->dump();
        }
        const std::string path = p.path;
        out_.push_back(std::move(p));
        if (sub.is_object()) walk_nested(keys, path, depth + 1);
      });
      if (full) return;
    }
    for (const auto* alts : {&schema.any_of, &schema.one_of, &schema.all_of}) {
      if (*alts && (*alts)->is_array()) {
        // An alternative's own items too: Pydantic writes an optional list as
        // anyOf [{type: array, items: ...}, {type: null}].
        (*alts)->each([&](const View& alt) {
          if (alt.is_object()) walk_nested(keys_of(alt), prefix, depth + 1);
        });
      }
    }
  }

  void walk_nested(const Keys& sub, const std::string& path, std::size_t depth) {
    walk_object(sub, path, depth);
    if (const auto& items = sub.items; items && items->is_object()) walk_object(keys_of(*items), path, depth + 1);
  }

  std::size_t max_properties_;
  std::vector<SchemaProperty> out_;
  std::optional<View> root_;
  std::size_t references_left_ = kMostReferences;
};

template <class View>
std::vector<SchemaProperty> schema_properties(const View& schema, std::size_t max_properties) {
  return SchemaWalker<View>(max_properties).walk(schema);
}

}  // namespace toolrisk
