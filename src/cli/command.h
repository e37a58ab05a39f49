// A subcommand: adds its options to the app, then runs when the user chose it.
#pragma once

#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

namespace toolrisk::cli {

class Command {
 public:
  virtual ~Command() = default;
  // Registers the subcommand and its options on `app`; returns it.
  virtual CLI::App* add(CLI::App& app) = 0;
  // Runs with the parsed options; returns the exit code.
  virtual int run() = 0;
};

std::unique_ptr<Command> make_infer_command();
std::unique_ptr<Command> make_validate_command();
std::unique_ptr<Command> make_check_command();
std::unique_ptr<Command> make_dump_command();
std::unique_ptr<Command> make_scan_command();
std::unique_ptr<Command> make_lock_command();
std::unique_ptr<Command> make_catalog_command();
std::unique_ptr<Command> make_rules_command();

}  // namespace toolrisk::cli
