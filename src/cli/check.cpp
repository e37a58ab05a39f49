// `toolrisk check`: the CI gate.
#include <iostream>
#include <sstream>

#include "command.h"
#include "common.h"
#include "toolrisk/check.h"
#include "toolrisk/emit.h"

namespace toolrisk::cli {
namespace {

class CheckCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand(
        "check", "Fail (exit 1) when a tool is unclassified, too risky, contradicts its declaration, or drifted");
    add_inference_options(cmd, o_);
    cmd->add_option("--policy", policy_file_, "a policy file (YAML: fail_on, unclassified, conflicts, drift, catalogs, "
                                              "baseline, declared, rules); flags override it");
    cmd->add_option("--fail-on", fail_on_, "fail on tools at or above this riskLevel: low, medium, high, critical, none")
        ->check(CLI::IsMember({"low", "medium", "high", "critical", "none"}));
    cmd->add_flag("--fail-on-conflict", fail_on_conflict_, "fail when declared hints contradict the evidence");
    cmd->add_flag("--allow-unclassified", allow_unclassified_, "do not fail on unclassified tools (they are still shown)");
    cmd->add_option("--baseline", baseline_, "a lock file from `toolrisk lock`: fail on new, removed and changed tools "
                                             "and on risk increases");
    cmd->add_option("-f,--format", format_, "text, json, sarif (SARIF 2.1.0) or markdown (a pull-request comment)")
        ->check(CLI::IsMember({"text", "json", "sarif", "markdown"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", output_, "write the report to FILE (atomically) instead of standard output");
    cmd->footer(
        "Findings (rule ids): unclassified, unreviewed-catalog-entry, risk-threshold, declared-conflict,\n"
        "new-tool, removed-tool, changed-definition, risk-increase. docs/ci.md has the details.\n\n"
        "Exit codes: 0 no finding, 1 at least one finding, 2 usage or input error.\n\n"
        "Examples:\n"
        "  toolrisk check dump.json                                  # fail on unclassified tools\n"
        "  toolrisk check --fail-on high --format markdown dump.json > comment.md\n"
        "  toolrisk check --baseline toolrisk.lock.json --format sarif -o toolrisk.sarif dump.json\n"
        "  toolrisk check --policy toolrisk.yaml dump.json");
    return cmd;
  }

  int run() override {
    Policy policy;
    if (!policy_file_.empty()) {
      auto parsed = read_one<Policy>(policy_file_, parse_policy);
      if (!ok_or_report(parsed)) return kExitUsage;
      policy = std::move(parsed.value());
    }
    if (!fail_on_.empty()) policy.fail_on = fail_on_ == "none" ? std::nullopt : parse_risk_level(fail_on_);
    if (fail_on_conflict_) policy.fail_on_conflict = true;
    if (allow_unclassified_) policy.fail_on_unclassified = false;
    if (!baseline_.empty()) policy.baseline = baseline_;
    InferenceOptions o = o_;
    if (o.declared.empty()) o.declared = policy.declared;
    if (o.rules_dir.empty()) o.rules_dir = policy.rules_dir;
    o.catalogs.insert(o.catalogs.begin(), policy.catalogs.begin(), policy.catalogs.end());

    std::optional<LockFile> baseline;
    if (!policy.baseline.empty()) {
      auto lock = read_one<LockFile>(policy.baseline, [](const std::string& path, const std::string& text) {
        return parse_lock(path, text);
      });
      if (!ok_or_report(lock)) return kExitUsage;
      baseline = std::move(lock.value());
    }
    auto results = run_inference(o);
    if (!ok_or_report(results)) return kExitUsage;
    const CheckReport report = run_check(results.value(), policy, baseline ? &*baseline : nullptr);
    std::ostringstream out;
    if (format_ == "json") emit_check_json(report, out);
    else if (format_ == "sarif") emit_sarif(report, out, TOOLRISK_VERSION);
    else if (format_ == "markdown") emit_check_markdown(report, out);
    else emit_check_text(report, out);
    if (!write_output(output_, out.str())) return kExitUsage;
    return report.failed() ? kExitFindings : kExitOk;
  }

 private:
  InferenceOptions o_;
  std::string policy_file_;
  std::string fail_on_;
  bool fail_on_conflict_ = false;
  bool allow_unclassified_ = false;
  std::string baseline_;
  std::string format_ = "text";
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> make_check_command() { return std::make_unique<CheckCommand>(); }

}  // namespace toolrisk::cli
