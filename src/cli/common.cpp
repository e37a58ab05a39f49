#include "common.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include <fcntl.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "toolrisk/pipeline.h"

namespace toolrisk::cli {

void report(const std::vector<Diagnostic>& errors) {
  for (const auto& e : errors) std::cerr << "toolrisk: error: " << format(e) << '\n';
}

Expected<std::shared_ptr<const RuleBase>> rule_base(const std::string& dir, bool with_examples) {
  std::vector<RuleSource> overrides;
  if (!dir.empty()) {
    auto sources = read_rule_folder(dir);
    if (!sources) return sources.errors();
    overrides = std::move(sources.value());
  }
  auto base = load_rule_base(overrides, with_examples);
  // A rule base lives until the process ends: freeing its rules, tables and compiled patterns
  // when a run is over would take a tenth of a run over a small dump (docs/performance-history.md).
  // Held from a static, so leak checkers count it as reachable.
  static auto* const kept = new std::vector<std::shared_ptr<const RuleBase>>;
  if (base) kept->push_back(base.value());
  return base;
}

void add_live_options(CLI::App* cmd, LiveFlags& o) {
  cmd->add_flag("--stdio", o.stdio, "start a stdio MCP server: the arguments after -- are its command");
  cmd->add_option("--url", o.url, "reach a Streamable HTTP MCP server at URL");
  cmd->add_option("-H,--header", o.headers, "an HTTP header for --url, 'Name: value' (repeatable)")->allow_extra_args(false);
  cmd->add_option("--timeout", o.timeout_seconds, "seconds allowed for each step with a live server")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  cmd->add_option("--protocol-version", o.protocol_version,
                  "offer only this MCP protocol version (default: negotiate 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)");
  cmd->add_flag("-v,--verbose", o.verbose, "show a stdio server's stderr");
  cmd->add_option("--server-log", o.server_log, "append a stdio server's stderr to FILE");
}

Expected<LiveOptions> live_options(const LiveFlags& flags, std::unique_ptr<std::ostream>& log) {
  LiveOptions options;
  options.timeout = std::chrono::milliseconds(static_cast<long long>(flags.timeout_seconds * 1000));
  options.protocol_version = flags.protocol_version;
  if (!flags.server_log.empty()) {
    log = std::make_unique<std::ofstream>(flags.server_log, std::ios::app);
    if (!*log) return Diagnostic{flags.server_log, 0, 0, "", "cannot open the server log for writing"};
    options.server_log = log.get();
  } else if (flags.verbose) {
    options.server_log = &std::cerr;
  }
  return options;
}

Expected<LiveResult> fetch_live(const LiveFlags& flags, const std::vector<std::string>& command) {
  if (flags.stdio && !flags.url.empty()) return Diagnostic{"", 0, 0, "", "give --stdio or --url, not both"};
  if (flags.stdio && command.empty()) {
    return Diagnostic{"", 0, 0, "", "--stdio needs the server's command after --, e.g. --stdio -- npx my-server"};
  }
  if (!flags.url.empty() && !command.empty()) {
    return Diagnostic{"", 0, 0, "", "--url takes no input files (the server is the input)"};
  }
  LiveServer server;
  server.command = command;
  server.url = flags.url;
  for (const auto& h : flags.headers) {
    const auto colon = h.find(':');
    if (colon == std::string::npos || colon == 0) return Diagnostic{"", 0, 0, "", "header `" + h + "` is not 'Name: value'"};
    std::string value = h.substr(colon + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    server.headers.emplace_back(h.substr(0, colon), value);
  }
  std::unique_ptr<std::ostream> log;
  auto options = live_options(flags, log);
  if (!options) return options.errors();
  auto fetched = fetch_tools(server, options.value());
  if (fetched) {
    for (const auto& w : fetched->warnings) std::cerr << "toolrisk: warning: " << fetched->display << ": " << w << '\n';
  }
  return fetched;
}

void add_inference_options(CLI::App* cmd, InferenceOptions& o, bool with_catalog) {
  cmd->add_option("inputs", o.inputs,
                  "tools/list dumps (- for standard input): a tools/list result, a JSON-RPC response, "
                  "an array of tools, an array of pages, or one JSON value per line; with --stdio, the "
                  "server's command");
  add_live_options(cmd, o.live);
  cmd->add_option("-j,--jobs", o.jobs, "input files read and inferred in parallel (output order is the same for any N)")
      ->check(CLI::Range(1u, 1024u))
      ->capture_default_str();
  cmd->add_option("--declared", o.declared,
                  "how to use what the server declares: max (default: may raise, never lower), trust (replaces), "
                  "ignore")
      ->check(CLI::IsMember({"max", "trust", "ignore"}));
  cmd->add_option("--rules", o.rules_dir, "a folder of *.yaml rule files that add to or override the built-in rules");
  if (with_catalog) {
    cmd->add_option("--catalog", o.catalogs,
                    "an operator catalogue (YAML; toolrisk's format or KARAI tool_policies.yaml) whose entries decide "
                    "over declared and inferred values; repeatable, later files override earlier ones")
        ->allow_extra_args(false);
  }
}

Expected<Catalog> load_catalogs(const std::vector<std::string>& files) {
  auto parsed = read_each<Catalog>(files, [](const std::string& path, const std::string& text) {
    return parse_catalog(display_name(path), text);
  });
  if (!parsed) return parsed.errors();
  Catalog all;
  for (auto& c : parsed.value()) {
    for (auto& e : c.entries) all.entries.push_back(std::move(e));
  }
  return all;
}

// Reads, loads and infers every input, `jobs` at a time, in input order.
static Expected<std::vector<DocumentResult>> infer_inputs(const InferenceOptions& o, const RuleBase& rules,
                                                          DeclaredMode mode, const Catalog* catalog) {
  return read_each<DocumentResult>(
      o.inputs,
      [&](const std::string& path, const std::string& text) -> Expected<DocumentResult> {
        auto doc = load_document(path, text);
        if (!doc) return doc.errors();
        return infer_document(rules, std::move(doc.value()), mode, catalog);
      },
      o.jobs);
}

Expected<InferenceSetup> prepare_inference(const InferenceOptions& o) {
  if (o.inputs.empty() && !o.live.live()) {
    return Diagnostic{"", 0, 0, "", "no input: give tools/list dumps, - for standard input, --stdio -- CMD or --url URL"};
  }
  InferenceSetup setup;
  auto rules = rule_base(o.rules_dir);
  if (!rules) return rules.errors();
  setup.rules = rules.value();
  auto catalog = load_catalogs(o.catalogs);
  if (!catalog) return catalog.errors();
  setup.catalog = std::move(catalog.value());
  setup.has_catalog = !o.catalogs.empty();
  setup.mode = *parse_declared_mode(o.declared.empty() ? "max" : o.declared);
  return setup;
}

Expected<std::vector<DocumentResult>> run_inference(const InferenceOptions& o) {
  auto setup = prepare_inference(o);
  if (!setup) return setup.errors();
  const InferenceSetup& s = setup.value();
  // Every input is read and checked before anything is written: no partial output.
  if (!o.live.live()) return infer_inputs(o, *s.rules, s.mode, s.catalog_or_null());
  auto fetched = fetch_live(o.live, o.inputs);
  if (!fetched) return fetched.errors();
  auto doc = load_document(fetched->display, fetched->dump);
  if (!doc) return doc.errors();
  std::vector<DocumentResult> results;
  results.push_back(infer_document(*s.rules, std::move(doc.value()), s.mode, s.catalog_or_null()));
  return results;
}

bool with_output(const std::string& path, const std::function<bool(std::ostream&)>& write) {
  if (path.empty() || path == "-") {
    // A terminal gets std::cout (line by line); a pipe or a file 256 KiB at a time.
    std::cout.flush();
    std::optional<FdOstream> piped;
    if (!::isatty(STDOUT_FILENO)) piped.emplace(STDOUT_FILENO);
    std::ostream& out = piped ? static_cast<std::ostream&>(*piped) : std::cout;
    const bool done = write(out);
    out.flush();
    if (!out) std::cerr << "toolrisk: error: cannot write to standard output\n";
    return done && static_cast<bool>(out);
  }
  const std::string tmp = path + ".tmp";
  {
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
      std::cerr << "toolrisk: error: " << tmp << ": cannot write: " << std::strerror(errno) << '\n';
      return false;
    }
    bool done = false;
    bool written = false;
    {
      FdOstream out(fd);
      done = write(out);
      written = static_cast<bool>(out.flush());
    }
    written = ::close(fd) == 0 && written;
    if (!done || !written) {
      if (done) std::cerr << "toolrisk: error: " << tmp << ": cannot write\n";
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

bool write_output(const std::string& path, const std::string& data) {
  return with_output(path, [&](std::ostream& out) {
    out << data;
    return true;
  });
}

}  // namespace toolrisk::cli
