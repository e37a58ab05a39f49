#include "common.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "toolrisk/pipeline.h"

namespace toolrisk::cli {

void report(const std::vector<Diagnostic>& errors) {
  for (const auto& e : errors) std::cerr << "toolrisk: error: " << format(e) << '\n';
}

Expected<std::shared_ptr<const RuleBase>> rule_base(const std::string& dir) {
  std::vector<RuleSource> overrides;
  if (!dir.empty()) {
    auto sources = read_rule_folder(dir);
    if (!sources) return sources.errors();
    overrides = std::move(sources.value());
  }
  return load_rule_base(overrides);
}

Expected<std::vector<Document>> load_inputs(const std::vector<std::string>& inputs) {
  return read_each<Document>(inputs, [](const std::string& path, const std::string& text) {
    return load_document(path, text);
  });
}

void add_inference_options(CLI::App* cmd, InferenceOptions& o, bool with_catalog) {
  cmd->add_option("inputs", o.inputs,
                  "tools/list dumps (- for standard input): a tools/list result, a JSON-RPC response, "
                  "an array of tools, an array of pages, or one JSON value per line");
  cmd->add_option("--declared", o.declared,
                  "how to use what the server declares: max (default: may raise, never lower), trust (replaces), "
                  "ignore")
      ->check(CLI::IsMember({"max", "trust", "ignore"}));
  cmd->add_option("--rules", o.rules_dir, "a folder of *.yaml rule files that add to or override the built-in rules");
  if (with_catalog) {
    cmd->add_option("--catalog", o.catalogs,
                    "an operator catalogue (YAML; toolrisk's format or KARAI tool_policies.yaml) whose entries decide "
                    "over declared and inferred values; repeatable, later files override earlier ones")
        ->allow_extra_args(false);
  }
}

Expected<Catalog> load_catalogs(const std::vector<std::string>& files) {
  auto parsed = read_each<Catalog>(files, [](const std::string& path, const std::string& text) {
    return parse_catalog(path == "-" ? "<stdin>" : path, text);
  });
  if (!parsed) return parsed.errors();
  Catalog all;
  for (auto& c : parsed.value()) {
    for (auto& e : c.entries) all.entries.push_back(std::move(e));
  }
  return all;
}

Expected<std::vector<DocumentResult>> run_inference(const InferenceOptions& o) {
  if (o.inputs.empty()) return Diagnostic{"", 0, 0, "", "no input: give tools/list dumps, or - for standard input"};
  auto rules = rule_base(o.rules_dir);
  if (!rules) return rules.errors();
  auto catalog = load_catalogs(o.catalogs);
  if (!catalog) return catalog.errors();
  // Every input is read and checked before anything is written: no partial output.
  auto documents = load_inputs(o.inputs);
  if (!documents) return documents.errors();
  const DeclaredMode mode = *parse_declared_mode(o.declared.empty() ? "max" : o.declared);
  std::vector<DocumentResult> results;
  for (auto& doc : documents.value()) {
    results.push_back(infer_document(*rules.value(), std::move(doc), mode, o.catalogs.empty() ? nullptr : &catalog.value()));
  }
  return results;
}

bool write_output(const std::string& path, const std::string& data) {
  if (path.empty() || path == "-") {
    std::cout << data;
    std::cout.flush();
    return static_cast<bool>(std::cout);
  }
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << data;
    out.flush();
    if (!out) {
      std::cerr << "toolrisk: error: " << tmp << ": cannot write\n";
      std::remove(tmp.c_str());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::cerr << "toolrisk: error: " << path << ": cannot write: " << ec.message() << '\n';
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace toolrisk::cli
