// The client side of the HTTP helper (protocol and why: open_http in transport.h). Finds
// `toolrisk-http` next to the running binary, in ../lib/toolrisk from it (where
// `cmake --install` puts it), or, for a binary below the build directory (the tests and
// benchmarks), in that directory; starts it once per server and relays each call.
#include <algorithm>
#include <filesystem>
#include <system_error>

#include "process.h"
#include "transport.h"

namespace toolrisk::live {
namespace {

// How long past a call's own deadline the helper may take to say it ran out of time.
constexpr std::chrono::seconds kGrace{5};

std::string find_helper(std::string& looked) {
  std::vector<std::filesystem::path> places;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    places.push_back(exe.parent_path() / kHttpHelperFile);
    places.push_back(exe.parent_path().parent_path() / "lib" / "toolrisk" / kHttpHelperFile);
  }
#ifdef TOOLRISK_HTTP_HELPER_DIR
  // Only for binaries inside the build directory (tests, benchmarks): a copied or installed
  // binary does not reach back into a build tree.
  const std::filesystem::path build_dir(TOOLRISK_HTTP_HELPER_DIR);
  const auto rel = exe.lexically_relative(build_dir);
  if (!ec && !rel.empty() && *rel.begin() != "..") {
    const auto built = build_dir / kHttpHelperFile;
    if (std::find(places.begin(), places.end(), built) == places.end()) places.push_back(built);
  }
#endif
  for (const auto& p : places) {
    looked += (looked.empty() ? "" : ", ") + p.string();
    if (std::filesystem::is_regular_file(p, ec)) return p.string();
  }
  return "";
}

class HelperTransport : public Transport {
 public:
  HelperTransport(const std::string& helper, std::string display)
      : Transport(std::move(display)), child_({helper}, {}) {}
  ~HelperTransport() override { close(); }

  bool started(std::string& error) const {
    if (!child_.started()) error = child_.error();
    return child_.started();
  }

  Expected<json> call(const json& message, const std::string& step, Clock::time_point deadline) {
    if (!child_.write(message.dump(-1, ' ', false, json::error_handler_t::replace) + "\n")) return ended(step);
    const auto give_up = deadline + kGrace;
    for (;;) {
      const auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        const std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        json reply;
        try {
          reply = json::parse(line);
        } catch (const json::exception&) {
          return fail(step, "the HTTP helper wrote something that is not an answer: '" + snippet(line) + "'");
        }
        if (auto e = reply.find("error"); e != reply.end() && e->is_object()) {
          return Diagnostic{e->value("file", display_), e->value("line", std::size_t{0}), e->value("column", std::size_t{0}),
                            e->value("path", step), e->value("message", std::string("failed"))};
        }
        if (auto v = reply.find("value"); v != reply.end()) return std::move(*v);
        return fail(step, "the HTTP helper's answer has neither a value nor an error");
      }
      const auto r = child_.read(buffer_, give_up, [&](const std::string& err) { stderr_.add(err); });
      if (r == ChildProcess::Read::kTimeout) return fail(step, "the HTTP helper did not answer in time");
      if (r == ChildProcess::Read::kClosed && buffer_.find('\n') == std::string::npos) return ended(step);
    }
  }

  Expected<json> request(const json& message, const std::string& step, Clock::time_point deadline) override {
    return call(json{{"request", message}, {"step", step}, {"ms", left(deadline)}}, step, deadline);
  }

  Expected<bool> notify(const json& message, const std::string& step, Clock::time_point deadline) override {
    auto r = call(json{{"notify", message}, {"step", step}, {"ms", left(deadline)}}, step, deadline);
    if (!r) return r.errors();
    return true;
  }

  void set_protocol_version(const std::string& version) override {
    (void)call(json{{"version", version}}, "", Clock::now() + std::chrono::seconds(1));
  }

  void close() override {
    if (closed_) return;
    closed_ = true;
    // The helper ends the HTTP session (DELETE) within the read timeout it was given.
    (void)call(json{{"close", true}}, "close", Clock::now() + std::chrono::seconds(2));
    child_.terminate();
  }

 private:
  static long long left(Clock::time_point deadline) {
    return std::max<long long>(0, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count());
  }

  Diagnostic ended(const std::string& step) {
    return fail(step, "the HTTP helper " + child_.exit_text() + stderr_.ending());
  }

  ChildProcess child_;
  std::string buffer_;
  StderrTail stderr_;
  bool closed_ = false;
};

}  // namespace

Expected<std::unique_ptr<Transport>> open_http(const LiveServer& server, const LiveOptions& options) {
  std::string looked;
  const std::string helper = find_helper(looked);
  if (helper.empty()) {
    return Diagnostic{server.url, 0, 0, "",
                      std::string("HTTP needs ") + kHttpHelperFile +
                          ", which is built and installed with toolrisk; not found (looked in " + looked + ")"};
  }
  const std::string name = display(server);
  auto t = std::make_unique<HelperTransport>(helper, name);
  std::string error;
  if (!t->started(error)) return Diagnostic{server.url, 0, 0, "start", "cannot start " + helper + ": " + error};
  json headers = json::array();
  for (const auto& [k, v] : server.headers) headers.push_back({k, v});
  const json open{{"open",
                   {{"url", server.url},
                    {"headers", headers},
                    {"timeout_ms", options.timeout.count()},
                    {"max_message_bytes", options.max_message_bytes},
                    {"max_total_bytes", options.max_total_bytes},
                    {"display", name}}}};
  auto opened = t->call(open, "", Clock::now() + options.timeout);
  if (!opened) return opened.errors();
  return std::unique_ptr<Transport>(std::move(t));
}

}  // namespace toolrisk::live
