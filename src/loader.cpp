#include "toolrisk/loader.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iterator>
#include <sstream>

#include "json_document.h"
#include "json_scan.h"
#include "json_view.h"
#include "repeated_key.h"
#include "fast_view.h"
#include "toolrisk/annotations.h"
#include "toolrisk/fd_stream.h"
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

// The tokens of a JSON pointer, unescaped ("/a~1b/0" -> "a/b", "0").
std::vector<std::string> pointer_tokens(const json::json_pointer& pointer) {
  std::vector<std::string> out;
  for (json::json_pointer p = pointer; !p.empty(); p.pop_back()) out.push_back(p.back());
  std::reverse(out.begin(), out.end());
  return out;
}

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
      if (auto repeated = find_repeated_key(text.substr(span.begin, span.end - span.begin))) {
        const LineColumn lc = line_column(text, span.begin + repeated->offset);
        return Diagnostic{shown, lc.line, lc.column, "", repeated_key_message(*repeated)};
      }
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

// Builds the Document from parsed values, through a view (json_view.h): the same code for the
// reference reader (nlohmann/json) and the fast one (fast_json.h).
template <class View>
class Builder {
 public:
  Builder(std::string file, std::string_view text, const LoadLimits& limits, bool stream_line, JsonDocument* doc)
      : file_(std::move(file)), text_(text), limits_(limits), stream_line_(stream_line), json_(doc) {}

  Expected<Document> build(const std::vector<View>& values, const std::vector<ValueSpan>& spans) {
    if (values.empty()) return Diagnostic{display_name(file_), 0, 0, "", "empty input: expected a tools/list result"};
    Document out;
    out.file = display_name(file_);
    if (values.size() == 1 && !stream_line_) {
      if (!read_single(values[0], out.shape)) return std::move(errors_);
    } else {
      out.shape = DocumentShape::kStream;
      std::vector<std::size_t> starts;  // where each value starts, for "line N: " (one pass)
      for (const ValueSpan& s : spans) starts.push_back(s.begin);
      const std::vector<LineColumn> lines = stream_line_ ? std::vector<LineColumn>{} : line_columns(text_, starts);
      for (std::size_t v = 0; v < values.size(); ++v) {
        value_ = v;
        if (!stream_line_) prefix_ = "line " + std::to_string(lines[v].line) + ": ";
        read_stream_value(values[v]);
      }
      if (!errors_.empty()) return std::move(errors_);
    }
    locate_tools(spans);
    out.server_names = server_names(values);
    out.tools = std::move(tools_);
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
      std::vector<std::string> path = pointer_tokens(ref.pointer);
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

  static bool parse_index(const std::string& token, std::size_t& out) {
    if (token.empty() || token.size() > 18) return false;
    out = 0;
    for (char c : token) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + static_cast<std::size_t>(c - '0');
    }
    return true;
  }

  static std::optional<View> at(const View& obj, std::initializer_list<const char*> keys) {
    std::optional<View> cur = obj;
    for (const char* k : keys) {
      cur = cur->find(k);
      if (!cur) return std::nullopt;
    }
    return cur;
  }

