// stdio: newline-delimited JSON-RPC over the child's stdin and stdout; its stderr is the log.
#include <algorithm>

#include "process.h"
#include "repeated_key.h"
#include "transport.h"

namespace toolrisk::live {
namespace {

class StdioTransport : public Transport {
 public:
  StdioTransport(const LiveServer& server, const LiveOptions& options, std::string display)
      : Transport(std::move(display)), options_(options), child_(server.command, server.env) {}

  bool start(std::string& error) {
    if (!child_.started()) error = child_.error();
    return child_.started();
  }

  Expected<json> request(const json& message, const std::string& step, Clock::time_point deadline) override {
    if (!send(message)) return closed(step);
    for (;;) {
      auto next = next_message(step, deadline);
      if (!next) return next.errors();
      switch (classify(next.value(), message["id"])) {
        case Arrival::kResponse: return next;
        case Arrival::kServerRequest:
          if (!send(reply_to_server_request(next.value()))) return closed(step);
          break;
        case Arrival::kOther: break;
      }
    }
  }

  Expected<bool> notify(const json& message, const std::string& step, Clock::time_point) override {
    if (!send(message)) return closed(step);
    return true;
  }

  void close() override { child_.terminate(); }

  std::vector<std::string> warnings() const override {
    if (skipped_ == 0) return {};
    return {"the server wrote " + std::to_string(skipped_) + (skipped_ == 1 ? " line" : " lines") +
            " to stdout that " + (skipped_ == 1 ? "is" : "are") + " not JSON-RPC (MCP allows only messages there); skipped; the first: '" +
            first_skipped_ + "'"};
  }

 private:
  bool send(const json& message) { return child_.write(message.dump() + "\n"); }

  // The first line skipped, quoted for errors: a server that exits at once often says why on stdout.
  std::string stdout_ending() const { return skipped_ == 0 ? "" : "; on stdout it wrote '" + first_skipped_ + "'"; }

  Diagnostic closed(const std::string& step) {
    return fail(step, "the server " + child_.exit_text() + " before answering" + stderr_.ending() + stdout_ending());
  }

  Diagnostic timeout(const std::string& step) const {
    return fail(step, "no answer within " + seconds(options_.timeout) + " (--timeout)" + stderr_.ending() + stdout_ending());
  }

  // The next complete line from stdout, parsed.
  Expected<json> next_message(const std::string& step, Clock::time_point deadline) {
    for (;;) {
      // A server that floods stdout with other messages still runs out of time and bytes.
      if (total_ > options_.max_total_bytes) {
        return fail(step, "the server sent more than " + std::to_string(options_.max_total_bytes) + " bytes");
      }
      if (Clock::now() >= deadline) return timeout(step);
      const auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        try {
          json message = json::parse(line);
          if (auto repeated = find_repeated_key(line)) {
            return fail(step, "a message from the server is refused: " + repeated_key_message(*repeated));
          }
          return message;
        } catch (const json::exception&) {
          // MCP allows only messages on stdout, but servers that print a banner or log lines
          // there are common, and the SDKs' own clients read past them: skipped, counted, reported.
          if (skipped_++ == 0) first_skipped_ = snippet(line);
          if (options_.server_log) *options_.server_log << line << '\n' << std::flush;
          continue;
        }
      }
      if (buffer_.size() > options_.max_message_bytes) {
        return fail(step, "a message from the server is over the limit of " + std::to_string(options_.max_message_bytes) +
                              " bytes (--max-message-bytes)");
      }
      const std::size_t before = buffer_.size();
      const auto r = child_.read(buffer_, deadline, [&](const std::string& err) {
        if (options_.server_log) *options_.server_log << err << std::flush;
        stderr_.add(err);
      });
      total_ += buffer_.size() - before;
      if (r == ChildProcess::Read::kTimeout) return timeout(step);
      if (r == ChildProcess::Read::kClosed && buffer_.find('\n') == std::string::npos) return closed(step);
    }
  }

  const LiveOptions& options_;
  ChildProcess child_;
  std::string buffer_;
  StderrTail stderr_;
  std::size_t total_ = 0;
  std::size_t skipped_ = 0;     // stdout lines that were not JSON
  std::string first_skipped_;
};

}  // namespace

Expected<std::unique_ptr<Transport>> open_stdio(const LiveServer& server, const LiveOptions& options) {
  const std::string name = display(server);
  auto t = std::make_unique<StdioTransport>(server, options, name);
  std::string error;
  if (!t->start(error)) return Diagnostic{name, 0, 0, "start", error};
  return std::unique_ptr<Transport>(std::move(t));
}

}  // namespace toolrisk::live
