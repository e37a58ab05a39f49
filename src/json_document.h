// The parsed JSON behind a Document: shared by the loader (which builds it) and the JSON
// emitter (which writes it back annotated). Nothing else includes nlohmann/json.
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

namespace toolrisk {

struct ToolRef {
  std::size_t value = 0;                // which top-level value (streams have several)
  nlohmann::ordered_json::json_pointer pointer;  // where the tool object is inside it
};

struct JsonDocument {
  std::vector<nlohmann::ordered_json> values;
  std::vector<ToolRef> tools;  // parallel to Document::tools
};

}  // namespace toolrisk
