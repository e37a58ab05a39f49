#include "toolrisk/policy.h"

#include <filesystem>

#include "yaml_reader.h"

namespace toolrisk {
namespace {

class PolicyParser : public YamlReader {
 public:
  explicit PolicyParser(std::vector<Diagnostic>& errors) : YamlReader(errors) {}

  void parse(const std::string& file, const std::string& text, Policy& p) {
    const auto loaded = load(file, text);
    if (!loaded) return;
    const YAML::Node& root = *loaded;
    if (root.IsNull()) return;  // an empty policy: the defaults
    if (!root.IsMap()) {
      error(root.Mark(), "a policy file is a mapping (fail_on, unclassified, conflicts, drift, catalogs, baseline, declared, rules)");
      return;
    }
    only_keys(root, {"fail_on", "unclassified", "conflicts", "drift", "catalogs", "baseline", "declared", "rules"},
              "a policy file");
    const std::filesystem::path dir = std::filesystem::path(file).parent_path();
    auto resolve = [&](const std::string& path) {
      const std::filesystem::path given(path);
      return (given.is_absolute() || dir.empty() ? given : dir / given).lexically_normal().string();
    };
    if (root["fail_on"]) {
      const std::string v = scalar(root["fail_on"], "fail_on");
      if (v != "none") p.fail_on = enum_value(root["fail_on"], "fail_on", parse_risk_level, "none, low, medium, high, critical");
    }
    if (root["unclassified"]) p.fail_on_unclassified = boolean(root["unclassified"], "unclassified");
    if (root["conflicts"]) p.fail_on_conflict = boolean(root["conflicts"], "conflicts");
    if (const YAML::Node d = root["drift"]) {
      if (d.IsScalar() && (d.Scalar() == "true" || d.Scalar() == "false")) {
        p.drift = d.Scalar() == "true" ? drift_kinds() : std::set<std::string>{};
      } else {
        p.drift.clear();
        for (const auto& kind : list(d, "drift")) {
          if (drift_kinds().count(kind)) p.drift.insert(kind);
          else error(d.Mark(), "`drift`: unknown kind `" + kind + "` (expected true, false or a list of new-tool, removed-tool, changed-definition, risk-increase)");
        }
      }
    }
    if (root["catalogs"]) {
      for (const auto& c : list(root["catalogs"], "catalogs")) p.catalogs.push_back(resolve(c));
    }
    if (root["baseline"]) p.baseline = resolve(scalar(root["baseline"], "baseline"));
    if (root["rules"]) p.rules_dir = resolve(scalar(root["rules"], "rules"));
    if (root["declared"]) {
      p.declared = scalar(root["declared"], "declared");
      if (p.declared != "max" && p.declared != "trust" && p.declared != "ignore") {
        error(root["declared"].Mark(), "`declared`: unknown value `" + p.declared + "` (expected one of max, trust, ignore)");
      }
    }
  }
};

}  // namespace

const std::set<std::string>& drift_kinds() {
  static const std::set<std::string> kinds = {"new-tool", "removed-tool", "changed-definition", "risk-increase"};
  return kinds;
}

Expected<Policy> parse_policy(const std::string& file, const std::string& text) {
  std::vector<Diagnostic> errors;
  Policy p;
  PolicyParser(errors).parse(file, text, p);
  if (!errors.empty()) return errors;
  return p;
}

}  // namespace toolrisk
