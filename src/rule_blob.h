// The rule base in binary, made from the YAML rule files at build time (src/tools/rulegen.cpp)
// so that startup reads no YAML: a flat, versioned encoding of std::vector<Rule>.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/diagnostic.h"
#include "toolrisk/rule_base.h"

namespace toolrisk {

std::string serialize_rules(const std::vector<Rule>& rules);

// The rules back, or a diagnostic when the bytes are not a blob of this version. Without
// `with_examples` every rule's examples are passed over, not built: a run that only infers
// never reads them, and they are a quarter of the blob.
Expected<std::vector<Rule>> deserialize_rules(std::string_view blob, bool with_examples = true);

}  // namespace toolrisk
