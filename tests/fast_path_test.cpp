// The fast reader (fast_json.h) against the reference reader (nlohmann/json): on every real
// dump, every hostile case and the edge cases below, both must give the same Document (or
// the same errors) and the same output bytes in every form; and JsonWriter must write any
// value as nlohmann's dump() does. The fast reader must really be taken on plain inputs.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "json_document.h"
#include "json_writer.h"
#include "test_support.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

namespace fs = std::filesystem;

std::string describe(const Document& d) {
  std::ostringstream s;
  s << to_string(d.shape) << "|";
  for (const auto& n : d.server_names) s << n << ",";
  for (const Tool& t : d.tools) {
    s << "\n" << t.name << "|" << t.title << "|" << t.description << "|" << t.schema_present << "|" << t.location << "|"
      << t.line << ":" << t.column;
    for (const auto& p : t.properties) {
      s << "\n  " << p.path << "|" << p.name << "|" << p.type << "|" << p.description << "|" << p.required << "|"
        << p.default_value.value_or("<none>");
      for (const auto& e : p.enum_values) s << "|" << e;
    }
    const DeclaredAnnotations& a = t.declared;
    auto opt = [&](const auto& o) {
      if (o) s << *o << ";";
      else s << "-;";
    };
    s << "\n  declared ";
    opt(a.read_only), opt(a.destructive), opt(a.idempotent), opt(a.open_world), opt(a.risk_level), opt(a.category),
        opt(a.blast_radius), opt(a.reversibility), opt(a.approval), opt(a.min_trust_level);
    if (a.side_effects) {
      for (const auto& e : *a.side_effects) s << e << ",";
    }
    for (const auto& w : t.input_warnings) s << "\n  warning " << w;
  }
  return s.str();
}

std::string outputs(const Document& doc) {
  std::ostringstream s;
  const DocumentResult r = infer_document(testing::builtin_rules(), doc, DeclaredMode::kMax);
  for (RiskForm form : {RiskForm::kAnnotations, RiskForm::kMeta}) {
    emit_json(r, s, true, form);
    emit_json(r, s, false, form);
    emit_ndjson(r, s, form);
  }
  return s.str();
}

struct Outcome {
  std::string text;   // the Document and every output, or the errors
  bool fast = false;  // whether the fast reader's DOM holds the document
};

Outcome read(const std::string& name, const std::string& text, JsonReader reader, bool line = false) {
  auto doc = line ? load_stream_line(name, text, {}, reader) : load_document(name, text, {}, reader);
  if (!doc) {
    std::string all = "errors:";
    for (const auto& e : doc.errors()) {  // two appends: GCC 12 warns (-Wrestrict) on "\n" + format(e) at -O3
      all += '\n';
      all += format(e);
    }
    return {all, false};
  }
  return {describe(doc.value()) + "\n" + outputs(doc.value()), doc->json->fast != nullptr};
}

// Both readers on one input; returns whether the fast one was taken.
bool same_both_ways(const std::string& name, const std::string& text, bool line = false) {
  const Outcome fast = read(name, text, JsonReader::kFast, line);
  const Outcome reference = read(name, text, JsonReader::kReference, line);
  EXPECT_FALSE(reference.fast);
  EXPECT_EQ(fast.text, reference.text) << name;
  return fast.fast;
}

