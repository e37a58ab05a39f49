// How JSON-RPC messages reach a server: stdio (a child process) or Streamable HTTP. Private
// to the live module; session.cpp speaks MCP over either.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

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
  const std::string& display() const { return display_; }

 protected:
  explicit Transport(std::string display) : display_(std::move(display)) {}
  Diagnostic fail(const std::string& step, const std::string& message) const {
    return Diagnostic{display_, 0, 0, step, message};
  }
  std::string display_;
};

Expected<std::unique_ptr<Transport>> open_stdio(const LiveServer& server, const LiveOptions& options);
// Loads the HTTP module on first use (http_module.cpp), then opens the transport there.
Expected<std::unique_ptr<Transport>> open_http(const LiveServer& server, const LiveOptions& options);

// The HTTP transport (http_transport.cpp, cpp-httplib and OpenSSL) is built as a module,
// toolrisk-http.so, that toolrisk loads only when it talks to a server over HTTP: linked in,
// those libraries cost every run about 7 ms of loading and OpenSSL setup. The module's one
// entry point fills this; both sides are built together from these headers.
struct HttpOpen {
  const LiveServer& server;
  const LiveOptions& options;
  std::string display;
  std::unique_ptr<Transport> transport;  // set on success
  std::optional<Diagnostic> error;       // set on failure
};
using OpenHttpFn = void (*)(HttpOpen&);
inline constexpr const char* kOpenHttpSymbol = "toolrisk_open_http_v1";
inline constexpr const char* kHttpModuleFile = "toolrisk-http.so";

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

// What to do with one message that arrived while waiting for the response to `id`
// (session.cpp, shared by both transports).
enum class Arrival { kResponse, kOther, kServerRequest };
Arrival classify(const json& message, const json& id);

// The reply to a request the server sent us: {} for ping, "method not found" otherwise.
json reply_to_server_request(const json& request);

}  // namespace toolrisk::live
