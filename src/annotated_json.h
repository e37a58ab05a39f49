// The input document's JSON values with every tool annotated: what emit_json writes, for the
// emitters that embed it in a larger document (scan). Private to the library.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "toolrisk/emit.h"

namespace toolrisk {

// Annotates the result's own JSON (a copy when another Document shares it); the result is spent.
std::vector<nlohmann::ordered_json> annotated_values(DocumentResult&& result, RiskForm form);

}  // namespace toolrisk
