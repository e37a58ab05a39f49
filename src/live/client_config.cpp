#include "toolrisk/client_config.h"

#include <cstdlib>
#include <filesystem>

#include "json_document.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

std::string workspace_folder(const std::string& file) {
  const std::filesystem::path p = std::filesystem::absolute(file).parent_path();
  return p.filename() == ".vscode" ? p.parent_path().string() : p.string();
}

// Expands ${env:NAME}, ${userHome}, ${workspaceFolder}; an unknown or ${input:...} variable
// sets `error`.
std::string expand(const std::string& s, const std::string& file, std::string& error) {
  std::string out;
  std::size_t at = 0;
  while (at < s.size()) {
    const auto open = s.find("${", at);
    if (open == std::string::npos) break;
    const auto close = s.find('}', open);
    if (close == std::string::npos) break;
    out += s.substr(at, open - at);
    const std::string var = s.substr(open + 2, close - open - 2);
    if (var.rfind("env:", 0) == 0) {
      const char* v = std::getenv(var.substr(4).c_str());
      out += v ? v : "";
    } else if (var == "userHome") {
      const char* home = std::getenv("HOME");
      out += home ? home : "";
    } else if (var == "workspaceFolder") {
      out += workspace_folder(file);
    } else {
      if (error.empty()) {
        error = "uses ${" + var + "}, which only the editor can fill in" +
                std::string(var.rfind("input:", 0) == 0 ? " (it prompts for it)" : "");
      }
      out += s.substr(open, close - open + 1);
    }
    at = close + 1;
  }
  return out + s.substr(at);
}

ConfiguredServer read_server(const std::string& name, const json& v, const std::string& file) {
  ConfiguredServer c;
  c.server.name = name;
  auto& err = c.error;
  if (!v.is_object()) {
    err = "the entry is not an object";
    return c;
  }
  if (v.contains("disabled") && v["disabled"] == true) c.disabled = true;
  const std::string type = v.contains("type") && v["type"].is_string() ? v["type"].get<std::string>() : "";
  auto text = [&](const char* key) -> std::string {
    if (!v.contains(key)) return "";
    if (!v[key].is_string()) {
      if (err.empty()) err = std::string("`") + key + "` is not a string";
      return "";
    }
    return expand(v[key].get<std::string>(), file, err);
  };
  if (type == "sse") {
    err = "uses the legacy HTTP+SSE transport, which toolrisk does not speak (Streamable HTTP and stdio only)";
    return c;
  }
  if (v.contains("url")) {
    c.server.url = text("url");
    if (v.contains("headers")) {
      if (!v["headers"].is_object()) err = "`headers` is not an object";
      else
        for (const auto& [k, h] : v["headers"].items()) {
          if (h.is_string()) c.server.headers.emplace_back(k, expand(h.get<std::string>(), file, err));
        }
    }
  } else if (v.contains("command")) {
    c.server.command.push_back(text("command"));
    if (v.contains("args")) {
      if (!v["args"].is_array()) err = "`args` is not an array";
      else
        for (const auto& a : v["args"]) {
          if (a.is_string()) c.server.command.push_back(expand(a.get<std::string>(), file, err));
          else if (err.empty()) err = "an entry of `args` is not a string";
        }
    }
    if (v.contains("env")) {
      if (!v["env"].is_object()) err = "`env` is not an object";
      else
        for (const auto& [k, e] : v["env"].items()) {
          if (e.is_string()) c.server.env[k] = expand(e.get<std::string>(), file, err);
          else if (e.is_number() || e.is_boolean()) c.server.env[k] = e.dump();
        }
    }
  } else if (err.empty()) {
    err = "has neither `command` (stdio) nor `url` (HTTP)";
  }
  return c;
}

}  // namespace

Expected<std::vector<ConfiguredServer>> parse_client_config(const std::string& file, std::string_view text) {
  auto values = parse_json_values(file, text, LoadLimits{});
  if (!values) return values.errors();
  if (values->size() != 1 || !(*values)[0].is_object()) {
    return Diagnostic{file, 0, 0, "$", "an MCP client configuration is one JSON object"};
  }
  const json& root = (*values)[0];
  const char* key = root.contains("mcpServers") ? "mcpServers" : root.contains("servers") ? "servers" : nullptr;
  if (!key) {
    return Diagnostic{file, 0, 0, "$", "no `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code) in this file"};
  }
  if (!root[key].is_object()) return Diagnostic{file, 0, 0, key, "must be an object of servers by name"};
  std::vector<ConfiguredServer> out;
  for (const auto& [name, v] : root[key].items()) out.push_back(read_server(name, v, file));
  return out;
}

}  // namespace toolrisk
