// What every command shares: reading inputs, reporting errors, writing outputs.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>

#include "commands.h"
#include "toolrisk/catalog.h"
#include "toolrisk/diagnostic.h"
#include "toolrisk/live.h"
#include "toolrisk/loader.h"
#include "toolrisk/pipeline.h"
#include "toolrisk/rule_base.h"

namespace toolrisk::cli {

// "toolrisk: error: file:line:col: message", one per line, on standard error.
void report(const std::vector<Diagnostic>& errors);

// The built-in rules plus the *.yaml files of `dir` (none when empty); the built-in rules'
// examples only `with_examples` (`toolrisk rules` runs them; inference never reads them).
Expected<std::shared_ptr<const RuleBase>> rule_base(const std::string& dir, bool with_examples = false);

// Reports the errors of a failed Expected; true when it holds a value.
template <typename T>
bool ok_or_report(const Expected<T>& e) {
  if (e) return true;
  report(e.errors());
  return false;
}

// Reads every input and turns its text into a T with `parse(path, text)`, `jobs` inputs at a
// time; results and errors keep input order. On any error, every error of every input (so
// nothing is half-done).
template <typename T, typename Parse>
Expected<std::vector<T>> read_each(const std::vector<std::string>& inputs, Parse parse, unsigned jobs = 1) {
  const std::size_t n = inputs.size();
  std::vector<std::optional<T>> slots(n);
  std::vector<std::vector<Diagnostic>> errors(n);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next++) < n;) {
      auto text = read_input(inputs[i]);
      if (!text) {
        errors[i] = text.errors();
        continue;
      }
      Expected<T> value = parse(inputs[i], text.value());
      if (value) slots[i] = std::move(value.value());
      else errors[i] = value.errors();
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < std::min<std::size_t>(jobs, n); ++t) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  std::vector<Diagnostic> all;
  for (auto& e : errors) all.insert(all.end(), e.begin(), e.end());
  if (!all.empty()) return all;
  std::vector<T> out;
  out.reserve(n);
  for (auto& s : slots) out.push_back(std::move(*s));
  return out;
}

// Reads one file and parses it with `parse(path, text)`.
template <typename T, typename Parse>
Expected<T> read_one(const std::string& path, Parse parse) {
  auto text = read_input(path);
  if (!text) return text.errors();
  return parse(path, text.value());
}

// How to reach a live server instead of reading dumps: --stdio (the inputs after -- are
// the command), --url, -H, --timeout, --protocol-version, --verbose, --server-log.
struct LiveFlags {
  bool stdio = false;
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  double timeout_seconds = 30;
  std::string protocol_version;
  bool verbose = false;
  std::string server_log;
  bool live() const { return stdio || !url.empty(); }
};

void add_live_options(CLI::App* cmd, LiveFlags& o);

// Fetches the live server the flags name (the command is `command` for --stdio) as a dump.
Expected<LiveResult> fetch_live(const LiveFlags& flags, const std::vector<std::string>& command);

// Live options as the library takes them; `log` receives the server's stderr when asked for.
Expected<LiveOptions> live_options(const LiveFlags& flags, std::unique_ptr<std::ostream>& log);

// What every command that infers takes: inputs (or a live server), --declared, --rules, --catalog.
struct InferenceOptions {
  std::vector<std::string> inputs;
  std::string declared;  // empty: not given (max)
  std::string rules_dir;
  std::vector<std::string> catalogs;
  LiveFlags live;
  unsigned jobs = 1;  // input files read and inferred at once; output order does not change
};

void add_inference_options(CLI::App* cmd, InferenceOptions& o, bool with_catalog = true);

// The rules, catalogues and declared mode an inference runs with.
struct InferenceSetup {
  std::shared_ptr<const RuleBase> rules;
  Catalog catalog;
  bool has_catalog = false;
  DeclaredMode mode = DeclaredMode::kMax;
  const Catalog* catalog_or_null() const { return has_catalog ? &catalog : nullptr; }
};
Expected<InferenceSetup> prepare_inference(const InferenceOptions& o);

// Loads the rules, the catalogues and every input, then infers each document.
Expected<std::vector<DocumentResult>> run_inference(const InferenceOptions& o);

// Reads and parses catalogue files, entries in the order given.
Expected<Catalog> load_catalogs(const std::vector<std::string>& files);

// Calls `write` with standard output (path empty or "-"), or with a temporary file renamed to
// `path` once `write` returns true, so an interrupted or failed run never leaves a half-written
// file. `write` returns false when it failed (having said why). False on any failure.
bool with_output(const std::string& path, const std::function<bool(std::ostream&)>& write);

// Writes `data` to `path` through a temporary file and a rename, so an interrupted run never
// leaves a half-written file; to standard output when `path` is empty. False (and a message)
// on failure.
bool write_output(const std::string& path, const std::string& data);

}  // namespace toolrisk::cli
