#include "toolrisk/loader.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "json_document.h"
#include "json_scan.h"
#include "toolrisk/annotations.h"
#include "schema_facts.h"
#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;


// nlohmann's what() is "[json.exception.parse_error.101] parse error at line 1, column 5: msg";
// keep only "msg", since we report the position ourselves, relative to the whole input.
std::string parse_error_text(const char* what) {
  std::string s(what);
  // "[json.exception.out_of_range.406] number overflow ..." has no position to strip.
  if (s.rfind("[json.exception.", 0) == 0 && s.find("parse_error") == std::string::npos) {
    const auto end = s.find("] ");
    if (end != std::string::npos) return s.substr(end + 2);
  }
  const auto pos = s.find(": ");
  if (pos != std::string::npos) {
    const auto col = s.find("column ");
    const auto after = col == std::string::npos ? pos : s.find(": ", col);
    if (after != std::string::npos) return s.substr(after + 2);
    return s.substr(pos + 2);
  }
  return s;
}

}  // namespace

Expected<std::vector<nlohmann::ordered_json>> parse_json_values(const std::string& file, std::string_view text,
                                                                const LoadLimits& limits,
                                                                std::vector<ValueSpan>* spans_out) {
  const std::string shown = display_name(file);
  if (text.size() > limits.max_bytes) {
    return Diagnostic{shown, 0, 0, "",
                      "input is " + std::to_string(text.size()) + " bytes, over the limit of " +
                          std::to_string(limits.max_bytes)};
  }
  if (auto bad = find_invalid_utf8(text)) {
    const LineColumn lc = line_column(text, *bad);
    return Diagnostic{shown, lc.line, lc.column, "", "invalid UTF-8 at byte offset " + std::to_string(*bad)};
  }
  auto spans = scan_top_level(text, limits.max_depth);
  if (!spans) {
    std::vector<Diagnostic> errors = spans.errors();
    for (auto& e : errors) e.file = shown;
    return errors;
  }
  std::vector<json> values;
  for (const ValueSpan& span : spans.value()) {
    try {
      values.push_back(json::parse(text.begin() + static_cast<std::ptrdiff_t>(span.begin),
                                   text.begin() + static_cast<std::ptrdiff_t>(span.end)));
    } catch (const json::parse_error& e) {
      const std::size_t offset = span.begin + (e.byte > 0 ? e.byte - 1 : 0);
      const LineColumn lc = line_column(text, offset);
      return Diagnostic{shown, lc.line, lc.column, "", parse_error_text(e.what())};
    } catch (const json::exception& e) {
      // Not a syntax error but a value the parser cannot hold (a number past the range of a
      // double, found by fuzzing). The message quotes the token: report where it stands.
      const std::string what = parse_error_text(e.what());
      std::size_t offset = span.begin;
      const auto open = what.find('\'');
      const auto close = what.rfind('\'');
      if (open != std::string::npos && close > open) {
        const auto at = text.find(what.substr(open + 1, close - open - 1), span.begin);
        if (at != std::string_view::npos && at < span.end) offset = at;
      }
      const LineColumn lc = line_column(text, offset);
      return Diagnostic{shown, lc.line, lc.column, "", what};
    }
  }
  if (spans_out) *spans_out = std::move(spans.value());
  return values;
}

namespace {

class Builder {
 public:
  Builder(std::string file, std::string_view text, const LoadLimits& limits, bool stream_line = false)
      : file_(std::move(file)), text_(text), limits_(limits), stream_line_(stream_line) {}

