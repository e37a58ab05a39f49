// Reads tools/list dumps in every shape a user is likely to have, into the plain Tool model.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/diagnostic.h"
#include "toolrisk/fd_stream.h"
#include "toolrisk/tool.h"

namespace toolrisk {

enum class DocumentShape {
  kToolsResult,  // {"tools": [...], "nextCursor"?: ...}
  kJsonRpc,      // {"jsonrpc": "2.0", "id": ..., "result": {"tools": [...]}}
  kToolArray,    // [ {tool}, {tool} ]
  kPages,        // [ {"tools": [...]}, {"tools": [...]} ] (results or JSON-RPC responses)
  kStream,       // several JSON values one after another (NDJSON): pages, tools or
                 // toolrisk's own --format ndjson lines
};
std::string_view to_string(DocumentShape s);

// Documented in README "Limits"; each is enforced with a message naming the limit.
struct LoadLimits {
  std::size_t max_bytes = std::size_t{512} << 20;  // 512 MiB per input
  std::size_t max_depth = 128;                     // JSON nesting
  std::size_t max_tools = 1'000'000;               // per input
  std::size_t max_properties = 4'096;              // schema properties read per tool
  std::size_t max_string_bytes = std::size_t{1} << 20;  // a tool's name, title or description
};

struct JsonDocument;  // the parsed JSON, private to the loader and the JSON emitter

struct Document {
  std::string file;  // as given on the command line; "-" is shown as "<stdin>"
  DocumentShape shape = DocumentShape::kToolsResult;
  // What the document says of its server, most specific first: `serverInfo.name` (top level
  // or under `server`), `server.name`, `server.package`; then the file's name without its
  // extension. Catalogues and lock files match servers by these names.
  std::vector<std::string> server_names;
  std::vector<Tool> tools;
  std::shared_ptr<JsonDocument> json;  // shared by copies of the Document (json_values() adds the DOM form on first use)
};

// How a file is named in messages and outputs: "<stdin>" for "-", else as given.
std::string display_name(const std::string& file);

// The server a document belongs to: the first of its server names (never empty for a
// loaded document, which always has at least its file's name).
const std::string& server_name(const Document& document);

// Which JSON reader reads an input. kFast (our own, fast_json.h) reads plain single values and hands
// everything else to kReference (nlohmann/json); both give the same Document and output.
enum class JsonReader { kFast, kReference };

// Parses `text`. Syntax errors carry line:column, shape errors a JSON path, invalid UTF-8
// its byte offset (and line:column).
Expected<Document> load_document(std::string file, std::string_view text, const LoadLimits& limits = {},
                                 JsonReader reader = JsonReader::kFast);

// One line of an NDJSON stream, read as a stream reads it: a page, a single tool, or a line
// of toolrisk's own --format ndjson output.
Expected<Document> load_stream_line(std::string file, std::string_view text, const LoadLimits& limits = {},
                                    JsonReader reader = JsonReader::kFast);

// Opens a file, or standard input for "-", for reading a little at a time.
Expected<std::unique_ptr<FdIstream>> open_input(const std::string& path);

// What to say when reading `in` (opened from `path`) failed: its bad() is set.
Diagnostic read_error(const std::string& path, const FdIstream& in);

// Reads the rest of `in` after `data` (what was read of it already), refusing inputs over
// limits.max_bytes.
Expected<std::string> read_rest(FdIstream& in, const std::string& path, const LoadLimits& limits, std::string data = {});

// Reads a whole file, or standard input for "-", refusing inputs over limits.max_bytes.
Expected<std::string> read_input(const std::string& path, const LoadLimits& limits = {});

}  // namespace toolrisk
