#include "toolrisk/loader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.h"
#include "toolrisk/engine.h"

namespace toolrisk {
namespace {

std::string first_error(const Expected<Document>& d) {
  return d ? std::string("(loaded)") : format(d.errors().front());
}

// The first tool's schema properties as each reader reads `text` (both must read it).
std::vector<std::vector<SchemaProperty>> properties_by_reader(const char* text) {
  std::vector<std::vector<SchemaProperty>> out;
  for (const JsonReader reader : {JsonReader::kFast, JsonReader::kReference}) {
    auto d = load_document("x.json", text, {}, reader);
    EXPECT_TRUE(d) << first_error(d);
    out.push_back(d && !d->tools.empty() ? d->tools[0].properties : std::vector<SchemaProperty>{});
  }
  return out;
}

TEST(Loader, ReadsAToolsListResult) {
  auto d = load_document("a.json", R"({"tools": [{"name": "get_pod", "description": "Gets a pod",
      "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}], "nextCursor": null})");
  ASSERT_TRUE(d) << first_error(d);
  EXPECT_EQ(d->shape, DocumentShape::kToolsResult);
  ASSERT_EQ(d->tools.size(), 1u);
  EXPECT_EQ(d->tools[0].name, "get_pod");
  EXPECT_EQ(d->tools[0].description, "Gets a pod");
  EXPECT_EQ(d->tools[0].location, "tools[0]");
  ASSERT_EQ(d->tools[0].properties.size(), 1u);
  EXPECT_EQ(d->tools[0].properties[0].type, "string");
}

TEST(Loader, ReadsEveryShape) {
  auto rpc = load_document("r.json", R"({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}})");
  ASSERT_TRUE(rpc) << first_error(rpc);
  EXPECT_EQ(rpc->shape, DocumentShape::kJsonRpc);
  EXPECT_EQ(rpc->tools[0].location, "result.tools[0]");

  auto arr = load_document("b.json", R"([{"name":"a"},{"name":"b"}])");
  ASSERT_TRUE(arr) << first_error(arr);
  EXPECT_EQ(arr->shape, DocumentShape::kToolArray);
  EXPECT_EQ(arr->tools[1].location, "[1]");

  auto pages = load_document("p.json", R"([{"tools":[{"name":"a"}],"nextCursor":"x"},{"result":{"tools":[{"name":"b"}]}}])");
  ASSERT_TRUE(pages) << first_error(pages);
  EXPECT_EQ(pages->shape, DocumentShape::kPages);
  ASSERT_EQ(pages->tools.size(), 2u);
  EXPECT_EQ(pages->tools[1].location, "[1].result.tools[0]");

  auto stream = load_document("s.ndjson", "{\"tools\":[{\"name\":\"a\"}]}\n{\"name\":\"b\"}\n");
  ASSERT_TRUE(stream) << first_error(stream);
  EXPECT_EQ(stream->shape, DocumentShape::kStream);
  ASSERT_EQ(stream->tools.size(), 2u);
  EXPECT_EQ(stream->tools[1].location, "line 2: $");

  auto empty = load_document("e.json", "[]");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->tools.empty());
}

TEST(Loader, SyntaxErrorsNameFileLineAndColumn) {
  auto d = load_document("bad.json", "{\n  \"tools\": [\n    {\"name\": \"a\",}\n  ]\n}");
  ASSERT_FALSE(d);
  const auto& e = d.errors().front();
  EXPECT_EQ(e.file, "bad.json");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 18u);
  EXPECT_NE(e.message.find("syntax error"), std::string::npos) << e.message;
}

TEST(Loader, SyntaxErrorsInAStreamPointAtTheirLine) {
  auto d = load_document("s.ndjson", "{\"name\":\"a\"}\n{\"name\": tru}\n");
  ASSERT_FALSE(d);
  EXPECT_EQ(d.errors().front().line, 2u);
}

