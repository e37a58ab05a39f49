// libFuzzer target: the engine on arbitrary tools. Line 1 is the name, line 2 the
// description, each further line a parameter written as rule examples write them
// ("name:type=enum|values#description").
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "toolrisk/engine.h"
#include "toolrisk/rule_examples.h"
#include "toolrisk/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto rules = toolrisk::load_rule_base({});
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (toolrisk::find_invalid_utf8(text)) return 0;  // the loader refuses such input
  std::istringstream lines(text);
  toolrisk::RuleExample ex;
  std::getline(lines, ex.name);
  std::getline(lines, ex.description);
  for (std::string line; std::getline(lines, line);) ex.params.push_back(line);
  const toolrisk::Assessment a = toolrisk::evaluate_tool(*rules.value(), toolrisk::example_tool(ex));
  // Fail closed, whatever the input: an unclassified tool always gets the strictest values.
  if (!a.classified && a.fields.risk_level != toolrisk::RiskLevel::kCritical) __builtin_trap();
  if (a.fields.approval != toolrisk::approval_for(a.fields.risk_level) &&
      a.fields.approval < toolrisk::approval_for(a.fields.risk_level)) {
    __builtin_trap();
  }
  return 0;
}
