// `toolrisk rules`: list the rules, or run every rule's examples.
#include <iostream>

#include "command.h"
#include "common.h"
#include "toolrisk/emit.h"
#include "toolrisk/rule_examples.h"

namespace toolrisk::cli {
namespace {

class RulesCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand("rules", "List the rules with their ids, or check their examples");
    cmd->add_option("--rules", rules_dir_, "a folder of *.yaml rule files that add to or override the built-in rules");
    cmd->add_flag("--check", check_, "run every rule's match and no_match examples (exit 1 on a failure)");
    cmd->footer(
        "Examples:\n"
        "  toolrisk rules\n"
        "  toolrisk rules --check --rules my-rules/");
    return cmd;
  }

  int run() override {
    auto rules = rule_base(rules_dir_, /*with_examples=*/true);
    if (!ok_or_report(rules)) return kExitUsage;
    if (!check_) {
      emit_rule_list(*rules.value(), std::cout);
      return kExitOk;
    }
    const auto failures = check_rule_examples(*rules.value());
    std::size_t examples = 0;
    for (const auto& r : rules.value()->rules()) examples += r.examples.size();
    for (const auto& f : failures) {
      std::cerr << "toolrisk: error: " << f.file << ":" << f.line << ": rule `" << f.rule_id << "`, example "
                << f.example << ": " << f.message << '\n';
    }
    std::cout << rules.value()->rules().size() << " rules, " << examples << " examples: "
              << (examples - failures.size()) << " passed, " << failures.size() << " failed\n";
    return failures.empty() ? kExitOk : kExitFindings;
  }

 private:
  std::string rules_dir_;
  bool check_ = false;
};

}  // namespace

std::unique_ptr<Command> make_rules_command() { return std::make_unique<RulesCommand>(); }

}  // namespace toolrisk::cli
