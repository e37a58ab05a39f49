// `toolrisk dump`: a live server's whole tools/list result, to pin it and diff it later.
#include <sstream>

#include "command.h"
#include "common.h"

namespace toolrisk::cli {
namespace {

class DumpCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand("dump", "Write a live server's tools/list result (every page) as JSON");
    cmd->add_option("command", command_, "with --stdio: the server's command, after --");
    add_live_options(cmd, live_);
    cmd->add_option("-o,--output", output_, "write to FILE (atomically) instead of standard output");
    cmd->footer(
        "The dump is {\"server\": {serverInfo, protocolVersion, transport, command or url}, \"tools\": [...]},\n"
        "which every other command reads.\n\n"
        "Examples:\n"
        "  toolrisk dump --stdio -o memory.json -- npx -y @modelcontextprotocol/server-memory\n"
        "  toolrisk dump --url http://localhost:3001/mcp -H 'Authorization: Bearer $TOKEN' -o remote.json\n"
        "  toolrisk check --baseline toolrisk.lock.json memory.json");
    return cmd;
  }

  int run() override {
    if (!live_.live()) {
      report({Diagnostic{"", 0, 0, "", "dump needs a live server: --stdio -- CMD ARGS, or --url URL"}});
      return kExitUsage;
    }
    auto fetched = fetch_live(live_, command_);
    if (!ok_or_report(fetched)) return kExitUsage;
    return write_output(output_, fetched->dump + "\n") ? kExitOk : kExitUsage;
  }

 private:
  std::vector<std::string> command_;
  LiveFlags live_;
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> make_dump_command() { return std::make_unique<DumpCommand>(); }

}  // namespace toolrisk::cli
