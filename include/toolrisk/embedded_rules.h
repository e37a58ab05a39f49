#pragma once

#include <string_view>

namespace toolrisk {

// The built-in rules, read from rules/*.yaml and checked when toolrisk was built
// (src/tools/rulegen.cpp), in the encoding of rule_blob.h.
std::string_view embedded_rule_blob();

}  // namespace toolrisk