// Readers differ on which value of a repeated key counts (the last for nlohmann/json and
// JavaScript, the first for others): a tool could be judged under one name and called under
// another, so the input is refused wherever the repeat stands, spelled plainly or escaped.
TEST(Loader, AKeyRepeatedInOneObjectIsRefusedWithItsPosition) {
  for (JsonReader reader : {JsonReader::kFast, JsonReader::kReference}) {
    auto d = load_document("dup.json", "{\"tools\": [\n  {\"name\": \"delete_all\", \"name\": \"get_status\"}\n]}",
                           LoadLimits{}, reader);
    ASSERT_FALSE(d);
    const auto& e = d.errors().front();
    EXPECT_EQ(e.file, "dup.json");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 26u);
    EXPECT_NE(e.message.find("the key \"name\" appears twice in one object"), std::string::npos) << e.message;
  }
  // Escaped, deeper down, in the declared hints, or on a later line of a stream.
  auto escaped = load_document("e.json", R"({"tools":[{"name":"a","n\u0061me":"b"}]})");
  ASSERT_FALSE(escaped);
  EXPECT_NE(escaped.errors().front().message.find("\"name\""), std::string::npos);
  auto deep = load_document("s.json", R"({"tools":[{"name":"a","inputSchema":{"properties":{"p":{"type":"string","type":"object"}}}}]})");
  ASSERT_FALSE(deep);
  EXPECT_NE(deep.errors().front().message.find("\"type\""), std::string::npos);
  auto hints = load_document("h.json", R"({"tools":[{"name":"drop","annotations":{"readOnlyHint":false,"readOnlyHint":true}}]})");
  ASSERT_FALSE(hints);
  auto stream = load_document("s.ndjson", "{\"name\":\"a\"}\n{\"name\":\"b\",\"name\":\"c\"}\n");
  ASSERT_FALSE(stream);
  EXPECT_EQ(stream.errors().front().line, 2u);
  // The same key in different objects, or a key's name as a value, is no repeat.
  auto fine = load_document("ok.json", R"({"tools":[{"name":"a","inputSchema":{"properties":{"name":{"type":"string"}}}},{"name":"name"}]})");
  ASSERT_TRUE(fine) << format(fine.errors().front());
  EXPECT_EQ(fine.value().tools.size(), 2u);
}

TEST(Loader, ShapeErrorsNameTheJsonPath) {
  auto d = load_document("x.json", R"({"tools":[{"name":"a"},{"name":"b"},{"name":"c"},{"description":"no name"}]})");
  ASSERT_FALSE(d);
  EXPECT_EQ(format(d.errors().front()), "x.json: tools[3].name: tool has no \"name\"");

  auto typed = load_document("x.json", R"({"tools":[{"name": 42}]})");
  ASSERT_FALSE(typed);
  EXPECT_EQ(format(typed.errors().front()), "x.json: tools[0].name: \"name\" must be a string");

  auto desc = load_document("x.json", R"({"tools":[{"name":"a","description":["x"]}]})");
  ASSERT_FALSE(desc);
  EXPECT_EQ(format(desc.errors().front()), "x.json: tools[0].description: \"description\" must be a string, found a array");

  auto not_tools = load_document("x.json", R"({"tools": {"name":"a"}})");
  ASSERT_FALSE(not_tools);
  EXPECT_EQ(format(not_tools.errors().front()), "x.json: tools: \"tools\" must be an array of tool objects");
}

TEST(Loader, ReportsEveryShapeErrorNotJustTheFirst) {
  auto d = load_document("x.json", R"({"tools":[{"name":1},{"name":"ok"},{"title":"t"}]})");
  ASSERT_FALSE(d);
  ASSERT_EQ(d.errors().size(), 2u);
  EXPECT_EQ(d.errors()[1].path, "tools[2].name");
}

