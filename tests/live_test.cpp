// Live servers through fetch_tools, against the fake server in tests/live: the good modes
// list every tool; each hostile mode gives a clear error; and every time, the child and its
// process group are gone and reaped afterwards.
#include "toolrisk/live.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>

#include "toolrisk/client_config.h"
#include "toolrisk/loader.h"

namespace toolrisk {
namespace {

const std::string kServer = std::string(TOOLRISK_SOURCE_DIR) + "/tests/live/fake_mcp_server.py";

LiveServer fake(const std::string& mode, const std::string& marker = "300") {
  LiveServer s;
  s.command = {TOOLRISK_PYTHON, kServer, "--mode", mode, "--child-seconds", marker};
  return s;
}

LiveOptions quick() {
  LiveOptions o;
  o.timeout = std::chrono::milliseconds(2000);
  return o;
}

// No child of ours is left, running or zombie.
void expect_no_children() {
  int status = 0;
  errno = 0;
  EXPECT_EQ(::waitpid(-1, &status, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

// `pattern` must not match the shell that runs pgrep: callers bracket a letter ("[s]leep").
bool process_running(const std::string& pattern) {
  const std::string cmd = "pgrep -f '" + pattern + "' >/dev/null";
  return std::system(cmd.c_str()) == 0;
}

std::string error_of(const Expected<LiveResult>& r) {
  return r.ok() ? "" : format(r.errors().front());
}

TEST(Live, ListsEveryToolAndReadsBackAsADump) {
  for (const char* mode : {"normal", "paged", "stateless", "server-request", "stderr-noise"}) {
    auto r = fetch_tools(fake(mode), quick());
    ASSERT_TRUE(r.ok()) << mode << ": " << error_of(r);
    auto doc = load_document("live", r->dump);
    ASSERT_TRUE(doc.ok()) << mode;
    EXPECT_EQ(doc->tools.size(), 6u) << mode;
    EXPECT_EQ(doc->server_names.front(), std::string("fake-") + (std::string(mode) == "stateless" ? "stateless" : mode));
    EXPECT_EQ(r->protocol_version, std::string(mode) == "stateless" ? "2026-07-28" : "2025-11-25") << mode;
    expect_no_children();
  }
}

TEST(Live, LinesOnStdoutThatAreNotJsonAreSkippedAndReported) {
  // MCP allows only messages on stdout; servers that log there anyway are read past, with a warning.
  std::ostringstream log;
  LiveOptions o = quick();
  o.server_log = &log;
  auto r = fetch_tools(fake("garbage"), o);
  ASSERT_TRUE(r.ok()) << error_of(r);
  auto doc = load_document("live", r->dump);
  ASSERT_TRUE(doc.ok());
  EXPECT_EQ(doc->tools.size(), 6u);
  ASSERT_EQ(r->warnings.size(), 1u);
  EXPECT_EQ(r->warnings[0],
            "the server wrote 3 lines to stdout that are not JSON-RPC (MCP allows only messages there); skipped; the first: "
            "'Server starting on stdio...'");
  EXPECT_EQ(log.str(), "Server starting on stdio...\nhandled initialize\nhandled tools/list\n");
  EXPECT_TRUE(fetch_tools(fake("normal"), quick())->warnings.empty());
  expect_no_children();
}

TEST(Live, ForcedProtocolVersionIsOffered) {
  LiveOptions o = quick();
  o.protocol_version = "2025-03-26";
  auto r = fetch_tools(fake("normal"), o);
  ASSERT_TRUE(r.ok()) << error_of(r);
  EXPECT_EQ(r->protocol_version, "2025-03-26");
  o.protocol_version = "2023-01-01";
  EXPECT_NE(error_of(fetch_tools(fake("normal"), o)).find("does not speak protocol version 2023-01-01"), std::string::npos);
}

TEST(Live, AServerOfTheFirstVersionIsListed) {
  // Many published servers still answer 2024-11-05, whose tools/list is the same.
  auto r = fetch_tools(fake("old-version"), quick());
  ASSERT_TRUE(r.ok()) << error_of(r);
  EXPECT_EQ(r->protocol_version, "2024-11-05");
  auto doc = load_document("live", r->dump);
  ASSERT_TRUE(doc.ok());
  EXPECT_EQ(doc->tools.size(), 6u);
  expect_no_children();
}

TEST(Live, EachBadServerGetsAClearErrorAndNothingIsLeftBehind) {
  struct Case {
    const char* mode;
    const char* says;
  };
  for (const Case& c : {Case{"exit", "exited with status 3 before answering"},
                        Case{"hang", "no answer within 2 s"},
                        Case{"flood", "2 s"},  // or the byte limit first: "more than ... bytes"
                        Case{"garbage-exit", "exited with status 1 before answering; on stdout it wrote 'Error: FAKE_API_KEY is not set'"},
                        Case{"rpc-error", "tools/list page 1: error -32603: backend unavailable"},
                        Case{"unknown-version", "protocol version 2023-01-01"},
                        Case{"repeat-cursor", "sent cursor \"same\" again"},
                        Case{"repeated-key", "tools/list page 1: a message from the server is refused: the key \"name\" appears twice in one object"}}) {
    const auto start = std::chrono::steady_clock::now();
    const std::string error = error_of(fetch_tools(fake(c.mode), quick()));
    const bool flood_capped = std::string(c.mode) == "flood" && error.find("the server sent more than") != std::string::npos;
    EXPECT_TRUE(error.find(c.says) != std::string::npos || flood_capped) << c.mode << ": " << error;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << c.mode;
    expect_no_children();
  }
}

TEST(Live, EndlessCursorStopsAtThePageLimit) {
  LiveOptions o = quick();
  o.max_pages = 50;
  EXPECT_NE(error_of(fetch_tools(fake("endless-cursor"), o)).find("more than 50 pages"), std::string::npos);
  expect_no_children();
}

TEST(Live, OversizedMessagesAreRefused) {
  LiveOptions o = quick();
  o.max_message_bytes = 1 << 20;
  EXPECT_NE(error_of(fetch_tools(fake("huge"), o)).find("over the limit of 1048576 bytes"), std::string::npos);
  expect_no_children();
}

TEST(Live, AServerThatIgnoresSigtermIsKilledWithItsChildren) {
  const std::string marker = std::to_string(1000 + ::getpid() % 1000) + ".25";  // sleep's argument
  const std::string error = error_of(fetch_tools(fake("ignore-sigterm", marker), quick()));
  EXPECT_NE(error.find("no answer within 2 s"), std::string::npos) << error;
  expect_no_children();
  // The check's own sleep is waited for once killed: under load a sleep only signalled could
  // still be running when the next pgrep looks, and be taken for the server's child.
  ASSERT_TRUE(std::system(("sleep " + marker + " >/dev/null 2>&1 & sleep 0.2; pgrep -f '[s]leep " + marker +
                           "' >/dev/null; r=$?; kill $!; wait $! 2>/dev/null; exit $r")
                              .c_str()) == 0)
      << "the check itself cannot see a running sleep";
  EXPECT_FALSE(process_running("[s]leep " + marker)) << "the server's child outlived it";
}

TEST(Live, ACommandThatCannotStartSaysSo) {
  LiveServer s;
  s.command = {"/nonexistent/toolrisk-test-server"};
  EXPECT_NE(error_of(fetch_tools(s, quick())).find("cannot start `/nonexistent/toolrisk-test-server`"), std::string::npos);
  expect_no_children();
}

TEST(Live, AScriptWithoutAnInterpreterLineSaysHowToRunIt) {
  char dir[] = "/tmp/toolrisk-live-XXXXXX";
  ASSERT_NE(::mkdtemp(dir), nullptr);
  const std::string script = std::string(dir) + "/server.js";
  std::FILE* f = std::fopen(script.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("import { createServer } from './server.js';\n", f);
  std::fclose(f);
  ASSERT_EQ(::chmod(script.c_str(), 0755), 0);
  LiveServer s;
  s.command = {script};
  const std::string error = error_of(fetch_tools(s, quick()));
  EXPECT_NE(error.find("cannot start `" + script + "`: Exec format error (a script needs a '#!' line naming its interpreter; or name the interpreter first, e.g. -- node " + script + ")"), std::string::npos) << error;
  expect_no_children();
  std::remove(script.c_str());
  ::rmdir(dir);
}

TEST(Live, BadUrlsAreRefused) {
  LiveServer s;
  s.url = "ftp://example.com/mcp";
  EXPECT_NE(error_of(fetch_tools(s, quick())).find("not an http:// or https:// URL"), std::string::npos);
  s.url = "http://127.0.0.1:1/mcp";
  EXPECT_NE(error_of(fetch_tools(s, quick())).find("cannot connect to the server"), std::string::npos);
}

TEST(ClientConfig, ClaudeDesktopAndCursorShape) {
  ::setenv("TOOLRISK_TEST_TOKEN", "s3cret", 1);
  auto c = parse_client_config("claude_desktop_config.json", R"({"mcpServers": {
    "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${userHome}/work"],
           "env": {"TOKEN": "${env:TOOLRISK_TEST_TOKEN}", "DEBUG": 1}},
    "remote": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${env:TOOLRISK_TEST_TOKEN}"}},
    "off": {"command": "x", "disabled": true},
    "empty": {}
  }})");
  ASSERT_TRUE(c.ok()) << format(c.errors()[0]);
  ASSERT_EQ(c->size(), 4u);
  const auto& fs = (*c)[0];
  EXPECT_EQ(fs.server.name, "fs");
  ASSERT_EQ(fs.server.command.size(), 4u);
  EXPECT_EQ(fs.server.command[3], std::string(std::getenv("HOME")) + "/work");
  EXPECT_EQ(fs.server.env.at("TOKEN"), "s3cret");
  EXPECT_EQ(fs.server.env.at("DEBUG"), "1");
  EXPECT_TRUE(fs.error.empty());
  EXPECT_EQ((*c)[1].server.headers.at(0).second, "Bearer s3cret");
  EXPECT_TRUE((*c)[2].disabled);
  EXPECT_NE((*c)[3].error.find("neither `command`"), std::string::npos);
}

TEST(ClientConfig, VsCodeShapeWithItsVariables) {
  auto c = parse_client_config("/work/project/.vscode/mcp.json", R"({"inputs": [], "servers": {
    "local": {"type": "stdio", "command": "node", "args": ["${workspaceFolder}/server.js"]},
    "asks": {"type": "stdio", "command": "node", "args": ["--key", "${input:api-key}"]},
    "legacy": {"type": "sse", "url": "http://localhost:3000/sse"},
    "http": {"type": "http", "url": "http://localhost:3001/mcp"}
  }})");
  ASSERT_TRUE(c.ok()) << format(c.errors()[0]);
  EXPECT_EQ((*c)[0].server.command[1], "/work/project/server.js");
  EXPECT_NE((*c)[1].error.find("${input:api-key}"), std::string::npos);
  EXPECT_NE((*c)[2].error.find("legacy HTTP+SSE"), std::string::npos);
  EXPECT_EQ((*c)[3].server.url, "http://localhost:3001/mcp");
  EXPECT_FALSE(parse_client_config("x.json", R"({"other": {}})").ok());
  EXPECT_FALSE(parse_client_config("x.json", "{broken").ok());
}

}  // namespace
}  // namespace toolrisk