  Expected<Document> build() {
    std::vector<ValueSpan> spans;
    auto values = parse_json_values(file_, text_, limits_, &spans);
    if (!values) return values.errors();
    if (values->empty()) return Diagnostic{display_name(file_), 0, 0, "", "empty input: expected a tools/list result"};
    auto doc = std::make_shared<JsonDocument>();
    doc->values = std::move(values.value());
    Document out;
    out.file = display_name(file_);
    json_ = doc.get();
    if (doc->values.size() == 1 && !stream_line_) {
      if (!read_single(doc->values[0], out.shape)) return std::move(errors_);
    } else {
      out.shape = DocumentShape::kStream;
      for (std::size_t v = 0; v < doc->values.size(); ++v) {
        value_ = v;
        if (!stream_line_) prefix_ = "line " + std::to_string(line_column(text_, spans[v].begin).line) + ": ";
        read_stream_value(doc->values[v]);
      }
      if (!errors_.empty()) return std::move(errors_);
    }
    locate_tools(spans);
    out.server_names = server_names(doc->values);
    out.tools = std::move(tools_);
    out.json = std::move(doc);
    return out;
  }

 private:
  // Line and column of every tool, for messages and SARIF: one pass per array of tools.
  void locate_tools(const std::vector<ValueSpan>& spans) {
    std::vector<std::size_t> offsets(tools_.size(), 0);
    std::size_t i = 0;
    while (i < tools_.size()) {
      const ToolRef& ref = json_->tools[i];
      const std::size_t begin = spans[ref.value].begin;
      std::vector<std::string> path = tokens(ref.pointer.to_string());
      std::size_t index = 0;
      if (path.empty() || !parse_index(path.back(), index)) {
        offsets[i] = value_offset(text_, begin, path);
        ++i;
        continue;
      }
      path.pop_back();
      const std::string parent = ref.pointer.parent_pointer().to_string();
      const std::vector<std::size_t> elements = element_offsets(text_, begin, path);
      for (; i < tools_.size() && json_->tools[i].value == ref.value &&
             json_->tools[i].pointer.parent_pointer().to_string() == parent;
           ++i) {
        std::size_t k = 0;
        if (parse_index(json_->tools[i].pointer.back(), k) && k < elements.size()) {
          offsets[i] = elements[k];
        }
      }
    }
    const std::vector<LineColumn> lcs = line_columns(text_, offsets);
    for (std::size_t t = 0; t < tools_.size(); ++t) {
      if (offsets[t] == std::string_view::npos) continue;
      tools_[t].line = lcs[t].line;
      tools_[t].column = lcs[t].column;
    }
  }

