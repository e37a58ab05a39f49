#include "commands.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "toolrisk/emit.h"
#include "toolrisk/pipeline.h"
#include "toolrisk/rule_examples.h"

namespace toolrisk::cli {
namespace {

struct InferOptions {
  std::vector<std::string> inputs;
  std::string format = "json";
  std::string declared = "max";
  std::string rules_dir;
  std::string output;
  bool compact = false;
};

struct RulesOptions {
  std::string rules_dir;
  bool check = false;
};

void report(const std::vector<Diagnostic>& errors) {
  for (const auto& e : errors) std::cerr << "toolrisk: error: " << format(e) << '\n';
}

Expected<std::shared_ptr<const RuleBase>> rule_base(const std::string& dir) {
  std::vector<RuleSource> overrides;
  if (!dir.empty()) {
    auto sources = read_rule_folder(dir);
    if (!sources) return sources.errors();
    overrides = std::move(sources.value());
  }
  return load_rule_base(overrides);
}

// Writes through a temporary file and a rename, so an interrupted run never leaves a
// half-written output behind.
bool write_atomically(const std::string& path, const std::string& data) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << data;
    out.flush();
    if (!out) {
      std::cerr << "toolrisk: error: " << tmp << ": cannot write\n";
      std::remove(tmp.c_str());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::cerr << "toolrisk: error: " << path << ": cannot write: " << ec.message() << '\n';
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

int run_infer(const InferOptions& o) {
  auto rules = rule_base(o.rules_dir);
  if (!rules) {
    report(rules.errors());
    return kExitUsage;
  }
  const auto mode = parse_declared_mode(o.declared);
  // Every input is read and checked before anything is written: no partial output.
  std::vector<DocumentResult> results;
  std::vector<Diagnostic> errors;
  for (const auto& path : o.inputs) {
    auto text = read_input(path);
    if (!text) {
      errors.insert(errors.end(), text.errors().begin(), text.errors().end());
      continue;
    }
    auto doc = load_document(path, text.value());
    if (!doc) {
      errors.insert(errors.end(), doc.errors().begin(), doc.errors().end());
      continue;
    }
    results.push_back(infer_document(*rules.value(), std::move(doc.value()), *mode));
  }
  if (!errors.empty()) {
    report(errors);
    return kExitUsage;
  }
  std::ostringstream out;
  if (o.format == "table") {
    emit_table(results, out);
  } else {
    for (const auto& r : results) {
      if (o.format == "ndjson") emit_ndjson(r, out);
      else emit_json(r, out, !o.compact && results.size() == 1);
    }
  }
  if (!o.output.empty()) return write_atomically(o.output, out.str()) ? kExitOk : kExitUsage;
  std::cout << out.str();
  std::cout.flush();
  return std::cout ? kExitOk : kExitUsage;
}

int run_rules(const RulesOptions& o) {
  auto rules = rule_base(o.rules_dir);
  if (!rules) {
    report(rules.errors());
    return kExitUsage;
  }
  if (!o.check) {
    emit_rule_list(*rules.value(), std::cout);
    return kExitOk;
  }
  const auto failures = check_rule_examples(*rules.value());
  std::size_t examples = 0;
  for (const auto& r : rules.value()->rules()) examples += r.examples.size();
  for (const auto& f : failures) {
    std::cerr << "toolrisk: error: " << f.file << ":" << f.line << ": rule `" << f.rule_id << "`, example "
              << f.example << ": " << f.message << '\n';
  }
  std::cout << rules.value()->rules().size() << " rules, " << examples << " examples: "
            << (examples - failures.size()) << " passed, " << failures.size() << " failed\n";
  return failures.empty() ? kExitOk : kExitFindings;
}

constexpr std::array<const char*, 2> kCommands = {"infer", "rules"};

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
int unknown_command(const std::string& word) {
  std::cerr << "toolrisk: error: unknown command '" << word << "'";
  for (const char* c : kCommands) {
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
      "  npx @modelcontextprotocol/inspector --cli npx my-server --method tools/list | toolrisk infer -\n"
      "  toolrisk rules\n\n"
      "Exit codes: 0 done, 1 a rule example failed (rules --check), 2 usage or input error.\n"
      "Documentation: README.md, docs/rules.md, docs/SECURITY.md.");

  InferOptions infer;
  auto* cmd_infer = app.add_subcommand("infer", "Annotate every tool with the seven risk fields and the evidence");
  cmd_infer->add_option("inputs", infer.inputs,
                        "tools/list dumps (- for standard input): a tools/list result, a JSON-RPC response, "
                        "an array of tools, an array of pages, or one JSON value per line")
      ->required();
  cmd_infer->add_option("-f,--format", infer.format, "json (the input's shape), ndjson (one tool per line) or table")
      ->check(CLI::IsMember({"json", "ndjson", "table"}))
      ->capture_default_str();
  cmd_infer->add_option("--declared", infer.declared,
                        "how to use what the server declares: max (may raise, never lower), trust (replaces), "
                        "ignore")
      ->check(CLI::IsMember({"max", "trust", "ignore"}))
      ->capture_default_str();
  cmd_infer->add_option("--rules", infer.rules_dir, "a folder of *.yaml rule files that add to or override the built-in rules");
  cmd_infer->add_option("-o,--output", infer.output, "write to FILE (atomically) instead of standard output");
  cmd_infer->add_flag("--compact", infer.compact, "JSON on one line per document");
  cmd_infer->footer(
      "Examples:\n"
      "  toolrisk infer server-tools.json > annotated.json\n"
      "  toolrisk infer --format table a.json b.json\n"
      "  toolrisk infer --declared ignore --format ndjson dump.json | jq .tool.annotations\n"
      "  toolrisk infer --rules my-rules/ dump.json");

  RulesOptions rules;
  auto* cmd_rules = app.add_subcommand("rules", "List the rules with their ids, or check their examples");
  cmd_rules->add_option("--rules", rules.rules_dir, "a folder of *.yaml rule files that add to or override the built-in rules");
  cmd_rules->add_flag("--check", rules.check, "run every rule's match and no_match examples (exit 1 on a failure)");
  cmd_rules->footer(
      "Examples:\n"
      "  toolrisk rules\n"
      "  toolrisk rules --check --rules my-rules/");

  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(kCommands.begin(), kCommands.end(), [&](const char* c) { return std::string(argv[1]) == c; })) {
    return unknown_command(argv[1]);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  if (cmd_infer->parsed()) return run_infer(infer);
  if (cmd_rules->parsed()) return run_rules(rules);
  return kExitUsage;
}

}  // namespace toolrisk::cli
