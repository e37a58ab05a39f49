// Micro-benchmarks: tokenizing names, matching the rule sets, evaluating one tool, and the
// whole pipeline (load, infer, emit) on a real 47-tool dump. Inputs come from the test data.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "toolrisk/emit.h"
#include "toolrisk/engine.h"
#include "toolrisk/pipeline.h"
#include "toolrisk/tokenizer.h"

namespace {

std::string read(const std::string& rel) {
  std::ifstream in(std::string(TOOLRISK_SOURCE_DIR) + "/" + rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const toolrisk::RuleBase& rules() {
  static const auto base = toolrisk::load_rule_base({}).value();
  return *base;
}

const toolrisk::Document& k8s() {
  static const auto doc = toolrisk::load_document("k8s.json", read("tests/data/corpus/kubernetes-mcp-server.json")).value();
  return doc;
}

void BM_RuleBaseLoad(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(toolrisk::load_rule_base({}));
}
BENCHMARK(BM_RuleBaseLoad)->Unit(benchmark::kMillisecond);

void BM_TokenizeNames(benchmark::State& state) {
  const auto& doc = k8s();
  for (auto _ : state) {
    for (const auto& t : doc.tools) benchmark::DoNotOptimize(toolrisk::tokenize_name(t.name));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * doc.tools.size()));
}
BENCHMARK(BM_TokenizeNames);

void BM_MatchPhrases(benchmark::State& state) {
  const auto& doc = k8s();
  for (auto _ : state) {
    for (const auto& t : doc.tools) benchmark::DoNotOptimize(rules().match_phrase(t.description));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * doc.tools.size()));
}
BENCHMARK(BM_MatchPhrases);

void BM_EvaluateTool(benchmark::State& state) {
  const auto& doc = k8s();
  for (auto _ : state) {
    for (const auto& t : doc.tools) benchmark::DoNotOptimize(toolrisk::evaluate_tool(rules(), t));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * doc.tools.size()));
}
BENCHMARK(BM_EvaluateTool);

void BM_LoadInferEmit(benchmark::State& state) {
  const std::string text = read("tests/data/corpus/kubernetes-mcp-server.json");
  std::size_t tools = 0;
  for (auto _ : state) {
    auto doc = toolrisk::load_document("k8s.json", text);
    tools += doc->tools.size();
    auto r = toolrisk::infer_document(rules(), std::move(doc.value()), toolrisk::DeclaredMode::kMax);
    std::ostringstream out;
    toolrisk::emit_json(r, out, false);
    benchmark::DoNotOptimize(out.str());
  }
  state.SetItemsProcessed(static_cast<int64_t>(tools));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_LoadInferEmit);

}  // namespace

BENCHMARK_MAIN();
