// The parsed JSON behind a Document: shared by the loader (which builds it) and the JSON
// emitter (which writes it back annotated). Nothing else includes nlohmann/json.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_scan.h"
#include "toolrisk/loader.h"

namespace toolrisk {

struct ToolRef {
  std::size_t value = 0;                // which top-level value (streams have several)
  nlohmann::ordered_json::json_pointer pointer;  // where the tool object is inside it
};

struct FastForm;  // fast_view.h

struct JsonDocument {
  std::vector<nlohmann::ordered_json> values;  // empty while only `fast` holds the document
  std::shared_ptr<FastForm> fast;               // set when the fast reader loaded it
  std::vector<ToolRef> tools;                   // parallel to Document::tools
};

// The document as nlohmann values: converted from the fast reader's DOM the first time.
std::vector<nlohmann::ordered_json>& json_values(JsonDocument& doc);

// The tokens of a JSON pointer, unescaped ("/a~1b/0" -> "a/b", "0").
std::vector<std::string> pointer_tokens(const nlohmann::ordered_json::json_pointer& pointer);

// Every top-level value of `text` (one for a document, several for NDJSON), after the size,
// UTF-8 and nesting checks; syntax errors carry the file's line:column. `spans`, when given,
// receives where each value stands in the text.
Expected<std::vector<nlohmann::ordered_json>> parse_json_values(const std::string& file, std::string_view text,
                                                                const LoadLimits& limits,
                                                                std::vector<ValueSpan>* spans = nullptr);

}  // namespace toolrisk
