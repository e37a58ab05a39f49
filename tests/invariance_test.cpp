// Invariance: every real tool under tests/data (the corpus copies and the npm servers), rewritten
// in ways that do not change what it does, must get the same answer: a name re-cased or given a
// version, an adverb or a "_tool" suffix; a description with CRLF line ends, an indent, a bolded
// first word, a sentence that says nothing of what the tool does or a claim of safety before it; a schema with nullable
// properties, enums as `oneOf` consts or in capitals, parameter descriptions marked "Optional.",
// titled properties or its properties in another order. Each once moved answers, and each kind
// of rewriting found a general weakness (docs/rules.md). Answers compared: category, riskLevel,
// blastRadius, reversibility and sideEffects; declared annotations are ignored.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_support.h"
#include "toolrisk/pipeline.h"

namespace toolrisk {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;  // property order is one of the things rewritten

// Under AddressSanitizer (CI's second run, a Debug build many times slower) every eighth dump is
// enough to check memory; the plain build checks every dump for the answers.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kEvery = 8;
#else
constexpr std::size_t kEvery = 1;
#endif

struct Dump {
  std::string file;
  Json doc;  // {"tools": [...]}, annotations removed
};

std::vector<Dump> real_dumps() {
  std::vector<Dump> dumps;
  std::vector<fs::path> paths;
  for (const char* dir : {"tests/data/servers", "tests/data/npm-extra"}) {
    for (const auto& e : fs::recursive_directory_iterator(testing::source_path(dir))) {
      if (e.is_regular_file() && e.path().extension() == ".json") paths.push_back(e.path());
    }
  }
  std::sort(paths.begin(), paths.end());
  for (std::size_t i = 0; i < paths.size(); i += kEvery) {
    const fs::path& p = paths[i];
    Json j = Json::parse(testing::read_file(p.string()), nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    Json* tools = j.contains("tools") ? &j["tools"] : (j.contains("result") && j["result"].is_object() && j["result"].contains("tools")) ? &j["result"]["tools"] : nullptr;
    if (!tools || !tools->is_array()) continue;
    Json kept = Json::array();
    for (auto& t : *tools) {
      if (!t.is_object() || !t.contains("name") || !t["name"].is_string()) continue;
      t.erase("annotations");
      kept.push_back(t);
    }
    if (!kept.empty()) dumps.push_back({p.filename().string(), Json{{"tools", kept}}});
  }
  return dumps;
}

using Key = std::tuple<Category, RiskLevel, BlastRadius, Reversibility, std::set<std::string>>;

std::vector<Key> answers(const Dump& d, const Json& doc) {
  auto loaded = load_document(d.file, doc.dump());
  if (!loaded) throw std::runtime_error(d.file + ": " + format(loaded.errors().front()));
  DocumentResult r = infer_document(testing::builtin_rules(), std::move(loaded.value()), DeclaredMode::kIgnore);
  std::vector<Key> keys;
  for (const auto& a : r.assessments) {
    const RiskAnnotations& f = a.fields;
    keys.emplace_back(f.category, f.risk_level, f.blast_radius, f.reversibility,
                      std::set<std::string>(f.side_effects.begin(), f.side_effects.end()));
  }
  return keys;
}

// Rewrites one tool in place; false when the rewriting does not apply to it.
using Rewrite = std::function<bool(Json& tool)>;

// snake_case names of two to four lower-case words, as the other spellings are made from them.
std::vector<std::string> snake_words(const Json& tool) {
  static const std::regex snake("[a-z]+(_[a-z]+){1,3}");
  const std::string name = tool["name"].get<std::string>();
  if (!std::regex_match(name, snake)) return {};
  std::vector<std::string> words;
  std::stringstream ss(name);
  for (std::string w; std::getline(ss, w, '_');) words.push_back(w);
  return words;
}

std::string capitalized(std::string w) {
  if (!w.empty()) w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
  return w;
}

Rewrite rename(std::function<std::string(const std::vector<std::string>&)> spell) {
  return [spell](Json& t) {
    const std::vector<std::string> words = snake_words(t);
    if (words.empty()) return false;
    t["name"] = spell(words);
    return true;
  };
}

// The snake_case name with a word after it ("_v2", "_now").
Rewrite suffixed(std::string suffix) {
  return rename([suffix](const std::vector<std::string>& w) {
    std::string s;
    for (const auto& x : w) s += (s.empty() ? "" : "_") + x;
    return s + suffix;
  });
}

Rewrite describe(std::function<bool(std::string&)> edit) {
  return [edit](Json& t) {
    if (!t.contains("description") || !t["description"].is_string()) return false;
    std::string d = t["description"].get<std::string>();
    if (!edit(d)) return false;
    t["description"] = d;
    return true;
  };
}

Rewrite each_property(std::function<bool(const std::string& name, Json& property)> edit) {
  return [edit](Json& t) {
    if (!t.contains("inputSchema") || !t["inputSchema"].is_object()) return false;
    Json& schema = t["inputSchema"];
    if (!schema.contains("properties") || !schema["properties"].is_object()) return false;
    bool any = false;
    for (auto& [name, property] : schema["properties"].items()) {
      if (property.is_object()) any = edit(name, property) || any;
    }
    return any;
  };
}

struct Case {
  const char* what;
  Rewrite rewrite;
};

std::vector<Case> cases() {
  return {
      {"camelCase name", rename([](const auto& w) {
         std::string s = w[0];
         for (std::size_t i = 1; i < w.size(); ++i) s += capitalized(w[i]);
         return s;
       })},
      {"PascalCase name", rename([](const auto& w) {
         std::string s;
         for (const auto& x : w) s += capitalized(x);
         return s;
       })},
      {"kebab-case name", rename([](const auto& w) {
         std::string s;
         for (const auto& x : w) s += (s.empty() ? "" : "-") + x;
         return s;
       })},
      {"name + _v2", suffixed("_v2")},
      {"name + _now", suffixed("_now")},
      {"name + _safely", suffixed("_safely")},
      {"name + _tool", suffixed("_tool")},
      {"CRLF line ends", describe([](std::string& d) {
         if (d.find('\n') == std::string::npos) return false;
         std::string out;
         for (char c : d) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
         d = out;
         return true;
       })},
      {"indented description", describe([](std::string& d) {
         d = "\n\n    " + d;
         return true;
       })},
      {"bold first word", describe([](std::string& d) {
         std::size_t start = d.find_first_not_of(" \t\r\n");
         if (start == std::string::npos) return false;
         std::size_t end = start;
         // A hyphenated word is one word: "**Fill-in-the-middle**", not "**Fill**-in-the-middle".
         const auto alnum = [&](std::size_t i) { return i < d.size() && std::isalnum(static_cast<unsigned char>(d[i])); };
         while (alnum(end) || (end < d.size() && d[end] == '_') || (end < d.size() && d[end] == '-' && end > start && alnum(end + 1))) ++end;
         if (end == start) return false;
         d = d.substr(0, start) + "**" + d.substr(start, end - start) + "**" + d.substr(end);
         return true;
       })},
      // A claim of safety put before what the tool does is no evidence, and must not push aside
      // the verb that opens the description (assurance.h).
      {"a claim of safety first", describe([](std::string& d) {
         d = "Safe to call: does not change anything. " + d;
         return true;
       })},
      {"a read-only label first", describe([](std::string& d) {
         d = "IMPORTANT: safe, read-only operation.\n" + d;
         return true;
       })},
      {"a sentence of no consequence", describe([](std::string& d) {
         d += " Requires authentication.";
         return true;
       })},
      {"nullable properties", each_property([](const std::string&, Json& p) {
         if (!p.contains("type") || !p["type"].is_string()) return false;
         Json description = p.contains("description") ? p["description"] : Json();
         p.erase("description");
         Json wrapped{{"anyOf", Json::array({p, Json{{"type", "null"}}})}};
         if (!description.is_null()) wrapped["description"] = description;
         p = wrapped;
         return true;
       })},
      {"enums as oneOf consts", each_property([](const std::string&, Json& p) {
         if (!p.contains("enum") || !p["enum"].is_array() || p["enum"].empty()) return false;
         Json consts = Json::array();
         for (const auto& v : p["enum"]) {
           if (!v.is_string()) return false;
           consts.push_back(Json{{"const", v}, {"type", "string"}});
         }
         p.erase("enum");
         p.erase("type");
         p["oneOf"] = consts;
         return true;
       })},
      {"parameter descriptions marked Optional", each_property([](const std::string&, Json& p) {
         if (!p.contains("description") || !p["description"].is_string()) return false;
         p["description"] = "Optional. " + p["description"].get<std::string>();
         return true;
       })},
      {"enum values in UPPER_SNAKE_CASE", each_property([](const std::string&, Json& p) {
         if (!p.contains("enum") || !p["enum"].is_array() || p["enum"].empty()) return false;
         for (auto& v : p["enum"]) {
           if (!v.is_string()) return false;
           const std::string in = v.get<std::string>();
           std::string out;
           for (std::size_t i = 0; i < in.size(); ++i) {
             const unsigned char c = static_cast<unsigned char>(in[i]);
             if (std::isupper(c) && i > 0 && (std::islower(static_cast<unsigned char>(in[i - 1])) || std::isdigit(static_cast<unsigned char>(in[i - 1])))) out += '_';
             out += (c == '-' || c == ' ') ? '_' : static_cast<char>(std::toupper(c));
           }
           v = out;
         }
         return true;
       })},
      {"titled properties", each_property([](const std::string& name, Json& p) {
         std::string title;
         for (char c : name) title += c == '_' ? ' ' : c;
         p["title"] = capitalized(title);
         return true;
       })},
      {"properties in reverse order", [](Json& t) {
         if (!t.contains("inputSchema") || !t["inputSchema"].is_object()) return false;
         Json& schema = t["inputSchema"];
         if (!schema.contains("properties") || !schema["properties"].is_object() || schema["properties"].size() < 2) return false;
         Json reversed = Json::object();
         std::vector<std::pair<std::string, Json>> items;
         for (auto& [k, v] : schema["properties"].items()) items.emplace_back(k, v);
         for (auto it = items.rbegin(); it != items.rend(); ++it) reversed[it->first] = it->second;
         schema["properties"] = reversed;
         if (schema.contains("required") && schema["required"].is_array()) {
           std::reverse(schema["required"].begin(), schema["required"].end());
         }
         return true;
       }},
  };
}

std::string describe_key(const Key& k) {
  std::string s = std::string(to_string(std::get<0>(k))) + "/" + std::string(to_string(std::get<1>(k))) + "/" +
                  std::string(to_string(std::get<2>(k))) + "/" + std::string(to_string(std::get<3>(k)));
  for (const auto& e : std::get<4>(k)) s += " " + e;
  return s;
}

class Invariance : public ::testing::TestWithParam<std::size_t> {
 protected:
  static const std::vector<Dump>& dumps() {
    static const std::vector<Dump> d = real_dumps();
    return d;
  }
  static const std::vector<std::vector<Key>>& originals() {
    static const std::vector<std::vector<Key>> o = [] {
      std::vector<std::vector<Key>> all;
      for (const auto& d : dumps()) all.push_back(answers(d, d.doc));
      return all;
    }();
    return o;
  }
};

TEST_P(Invariance, ARewritingThatKeepsTheMeaningKeepsTheAnswer) {
  const Case c = cases()[GetParam()];
  ASSERT_GT(dumps().size(), 150u / kEvery) << "the real dumps did not load";
  std::size_t rewritten = 0, moved = 0;
  std::string report;
  for (std::size_t i = 0; i < dumps().size(); ++i) {
    const Dump& d = dumps()[i];
    Json doc = d.doc;
    std::vector<bool> applied;
    for (auto& t : doc["tools"]) applied.push_back(c.rewrite(t));
    if (std::none_of(applied.begin(), applied.end(), [](bool b) { return b; })) continue;
    const std::vector<Key> after = answers(d, doc);
    const std::vector<Key>& before = originals()[i];
    ASSERT_EQ(after.size(), before.size()) << d.file;
    for (std::size_t k = 0; k < after.size(); ++k) {
      if (!applied[k]) continue;
      ++rewritten;
      if (after[k] == before[k]) continue;
      if (++moved <= 10) {
        report += "  " + d.file + " " + d.doc["tools"][k]["name"].get<std::string>() + ": " + describe_key(before[k]) + " -> " +
                  describe_key(after[k]) + "\n";
      }
    }
  }
  EXPECT_GT(rewritten, 100u / kEvery) << c.what << ": the rewriting applied to almost no tool";
  EXPECT_EQ(moved, 0u) << c.what << " moved " << moved << " of " << rewritten << " answers:\n" << report;
}

INSTANTIATE_TEST_SUITE_P(RealTools, Invariance, ::testing::Range<std::size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& param_info) {
                           std::string n;
                           for (char ch : std::string(cases()[param_info.param].what)) {
                             n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           }
                           return n;
                         });

}  // namespace
}  // namespace toolrisk
