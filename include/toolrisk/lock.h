// Lock files: each tool's canonical definition hash and its classification, recorded so that
// a later run can tell new, removed and changed tools ("rug pulls") and risk increases.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/diagnostic.h"
#include "toolrisk/pipeline.h"

namespace toolrisk {

// SHA-256 over canonical JSON (keys sorted, no whitespace) of the tool's definition, and of
// each part on its own so a change can be named.
struct DefinitionHashes {
  std::string definition;  // {name, title, description, inputSchema, annotations}
  std::map<std::string, std::string> parts;  // "title", "description", "inputSchema", "annotations"
};

// The definition as the server gave it: `annotations` is hashed as declared, before toolrisk
// added anything.
DefinitionHashes definition_hashes(const Document& document, std::size_t tool);

struct LockedTool {
  std::string name;
  DefinitionHashes hashes;
  RiskAnnotations fields;
  bool classified = false;
};

struct LockedServer {
  std::string server;  // the first of the document's server names
  std::string file;    // the input it was read from
  std::vector<LockedTool> tools;
};

struct LockFile {
  std::string toolrisk_version;
  std::vector<LockedServer> servers;
  const LockedServer* find(const std::string& server) const;
};

inline constexpr int kLockVersion = 1;

LockFile make_lock(const std::vector<DocumentResult>& results, const std::string& toolrisk_version);

// Reads a lock file written by `toolrisk lock`; errors name the file and the JSON path.
Expected<LockFile> parse_lock(const std::string& file, std::string_view text);

}  // namespace toolrisk
