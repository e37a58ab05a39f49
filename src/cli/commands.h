// The command-line layer: CLI11 fills plain option structs, the library does the work.
#pragma once

namespace toolrisk::cli {

// Documented in README "Exit codes".
enum ExitCode : int {
  kExitOk = 0,
  kExitFindings = 1,  // a finding: a validation error, a failed rule example, a policy breach
  kExitUsage = 2,     // bad usage or unreadable input
};

int run(int argc, char** argv);

}  // namespace toolrisk::cli
