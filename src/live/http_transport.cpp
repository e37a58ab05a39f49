// Streamable HTTP: each JSON-RPC message is a POST; the answer is JSON or an SSE stream; the
// Mcp-Session-Id header the server gives is sent back; DELETE ends the session. Built as the
// helper process toolrisk-http (see open_http in transport.h), not into the toolrisk binary.
#include <httplib.h>

#include <algorithm>
#include <cctype>

#include "repeated_key.h"
#include "transport.h"

namespace toolrisk::live {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Splits "http://host:port/path?q" into "http://host:port" and "/path?q".
bool split_url(const std::string& url, std::string& origin, std::string& path) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) return false;
  const std::string s = lower(url.substr(0, scheme));
  if (s != "http" && s != "https") return false;
  const auto slash = url.find('/', scheme + 3);
  origin = url.substr(0, slash);
  path = slash == std::string::npos ? "/" : url.substr(slash);
  return origin.size() > scheme + 3;
}

class HttpTransport : public Transport {
 public:
  HttpTransport(const LiveServer& server, const LiveOptions& options, std::string display, const std::string& origin,
                std::string path)
      : Transport(std::move(display)), options_(options), client_(origin), path_(std::move(path)) {
    for (const auto& [k, v] : server.headers) headers_.emplace(k, v);
    const auto secs = std::max<long long>(1, options.timeout.count() / 1000);
    client_.set_connection_timeout(static_cast<time_t>(secs), 0);
    client_.set_read_timeout(static_cast<time_t>(secs), 0);
    client_.set_write_timeout(static_cast<time_t>(secs), 0);
    client_.set_follow_location(false);
  }

  bool valid() const { return client_.is_valid(); }

  void set_protocol_version(const std::string& v) override { protocol_version_ = v; }

  Expected<json> request(const json& message, const std::string& step, Clock::time_point deadline) override {
    return post(message, step, deadline, true);
  }

  Expected<bool> notify(const json& message, const std::string& step, Clock::time_point deadline) override {
    auto r = post(message, step, deadline, false);
    if (!r) return r.errors();
    return true;
  }

  void close() override {
    if (session_.empty()) return;
    httplib::Headers h = headers_;
    h.emplace("Mcp-Session-Id", session_);
    if (!protocol_version_.empty()) h.emplace("MCP-Protocol-Version", protocol_version_);
    (void)client_.Delete(path_, h);  // 405 means the server keeps sessions itself: fine
    session_.clear();
  }

  ~HttpTransport() override { close(); }

