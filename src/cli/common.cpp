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
