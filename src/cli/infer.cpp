// `toolrisk infer`: annotate every tool with the seven risk fields and the evidence.
#include <iterator>

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
    if (format_ == "ndjson" && !o_.live.live()) return run_ndjson();
    auto inferred = run_inference(o_);
    if (!ok_or_report(inferred)) return kExitUsage;
    std::vector<DocumentResult>& results = inferred.value();
    const RiskForm form = emit_ == "meta" ? RiskForm::kMeta : RiskForm::kAnnotations;
    // Inference is done and cannot fail now: the output goes straight to its destination.
    return with_output(output_, [&](std::ostream& out) {
             if (format_ == "table") {
               emit_table(results, out);
               return true;
             }
             const bool pretty = !compact_ && results.size() == 1;
             for (const auto& r : results) {
               if (format_ == "ndjson") emit_ndjson(r, out, form);
               else emit_json(r, out, pretty, form);
             }
             return true;
           })
               ? kExitOk
               : kExitUsage;
  }

 private:
  // --format ndjson: an input whose first line is a whole JSON value is read, inferred and
  // written a line at a time (memory stays that of one line); others are read whole.
  int run_ndjson() {
    auto setup = prepare_inference(o_);
    if (!ok_or_report(setup)) return kExitUsage;
    const InferenceSetup& s = setup.value();
    const RiskForm form = emit_ == "meta" ? RiskForm::kMeta : RiskForm::kAnnotations;
    const bool ok = with_output(output_, [&](std::ostream& out) {
      for (const auto& path : o_.inputs) {
        auto opened = open_input(path);
        if (!ok_or_report(opened)) return false;
        FdIstream& in = **opened;
        std::string first;
        std::size_t number = 1;
        while (std::getline(in, first) && first.find_first_not_of(" \t\r") == std::string::npos) ++number;
        if (in.bad()) {
          report({read_error(path, in)});
          return false;
        }
        if (is_one_json_value(first)) {
          auto streamed = infer_stream(in, path, *s.rules, StreamOptions{s.mode, s.catalog_or_null(), {}},
                                       [&](DocumentResult& r) { emit_ndjson(r, out, form); }, first, number);
          if (!ok_or_report(streamed)) return false;
          continue;
        }
        // A document over several lines: read it whole.
        auto text = read_rest(in, path, LoadLimits{}, first + "\n");
        if (!ok_or_report(text)) return false;
        auto doc = load_document(path, text.value());
        if (!ok_or_report(doc)) return false;
        emit_ndjson(infer_document(*s.rules, std::move(doc.value()), s.mode, s.catalog_or_null()), out, form);
      }
      return true;
    });
    return ok ? kExitOk : kExitUsage;
  }

  InferenceOptions o_;
  std::string format_ = "json";
  std::string emit_ = "annotations";
  std::string output_;
  bool compact_ = false;
};

}  // namespace

std::unique_ptr<Command> make_infer_command() { return std::make_unique<InferCommand>(); }

}  // namespace toolrisk::cli