 private:
  Expected<json> post(const json& message, const std::string& step, Clock::time_point deadline, bool want_response) {
    httplib::Request req;
    req.method = "POST";
    req.path = path_;
    req.headers = headers_;
    req.set_header("Content-Type", "application/json");
    req.set_header("Accept", "application/json, text/event-stream");
    if (!session_.empty()) req.set_header("Mcp-Session-Id", session_);
    if (!protocol_version_.empty()) req.set_header("MCP-Protocol-Version", protocol_version_);
    req.body = message.dump();

    int status = 0;
    std::string content_type, body, sse;
    std::optional<json> response;
    std::optional<Diagnostic> problem;
    const json id = message.contains("id") ? message["id"] : json();
    req.response_handler = [&](const httplib::Response& res) {
      status = res.status;
      content_type = lower(res.get_header_value("Content-Type"));
      if (res.has_header("Mcp-Session-Id")) session_ = res.get_header_value("Mcp-Session-Id");
      return true;
    };
    req.content_receiver = [&](const char* data, size_t len, uint64_t, uint64_t) {
      if (content_type.rfind("text/event-stream", 0) != 0 || status != 200) {
        body.append(data, len);
        if (body.size() > options_.max_message_bytes) {
          problem = fail(step, "the response is over the limit of " + std::to_string(options_.max_message_bytes) + " bytes");
          return false;
        }
        return true;
      }
      sse.append(data, len);
      if (sse.size() > options_.max_total_bytes) {
        problem = fail(step, "the event stream is over the limit of " + std::to_string(options_.max_total_bytes) + " bytes");
        return false;
      }
      if (Clock::now() >= deadline) {
        problem = fail(step, "no answer within " + seconds(options_.timeout) + " (--timeout)");
        return false;
      }
      // Events end with a blank line; each event's data lines form one message.
      for (std::size_t end; (end = find_event_end(sse)) != std::string::npos;) {
        const std::string event = sse.substr(0, end);
        sse.erase(0, end);
        while (!sse.empty() && (sse.front() == '\n' || sse.front() == '\r')) sse.erase(0, 1);
        std::string data_text;
        std::size_t at = 0;
        while (at < event.size()) {
          auto nl = event.find('\n', at);
          std::string line = event.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
          at = nl == std::string::npos ? event.size() : nl + 1;
          if (!line.empty() && line.back() == '\r') line.pop_back();
          if (line.rfind("data:", 0) == 0) {
            std::string d = line.substr(5);
            if (!d.empty() && d.front() == ' ') d.erase(0, 1);
            data_text += (data_text.empty() ? "" : "\n") + d;
          }
        }
        if (data_text.empty()) continue;
        json parsed;
        try {
          parsed = json::parse(data_text);
        } catch (const json::exception&) {
          problem = fail(step, "the event stream carried something that is not JSON-RPC");
          return false;
        }
        if (auto repeated = find_repeated_key(data_text)) {
          problem = fail(step, "a message from the server is refused: " + repeated_key_message(*repeated));
          return false;
        }
        if (classify(parsed, id) == Arrival::kResponse) {
          response = std::move(parsed);
          return false;  // got it: stop reading the stream
        }
      }
      return true;
    };
    httplib::Response res;
    httplib::Error err = httplib::Error::Success;
    const bool sent = client_.send(req, res, err);
    if (problem) return *problem;
    if (response) return *response;
    if (!sent && status == 0) {
      if (err == httplib::Error::Read) {
        return fail(step, "no answer within " + seconds(options_.timeout) + " (--timeout), or the server closed the connection");
      }
      if (err == httplib::Error::Connection) return fail(step, "cannot connect to the server");
      return fail(step, "cannot reach the server: " + httplib::to_string(err));
    }
    if (!want_response && (status == 202 || status == 200 || status == 204)) return json::object();
    if (status == 404 && !session_.empty()) return fail(step, "HTTP 404: the server ended the session");
    if (status < 200 || status >= 300) {
      return fail(step, "HTTP " + std::to_string(status) + (body.empty() ? "" : ": " + snippet(body, 200)));
    }
    if (content_type.rfind("application/json", 0) == 0) {
      try {
        json parsed = json::parse(body);
        if (auto repeated = find_repeated_key(body)) {
          return fail(step, "the server's answer is refused: " + repeated_key_message(*repeated));
        }
        // A batch answer is allowed: take our response from it.
        if (parsed.is_array()) {
          for (auto& m : parsed) if (classify(m, id) == Arrival::kResponse) return m;
        } else if (classify(parsed, id) == Arrival::kResponse) {
          return parsed;
        }
        return fail(step, "the JSON answer holds no response to this request");
      } catch (const json::exception&) {
        return fail(step, "the answer is not JSON");
      }
    }
    if (content_type.rfind("text/event-stream", 0) == 0) return fail(step, "the event stream ended without the response");
    return fail(step, "unexpected Content-Type `" + content_type + "` (expected application/json or text/event-stream)");
  }

  static std::size_t find_event_end(const std::string& s) {
    const auto a = s.find("\n\n");
    const auto b = s.find("\r\n\r\n");
    return std::min(a, b);
  }

  const LiveOptions& options_;
  httplib::Client client_;
  std::string path_;
  httplib::Headers headers_;
  std::string session_;
  std::string protocol_version_;
};

}  // namespace

}  // namespace toolrisk::live

namespace toolrisk::live {

Expected<std::unique_ptr<Transport>> open_http_here(const LiveServer& server, const LiveOptions& options,
                                                    const std::string& display) {
  std::string origin, path;
  if (!split_url(server.url, origin, path)) return Diagnostic{server.url, 0, 0, "", "not an http:// or https:// URL"};
  auto t = std::make_unique<HttpTransport>(server, options, display, origin, path);
  if (!t->valid()) return Diagnostic{server.url, 0, 0, "", "cannot use this URL"};
  return std::unique_ptr<Transport>(std::move(t));
}

}  // namespace toolrisk::live
