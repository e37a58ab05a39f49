// `toolrisk scan`: every server of an MCP client configuration, inferred one by one; a server
// that fails is reported and the others still run.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "toolrisk/client_config.h"
#include "toolrisk/live.h"
#include "toolrisk/pipeline.h"

namespace toolrisk {

struct ScanEntry {
  ConfiguredServer configured;
  std::string display;           // "stdio: CMD ARGS" or the URL
  std::string protocol_version;  // when listed
  std::optional<DocumentResult> result;  // when listed and inferred
  std::string error;             // otherwise: why not ("" for a disabled server)
  std::vector<std::string> warnings;  // LiveResult::warnings
};

struct ScanOptions {
  LiveOptions live;
  DeclaredMode mode = DeclaredMode::kMax;
  const Catalog* catalog = nullptr;
};

std::vector<ScanEntry> scan_servers(const std::vector<ConfiguredServer>& servers, const RuleBase& rules,
                                    const ScanOptions& options);

}  // namespace toolrisk