  static std::vector<std::string> tokens(const std::string& pointer) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < pointer.size()) {
      const std::size_t next = pointer.find('/', at + 1);
      std::string token = pointer.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
      for (std::size_t p; (p = token.find("~1")) != std::string::npos;) token.replace(p, 2, "/");
      for (std::size_t p; (p = token.find("~0")) != std::string::npos;) token.replace(p, 2, "~");
      out.push_back(std::move(token));
      at = next == std::string::npos ? pointer.size() : next;
    }
    return out;
  }

  static bool parse_index(const std::string& token, std::size_t& out) {
    if (token.empty() || token.size() > 18) return false;
    out = 0;
    for (char c : token) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + static_cast<std::size_t>(c - '0');
    }
    return true;
  }

  std::vector<std::string> server_names(const std::vector<json>& values) const {
    std::vector<std::string> names;
    auto add = [&](const json* v) {
      if (v && v->is_string() && !v->get_ref<const std::string&>().empty()) {
        const auto& s = v->get_ref<const std::string&>();
        if (std::find(names.begin(), names.end(), s) == names.end()) names.push_back(s);
      }
    };
    auto at = [](const json& obj, std::initializer_list<const char*> keys) -> const json* {
      const json* cur = &obj;
      for (const char* k : keys) {
        if (!cur->is_object()) return nullptr;
        auto it = cur->find(k);
        if (it == cur->end()) return nullptr;
        cur = &*it;
      }
      return cur;
    };
    const json& first = values.front().is_array() && !values.front().empty() ? values.front()[0] : values.front();
    for (const json* v : {&first, at(first, {"result"})}) {
      if (!v) continue;
      add(at(*v, {"serverInfo", "name"}));
      add(at(*v, {"server", "serverInfo", "name"}));
      add(at(*v, {"server", "name"}));
      add(at(*v, {"server", "package"}));
    }
    std::string stem = std::filesystem::path(file_).filename().string();
    for (const char* ext : {".json", ".ndjson", ".jsonl"}) {
      const std::string e(ext);
      if (stem.size() > e.size() && stem.compare(stem.size() - e.size(), e.size(), e) == 0) {
        stem.resize(stem.size() - e.size());
        break;
      }
    }
    if (file_ == "-") stem = "stdin";
    if (!stem.empty() && std::find(names.begin(), names.end(), stem) == names.end()) names.push_back(stem);
    return names;
  }

  void error(const std::string& path, const std::string& message) {
    errors_.push_back(Diagnostic{display_name(file_), 0, 0, prefix_ + path, message});
  }

  static bool is_page(const json& v) {
    return v.is_object() && (v.contains("tools") || v.contains("result") || v.contains("error") ||
                             v.contains("jsonrpc"));
  }

  bool read_single(const json& v, DocumentShape& shape) {
    if (is_ndjson_line(v)) {
      shape = DocumentShape::kStream;
      read_stream_value(v);
    } else if (v.is_object()) {
      shape = v.contains("tools") ? DocumentShape::kToolsResult : DocumentShape::kJsonRpc;
      if (!v.contains("tools") && !is_page(v)) {
        error("$", v.contains("name") ? "a single tool object; expected a tools/list result "
                                        "({\"tools\": [...]}) or an array of tools"
                                      : "expected a tools/list result ({\"tools\": [...]}), "
                                        "a JSON-RPC response or an array of tools");
        return false;
      }
      read_page(v, "");
    } else if (v.is_array()) {
      const bool pages = !v.empty() && is_page(v[0]);
      shape = pages ? DocumentShape::kPages : DocumentShape::kToolArray;
      for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string at = "[" + std::to_string(i) + "]";
        if (pages) {
          if (!is_page(v[i])) {
            error(at, "expected a tools/list page like the ones before it");
            continue;
          }
          read_page(v[i], at);
        } else {
          read_tool(v[i], at, json::json_pointer("/" + std::to_string(i)));
        }
      }
    } else {
      error("$", std::string("expected a tools/list result, found a ") + v.type_name());
    }
    return errors_.empty();
  }

  // toolrisk's own `--format ndjson` lines, {"file", "location", "tool"}, read back.
  static bool is_ndjson_line(const json& v) {
    return v.is_object() && v.contains("tool") && v.contains("location") && v["tool"].is_object();
  }

  void read_stream_value(const json& v) {
    if (is_page(v)) {
      read_page(v, "");
    } else if (is_ndjson_line(v)) {
      read_tool(v["tool"], "tool", json::json_pointer("/tool"));
    } else if (v.is_object() && v.contains("name")) {
      read_tool(v, "$", json::json_pointer(""));
    } else {
      error("$", "expected a tools/list page or a tool object on each line");
    }
  }

  void read_page(const json& page, const std::string& at) {
    const json* result = &page;
    std::string path = at;
    json::json_pointer ptr(at.empty() ? "" : "/" + at.substr(1, at.size() - 2));
    if (!page.contains("tools")) {
      if (auto err = page.find("error"); err != page.end()) {
        std::string msg = "a JSON-RPC error response";
        if (err->is_object() && err->contains("message") && (*err)["message"].is_string()) {
          msg += ": " + (*err)["message"].get<std::string>();
        }
        error(join(path, "error"), msg);
        return;
      }
      auto res = page.find("result");
      if (res == page.end() || !res->is_object()) {
        error(join(path, "result"), "a JSON-RPC response needs an object \"result\" holding \"tools\"");
        return;
      }
      result = &*res;
      path = join(path, "result");
      ptr /= "result";
    }
    auto tools = result->find("tools");
    if (tools == result->end() || !tools->is_array()) {
      error(join(path, "tools"), "\"tools\" must be an array of tool objects");
      return;
    }
    ptr /= "tools";
    for (std::size_t i = 0; i < tools->size(); ++i) {
      read_tool((*tools)[i], join(path, "tools") + "[" + std::to_string(i) + "]", ptr / i);
    }
  }

  static std::string join(const std::string& a, const char* b) { return a.empty() ? b : a + "." + b; }

  void read_tool(const json& t, const std::string& at, const json::json_pointer& ptr) {
    if (tools_.size() >= limits_.max_tools) {
      if (tools_.size() == limits_.max_tools) {
        error(at, "more than " + std::to_string(limits_.max_tools) + " tools (the documented limit)");
      }
      return;
    }
    if (!t.is_object()) {
      error(at, std::string("a tool must be an object, found a ") + t.type_name());
      return;
    }
    Tool tool;
    auto name = t.find("name");
    if (name == t.end() || !name->is_string()) {
      error(at + ".name", name == t.end() ? "tool has no \"name\"" : "\"name\" must be a string");
      return;
    }
    tool.name = name->get<std::string>();
    if (tool.name.empty()) {
      error(at + ".name", "\"name\" is empty");
      return;
    }
    if (!within_string_limit(at, "name", tool.name)) return;
    if (!read_string(t, "description", at, tool.description) || !read_string(t, "title", at, tool.title)) return;
    if (auto schema = t.find("inputSchema"); schema != t.end()) {
      if (!schema->is_object()) {
        error(at + ".inputSchema", "\"inputSchema\" must be an object");
        return;
      }
      tool.schema_present = true;
      tool.properties = schema_properties(*schema, limits_.max_properties);
    }
    if (auto ann = t.find("annotations"); ann != t.end() && !ann->is_null()) {
      if (ann->is_object()) read_declared(*ann, "annotations.", tool);
      else tool.input_warnings.push_back("declared annotations ignored: " + ann->dump() + " is not an object");
    }
    // The `_meta` extension form of the SEP fields (see docs/tool-risk-metadata.md): read
    // where `annotations` does not already give the field.
    if (auto meta = t.find("_meta"); meta != t.end() && meta->is_object()) {
      if (auto risk = meta->find(std::string(kRiskMetaKey)); risk != meta->end()) {
        if (risk->is_object()) read_declared(*risk, "_meta." + std::string(kRiskMetaKey) + ".", tool);
        else tool.input_warnings.push_back("declared _meta." + std::string(kRiskMetaKey) + " ignored: not an object");
      }
    }
    tool.location = prefix_ + at;
    tools_.push_back(std::move(tool));
    json_->tools.push_back(ToolRef{value_, ptr});
  }

  bool read_string(const json& t, const char* key, const std::string& at, std::string& out) {
    auto it = t.find(key);
    if (it == t.end() || it->is_null()) return true;
    if (!it->is_string()) {
      error(at + "." + key, std::string("\"") + key + "\" must be a string, found a " + it->type_name());
      return false;
    }
    out = it->get<std::string>();
    return within_string_limit(at, key, out);
  }

  bool within_string_limit(const std::string& at, const char* key, const std::string& value) {
    if (value.size() <= limits_.max_string_bytes) return true;
    error(at + "." + key, std::string("\"") + key + "\" is " + std::to_string(value.size()) + " bytes, over the limit of " +
                              std::to_string(limits_.max_string_bytes));
    return false;
  }

  // Declared values of the wrong type are flagged and ignored: a server's bad annotation
  // must not stop the others from being read, nor be believed. A field already read (from
  // `annotations`) is not read again (from the `_meta` form).
  static void read_declared(const json& ann, const std::string& where, Tool& tool) {
    DeclaredAnnotations& d = tool.declared;
    auto flag = [&](const std::string& key, const json& v) {
      tool.input_warnings.push_back("declared " + where + key + " ignored: " + v.dump() + " is not a valid value");
    };
    auto boolean = [&](const char* key, std::optional<bool>& out) {
      if (auto it = ann.find(key); it != ann.end() && !out) {
        if (it->is_boolean()) out = it->get<bool>();
        else flag(key, *it);
      }
    };
    auto text = [&](const char* key, std::optional<std::string>& out) {
      if (auto it = ann.find(key); it != ann.end() && !out) {
        if (it->is_string()) out = it->get<std::string>();
        else flag(key, *it);
      }
    };
    boolean("readOnlyHint", d.read_only);
    boolean("destructiveHint", d.destructive);
    boolean("idempotentHint", d.idempotent);
    boolean("openWorldHint", d.open_world);
    text("riskLevel", d.risk_level);
    text("category", d.category);
    text("blastRadius", d.blast_radius);
    text("reversibility", d.reversibility);
    text("approvalRecommendation", d.approval);
    if (auto it = ann.find("sideEffects"); it != ann.end() && !d.side_effects) {
      std::vector<std::string> values;
      bool ok = it->is_array();
      if (ok) {
        for (const auto& v : *it) {
          if (!v.is_string()) ok = false;
          else values.push_back(v.get<std::string>());
        }
      }
      if (ok) d.side_effects = std::move(values);
      else flag("sideEffects", *it);
    }
    if (auto it = ann.find("minTrustLevel"); it != ann.end() && !d.min_trust_level) {
      if (it->is_number_integer() && it->get<long long>() >= 1 && it->get<long long>() <= 5) {
        d.min_trust_level = static_cast<int>(it->get<long long>());
      } else {
        flag("minTrustLevel", *it);
      }
    }
  }

  std::string file_;
  std::string_view text_;
  const LoadLimits& limits_;
  JsonDocument* json_ = nullptr;
  std::vector<Tool> tools_;
  std::vector<Diagnostic> errors_;
  std::size_t value_ = 0;
  std::string prefix_;
  bool stream_line_ = false;
};

}  // namespace

