// `toolrisk scan --config FILE`: every server of an MCP client configuration.
#include <iostream>
#include <sstream>

#include "command.h"
#include "common.h"
#include "toolrisk/emit.h"
#include "toolrisk/scan.h"

namespace toolrisk::cli {
namespace {

class ScanCommand : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* cmd = app.add_subcommand("scan", "Infer every server of an MCP client configuration (Claude Desktop, VS Code, Cursor)");
    cmd->add_option("--config", config_, "claude_desktop_config.json, .vscode/mcp.json or Cursor's mcp.json")->required();
    cmd->add_option("--declared", declared_, "how to use what servers declare: max (default), trust, ignore")
        ->check(CLI::IsMember({"max", "trust", "ignore"}));
    cmd->add_option("--rules", rules_dir_, "a folder of *.yaml rule files that add to or override the built-in rules");
    cmd->add_option("--catalog", catalogs_, "an operator catalogue (repeatable)")->allow_extra_args(false);
    cmd->add_option("--timeout", live_.timeout_seconds, "seconds allowed for each step with each server")
        ->check(CLI::Range(0.1, 86400.0))
        ->capture_default_str();
    cmd->add_flag("-v,--verbose", live_.verbose, "show the servers' stderr");
    cmd->add_option("--server-log", live_.server_log, "append the servers' stderr to FILE");
    cmd->add_option("-f,--format", format_, "table (a section per server) or json")
        ->check(CLI::IsMember({"table", "json"}))
        ->capture_default_str();
    cmd->add_option("-o,--output", output_, "write to FILE (atomically) instead of standard output");
    cmd->footer(
        "Servers run one after another, each with --timeout per step; one that fails to start or\n"
        "answer is reported and the others still run. Exit codes: 0 every server listed, 2 one or\n"
        "more could not be listed (or the configuration cannot be read).\n\n"
        "Examples:\n"
        "  toolrisk scan --config ~/.config/Claude/claude_desktop_config.json\n"
        "  toolrisk scan --config .vscode/mcp.json --format json -o scan.json");
    return cmd;
  }

  int run() override {
    auto servers = read_one<std::vector<ConfiguredServer>>(config_, [](const std::string& path, const std::string& text) {
      return parse_client_config(path, text);
    });
    if (!ok_or_report(servers)) return kExitUsage;
    auto rules = rule_base(rules_dir_);
    if (!ok_or_report(rules)) return kExitUsage;
    auto catalog = load_catalogs(catalogs_);
    if (!ok_or_report(catalog)) return kExitUsage;
    std::unique_ptr<std::ostream> log;
    auto live = live_options(live_, log);
    if (!ok_or_report(live)) return kExitUsage;
    ScanOptions options{live.value(), *parse_declared_mode(declared_.empty() ? "max" : declared_),
                        catalogs_.empty() ? nullptr : &catalog.value()};
    const auto entries = scan_servers(servers.value(), *rules.value(), options);
    std::ostringstream out;
    if (format_ == "json") emit_scan_json(entries, out);
    else emit_scan_table(entries, out);
    if (!write_output(output_, out.str())) return kExitUsage;
    bool failed = false;
    for (const auto& e : entries) {
      for (const auto& w : e.warnings) {
        std::cerr << "toolrisk: warning: " << config_ << ": server `" << e.configured.server.name << "`: " << w << '\n';
      }
      if (!e.configured.disabled && !e.result) {
        failed = true;
        std::cerr << "toolrisk: error: " << config_ << ": server `" << e.configured.server.name << "`: " << e.error << '\n';
      }
    }
    return failed ? kExitUsage : kExitOk;
  }

 private:
  std::string config_;
  std::string declared_;
  std::string rules_dir_;
  std::vector<std::string> catalogs_;
  LiveFlags live_;
  std::string format_ = "table";
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> make_scan_command() { return std::make_unique<ScanCommand>(); }

}  // namespace toolrisk::cli