std::vector<fs::path> files_under(const std::string& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_path(dir))) {
    const auto ext = e.path().extension();
    if (e.is_regular_file() && (ext == ".json" || ext == ".ndjson")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(FastPath, EveryRealDumpReadsTheSameAndTakesTheFastReader) {
  std::size_t files = 0;
  std::size_t fast = 0;
  for (const auto& dir : {"tests/data/servers", "tests/data/corpus", "examples"}) {
    for (const auto& path : files_under(dir)) {
      ++files;
      fast += same_both_ways(path.filename().string(), testing::read_file(path.string())) ? 1 : 0;
    }
  }
  EXPECT_GT(files, 100u);
  // Only NDJSON files (several values) go to the reference reader.
  EXPECT_GE(fast * 100, files * 95) << fast << " of " << files << " read by the fast reader";
}

TEST(FastPath, HostileInputsGiveTheSameAnswers) {
  std::size_t files = 0;
  for (const auto& path : files_under("tests/hostile")) {
    ++files;
    same_both_ways(path.filename().string(), testing::read_file(path.string()));
  }
  EXPECT_GT(files, 15u);
}

TEST(FastPath, EdgeCases) {
  enum Route { kReference, kFast, kEither };  // which reader must take the input
  struct Case {
    const char* text;
    Route route;
  };
  const Case cases[] = {
      {R"({"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"number","default":-0}}}}]})", kEither},
      {R"({"tools":[{"name":"a","name":"delete_all"}]})", kReference},  // nlohmann keeps the last
      {R"({"tools":[{"name":"a","inputSchema":{"properties":{"x":{"default":1.0},"y":{"default":1e2},"z":{"default":-5},"w":{"default":18446744073709551615},"v":{"default":0.1},"u":{"default":5e-324}}}}]})", kFast},
      {R"({"tools":[{"name":"big","inputSchema":{"properties":{"x":{"default":123456789012345678901234567890}}}}]})", kFast},  // a double, as nlohmann reads it
      {"\xEF\xBB\xBF{\"tools\":[{\"name\":\"bom\"}]}", kFast},
      {R"({"tools":[{"name":"a","inputSchema":{"properties":{"x":{"default":1e-400},"y":{"default":1e400}}}}]})", kReference},
      {R"({"tools":[{"name":"lone \ud83d surrogate"}]})", kReference},
      {R"({"tools":[{"name":"lone \ude00 low"}]})", kReference},
      {"{\"tools\":[{\"name\":\"overlong \xC0\xAF\"}]}", kReference},
      {"{\"tools\":[{\"name\":\"surrogate \xED\xA0\x80\"}]}", kReference},
      {"{\"tools\":[{\"name\":\"past \xF4\x90\x80\x80\"}]}", kReference},
      {"{\"tools\":[{\"name\":\"tab\there\"}]}", kReference},
      // Strings with escapes (even ones that need none when written back) beside plain ones,
      // as values and as keys: the plain ones are copied as they are, the others escaped.
      {R"({"tools":[{"name":"caf\u00e9 \/ \"q\"","description":"line\none\ttab caf\u00e9 \u001f","inputSchema":{"properties":{"k\u00e9y":{"description":"plain caf\u00e9"},"a\"b":{"enum":["x\\y","z"]}}}}]})", kFast},
      {"{\"tools\":[{\"name\":\"raw caf\xC3\xA9 \xF0\x9F\x98\x80\",\"inputSchema\":{\"properties\":{\"k\xC3\xA9y\":{\"type\":\"string\"}}}}]}", kFast},
      {R"({"tools":[{"name":"a","inputSchema":{"properties":{"x":{"default":[01]}}}}]})", kReference},
      {R"({"tools":[{"name":"a","inputSchema":{"properties":{"x":{"default":[1.]}}}}]})", kReference},
      {R"({"tools":[{"name":"a","inputSchema":{"properties":{"x":{"default":[-]}}}}]})", kReference},
      {R"({"tools":[{"name":"a","inputSchema":{"properties":{"x":{"default":[1e5,1E+5,-2.5e-3,0,-0.5,9223372036854775807,-9223372036854775808,-9223372036854775809]}}}}]})", kFast},
      {R"({"tools":[{"name":"\u00e9\u4e2d\ud83d\ude00 — 中文 😀 ","k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9}]})", kFast},
      {R"({"tools":[{"name":"a","k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k1":0}]})", kReference},
      {R"({"tools":[{"name":"a"}],"tools":[]})", kReference},
      {R"({"tools":[{"name":"a"}]}  x)", kReference},
      {R"({"tools":[{"name":"a", "description": "a long description of more than sixteen bytes with \"quotes\" and \\backslashes\\ and é accents, tabs\tand more text to cross blocks"}]})", kFast},
      {R"({"tools":[{"name":"esc\u00e9\u0000\u001f\/\"\\\b\f\n\r\t","description":"\ud83d\ude00 emoji"}]})", kFast},
      {R"({"tools":[{"name":"a","annotations":{"readOnlyHint":"yes","riskLevel":"low","x":1,"minTrustLevel":-0.0}}]})", kReference},
      {R"({"tools":[{"name":"a","annotations":{"readOnlyHint":"yes","riskLevel":"low","x":1,"minTrustLevel":18446744073709551615}}]})", kFast},
      {R"({"tools":[{"name":"a","annotations":7,"_meta":"x"}]})", kFast},
      {R"({"tools":[{"name":"a","_meta":{"dev.toolrisk/inference":1,"dev.toolrisk/risk":{"category":"read","q":[]},"k":{}}}]})", kFast},
      {R"({"tools":[{"name":"a","_meta":{},"annotations":{}},{"name":"b","annotations":null}],"nextCursor":null})", kFast},
      {R"({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"delete_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}],"serverInfo":{"name":"fs"}}})", kFast},
      {R"([{"tools":[{"name":"a"}]},{"result":{"tools":[{"name":"b"}]}}])", kFast},
      {R"([{"name":"a"},{"name":"b"}])", kFast},
      {R"([{"name":"a"},"b"])", kReference},
      {R"({"tools":[{"name":"a"}]} {"tools":[{"name":"b"}]})", kReference},
      {"{\"tools\":[{\"name\":\"a\"}]}\n{\"tools\":[{\"name\":\"b\"}]}\n", kFast},  // NDJSON
      {"\xEF\xBB\xBF {\"name\":\"a\"}\r\n\n  {\"name\":\"b\",\"annotations\":{\"readOnlyHint\":true}}\n\t{\"tools\":[{\"name\":\"c\"}]}  \n", kFast},
      {"{\"name\":\"a\"}\n[{\"name\":\"c\"}]\n", kReference},  // a shape error: the reference words it
      {"{\"name\":\"a\"}\n{\"name\":\"b\"}{\"name\":\"c\"}\n", kReference},  // two values on one line
      {"{\"name\":\"a\"}\n{\"name\":\"a\"}\n", kFast},  // the same name twice: flagged alike
      {"{\"name\":\"a\"}\n{\"name\":1}\n", kReference},
      {"{\"name\":\"a\"}\n{\"name\":\"b\",}\n", kReference},
      {R"({"tools":[{"name":1}]})", kReference},
      {R"({"tools":[{"name":"a"},)", kReference},
      {R"({"error":{"code":-1,"message":"no"}})", kReference},
      {R"({"file":"x","location":"tools[0]","tool":{"name":"a","annotations":{"riskLevel":"high"}}})", kFast},
      {"", kReference},
      {"   \n", kReference},
      {"\xff", kReference},
  };
  for (const Case& c : cases) {
    const bool fast = same_both_ways("edge.json", c.text);
    if (c.route == kReference) {
      EXPECT_FALSE(fast) << c.text;
    } else if (c.route == kFast) {
      EXPECT_TRUE(fast) << c.text;
    }
  }
}