  std::vector<std::string> server_names(const std::vector<View>& values) const {
    std::vector<std::string> names;
    auto add = [&](const std::optional<View>& v) {
      if (v && v->is_string() && !v->str().empty()) {
        const std::string s(v->str());
        if (std::find(names.begin(), names.end(), s) == names.end()) names.push_back(s);
      }
    };
    std::optional<View> head;  // a document that is an array: its first element speaks for it
    if (values.front().is_array()) values.front().each([&](const View& e) {
      if (!head) head = e;
    });
    const View first = head ? *head : values.front();
    for (const std::optional<View>& v : {std::optional<View>(first), at(first, {"result"})}) {
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

  static bool is_page(const View& v) {
    return v.is_object() && (v.contains("tools") || v.contains("result") || v.contains("error") ||
                             v.contains("jsonrpc"));
  }

  bool read_single(const View& v, DocumentShape& shape) {
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
      bool pages = false;
      std::size_t i = 0;
      v.each([&](const View& e) {
        if (i == 0) pages = is_page(e);
        const std::string at = "[" + std::to_string(i) + "]";
        if (pages) {
          if (!is_page(e)) error(at, "expected a tools/list page like the ones before it");
          else read_page(e, at);
        } else {
          read_tool(e, at, json::json_pointer("/" + std::to_string(i)));
        }
        ++i;
      });
      shape = pages ? DocumentShape::kPages : DocumentShape::kToolArray;
    } else {
      error("$", std::string("expected a tools/list result, found a ") + v.type_name());
    }
    return errors_.empty();
  }

  // toolrisk's own `--format ndjson` lines, {"file", "location", "tool"}, read back.
  static bool is_ndjson_line(const View& v) {
    if (!v.is_object() || !v.contains("location")) return false;
    auto tool = v.find("tool");
    return tool && tool->is_object();
  }

  void read_stream_value(const View& v) {
    if (is_page(v)) {
      read_page(v, "");
    } else if (is_ndjson_line(v)) {
      read_tool(*v.find("tool"), "tool", json::json_pointer("/tool"));
    } else if (v.is_object() && v.contains("name")) {
      read_tool(v, "$", json::json_pointer(""));
    } else {
      error("$", "expected a tools/list page or a tool object on each line");
    }
  }

  void read_page(const View& page, const std::string& at) {
    View result = page;
    std::string path = at;
    json::json_pointer ptr(at.empty() ? "" : "/" + at.substr(1, at.size() - 2));
    if (!page.contains("tools")) {
      if (auto err = page.find("error")) {
        std::string msg = "a JSON-RPC error response";
        if (auto m = err->find("message"); m && m->is_string()) msg += ": " + std::string(m->str());
        error(join(path, "error"), msg);
        return;
      }
      auto res = page.find("result");
      if (!res || !res->is_object()) {
        error(join(path, "result"), "a JSON-RPC response needs an object \"result\" holding \"tools\"");
        return;
      }
      result = *res;
      path = join(path, "result");
      ptr /= "result";
    }
    auto tools = result.find("tools");
    if (!tools || !tools->is_array()) {
      error(join(path, "tools"), "\"tools\" must be an array of tool objects");
      return;
    }
    ptr /= "tools";
    std::size_t i = 0;
    tools->each([&](const View& t) {
      read_tool(t, join(path, "tools") + "[" + std::to_string(i) + "]", ptr / i);
      ++i;
    });
  }

  static std::string join(const std::string& a, const char* b) { return a.empty() ? b : a + "." + b; }

  void read_tool(const View& t, const std::string& at, const json::json_pointer& ptr) {
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
    if (!name || !name->is_string()) {
      error(at + ".name", !name ? "tool has no \"name\"" : "\"name\" must be a string");
      return;
    }
    tool.name = name->str();
    if (tool.name.empty()) {
      error(at + ".name", "\"name\" is empty");
      return;
    }
    if (!within_string_limit(at, "name", tool.name)) return;
    if (!read_string(t, "description", at, tool.description) || !read_string(t, "title", at, tool.title)) return;
    if (auto schema = t.find("inputSchema")) {
      if (!schema->is_object()) {
        error(at + ".inputSchema", "\"inputSchema\" must be an object");
        return;
      }
      tool.schema_present = true;
      tool.properties = schema_properties(*schema, limits_.max_properties);
    }
    if (auto ann = t.find("annotations"); ann && !ann->is_null()) {
      if (ann->is_object()) read_declared(*ann, "annotations.", tool);
      else tool.input_warnings.push_back("declared annotations ignored: " + ann->dump() + " is not an object");
    }
    // The `_meta` extension form of the SEP fields (see docs/tool-risk-metadata.md): read
    // where `annotations` does not already give the field.
    if (auto meta = t.find("_meta"); meta && meta->is_object()) {
      if (auto risk = meta->find(kRiskMetaKey)) {
        if (risk->is_object()) read_declared(*risk, "_meta." + std::string(kRiskMetaKey) + ".", tool);
        else tool.input_warnings.push_back("declared _meta." + std::string(kRiskMetaKey) + " ignored: not an object");
      }
    }
    tool.location = prefix_ + at;
    tools_.push_back(std::move(tool));
    json_->tools.push_back(ToolRef{value_, ptr});
    if constexpr (std::is_same_v<View, FastView>) json_->fast->tools.push_back(t.index());
  }

  bool read_string(const View& t, const char* key, const std::string& at, std::string& out) {
    auto it = t.find(key);
    if (!it || it->is_null()) return true;
    if (!it->is_string()) {
      error(at + "." + key, std::string("\"") + key + "\" must be a string, found a " + it->type_name());
      return false;
    }
    out = it->str();
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
  static void read_declared(const View& ann, const std::string& where, Tool& tool) {
    DeclaredAnnotations& d = tool.declared;
    auto flag = [&](const std::string& key, const View& v) {
      tool.input_warnings.push_back("declared " + where + key + " ignored: " + v.dump() + " is not a valid value");
    };
    auto boolean = [&](const char* key, std::optional<bool>& out) {
      if (auto it = ann.find(key); it && !out) {
        if (it->is_boolean()) out = it->boolean();
        else flag(key, *it);
      }
    };
    auto text = [&](const char* key, std::optional<std::string>& out) {
      if (auto it = ann.find(key); it && !out) {
        if (it->is_string()) out = std::string(it->str());
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
    if (auto it = ann.find("sideEffects"); it && !d.side_effects) {
      std::vector<std::string> values;
      bool ok = it->is_array();
      if (ok) {
        it->each([&](const View& v) {
          if (!v.is_string()) ok = false;
          else values.emplace_back(v.str());
        });
      }
      if (ok) d.side_effects = std::move(values);
      else flag("sideEffects", *it);
    }
    if (auto it = ann.find("minTrustLevel"); it && !d.min_trust_level) {
      if (it->is_number_integer() && it->integer() >= 1 && it->integer() <= 5) {
        d.min_trust_level = static_cast<int>(it->integer());
      } else {
        flag("minTrustLevel", *it);
      }
    }
  }

  std::string file_;
  std::string_view text_;
  const LoadLimits& limits_;
  bool stream_line_ = false;
  JsonDocument* json_ = nullptr;
  std::vector<Tool> tools_;
  std::vector<Diagnostic> errors_;
  std::size_t value_ = 0;
  std::string prefix_;
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

namespace {

// The thread's spare parser. Documents that outlive it (statics destroyed at exit, after the
// thread's own objects) see `spare_gone` and keep their parser to themselves.
thread_local bool spare_gone = false;
struct Spare {
  std::unique_ptr<FastJson> parser;
  ~Spare() { spare_gone = true; }
};
thread_local Spare spare;
constexpr std::size_t kKeptParserCapacity = std::size_t{16} << 20;

}  // namespace

FastForm::FastForm() {
  if (!spare_gone) parser = std::move(spare.parser);
  if (!parser) parser = std::make_unique<FastJson>();
}

FastForm::~FastForm() {
  if (!spare_gone && parser && parser->capacity() <= kKeptParserCapacity) spare.parser = std::move(parser);
}

namespace {

// The fast reader (fast_json.h), for JSON that reads plainly: one value, or NDJSON. Anything
// else (a syntax error, values not a line apart, a repeated key, a shape error) is left to the
// reference reader, which words every message, so both readers answer every input the same way.
std::optional<Document> fast_load(const std::string& file, std::string_view text, const LoadLimits& limits,
                                  bool stream_line) {
  if (text.empty() || text.size() > limits.max_bytes) return std::nullopt;
  auto form = std::make_shared<FastForm>();
  if (!form->parser->parse(text, limits.max_depth)) return std::nullopt;
  if (stream_line && form->values() != 1) return std::nullopt;
  auto doc = std::make_shared<JsonDocument>();
  doc->fast = std::move(form);
  std::vector<FastView> views;
  for (std::size_t v = 0; v < doc->fast->values(); ++v) views.push_back(doc->fast->root(v));
  Builder<FastView> builder(file, text, limits, stream_line, doc.get());
  auto out = builder.build(views, doc->fast->parser->spans());
  if (!out) return std::nullopt;
  out->json = std::move(doc);
  return std::move(out.value());
}

Expected<Document> reference_load(const std::string& file, std::string_view text, const LoadLimits& limits,
                                  bool stream_line) {
  std::vector<ValueSpan> spans;
  auto values = parse_json_values(file, text, limits, &spans);
  if (!values) return values.errors();
  auto doc = std::make_shared<JsonDocument>();
  doc->values = std::move(values.value());
  std::vector<NlohmannView> views(doc->values.begin(), doc->values.end());
  Builder<NlohmannView> builder(file, text, limits, stream_line, doc.get());
  auto out = builder.build(views, spans);
  if (!out) return out;
  out->json = std::move(doc);
  return out;
}

Expected<Document> load(std::string file, std::string_view text, const LoadLimits& limits, JsonReader reader,
                        bool stream_line) {
  if (reader == JsonReader::kFast) {
    if (auto fast = fast_load(file, text, limits, stream_line)) return std::move(*fast);
  }
  return reference_load(file, text, limits, stream_line);
}

json to_nlohmann(const FastView& v) {
  if (v.is_object()) {
    json out = json::object();
    v.members([&](std::string_view k, const FastView& c) { out.emplace(std::string(k), to_nlohmann(c)); });
    return out;
  }
  if (v.is_array()) {
    json out = json::array();
    v.each([&](const FastView& c) { out.push_back(to_nlohmann(c)); });
    return out;
  }
  if (v.is_string()) return std::string(v.str());
  if (v.is_boolean()) return v.boolean();
  if (v.is_null()) return nullptr;
  const JsonNumber n = v.number();
  switch (n.kind) {
    case JsonNumber::kSigned:
      if (n.i >= 0) return static_cast<std::uint64_t>(n.i);  // as nlohmann's parser keeps it
      return n.i;
    case JsonNumber::kUnsigned: return n.u;
    case JsonNumber::kDouble: break;
  }
  return n.d;
}

}  // namespace

std::vector<nlohmann::ordered_json>& json_values(JsonDocument& doc) {
  if (doc.fast && doc.values.empty()) {
    for (std::size_t v = 0; v < doc.fast->values(); ++v) doc.values.push_back(to_nlohmann(doc.fast->root(v)));
  }
  return doc.values;
}

Expected<Document> load_document(std::string file, std::string_view text, const LoadLimits& limits, JsonReader reader) {
  return load(std::move(file), text, limits, reader, false);
}

Expected<Document> load_stream_line(std::string file, std::string_view text, const LoadLimits& limits, JsonReader reader) {
  return load(std::move(file), text, limits, reader, true);
}

Expected<std::unique_ptr<FdIstream>> open_input(const std::string& path) {
  if (path == "-") return std::make_unique<FdIstream>(0, false);
  const std::string shown = display_name(path);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Diagnostic{shown, 0, 0, "", "is a directory, not a tools/list dump"};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Diagnostic{shown, 0, 0, "", std::string("cannot open: ") + std::strerror(errno)};
  return std::make_unique<FdIstream>(fd, true);
}

Diagnostic read_error(const std::string& path, const FdIstream& in) {
  return Diagnostic{display_name(path), 0, 0, "",
                    std::string(path == "-" ? "cannot read standard input: " : "cannot read: ") + std::strerror(in.error())};
}

Expected<std::string> read_rest(FdIstream& in, const std::string& path, const LoadLimits& limits, std::string data) {
  if (!in.read_rest(data, limits.max_bytes)) return read_error(path, in);
  if (data.size() > limits.max_bytes) {
    return Diagnostic{display_name(path), 0, 0, "", "input is over the limit of " + std::to_string(limits.max_bytes) + " bytes"};
  }
  return data;
}

Expected<std::string> read_input(const std::string& path, const LoadLimits& limits) {
  auto in = open_input(path);
  if (!in) return in.errors();
  std::string data;
  if (path != "-") {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size <= limits.max_bytes) data.reserve(static_cast<std::size_t>(size) + 1);  // + 1: the read that finds the end
  }
  return read_rest(**in, path, limits, std::move(data));
}

}  // namespace toolrisk