TEST(Loader, RefusesWrongTopLevelValues) {
  EXPECT_FALSE(load_document("x.json", "42"));
  EXPECT_FALSE(load_document("x.json", R"({"name": "lonely_tool"})"));
  EXPECT_FALSE(load_document("x.json", ""));
  EXPECT_FALSE(load_document("x.json", "   \n "));
  auto err = load_document("x.json", R"({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}})");
  ASSERT_FALSE(err);
  EXPECT_NE(err.errors().front().message.find("Method not found"), std::string::npos);
}

TEST(Loader, InvalidUtf8IsAnErrorWithItsByteOffset) {
  auto d = load_document("u.json", "{\"tools\":[{\"name\":\"a\xFF\"}]}");
  ASSERT_FALSE(d);
  EXPECT_NE(d.errors().front().message.find("invalid UTF-8 at byte offset 20"), std::string::npos)
      << d.errors().front().message;
  EXPECT_EQ(d.errors().front().column, 21u);
}

TEST(Loader, DeepNestingIsRefusedBeforeParsing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  auto d = load_document("deep.json", deep);
  ASSERT_FALSE(d);
  EXPECT_NE(d.errors().front().message.find("nesting deeper than 128"), std::string::npos);
  EXPECT_EQ(d.errors().front().column, 129u);
}

TEST(Loader, SizeAndToolCountLimitsAreEnforced) {
  LoadLimits small;
  small.max_bytes = 10;
  EXPECT_FALSE(load_document("x.json", R"({"tools":[{"name":"a"}]})", small));
  LoadLimits few;
  few.max_tools = 1;
  auto d = load_document("x.json", R"({"tools":[{"name":"a"},{"name":"b"}]})", few);
  ASSERT_FALSE(d);
  EXPECT_NE(d.errors().front().message.find("more than 1 tools"), std::string::npos);
}

TEST(Loader, FlattensSchemaFacts) {
  auto d = load_document("x.json", R"({"tools":[{"name":"a","inputSchema":{"type":"object","required":["action"],
    "properties":{"action":{"type":"string","enum":["list","delete"]},
                  "options":{"type":"object","properties":{"force":{"type":"boolean","default":false}}},
                  "cmd":{"anyOf":[{"type":"string"},{"type":"array"}]}}}}]})");
  ASSERT_TRUE(d) << first_error(d);
  const auto& props = d->tools[0].properties;
  ASSERT_EQ(props.size(), 4u);
  EXPECT_EQ(props[0].path, "action");
  EXPECT_TRUE(props[0].required);
  EXPECT_EQ(props[0].enum_values, (std::vector<std::string>{"list", "delete"}));
  EXPECT_EQ(props[2].path, "options.force");
  EXPECT_EQ(props[2].default_value, "false");
  EXPECT_EQ(props[3].type, "string|array");
}

TEST(Loader, AnArrayPropertyKeepsItsItemsType) {
  const char* text = R"({"tools":[{"name":"a","inputSchema":{"type":"object","properties":{
    "statements":{"type":"array","items":{"type":"string"}},
    "rows":{"type":["array","null"],"items":{"type":"object","properties":{"id":{"type":"integer"}}}},
    "tags":{"type":"array"},
    "name":{"type":"string"}}}}]})";
  for (const auto& props : properties_by_reader(text)) {
    ASSERT_EQ(props.size(), 5u);
    EXPECT_EQ(props[0].type, "array");
    EXPECT_EQ(props[0].items_types, kTypeString);
    EXPECT_EQ(props[1].type, "array");
    EXPECT_EQ(props[1].items_types, kTypeObject);
    EXPECT_EQ(props[2].path, "rows.id");
    EXPECT_EQ(props[3].items_types, 0);  // no items schema
    EXPECT_EQ(props[4].items_types, 0);  // not an array
  }
}

