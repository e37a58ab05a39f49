// Runs every rule's own positive and negative examples.
#pragma once

#include <string>
#include <vector>

#include "toolrisk/rule_base.h"
#include "toolrisk/tool.h"

namespace toolrisk {

struct ExampleFailure {
  std::string rule_id;
  std::string file;
  std::size_t line = 0;
  std::string example;
  std::string message;
};

// The Tool an example stands for.
Tool example_tool(const RuleExample& example);

// Every failing example of every rule (empty when all pass).
std::vector<ExampleFailure> check_rule_examples(const RuleBase& rules);

}  // namespace toolrisk
