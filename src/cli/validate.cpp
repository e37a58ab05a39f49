// `toolrisk validate`: check declared annotations against SEP-2793.
#include <iostream>
#include <sstream>

#include "command.h"
#include "common.h"
#include "toolrisk/emit.h"
#include "toolrisk/validate.h"

namespace toolrisk::cli {
namespace {

class ValidateCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand(
        "validate", "Check every tool's annotations (and their _meta form) against SEP-2793");
    cmd->add_option("inputs", inputs_, "tools/list dumps in any shape `infer` reads (- for standard input)");
    cmd->add_flag("--list-checks", list_checks_, "print every check: id, severity, what it finds");
    cmd->add_flag("--annotations", bare_,
                  "each input is one bare ToolAnnotations object (a conformance vector), not a dump");
    cmd->add_option("-f,--format", format_, "text (a line per finding) or json (findings and effective values)")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    cmd->add_flag("--strict", strict_, "exit 1 on warnings too");
    cmd->add_option("-o,--output", output_, "write to FILE (atomically) instead of standard output");
    cmd->footer(
        "Errors: wrong types, values outside a field's value set, minTrustLevel not an integer 1..5,\n"
        "duplicate sideEffects. Warnings: combinations that contradict each other (readOnlyHint true\n"
        "on a delete, riskLevel critical with approvalRecommendation none, ...). Every check has an id;\n"
        "docs/tool-risk-metadata.md lists them.\n\n"
        "Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 unreadable input.\n\n"
        "Examples:\n"
        "  toolrisk validate server-tools.json\n"
        "  toolrisk infer dump.json | toolrisk validate --strict -\n"
        "  toolrisk validate --annotations --format json tests/conformance/cases/*.json\n"
        "  toolrisk validate --list-checks");
    return cmd;
  }

  int run() override {
    if (list_checks_) {
      for (const auto& c : validation_checks()) {
        std::cout << c.id << '\t' << to_string(c.severity) << '\t' << c.summary << '\n';
      }
      return kExitOk;
    }
    if (inputs_.empty()) {
      std::cerr << "toolrisk: error: validate needs at least one input file (- for standard input)\n"
                   "Run 'toolrisk validate --help' for examples.\n";
      return kExitUsage;
    }
    auto reports = bare_ ? read_each<ValidationReport>(inputs_, [](const std::string& path, const std::string& text) {
                             return validate_annotations_text(path, text);
                           })
                         : validate_inputs();
    if (!ok_or_report(reports)) return kExitUsage;
    std::ostringstream out;
    if (format_ == "json") emit_validation_json(reports.value(), out);
    else emit_validation_text(reports.value(), out);
    if (!write_output(output_, out.str())) return kExitUsage;
    std::size_t n_errors = 0, n_warnings = 0;
    for (const auto& r : reports.value()) {
      n_errors += r.count(Severity::kError);
      n_warnings += r.count(Severity::kWarning);
    }
    return n_errors > 0 || (strict_ && n_warnings > 0) ? kExitFindings : kExitOk;
  }

 private:
  Expected<std::vector<ValidationReport>> validate_inputs() const {
    return read_each<ValidationReport>(inputs_, [](const std::string& path, const std::string& text) -> Expected<ValidationReport> {
      auto doc = load_document(path, text);
      if (!doc) return doc.errors();
      return validate_document(doc.value());
    });
  }

  std::vector<std::string> inputs_;
  std::string format_ = "text";
  std::string output_;
  bool bare_ = false;
  bool strict_ = false;
  bool list_checks_ = false;
};

}  // namespace

std::unique_ptr<Command> make_validate_command() { return std::make_unique<ValidateCommand>(); }

}  // namespace toolrisk::cli
