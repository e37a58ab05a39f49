// Accuracy regression: the hand-labelled tools of the development corpus (tests/data/accuracy,
// see PROVENANCE.md there), scored as ../shared/eval/score.py scores gold labels, against
// floors a little below the figures reached. A rule change that lowers accuracy fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "test_support.h"
#include "toolrisk/pipeline.h"

namespace toolrisk {
namespace {

using nlohmann::json;

struct Scores {
  std::size_t n = 0, classified = 0, category = 0, level = 0, level_within_one = 0, under = 0, blast = 0,
              reversibility = 0, se_tp = 0, se_fp = 0, se_fn = 0;
  double ratio(std::size_t v) const { return n ? static_cast<double>(v) / static_cast<double>(n) : 0.0; }
  double se_f1() const {
    const double denom = static_cast<double>(2 * se_tp + se_fp + se_fn);
    return denom > 0 ? 2.0 * static_cast<double>(se_tp) / denom : 0.0;
  }
};

Scores score_corpus() {
  // Group the labelled tools back into one tools/list result per source dump.
  std::map<std::string, json> dumps;
  std::istringstream lines(testing::read_file(testing::source_path("tests/data/accuracy/tools.ndjson")));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    const json row = json::parse(line);
    dumps[row["file"].get<std::string>()]["tools"].push_back(row["tool"]);
  }
  std::map<std::pair<std::string, std::string>, Assessment> predicted;
  for (const auto& [file, doc] : dumps) {
    auto loaded = load_document(file, doc.dump());
    if (!loaded) throw std::runtime_error(format(loaded.errors().front()));
    DocumentResult r = infer_document(testing::builtin_rules(), std::move(loaded.value()), DeclaredMode::kIgnore);
    for (std::size_t i = 0; i < r.assessments.size(); ++i) {
      predicted.emplace(std::make_pair(file, r.document.tools[i].name), r.assessments[i]);
    }
  }
  Scores s;
  std::istringstream gold(testing::read_file(testing::source_path("tests/data/accuracy/gold.jsonl")));
  for (std::string line; std::getline(gold, line);) {
    if (line.empty()) continue;
    const json g = json::parse(line);
    auto it = predicted.find({g["file"].get<std::string>(), g["tool"].get<std::string>()});
    if (it == predicted.end()) continue;  // a label whose tool the dump does not hold
    const RiskAnnotations& p = it->second.fields;
    ++s.n;
    s.classified += it->second.classified;
    s.category += g["category"] == std::string(to_string(p.category));
    const int gl = static_cast<int>(*parse_risk_level(g["riskLevel"].get<std::string>()));
    const int pl = static_cast<int>(p.risk_level);
    s.level += gl == pl;
    s.level_within_one += std::abs(gl - pl) <= 1;
    s.under += pl < gl;
    s.blast += g["blastRadius"] == std::string(to_string(p.blast_radius));
    s.reversibility += g["reversibility"] == std::string(to_string(p.reversibility));
    std::set<std::string> gs;
    for (const auto& e : g["sideEffects"]) gs.insert(e.get<std::string>());
    for (const auto& e : p.side_effects) (gs.count(e) ? s.se_tp : s.se_fp)++;
    for (const auto& e : gs) s.se_fn += p.side_effects.count(e) ? 0 : 1;
  }
  return s;
}

TEST(Accuracy, GoldLabelsStayAboveTheirFloors) {
  const Scores s = score_corpus();
  const json floors = json::parse(testing::read_file(testing::source_path("tests/data/accuracy/floors.json")));
  ASSERT_GT(s.n, 400u) << "the accuracy set did not load";
  const std::map<std::string, double> figures = {
      {"coverage", s.ratio(s.classified)},
      {"category", s.ratio(s.category)},
      {"riskLevel_exact", s.ratio(s.level)},
      {"riskLevel_within_one", s.ratio(s.level_within_one)},
      {"blastRadius", s.ratio(s.blast)},
      {"reversibility", s.ratio(s.reversibility)},
      {"sideEffects_f1", s.se_f1()},
  };
  std::ostringstream report;
  report << s.n << " labelled tools:";
  for (const auto& [name, value] : figures) report << " " << name << " " << value;
  report << " under_classified " << s.ratio(s.under);
  std::cout << report.str() << "\n";
  for (const auto& [name, value] : figures) {
    ASSERT_TRUE(floors.contains(name)) << name;
    EXPECT_GE(value, floors[name].get<double>()) << name << " fell below its floor";
  }
  EXPECT_LE(s.ratio(s.under), floors["under_classified_max"].get<double>()) << "more tools rated below their gold level";
}

// Servers outside the corpus (tests/data/npm-extra, see INDEX.md there), scored as score.py
// scores declared hints: each tool's annotations hidden (the title kept), inferred, and
// compared with what its server declares.
TEST(Accuracy, ServersOutsideTheCorpusAgreeWithTheirDeclaredHints) {
  const json floors = json::parse(testing::read_file(testing::source_path("tests/data/accuracy/floors.json")));
  std::size_t tools = 0, classified = 0, ro_n = 0, ro_ok = 0, unsafe_n = 0, unsafe = 0;
  std::vector<std::string> false_safe;
  for (const auto& entry : std::filesystem::directory_iterator(testing::source_path("tests/data/npm-extra"))) {
    if (entry.path().extension() != ".json") continue;
    json doc = json::parse(testing::read_file(entry.path().string()));
    std::vector<json> declared;
    for (json& t : doc["tools"]) {
      declared.push_back(t.value("annotations", json::object()));
      json kept = json::object();
      if (declared.back().contains("title")) kept["title"] = declared.back()["title"];
      t["annotations"] = kept;
    }
    auto loaded = load_document(entry.path().filename().string(), doc.dump());
    ASSERT_TRUE(loaded.ok()) << entry.path();
    DocumentResult r = infer_document(testing::builtin_rules(), std::move(loaded.value()), DeclaredMode::kIgnore);
    ASSERT_EQ(r.assessments.size(), declared.size()) << entry.path();
    for (std::size_t i = 0; i < declared.size(); ++i) {
      const Assessment& a = r.assessments[i];
      const bool safe = a.fields.category <= Category::kObserve;
      ++tools;
      classified += a.classified;
      const json& d = declared[i];
      if (d.contains("readOnlyHint") && d["readOnlyHint"].is_boolean()) {
        ++ro_n;
        ro_ok += d["readOnlyHint"].get<bool>() == safe;
      }
      if (d.value("readOnlyHint", true) == false || d.value("destructiveHint", false) == true) {
        ++unsafe_n;
        if (safe) {
          ++unsafe;
          false_safe.push_back(entry.path().filename().string() + ":" + r.document.tools[i].name);
        }
      }
    }
  }
  ASSERT_GT(tools, 400u) << "the npm-extra dumps did not load";
  const auto ratio = [](std::size_t a, std::size_t b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; };
  std::cout << tools << " tools outside the corpus: coverage " << ratio(classified, tools) << " readOnly agree "
            << ratio(ro_ok, ro_n) << " (" << ro_ok << "/" << ro_n << ") false-safe " << ratio(unsafe, unsafe_n) << " ("
            << unsafe << "/" << unsafe_n << ")\n";
  EXPECT_GE(ratio(classified, tools), floors["npm_extra_coverage"].get<double>());
  EXPECT_GE(ratio(ro_ok, ro_n), floors["npm_extra_readOnly_agree"].get<double>());
  std::string shown;
  for (const auto& f : false_safe) shown += " " + f;
  EXPECT_LE(ratio(unsafe, unsafe_n), floors["npm_extra_false_safe_max"].get<double>()) << "declared writers read as safe:" << shown;
}

}  // namespace
}  // namespace toolrisk
