// toolrisk-http: the helper process that talks Streamable HTTP for toolrisk (the protocol is
// described beside open_http in transport.h). One transport per process; it ends when its
// standard input does, or after {"close": true}.
#include <csignal>
#include <iostream>
#include <string>

#include "transport.h"

namespace {

using toolrisk::Diagnostic;
using toolrisk::live::json;

json error_json(const std::vector<Diagnostic>& errors) {
  const Diagnostic& d = errors.front();
  return json{{"error", {{"file", d.file}, {"line", d.line}, {"column", d.column}, {"path", d.path}, {"message", d.message}}}};
}

void answer(const json& reply) { std::cout << reply.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush; }

}  // namespace

int main(int argc, char**) {
  using namespace toolrisk;
  using namespace toolrisk::live;
  if (argc != 1) {
    std::cerr << "toolrisk-http: toolrisk's helper for Streamable HTTP; toolrisk starts it, it takes no arguments\n";
    return 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<Transport> transport;
  LiveServer server;
  LiveOptions options;
  std::string line;
  while (std::getline(std::cin, line)) {
    json call;
    try {
      call = json::parse(line);
    } catch (const json::exception& e) {
      std::cerr << "toolrisk-http: not a call: " << e.what() << '\n';
      return 2;
    }
    if (auto open = call.find("open"); open != call.end()) {
      const json& o = *open;
      server.url = o.value("url", "");
      for (const auto& h : o.value("headers", json::array())) server.headers.emplace_back(h.at(0), h.at(1));
      options.timeout = std::chrono::milliseconds(o.value("timeout_ms", options.timeout.count()));
      options.max_message_bytes = o.value("max_message_bytes", options.max_message_bytes);
      options.max_total_bytes = o.value("max_total_bytes", options.max_total_bytes);
      auto opened = open_http_here(server, options, o.value("display", server.url));
      if (!opened) {
        answer(error_json(opened.errors()));
        continue;
      }
      transport = std::move(opened.value());
      answer(json{{"value", true}});
      continue;
    }
    if (!transport) {
      answer(error_json({Diagnostic{"toolrisk-http", 0, 0, "", "no transport open"}}));
      continue;
    }
    if (call.contains("close")) {
      transport->close();
      answer(json{{"value", true}});
      return 0;
    }
    if (auto version = call.find("version"); version != call.end()) {
      transport->set_protocol_version(version->get<std::string>());
      answer(json{{"value", true}});
      continue;
    }
    const std::string step = call.value("step", "");
    const auto deadline = Clock::now() + std::chrono::milliseconds(call.value("ms", 0LL));
    if (auto message = call.find("request"); message != call.end()) {
      auto r = transport->request(*message, step, deadline);
      answer(r ? json{{"value", std::move(r.value())}} : error_json(r.errors()));
    } else if (auto note = call.find("notify"); note != call.end()) {
      auto r = transport->notify(*note, step, deadline);
      answer(r ? json{{"value", true}} : error_json(r.errors()));
    } else {
      answer(error_json({Diagnostic{"toolrisk-http", 0, 0, step, "unknown call"}}));
    }
  }
  if (transport) transport->close();
  return 0;
}
