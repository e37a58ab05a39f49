#pragma once

#include <string_view>
#include <vector>

namespace toolrisk {

struct EmbeddedFile {
  std::string_view name;  // "rules/verbs.yaml"
  std::string_view text;
};

// The rule files compiled into the binary at build time, sorted by name.
const std::vector<EmbeddedFile>& embedded_rule_files();

}  // namespace toolrisk
