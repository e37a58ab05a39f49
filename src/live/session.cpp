// MCP over a transport: handshake (initialize, or server/discover for 2026-07-28), then
// tools/list to the last page, then the dump.
#include <set>

#include "toolrisk/live.h"
#include "transport.h"

namespace toolrisk {

const std::vector<std::string>& supported_protocol_versions() {
  static const std::vector<std::string> versions = {"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};
  return versions;
}

std::string display(const LiveServer& server) {
  if (!server.url.empty()) return server.url;
  std::string out = "stdio:";
  for (const auto& a : server.command) out += " " + a;
  return out;
}

namespace live {

namespace {

constexpr const char* kStateless = "2026-07-28";  // the first version without initialize

json client_info() { return json{{"name", "toolrisk"}, {"version", TOOLRISK_VERSION}}; }

std::string error_text(const json& response) {
  const json& e = response["error"];
  std::string out = e.is_object() && e.contains("code") ? "error " + e["code"].dump() : "error";
  if (e.is_object() && e.contains("message") && e["message"].is_string()) out += ": " + e["message"].get<std::string>();
  return out;
}

bool speaks(const std::string& v) {
  const auto& all = supported_protocol_versions();
  return std::find(all.begin(), all.end(), v) != all.end();
}

std::string version_list() {
  std::string out;
  for (const auto& v : supported_protocol_versions()) out += (out.empty() ? "" : ", ") + v;
  return out;
}

class Session {
 public:
  Session(Transport& t, const LiveOptions& o) : t_(t), o_(o) {}

  Expected<std::string> handshake() {
    const bool forced = !o_.protocol_version.empty();
    if (forced && !speaks(o_.protocol_version)) {
      return fail("initialize", "toolrisk does not speak protocol version " + o_.protocol_version + " (it speaks " + version_list() + ")");
    }
    if (forced && o_.protocol_version == kStateless) return discover();
    const std::string offer = forced ? o_.protocol_version : supported_protocol_versions()[1];
    auto init = call("initialize", json{{"protocolVersion", offer}, {"capabilities", json::object()}, {"clientInfo", client_info()}});
    if (!init) return init.errors();
    if (init->contains("error")) {
      if (forced) return fail("initialize", error_text(init.value()));
      // A server of 2026-07-28 or later has no initialize: ask it what it speaks.
      auto d = discover();
      if (d) return d;
      return fail("initialize", error_text(init.value()) + "; and server/discover failed too: " + d.errors()[0].message);
    }
    const json& result = (*init)["result"];
    if (!result.is_object() || !result.contains("protocolVersion") || !result["protocolVersion"].is_string()) {
      return fail("initialize", "the answer has no protocolVersion");
    }
    const std::string v = result["protocolVersion"].get<std::string>();
    if (!speaks(v) || v == kStateless) {
      return fail("initialize", "the server answered with protocol version " + v + ", which toolrisk does not speak over initialize (it speaks " +
                                    version_list() + ")");
    }
    if (result.contains("serverInfo")) server_info_ = result["serverInfo"];
    t_.set_protocol_version(v);
    auto sent = t_.notify(json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}, "notifications/initialized",
                          Clock::now() + o_.timeout);
    if (!sent) return sent.errors();
    version_ = v;
    return v;
  }

  Expected<json> list_tools() {
    json tools = json::array();
    std::set<std::string> seen;
    std::optional<std::string> cursor;
    for (std::size_t page = 1;; ++page) {
      if (page > o_.max_pages) {
        return fail("tools/list", "more than " + std::to_string(o_.max_pages) + " pages: the cursor never ends");
      }
      json params = json::object();
      if (cursor) params["cursor"] = *cursor;
      if (version_ == kStateless) params["_meta"] = meta();
      const std::string step = "tools/list page " + std::to_string(page);
      auto r = call("tools/list", params, step);
      if (!r) return r.errors();
      if (r->contains("error")) return fail(step, error_text(r.value()));
      const json& result = (*r)["result"];
      if (!result.is_object() || !result.contains("tools") || !result["tools"].is_array()) {
        return fail(step, "the result has no \"tools\" array");
      }
      for (const auto& tool : result["tools"]) tools.push_back(tool);
      if (!result.contains("nextCursor") || result["nextCursor"].is_null() ||
          (result["nextCursor"].is_string() && result["nextCursor"].get<std::string>().empty())) {
        return tools;
      }
      if (!result["nextCursor"].is_string()) return fail(step, "nextCursor is not a string");
      cursor = result["nextCursor"].get<std::string>();
      if (!seen.insert(*cursor).second) {
        return fail(step, "the server sent cursor \"" + cursor->substr(0, 80) + "\" again: the listing would never end");
      }
    }
  }

  const json& server_info() const { return server_info_; }

 private:
  json meta() const {
    return json{{"io.modelcontextprotocol/protocolVersion", kStateless},
                {"io.modelcontextprotocol/clientCapabilities", json::object()},
                {"io.modelcontextprotocol/clientInfo", client_info()}};
  }

  Expected<std::string> discover() {
    t_.set_protocol_version(kStateless);
    auto r = call("server/discover", json{{"_meta", meta()}});
    if (!r) return r.errors();
    if (r->contains("error")) return fail("server/discover", error_text(r.value()));
    const json& result = (*r)["result"];
    bool listed = false;
    if (result.is_object() && result.contains("supportedVersions") && result["supportedVersions"].is_array()) {
      for (const auto& v : result["supportedVersions"]) listed = listed || v == kStateless;
    }
    if (!listed) return fail("server/discover", "the server does not list protocol version " + std::string(kStateless));
    if (result.contains("serverInfo")) server_info_ = result["serverInfo"];
    version_ = kStateless;
    return version_;
  }

  Expected<json> call(const std::string& method, const json& params, const std::string& step = "") {
    const json message{{"jsonrpc", "2.0"}, {"id", next_id_++}, {"method", method}, {"params", params}};
    auto r = t_.request(message, step.empty() ? method : step, Clock::now() + o_.timeout);
    if (r && !r->contains("result") && !r->contains("error")) return fail(step.empty() ? method : step, "a response with neither result nor error");
    return r;
  }

  Diagnostic fail(const std::string& step, const std::string& message) const {
    return Diagnostic{t_.display(), 0, 0, step, message};
  }

  Transport& t_;
  const LiveOptions& o_;
  int next_id_ = 1;
  std::string version_;
  json server_info_;
};

}  // namespace
}  // namespace live

Expected<LiveResult> fetch_tools(const LiveServer& server, const LiveOptions& options) {
  using live::json;
  auto opened = server.url.empty() ? live::open_stdio(server, options) : live::open_http(server, options);
  if (!opened) return opened.errors();
  live::Transport& t = *opened.value();
  live::Session session(t, options);
  auto version = session.handshake();
  if (!version) {
    t.close();
    return version.errors();
  }
  auto tools = session.list_tools();
  t.close();
  if (!tools) return tools.errors();
  json about{{"protocolVersion", version.value()}, {"transport", server.url.empty() ? "stdio" : "streamable-http"}};
  if (!session.server_info().is_null()) about["serverInfo"] = session.server_info();
  if (!server.name.empty()) about["name"] = server.name;
  if (server.url.empty()) about["command"] = server.command;
  else about["url"] = server.url;
  json dump{{"server", std::move(about)}, {"tools", std::move(tools.value())}};
  return LiveResult{dump.dump(2, ' ', false, json::error_handler_t::replace), version.value(), t.display(), t.warnings()};
}

}  // namespace toolrisk