// Pydantic writes an optional list as anyOf [{type: array, items: ...}, {type: null}]: its
// items' type and their properties are read as a plain array's are, in place or behind a $ref.
TEST(Loader, AnOptionalListKeepsItsItems) {
  const char* text = R"({"tools":[{"name":"a","inputSchema":{"type":"object","properties":{
    "operations":{"anyOf":[{"type":"array","items":{"type":"object","properties":{"type":{"enum":["create","drop"],"type":"string"}}}},{"type":"null"}],"default":null},
    "names":{"anyOf":[{"$ref":"#/$defs/Names"},{"type":"null"}]}},
    "$defs":{"Names":{"type":"array","items":{"type":"string"}}}}}]})";
  for (const auto& props : properties_by_reader(text)) {
    ASSERT_EQ(props.size(), 3u);
    EXPECT_EQ(props[0].type, "array");
    EXPECT_EQ(props[0].items_types, kTypeObject);
    EXPECT_EQ(props[1].path, "operations.type");
    EXPECT_EQ(props[1].enum_values, (std::vector<std::string>{"create", "drop"}));
    EXPECT_EQ(props[2].type, "array");
    EXPECT_EQ(props[2].items_types, kTypeString);
  }
}

// Python servers (Pydantic) write every enum and model as a reference into "$defs"; older
// Pydantic wraps it in a one-element allOf. What it points to is read as if written in place.
TEST(Loader, LocalReferencesAreReadAsIfWrittenInPlace) {
  const char* text = R"({"tools":[{"name":"manage","inputSchema":{"type":"object","properties":{
    "action":{"$ref":"#/$defs/Action"},
    "mode":{"anyOf":[{"$ref":"#/$defs/Mode"},{"type":"null"}],"default":null},
    "level":{"allOf":[{"$ref":"#/$defs/Level"}],"description":"How deep to go"},
    "request":{"$ref":"#/$defs/Request"},
    "statuses":{"$ref":"#/properties/action"},
    "slash":{"$ref":"#/$defs/a~1b"},
    "remote":{"$ref":"https://example.com/schema.json#/Action"},
    "missing":{"$ref":"#/$defs/Nowhere"}},
    "$defs":{"Action":{"enum":["list","delete"],"title":"Action","type":"string"},
             "Mode":{"enum":["soft","hard"],"type":"string"},
             "Level":{"enum":["one","all"],"type":"string","description":"The level"},
             "Request":{"type":"object","properties":{"sql":{"type":"string"}},"required":["sql"]},
             "a/b":{"type":"boolean"}}}}]})";
  for (const auto& props : properties_by_reader(text)) {
    ASSERT_EQ(props.size(), 9u);
    EXPECT_EQ(props[0].type, "string");
    EXPECT_EQ(props[0].enum_values, (std::vector<std::string>{"list", "delete"}));
    EXPECT_EQ(props[1].type, "string");
    EXPECT_EQ(props[1].enum_values, (std::vector<std::string>{"soft", "hard"}));
    EXPECT_EQ(props[2].enum_values, (std::vector<std::string>{"one", "all"}));
    EXPECT_EQ(props[2].description, "How deep to go");  // written beside the reference: it stands
    EXPECT_EQ(props[3].type, "object");
    EXPECT_EQ(props[4].path, "request.sql");
    EXPECT_TRUE(props[4].required);
    EXPECT_EQ(props[5].enum_values, (std::vector<std::string>{"list", "delete"}));
    EXPECT_EQ(props[6].type, "boolean");
    EXPECT_EQ(props[7].type, "");  // another document: not followed
    EXPECT_EQ(props[8].type, "");
  }
}

