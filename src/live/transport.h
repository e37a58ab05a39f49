// How JSON-RPC messages reach a server: stdio (a child process) or Streamable HTTP. Private
// to the live module; session.cpp speaks MCP over either.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "toolrisk/diagnostic.h"
#include "toolrisk/live.h"

namespace toolrisk::live {

using json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

class Transport {
 public:
  virtual ~Transport() = default;
  // Sends `message` (a request) and returns the response with its id. Requests the server
  // sends meanwhile are answered (ping) or refused (method not found); notifications are
  // skipped. `step` names what is being done, for errors.
  virtual Expected<json> request(const json& message, const std::string& step, Clock::time_point deadline) = 0;
  virtual Expected<bool> notify(const json& message, const std::string& step, Clock::time_point deadline) = 0;
  // Tells the transport which protocol version was agreed (HTTP sends it as a header).
  virtual void set_protocol_version(const std::string&) {}
  // Ends the session: stdio terminates the process group, HTTP sends DELETE.
  virtual void close() = 0;
  // What the server did that MCP does not allow but could be read past, for the user.
  virtual std::vector<std::string> warnings() const { return {}; }
  const std::string& display() const { return display_; }

 protected:
  explicit Transport(std::string display) : display_(std::move(display)) {}
  Diagnostic fail(const std::string& step, const std::string& message) const {
    return Diagnostic{display_, 0, 0, step, message};
  }
  std::string display_;
};

Expected<std::unique_ptr<Transport>> open_stdio(const LiveServer& server, const LiveOptions& options);

// Streamable HTTP (cpp-httplib over OpenSSL) runs in a helper process, `toolrisk-http`, next
// to the binary and started on the first --url (http_helper.cpp): linked in, those libraries
// cost every run about 7 ms of loading and OpenSSL setup, and toolrisk itself is a static
// binary, which cannot load them as a module. The helper (http_helper_main.cpp) holds one
// HttpTransport and serves it over its stdin and stdout, one JSON line each way per call:
//   {"open": {"url", "headers", "timeout_ms", "max_message_bytes", "max_total_bytes", "display"}}
//   {"request" | "notify": message, "step": text, "ms": time left}   {"version": text}   {"close": true}
// and answers each with {"value": ...} or {"error": {"file", "line", "column", "path", "message"}}.
Expected<std::unique_ptr<Transport>> open_http(const LiveServer& server, const LiveOptions& options);
// The transport itself, in this process (the helper calls it).
Expected<std::unique_ptr<Transport>> open_http_here(const LiveServer& server, const LiveOptions& options,
                                                    const std::string& display);
inline constexpr const char* kHttpHelperFile = "toolrisk-http";

// "2.5 s", for messages about timeouts.
inline std::string seconds(std::chrono::milliseconds ms) {
  std::string s = std::to_string(ms.count() / 1000);
  if (ms.count() % 1000) {  // appended piece by piece: GCC 12 at -O3 warns falsely on "." + to_string(...)
    s += '.';
    s += std::to_string(ms.count() % 1000 / 100);
  }
  return s + " s";
}

// Server text quoted in an error: the first `n` bytes, control characters as spaces.
inline std::string snippet(const std::string& s, std::size_t n = 120) {
  std::string out;
  for (char c : s.substr(0, n)) out += (static_cast<unsigned char>(c) < 0x20 ? ' ' : c);
  return s.size() > n ? out + "..." : out;
}

// What a child process (a stdio server, the HTTP helper) wrote to stderr, kept for errors: its
// last 8 KiB.
class StderrTail {
 public:
  void add(const std::string& err) {
    text_ += err;
    if (text_.size() > 8192) text_.erase(0, text_.size() - 8192);
  }
  // "; its stderr ends:\n" and its last 600 bytes, or nothing when it wrote nothing.
  std::string ending() const {
    if (text_.empty()) return "";
    std::string tail = text_.size() > 600 ? "..." + text_.substr(text_.size() - 600) : text_;
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
    return "; its stderr ends:\n" + tail;
  }

 private:
  std::string text_;
};

// What to do with one message that arrived while waiting for the response to `id`
// (session.cpp, shared by both transports).
enum class Arrival { kResponse, kOther, kServerRequest };
Arrival classify(const json& message, const json& id);

// The reply to a request the server sent us: {} for ping, "method not found" otherwise.
json reply_to_server_request(const json& request);

}  // namespace toolrisk::live
