// MCP client configurations: Claude Desktop (claude_desktop_config.json), Cursor (mcp.json)
// and VS Code (.vscode/mcp.json), read into the servers they start or reach.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/diagnostic.h"
#include "toolrisk/live.h"

namespace toolrisk {

struct ConfiguredServer {
  LiveServer server;  // server.name is the config's key
  std::string error;  // why it cannot be run as configured (then `server` is incomplete)
  bool disabled = false;
};

// `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code): per server `command`, `args`,
// `env`, or `url`, `headers` (`type` stdio | http; `sse` is the legacy transport and is
// reported as unsupported). ${env:NAME}, ${userHome} and ${workspaceFolder} (the folder that
// holds .vscode, or the config's folder) are expanded; ${input:...} cannot be and is reported.
// A bad entry is reported on its server and does not stop the others; a file that is not such
// a configuration is an error.
Expected<std::vector<ConfiguredServer>> parse_client_config(const std::string& file, std::string_view text);

}  // namespace toolrisk
