#include "commands.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"

namespace toolrisk::cli {
namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// ninja-style "did you mean" for a mistyped command.
int unknown_command(const std::string& word, const std::vector<std::string>& commands) {
  std::cerr << "toolrisk: error: unknown command '" << word << "'";
  for (const auto& c : commands) {
    if (edit_distance(word, c) <= 2) {
      std::cerr << ", did you mean '" << c << "'?";
      break;
    }
  }
  std::cerr << "\nRun 'toolrisk --help' for the commands.\n";
  return kExitUsage;
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{"toolrisk: how risky is each tool of an MCP server?\n"
               "Reads MCP tools/list dumps and adds the SEP-2793 risk fields to every tool's annotations."};
  app.set_version_flag("--version", std::string("toolrisk ") + TOOLRISK_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  toolrisk infer examples/filesystem.json\n"
      "  toolrisk infer --format table examples/*.json\n"
      "  toolrisk infer --format table --stdio -- npx -y @modelcontextprotocol/server-memory\n"
      "  toolrisk infer --url https://mcp.example.com/mcp -H 'Authorization: Bearer TOKEN'\n"
      "  toolrisk scan --config ~/.config/Claude/claude_desktop_config.json\n"
      "  npx @modelcontextprotocol/inspector --cli npx my-server --method tools/list | toolrisk infer -\n"
      "  toolrisk check --fail-on high --format sarif -o toolrisk.sarif dump.json\n"
      "  toolrisk lock dump.json -o toolrisk.lock.json\n"
      "  toolrisk catalog init dump.json -o toolrisk.catalog.yaml\n"
      "  toolrisk validate annotated.json\n"
      "  toolrisk rules\n\n"
      "Exit codes: 0 done, 1 findings (check, validate, rules --check), 2 usage or input error.\n"
      "Documentation: README.md, docs/ci.md, docs/tool-risk-metadata.md, docs/rules.md, docs/SECURITY.md.");

  struct Known {
    const char* name;
    std::unique_ptr<Command> (*make)();
  };
  static constexpr Known kCommands[] = {
      {"infer", make_infer_command}, {"check", make_check_command},       {"lock", make_lock_command},
      {"dump", make_dump_command},   {"scan", make_scan_command},         {"catalog", make_catalog_command},
      {"validate", make_validate_command}, {"rules", make_rules_command},
  };
  std::vector<std::string> names;
  for (const auto& k : kCommands) names.emplace_back(k.name);
  // The command on the command line, if it opens with one.
  const char* named = argc > 1 && argv[1][0] != '-' ? argv[1] : nullptr;
  if (named && std::find(names.begin(), names.end(), named) == names.end()) return unknown_command(named, names);
  // Only the command named is set up (its options are a twentieth of a small run's work); the
  // top-level help and errors before a command get them all.
  std::vector<std::unique_ptr<Command>> commands;
  std::vector<CLI::App*> subcommands;
  for (const auto& k : kCommands) {
    if (named && named != std::string_view(k.name)) continue;
    commands.push_back(k.make());
    subcommands.push_back(commands.back()->add(app));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  for (std::size_t i = 0; i < commands.size(); ++i) {
    if (subcommands[i]->parsed()) return commands[i]->run();
  }
  return kExitUsage;
}

}  // namespace toolrisk::cli
