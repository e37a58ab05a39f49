// `toolrisk catalog init`: write a catalogue from the current inference, for review.
#include <filesystem>
#include <iostream>
#include <sstream>

#include "command.h"
#include "common.h"
#include "toolrisk/emit.h"

namespace toolrisk::cli {
namespace {

class CatalogCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand("catalog", "Operator catalogues: start one from the current inference");
    cmd->require_subcommand(1);
    init_ = cmd->add_subcommand("init", "Write a catalogue with an entry per tool, to review and commit");
    add_inference_options(init_, o_, /*with_catalog=*/false);
    init_->add_option("-o,--output", output_, "the catalogue to write (atomically)")->required();
    init_->add_flag("--force", force_, "replace an existing file (its reviewed entries are lost)");
    init_->footer(
        "Each entry fixes the seven fields as inferred now, with the evidence as its reason. Tools\n"
        "that could not be classified get `reason: unreviewed` and the fail-closed values: they keep\n"
        "failing `toolrisk check` until an operator edits the entry.\n\n"
        "Examples:\n"
        "  toolrisk catalog init dump.json -o toolrisk.catalog.yaml\n"
        "  toolrisk check --catalog toolrisk.catalog.yaml dump.json");
    return cmd;
  }

  int run() override {
    std::error_code ec;
    if (!force_ && std::filesystem::exists(output_, ec)) {
      std::cerr << "toolrisk: error: " << output_ << ": exists; an operator may have reviewed it (use --force to replace it)\n";
      return kExitUsage;
    }
    auto results = run_inference(o_);
    if (!ok_or_report(results)) return kExitUsage;
    std::ostringstream out;
    emit_catalog(results.value(), out);
    return write_output(output_, out.str()) ? kExitOk : kExitUsage;
  }

 private:
  CLI::App* init_ = nullptr;
  InferenceOptions o_;
  std::string output_;
  bool force_ = false;
};

}  // namespace

std::unique_ptr<Command> make_catalog_command() { return std::make_unique<CatalogCommand>(); }

}  // namespace toolrisk::cli
