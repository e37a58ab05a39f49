// End to end over real dumps: load -> infer -> emit, compared byte for byte with the
// expected files in tests/golden/. Regenerate them with TOOLRISK_UPDATE_GOLDEN=1 and review
// the diff; never edit them by hand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "test_support.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

namespace fs = std::filesystem;

bool updating() {
  const char* v = std::getenv("TOOLRISK_UPDATE_GOLDEN");
  return v && std::string(v) == "1";
}

std::vector<std::string> inputs() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(testing::source_path("tests/data/corpus"))) {
    const auto ext = e.path().extension();
    if (ext == ".json" || ext == ".ndjson") out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

DocumentResult run(const std::string& name) {
  const std::string path = testing::source_path("tests/data/corpus/" + name);
  auto doc = load_document(name, testing::read_file(path));
  if (!doc) throw std::runtime_error(format(doc.errors().front()));
  return infer_document(testing::builtin_rules(), std::move(doc.value()), DeclaredMode::kMax);
}

void compare(const std::string& golden_name, const std::string& actual) {
  const std::string path = testing::source_path("tests/golden/" + golden_name);
  if (updating()) {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(path)) << path << " is missing; run with TOOLRISK_UPDATE_GOLDEN=1";
  const std::string expected = testing::read_file(path);
  if (expected != actual) {
    // Point at the first differing line, not a wall of JSON.
    std::istringstream e(expected), a(actual);
    std::string le, la;
    std::size_t line = 0;
    while (true) {
      ++line;
      const bool me = static_cast<bool>(std::getline(e, le));
      const bool ma = static_cast<bool>(std::getline(a, la));
      if (!me && !ma) break;
      if (le != la || me != ma) {
        FAIL() << golden_name << " differs at line " << line << "\n  expected: " << le << "\n  actual:   " << la
               << "\nIf the change is intended, regenerate with TOOLRISK_UPDATE_GOLDEN=1 and review the diff.";
      }
    }
  }
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, JsonOutputMatches) {
  const DocumentResult r = run(GetParam());
  std::ostringstream out;
  emit_json(r, out, true);
  compare(GetParam() + ".out", out.str());
}

TEST_P(Golden, OutputIsByteIdenticalRunToRun) {
  std::ostringstream a, b;
  emit_json(run(GetParam()), a, true);
  emit_json(run(GetParam()), b, true);
  EXPECT_EQ(a.str(), b.str());
}

INSTANTIATE_TEST_SUITE_P(Corpus, Golden, ::testing::ValuesIn(inputs()),
                         testing::param_name);

TEST(GoldenFormats, TableAndNdjson) {
  std::vector<DocumentResult> results;
  results.push_back(run("_modelcontextprotocol_server-filesystem.json"));
  std::ostringstream table, ndjson;
  emit_table(results, table);
  emit_ndjson(results[0], ndjson);
  compare("filesystem.table", table.str());
  compare("filesystem.ndjson", ndjson.str());
}

TEST(GoldenFormats, EveryToolKeepsItsKeysAndGainsTheSevenFields) {
  const DocumentResult r = run("kubernetes-mcp-server.json");
  std::ostringstream out;
  emit_json(r, out, false);
  const auto doc = nlohmann::json::parse(out.str());
  const auto original = nlohmann::json::parse(testing::read_file(testing::source_path("tests/data/corpus/kubernetes-mcp-server.json")));
  ASSERT_EQ(doc["tools"].size(), original["tools"].size());
  for (std::size_t i = 0; i < doc["tools"].size(); ++i) {
    const auto& t = doc["tools"][i];
    const auto& o = original["tools"][i];
    for (const char* key : {"riskLevel", "category", "blastRadius", "reversibility", "sideEffects",
                            "approvalRecommendation", "minTrustLevel"}) {
      EXPECT_TRUE(t["annotations"].contains(key)) << t["name"] << " lacks " << key;
    }
    for (const auto& [k, v] : o.items()) {
      if (k == "annotations" || k == "_meta") continue;
      EXPECT_EQ(t[k], v) << "tool " << o["name"] << " key " << k << " changed";
    }
    for (const auto& [k, v] : o["annotations"].items()) EXPECT_EQ(t["annotations"][k], v);
    EXPECT_TRUE(t["_meta"].contains(kInferenceMetaKey));
  }
  EXPECT_EQ(doc["server"], original["server"]);  // keys beside "tools" are kept
}

}  // namespace
}  // namespace toolrisk
