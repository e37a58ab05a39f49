// The input document's JSON values with every tool annotated: what emit_json writes, for the
// emitters that embed it in a larger document (scan). Private to the library.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "toolrisk/emit.h"

namespace toolrisk {

// What emit_json writes (compact), read back as values; the result is left as it was.
std::vector<nlohmann::ordered_json> annotated_values(const DocumentResult& result, RiskForm form);

}  // namespace toolrisk
