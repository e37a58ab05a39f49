// What to make of a message that arrives while a request waits for its response. Shared by
// the session and both transports; also built into the HTTP helper, toolrisk-http.
#include "transport.h"

namespace toolrisk::live {

Arrival classify(const json& message, const json& id) {
  if (!message.is_object()) return Arrival::kOther;
  const bool has_method = message.contains("method");
  if (!has_method && message.contains("id") && message["id"] == id) return Arrival::kResponse;
  if (has_method && message.contains("id")) return Arrival::kServerRequest;
  return Arrival::kOther;
}

json reply_to_server_request(const json& request) {
  json reply{{"jsonrpc", "2.0"}, {"id", request["id"]}};
  if (request["method"] == "ping") reply["result"] = json::object();
  else reply["error"] = json{{"code", -32601}, {"message", "toolrisk only lists tools"}};
  return reply;
}

}  // namespace toolrisk::live
