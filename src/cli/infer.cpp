// `toolrisk infer`: annotate every tool with the seven risk fields and the evidence.
#include <sstream>

#include "command.h"
#include "common.h"
#include "toolrisk/emit.h"
#include "toolrisk/pipeline.h"

namespace toolrisk::cli {
namespace {

class InferCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand("infer", "Annotate every tool with the seven risk fields and the evidence");
    cmd->add_option("inputs", inputs_,
                    "tools/list dumps (- for standard input): a tools/list result, a JSON-RPC response, "
                    "an array of tools, an array of pages, or one JSON value per line")
        ->required();
    cmd->add_option("-f,--format", format_, "json (the input's shape), ndjson (one tool per line) or table")
        ->check(CLI::IsMember({"json", "ndjson", "table"}))
        ->capture_default_str();
    cmd->add_option("--emit", emit_,
                    "where the seven fields go: annotations (the SEP's form) or meta "
                    "(tool._meta[\"dev.toolrisk/risk\"], the extension form)")
        ->check(CLI::IsMember({"annotations", "meta"}))
        ->capture_default_str();
    cmd->add_option("--declared", declared_,
                    "how to use what the server declares: max (may raise, never lower), trust (replaces), "
                    "ignore")
        ->check(CLI::IsMember({"max", "trust", "ignore"}))
        ->capture_default_str();
    cmd->add_option("--rules", rules_dir_, "a folder of *.yaml rule files that add to or override the built-in rules");
    cmd->add_option("-o,--output", output_, "write to FILE (atomically) instead of standard output");
    cmd->add_flag("--compact", compact_, "JSON on one line per document");
    cmd->footer(
        "Examples:\n"
        "  toolrisk infer server-tools.json > annotated.json\n"
        "  toolrisk infer --format table a.json b.json\n"
        "  toolrisk infer --emit meta dump.json          # fields in _meta[\"dev.toolrisk/risk\"]\n"
        "  toolrisk infer --declared ignore --format ndjson dump.json | jq .tool.annotations\n"
        "  toolrisk infer --rules my-rules/ dump.json");
    return cmd;
  }

  int run() override {
    auto rules = rule_base(rules_dir_);
    if (!ok_or_report(rules)) return kExitUsage;
    // Every input is read and checked before anything is written: no partial output.
    auto documents = load_inputs(inputs_);
    if (!ok_or_report(documents)) return kExitUsage;
    const auto mode = *parse_declared_mode(declared_);
    const RiskForm form = emit_ == "meta" ? RiskForm::kMeta : RiskForm::kAnnotations;
    std::vector<DocumentResult> results;
    for (auto& doc : documents.value()) results.push_back(infer_document(*rules.value(), std::move(doc), mode));
    std::ostringstream out;
    if (format_ == "table") {
      emit_table(results, out);
    } else {
      for (const auto& r : results) {
        if (format_ == "ndjson") emit_ndjson(r, out, form);
        else emit_json(r, out, !compact_ && results.size() == 1, form);
      }
    }
    return write_output(output_, out.str()) ? kExitOk : kExitUsage;
  }

 private:
  std::vector<std::string> inputs_;
  std::string format_ = "json";
  std::string emit_ = "annotations";
  std::string declared_ = "max";
  std::string rules_dir_;
  std::string output_;
  bool compact_ = false;
};

}  // namespace

std::unique_ptr<Command> make_infer_command() { return std::make_unique<InferCommand>(); }

}  // namespace toolrisk::cli