TEST(FastPath, NestingAtAndPastTheLimit) {
  auto nested = [](std::size_t depth) {
    std::string inner(depth - 4, '[');  // under four levels: document, tools, tool, schema
    inner += std::string(depth - 4, ']');
    return R"({"tools":[{"name":"a","inputSchema":{"default":)" + inner + "}}]}";
  };
  const LoadLimits limits;
  EXPECT_TRUE(same_both_ways("deep.json", nested(limits.max_depth)));
  EXPECT_FALSE(same_both_ways("deep.json", nested(limits.max_depth + 1)));
}

TEST(FastPath, StreamLinesReadTheSame) {
  for (const char* line : {R"({"name":"a","description":"Deletes"})", R"({"tools":[{"name":"b"}]})",
                           R"({"file":"f","location":"tools[0]","tool":{"name":"c"}})", R"("x")"}) {
    same_both_ways("s.ndjson", line, true);
  }
}

TEST(FastPath, ConvertedValuesEqualTheReferenceParse) {
  // Commands that need the DOM (lock, validate) convert the fast reader's document.
  const std::string text = testing::read_file(testing::source_path("examples/filesystem.json"));
  auto fast = load_document("f.json", text);
  ASSERT_TRUE(fast);
  ASSERT_NE(fast->json->fast, nullptr);
  EXPECT_EQ(json_values(*fast->json).at(0), nlohmann::ordered_json::parse(text));
}

