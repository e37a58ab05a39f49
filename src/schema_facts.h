// Flattens a tool's inputSchema into SchemaProperty facts.
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "toolrisk/tool.h"

namespace toolrisk {

// Walks properties, nested objects, array items and anyOf/oneOf/allOf, up to `max_properties`.
std::vector<SchemaProperty> schema_properties(const nlohmann::ordered_json& schema, std::size_t max_properties);

}  // namespace toolrisk