// What the engine makes of a tool is the same whether its action enum is written in place or
// behind a reference: the delete it offers is not hidden by where it is written.
TEST(Loader, AnActionEnumBehindAReferenceIsJudgedAsWrittenInPlace) {
  const std::string inline_schema = R"({"type":"object","properties":{"action":{"type":"string","enum":["list","create","delete"]},"bucket":{"type":"string"}}})";
  const std::string ref_schema = R"({"type":"object","properties":{"action":{"$ref":"#/$defs/Action"},"bucket":{"type":"string"}},)"
                                 R"("$defs":{"Action":{"enum":["list","create","delete"],"title":"Action","type":"string"}}})";
  std::vector<Category> categories;
  for (const std::string& schema : {inline_schema, ref_schema}) {
    auto d = load_document("x.json", R"({"tools":[{"name":"manage_bucket","description":"Manage a storage bucket.","inputSchema":)" + schema + "}]}");
    ASSERT_TRUE(d) << first_error(d);
    categories.push_back(evaluate_tool(testing::builtin_rules(), d->tools[0]).fields.category);
  }
  EXPECT_EQ(categories[0], categories[1]);
  EXPECT_GE(static_cast<int>(categories[1]), static_cast<int>(Category::kDelete));
}

// A Python server's one argument may be a union of request models, one per action (`oneOf`
// objects, in place or behind references): the delete one of them offers is the tool's, as
// in a plain wrapper object.
TEST(Loader, AnActionInAUnionOfRequestsIsTheTools) {
  const std::string plain = R"({"type":"object","properties":{"request":{"type":"object","properties":{"action":{"type":"string","enum":["list","delete"]},"id":{"type":"string"}}}}})";
  const std::string union_in_place = R"({"type":"object","properties":{"request":{"oneOf":[)"
                                     R"({"type":"object","properties":{"action":{"const":"list"}}},)"
                                     R"({"type":"object","properties":{"action":{"const":"delete"},"id":{"type":"string"}}}]}}})";
  const std::string union_of_refs = R"({"type":"object","properties":{"request":{"$ref":"#/$defs/Request"}},"$defs":{)"
                                    R"("Request":{"oneOf":[{"$ref":"#/$defs/List"},{"$ref":"#/$defs/Delete"}]},)"
                                    R"("List":{"type":"object","properties":{"action":{"const":"list"}}},)"
                                    R"("Delete":{"type":"object","properties":{"action":{"const":"delete"},"id":{"type":"string"}}}}})";
  for (const std::string& schema : {plain, union_in_place, union_of_refs}) {
    auto d = load_document("x.json", R"({"tools":[{"name":"manage_items","description":"Manage items.","inputSchema":)" + schema + "}]}");
    ASSERT_TRUE(d) << first_error(d);
    EXPECT_EQ(evaluate_tool(testing::builtin_rules(), d->tools[0]).fields.category, Category::kDelete) << schema;
  }
  // A union that may also be a plain value is not a wrapper of the tool's arguments.
  auto d = load_document("x.json", R"({"tools":[{"name":"manage_items","description":"Manage items.","inputSchema":{"type":"object","properties":{"request":{"oneOf":[{"type":"string"},{"type":"object","properties":{"action":{"const":"delete"}}}]}}}}]})");
  ASSERT_TRUE(d) << first_error(d);
  EXPECT_NE(evaluate_tool(testing::builtin_rules(), d->tools[0]).fields.category, Category::kDelete);
}

// A schema whose references loop or multiply (each model naming itself twice) is walked in
// bounded time: references are followed at most a fixed number of times per tool.
TEST(Loader, ReferencesThatLoopOrMultiplyStayBounded) {
  const char* text = R"({"tools":[{"name":"a","inputSchema":{"type":"object","properties":{
    "self":{"$ref":"#/properties/self"},
    "tree":{"$ref":"#/$defs/Tree"}},
    "$defs":{"Tree":{"type":"object","anyOf":[{"$ref":"#/$defs/Tree"},{"$ref":"#/$defs/Tree"}],
                     "properties":{"left":{"$ref":"#/$defs/Tree"},"right":{"$ref":"#/$defs/Tree"}}}}}}]})";
  for (const JsonReader reader : {JsonReader::kFast, JsonReader::kReference}) {
    auto d = load_document("x.json", text, {}, reader);
    ASSERT_TRUE(d) << first_error(d);
    EXPECT_LE(d->tools[0].properties.size(), LoadLimits{}.max_properties);
    EXPECT_EQ(d->tools[0].properties[0].type, "");  // a reference to itself names nothing
  }
}