std::string written(const nlohmann::ordered_json& j, int indent) {
  std::ostringstream s;
  {
    JsonWriter w(s, indent);
    w.value(NlohmannView(j));
  }
  return s.str();
}

TEST(JsonWriter, WritesWhatNlohmannDumpWrites) {
  using json = nlohmann::ordered_json;
  std::vector<json> values = {json::parse(R"({"a":[],"b":{},"c":[1,-2,3.5,1e300,-0.0,0.1,5e-324,18446744073709551615,true,false,null],"d":{"e":"\u0001\u007f\u00e9/\"\\\b\f\n\r\t"}})"),
                              json::parse("[]"), json::parse("{}"), json::parse("\"x\""), json(std::string("bad \xff\xfe utf8")),
                              json(std::numeric_limits<double>::quiet_NaN())};
  for (const auto& path : files_under("tests/data/servers")) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    if (json::accept(ss.str())) values.push_back(json::parse(ss.str()));
  }
  for (const auto& v : values) {
    for (int indent : {-1, 2, 4}) {
      EXPECT_EQ(written(v, indent), v.dump(indent, ' ', false, json::error_handler_t::replace));
    }
  }
}

// Side effects a server declares (or a catalogue lists) are any text: written escaped, so every
// output form stays JSON and reads back as declared, whichever reader took the input.
TEST(JsonWriter, DeclaredSideEffectsAreEscapedInEveryForm) {
  const std::string text = R"({"tools":[{"name":"delete_x","annotations":{"sideEffects":["evil\"quote","back\\slash","tab\there"]}}]})";
  for (JsonReader reader : {JsonReader::kFast, JsonReader::kReference}) {
    auto doc = load_document("se.json", text, {}, reader);
    ASSERT_TRUE(doc.ok());
    for (DeclaredMode mode : {DeclaredMode::kMax, DeclaredMode::kTrust}) {
      const DocumentResult r = infer_document(testing::builtin_rules(), doc.value(), mode);
      for (RiskForm form : {RiskForm::kAnnotations, RiskForm::kMeta}) {
        std::ostringstream pretty, compact, lines;
        emit_json(r, pretty, true, form);
        emit_json(r, compact, false, form);
        emit_ndjson(r, lines, form);
        for (const std::string& out : {pretty.str(), compact.str(), lines.str()}) {
          ASSERT_TRUE(nlohmann::json::accept(out)) << out;
          const std::string dumped = nlohmann::json::parse(out).dump();
          for (const char* declared : {"evil\\\"quote", "back\\\\slash", "tab\\there"}) {
            EXPECT_NE(dumped.find(declared), std::string::npos) << declared << " in " << dumped;
          }
        }
      }
    }
  }
}

// What the writer copies as it is (strings read without an escape, toolrisk's own words) reads
// the same as what it escapes.
TEST(JsonWriter, PlainStringsAndKeysAreWrittenAsEscapedOnesAre) {
  for (int indent : {-1, 2}) {
    std::ostringstream plain, escaped;
    JsonWriter p(plain, indent), e(escaped, indent);
    for (JsonWriter* w : {&p, &e}) w->begin_object();
    p.plain_key("riskLevel");
    e.key("riskLevel");
    p.plain_string("caf\xC3\xA9 high");
    e.string("caf\xC3\xA9 high");
    p.plain_key("list");
    e.key("list");
    for (JsonWriter* w : {&p, &e}) w->begin_array();
    p.plain_string("a");
    e.string("a");
    p.plain_string("");
    e.string("");
    for (JsonWriter* w : {&p, &e}) {
      w->end_array();
      w->end_object();
      w->flush();
    }
    EXPECT_EQ(plain.str(), escaped.str());
    EXPECT_EQ(nlohmann::json::parse(plain.str())["riskLevel"], "caf\xC3\xA9 high");
  }
}

}  // namespace
}  // namespace toolrisk
