// Live servers: start one (stdio) or reach one (Streamable HTTP), perform the MCP handshake,
// list every tool, and hand back the result as a tools/list dump that load_document reads.
// POSIX only. The caller should ignore SIGPIPE or let this module block it per write.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "toolrisk/diagnostic.h"

namespace toolrisk {

// The protocol versions toolrisk speaks, newest first. 2026-07-28 has no initialize: it uses
// server/discover and per-request _meta; the others use initialize + notifications/initialized.
const std::vector<std::string>& supported_protocol_versions();

struct LiveServer {
  std::string name;                      // for messages (a config's server name, or the command)
  std::vector<std::string> command;      // stdio: program and arguments
  std::map<std::string, std::string> env;  // stdio: added to the inherited environment
  std::string url;                       // Streamable HTTP endpoint
  std::vector<std::pair<std::string, std::string>> headers;  // HTTP: sent with every request
};

// How messages and outputs name a server: "stdio: CMD ARGS", or its URL.
std::string display(const LiveServer& server);

struct LiveOptions {
  std::chrono::milliseconds timeout{30'000};        // for each step: start, handshake, each page
  std::size_t max_message_bytes = std::size_t{64} << 20;  // one JSON-RPC message
  std::size_t max_total_bytes = std::size_t{256} << 20;   // everything the server sends
  std::size_t max_pages = 10'000;                  // tools/list pages before "endless cursor"
  std::string protocol_version;  // empty: negotiate; else offer only this one
  std::ostream* server_log = nullptr;  // the server's stderr, as it comes (--verbose, --server-log)
};

struct LiveResult {
  std::string dump;              // {"server": {...}, "tools": [...]}: the whole list, as JSON text
  std::string protocol_version;  // the version agreed on
  std::string display;           // "stdio: CMD ARGS" or the URL, for messages and outputs
  std::vector<std::string> warnings;  // what the server did wrong but could be read past
};

// Errors name the server (`display`), the step, and what went wrong; for a stdio server, the
// tail of its stderr. The child process and its process group are always terminated and
// reaped before this returns.
Expected<LiveResult> fetch_tools(const LiveServer& server, const LiveOptions& options = {});

}  // namespace toolrisk