TEST(Loader, TypeNamesAsBits) {
  EXPECT_EQ(json_type_bits("string"), kTypeString);
  EXPECT_EQ(json_type_bits("string|null"), kTypeString | kTypeNull);
  EXPECT_EQ(json_type_bits("integer|number|boolean|object|array"), kTypeInteger | kTypeNumber | kTypeBoolean | kTypeObject | kTypeArray);
  EXPECT_EQ(json_type_bits(""), 0);
  EXPECT_EQ(json_type_bits("strings|str"), 0);  // not type names
}

TEST(Loader, BadDeclaredHintsAreFlaggedNotBelieved) {
  auto d = load_document("x.json", R"({"tools":[{"name":"a","annotations":{"readOnlyHint":"yes","minTrustLevel":2.5,"destructiveHint":true}}]})");
  ASSERT_TRUE(d) << first_error(d);
  const Tool& t = d->tools[0];
  EXPECT_FALSE(t.declared.read_only.has_value());
  EXPECT_FALSE(t.declared.min_trust_level.has_value());
  EXPECT_EQ(t.declared.destructive, true);
  EXPECT_EQ(t.input_warnings.size(), 2u);
}

TEST(Loader, ReadInputReportsMissingFilesAndDirectories) {
  auto missing = read_input("/nonexistent/tools.json");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.errors().front().message.find("cannot open"), std::string::npos);
  auto dir = read_input("/");
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.errors().front().message.find("directory"), std::string::npos) << dir.errors().front().message;
}

}  // namespace
}  // namespace toolrisk

namespace toolrisk {
namespace {

TEST(LoaderPositions, EveryToolKnowsItsLineAndColumnInEveryShape) {
  auto result = load_document("r.json", "{\"tools\": [\n  {\"name\": \"a\"},\n    {\"name\": \"b\", \"x\": [1, {\"y\": \"]\"}]},\n {\"name\": \"c\"}]}");
  ASSERT_TRUE(result.ok());
  ASSERT_EQ(result->tools.size(), 3u);
  EXPECT_EQ(result->tools[0].line, 2u);
  EXPECT_EQ(result->tools[0].column, 3u);
  EXPECT_EQ(result->tools[1].line, 3u);
  EXPECT_EQ(result->tools[1].column, 5u);
  EXPECT_EQ(result->tools[2].line, 4u);
  EXPECT_EQ(result->tools[2].column, 2u);

  auto pages = load_document("p.json", "[{\"result\": {\"tools\": [{\"name\": \"a\"}]}},\n {\"tools\": [{\"name\": \"b\"}]}]");
  ASSERT_TRUE(pages.ok());
  EXPECT_EQ(pages->tools[1].line, 2u);
  EXPECT_EQ(pages->tools[1].column, 13u);

  auto stream = load_document("s.ndjson", "{\"name\": \"a\"}\n\n  {\"name\": \"b\"}\n");
  ASSERT_TRUE(stream.ok());
  EXPECT_EQ(stream->tools[1].line, 3u);
  EXPECT_EQ(stream->tools[1].column, 3u);

  auto keys = load_document("k.json", "{\"a\\\"tools\": 1, \"tools\": [{\"name\": \"t\"}]}");
  ASSERT_TRUE(keys.ok());
  EXPECT_EQ(keys->tools[0].column, 27u);
}

TEST(LoaderServerNames, FromServerInfoThenTheFileName) {
  auto a = load_document("dir/my-server.json",
                         R"({"server": {"package": "@scope/pkg", "serverInfo": {"name": "fs"}}, "tools": []})");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->server_names, (std::vector<std::string>{"fs", "@scope/pkg", "my-server"}));
  auto b = load_document("-", R"([{"name": "t"}])");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->server_names, std::vector<std::string>{"stdin"});
}

}  // namespace
}  // namespace toolrisk
