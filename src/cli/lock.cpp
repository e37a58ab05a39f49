// `toolrisk lock`: record each tool's definition hash and classification.
#include <sstream>

#include "command.h"
#include "common.h"
#include "toolrisk/emit.h"
#include "toolrisk/lock.h"

namespace toolrisk::cli {
namespace {

class LockCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand("lock", "Record each tool's definition hash and classification, for check --baseline");
    add_inference_options(cmd, o_);
    cmd->add_option("-o,--output", output_, "the lock file to write (atomically); standard output when not given");
    cmd->footer(
        "The hash covers the tool's name, title, description, input schema and annotations as the\n"
        "server declared them (SHA-256 of canonical JSON), so a changed definition under an old name\n"
        "is caught by `toolrisk check --baseline`.\n\n"
        "Examples:\n"
        "  toolrisk lock dump.json -o toolrisk.lock.json\n"
        "  toolrisk check --baseline toolrisk.lock.json dump.json");
    return cmd;
  }

  int run() override {
    auto results = run_inference(o_);
    if (!ok_or_report(results)) return kExitUsage;
    std::ostringstream out;
    emit_lock(make_lock(results.value(), TOOLRISK_VERSION), out);
    return write_output(output_, out.str()) ? kExitOk : kExitUsage;
  }

 private:
  InferenceOptions o_;
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> make_lock_command() { return std::make_unique<LockCommand>(); }

}  // namespace toolrisk::cli