std::string display_name(const std::string& file) { return file == "-" ? "<stdin>" : file; }

const std::string& server_name(const Document& document) {
  return document.server_names.empty() ? document.file : document.server_names.front();
}

std::string_view to_string(DocumentShape s) {
  switch (s) {
    case DocumentShape::kToolsResult: return "tools/list result";
    case DocumentShape::kJsonRpc: return "JSON-RPC response";
    case DocumentShape::kToolArray: return "array of tools";
    case DocumentShape::kPages: return "array of pages";
    case DocumentShape::kStream: return "stream of JSON values";
  }
  return "unknown";
}

Expected<Document> load_document(std::string file, std::string_view text, const LoadLimits& limits) {
  return Builder(std::move(file), text, limits).build();
}

Expected<Document> load_stream_line(std::string file, std::string_view text, const LoadLimits& limits) {
  return Builder(std::move(file), text, limits, true).build();
}

Expected<std::unique_ptr<std::istream>> open_input(const std::string& path) {
  if (path == "-") return std::make_unique<std::istream>(std::cin.rdbuf());
  const std::string shown = display_name(path);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Diagnostic{shown, 0, 0, "", "is a directory, not a tools/list dump"};
  auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*in) return Diagnostic{shown, 0, 0, "", std::string("cannot open: ") + std::strerror(errno)};
  return std::unique_ptr<std::istream>(std::move(in));
}

Expected<std::string> read_input(const std::string& path, const LoadLimits& limits) {
  const std::string shown = display_name(path);
  std::string data;
  auto read_all = [&](std::istream& in) -> bool {
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      data.append(buf, static_cast<std::size_t>(in.gcount()));
      if (data.size() > limits.max_bytes) return false;
    }
    return true;
  };
  auto in = open_input(path);
  if (!in) return in.errors();
  if (path != "-") {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size <= limits.max_bytes) data.reserve(static_cast<std::size_t>(size));
  }
  const bool within = read_all(**in);
  if ((*in)->bad()) {
    return Diagnostic{shown, 0, 0, "", path == "-" ? std::string("cannot read standard input")
                                                   : std::string("cannot read: ") + std::strerror(errno)};
  }
  if (!within) {
    return Diagnostic{shown, 0, 0, "", "input is over the limit of " + std::to_string(limits.max_bytes) + " bytes"};
  }
  return data;
}

}  // namespace toolrisk
