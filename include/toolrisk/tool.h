// The plain Tool model the engine works on: no JSON library types, so a faster reader can
// replace the loader without touching the engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolrisk {

// JSON Schema type names as bits, for the types an array's items may have.
enum JsonTypeBit : std::uint8_t {
  kTypeString = 1, kTypeNumber = 2, kTypeInteger = 4, kTypeBoolean = 8, kTypeObject = 16, kTypeArray = 32, kTypeNull = 64
};

// "string|array" -> kTypeString | kTypeArray; names that are not JSON Schema types count for nothing.
inline std::uint8_t json_type_bits(std::string_view types) {
  std::uint8_t bits = 0;
  while (!types.empty()) {
    const std::size_t bar = types.find('|');
    const std::string_view t = types.substr(0, bar);
    constexpr std::pair<std::string_view, JsonTypeBit> kNames[] = {{"string", kTypeString}, {"number", kTypeNumber},
        {"integer", kTypeInteger}, {"boolean", kTypeBoolean}, {"object", kTypeObject}, {"array", kTypeArray}, {"null", kTypeNull}};
    for (const auto& [name, bit] : kNames) {
      if (t == name) bits = static_cast<std::uint8_t>(bits | bit);
    }
    types = bar == std::string_view::npos ? std::string_view() : types.substr(bar + 1);
  }
  return bits;
}

// One input-schema property, flattened: nested objects give dotted paths ("options.force").
struct SchemaProperty {
  std::string path;         // dotted path from the schema root
  std::string name;         // last path segment
  std::string type;         // JSON Schema type; "string|array" for a union; "" when absent
  std::vector<std::string> enum_values;  // enum / const values that are strings
  std::optional<std::string> default_value;  // the default, as compact JSON text
  std::string description;
  bool required = false;
  std::uint8_t items_types = 0;  // for an array, the JsonTypeBits of its items; else 0
};

// What the server declared in `annotations` (booleans from the spec, plus SEP-2793 fields
// when a server already declares them). Values are kept as given; validation is elsewhere.
struct DeclaredAnnotations {
  std::optional<bool> read_only;
  std::optional<bool> destructive;
  std::optional<bool> idempotent;
  std::optional<bool> open_world;
  std::optional<std::string> risk_level;
  std::optional<std::string> category;
  std::optional<std::string> blast_radius;
  std::optional<std::string> reversibility;
  std::optional<std::string> approval;
  std::optional<std::vector<std::string>> side_effects;
  std::optional<int> min_trust_level;
  bool any() const;
};

struct Tool {
  std::string name;
  std::string title;
  std::string description;
  std::vector<SchemaProperty> properties;
  bool schema_present = false;
  DeclaredAnnotations declared;
  std::string location;  // JSON path of the tool in its document, e.g. "tools[3]"
  std::size_t line = 0;    // where the tool object starts in its input (1-based; 0 unknown)
  std::size_t column = 0;
  // Problems with the tool's input that did not stop loading (a declared hint of the wrong
  // type, say): reported as flags, never silently dropped.
  std::vector<std::string> input_warnings;
};

}  // namespace toolrisk
