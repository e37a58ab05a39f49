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
    add_inference_options(cmd, o_);
    cmd->add_option("-f,--format", format_, "json (the input's shape), ndjson (one tool per line) or table")
        ->check(CLI::IsMember({"json", "ndjson", "table"}))
        ->capture_default_str();
    cmd->add_option("--emit", emit_,
                    "where the seven fields go: annotations (the SEP's form) or meta "
                    "(tool._meta[\"dev.toolrisk/risk\"], the extension form)")
        ->check(CLI::IsMember({"annotations", "meta"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", output_, "write to FILE (atomically) instead of standard output");
    cmd->add_flag("--compact", compact_, "JSON on one line per document");
    cmd->footer(
        "Examples:\n"
        "  toolrisk infer server-tools.json > annotated.json\n"
        "  toolrisk infer --format table a.json b.json\n"
        "  toolrisk infer --emit meta dump.json          # fields in _meta[\"dev.toolrisk/risk\"]\n"
        "  toolrisk infer --declared ignore --format ndjson dump.json | jq .tool.annotations\n"
        "  toolrisk infer --rules my-rules/ dump.json\n"
        "  toolrisk infer --catalog toolrisk.catalog.yaml dump.json");
    return cmd;
  }

  int run() override {
    auto inferred = run_inference(o_);
    if (!ok_or_report(inferred)) return kExitUsage;
    const std::vector<DocumentResult>& results = inferred.value();
    const RiskForm form = emit_ == "meta" ? RiskForm::kMeta : RiskForm::kAnnotations;
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
  InferenceOptions o_;
  std::string format_ = "json";
  std::string emit_ = "annotations";
  std::string output_;
  bool compact_ = false;
};

}  // namespace

std::unique_ptr<Command> make_infer_command() { return std::make_unique<InferCommand>(); }

}  // namespace toolrisk::cli
