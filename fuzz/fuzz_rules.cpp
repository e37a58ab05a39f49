// libFuzzer target: the rule file parser and compiler, then the examples of what compiled.
#include <cstddef>
#include <cstdint>
#include <string>

#include "toolrisk/rule_base.h"
#include "toolrisk/rule_examples.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto rules = toolrisk::parse_rule_files({{"fuzz.yaml", text}});
  if (!rules) return 0;
  auto base = toolrisk::RuleBase::compile(std::move(rules.value()));
  if (!base) return 0;
  (void)toolrisk::check_rule_examples(*base.value());
  return 0;
}
