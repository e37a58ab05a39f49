#include "toolrisk/validate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <set>

#include "json_document.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

// Side effects that say the tool changes or loses something.
bool is_changing_side_effect(const std::string& s) {
  return s == "state_loss" || s == "downtime" || s == "privilege_change";
}

// The valid values found in one annotations object (or the `_meta` form).
struct Declared {
  std::optional<bool> read_only, destructive;
  PartialRiskAnnotations f;
};

class Checker {
 public:
  Checker(std::string tool, ValidationReport& report) : tool_(std::move(tool)), report_(report) {}

  // Reads and type-checks one object; the hints are read only from `annotations`.
  Declared read(const json& obj, const std::string& path, bool with_hints) {
    Declared d;
    if (with_hints) {
      boolean(obj, "readOnlyHint", path, d.read_only);
      boolean(obj, "destructiveHint", path, d.destructive);
      std::optional<bool> ignored;
      boolean(obj, "idempotentHint", path, ignored);
      boolean(obj, "openWorldHint", path, ignored);
      if (auto it = obj.find("title"); it != obj.end() && !it->is_string()) {
        wrong_type(path, "title", "a string", *it);
      }
    }
    d.f.risk_level = enumerated(obj, "riskLevel", path, parse_risk_level, "low, medium, high, critical");
    d.f.category = enumerated(obj, "category", path, parse_category, "read, observe, mutate, delete, destroy, utility");
    d.f.blast_radius = enumerated(obj, "blastRadius", path, parse_blast_radius, "item, namespace, cluster, organization, global");
    d.f.reversibility = enumerated(obj, "reversibility", path, parse_reversibility, "auto, manual, none");
    d.f.approval = enumerated(obj, "approvalRecommendation", path, parse_approval, "none, single, multi");
    side_effects(obj, path, d.f.side_effects);
    trust(obj, path, d.f.min_trust_level);
    return d;
  }

  void not_an_object(const std::string& path, const char* what, const json& v) {
    add(Severity::kError, "not-an-object", path, std::string(what) + " must be an object, found " + describe(v));
  }

  // `a` from annotations, `b` from the `_meta` form: where both give a field they must agree.
  Declared merge(const Declared& a, const Declared& b, const std::string& meta_path) {
    Declared m = a;
    auto pick = [&](auto& into, const auto& other, const char* key, auto show) {
      if (!other) return;
      if (into && *into != *other) {
        add(Severity::kWarning, "forms-disagree", meta_path + "." + key,
            std::string("the _meta form says ") + show(*other) + ", annotations say " + show(*into));
      }
      if (!into) into = other;
    };
    auto name = [](auto v) { return std::string(to_string(v)); };
    pick(m.f.risk_level, b.f.risk_level, "riskLevel", name);
    pick(m.f.category, b.f.category, "category", name);
    pick(m.f.blast_radius, b.f.blast_radius, "blastRadius", name);
    pick(m.f.reversibility, b.f.reversibility, "reversibility", name);
    pick(m.f.approval, b.f.approval, "approvalRecommendation", name);
    pick(m.f.min_trust_level, b.f.min_trust_level, "minTrustLevel", [](int v) { return std::to_string(v); });
    pick(m.f.side_effects, b.f.side_effects, "sideEffects", [](const std::set<std::string>& s) {
      std::string out = "[";
      for (const auto& v : s) out += (out.size() > 1 ? ", " : "") + v;
      return out + "]";
    });
    return m;
  }

  // The combinations a careful reader would call contradictory.
  void consistency(const Declared& d, const std::string& path) {
    const auto at = [&](const char* key) { return path + "." + key; };
    const bool changes = d.f.category && !is_safe(*d.f.category);
    if (d.read_only == true && changes) {
      add(Severity::kWarning, "readonly-changes-state", at("readOnlyHint"),
          "readOnlyHint is true, but category " + std::string(to_string(*d.f.category)) + " changes state");
    }
    if (d.read_only == true && d.destructive == true) {
      add(Severity::kWarning, "readonly-and-destructive", at("destructiveHint"),
          "destructiveHint is true on a tool whose readOnlyHint is true");
    }
    if (d.destructive == false && d.f.category && *d.f.category >= Category::kDelete) {
      add(Severity::kWarning, "nondestructive-deletes", at("destructiveHint"),
          "destructiveHint is false, but category " + std::string(to_string(*d.f.category)) + " removes things");
    }
    if (d.destructive == true && d.f.category && is_safe(*d.f.category)) {
      add(Severity::kWarning, "destructive-safe-category", at("destructiveHint"),
          "destructiveHint is true, but category " + std::string(to_string(*d.f.category)) + " changes nothing");
    }
    if (d.f.side_effects) {
      for (const auto& s : *d.f.side_effects) {
        if (!is_changing_side_effect(s)) continue;
        if (d.read_only == true) {
          add(Severity::kWarning, "readonly-side-effect", at("sideEffects"),
              "readOnlyHint is true, but sideEffects lists " + s);
        }
        if (d.f.category && is_safe(*d.f.category)) {
          add(Severity::kWarning, "safe-category-side-effect", at("sideEffects"),
              "category " + std::string(to_string(*d.f.category)) + " changes nothing, but sideEffects lists " + s);
        }
      }
      if (d.f.side_effects->count("state_loss") && d.f.reversibility == Reversibility::kAuto) {
        add(Severity::kWarning, "state-loss-auto-reversible", at("reversibility"),
            "reversibility is auto, but sideEffects lists state_loss");
      }
    }
    if (changes && d.f.risk_level == RiskLevel::kLow) {
      add(Severity::kWarning, "changes-at-low-risk", at("riskLevel"),
          "riskLevel is low, but category " + std::string(to_string(*d.f.category)) + " changes state");
    }
    if (d.f.risk_level == RiskLevel::kLow && d.f.approval == Approval::kMulti) {
      add(Severity::kWarning, "low-risk-multi-approval", at("approvalRecommendation"),
          "approvalRecommendation is multi on a low-risk tool");
    }
    if (d.f.risk_level && *d.f.risk_level >= RiskLevel::kHigh && d.f.approval == Approval::kNone) {
      add(Severity::kWarning, "risky-auto-approved", at("approvalRecommendation"),
          "approvalRecommendation is none on a " + std::string(to_string(*d.f.risk_level)) + "-risk tool");
    }
    if (d.f.min_trust_level == 1 && ((d.f.risk_level && *d.f.risk_level >= RiskLevel::kHigh) || changes)) {
      add(Severity::kWarning, "observer-trust-for-change", at("minTrustLevel"),
          "minTrustLevel 1 (an observer) on a tool that is " +
              std::string(changes ? "a " + std::string(to_string(*d.f.category)) : std::string(to_string(*d.f.risk_level)) + "-risk"));
    }
    if (d.f.category == Category::kDestroy && d.f.reversibility == Reversibility::kAuto) {
      add(Severity::kWarning, "destroy-auto-reversible", at("reversibility"),
          "reversibility is auto, but category destroy removes a broad scope");
    }
    if (d.f.category == Category::kDestroy && d.f.blast_radius == BlastRadius::kItem) {
      add(Severity::kWarning, "destroy-item-scope", at("blastRadius"),
          "blastRadius is item, but category destroy removes a broad scope (delete is for items)");
    }
  }

  static EffectiveAnnotations effective(const Declared& d) {
    EffectiveAnnotations e;
    e.fields = fail_closed_annotations();
    RiskAnnotations& f = e.fields;
    auto take = [&](auto& field, const auto& v, const char* key) {
      if (v) field = *v;
      else e.defaulted.emplace_back(key);
    };
    take(f.risk_level, d.f.risk_level, "riskLevel");
    take(f.category, d.f.category, "category");
    take(f.blast_radius, d.f.blast_radius, "blastRadius");
    take(f.reversibility, d.f.reversibility, "reversibility");
    take(f.side_effects, d.f.side_effects, "sideEffects");
    f.approval = approval_for(f.risk_level);
    take(f.approval, d.f.approval, "approvalRecommendation");
    f.min_trust_level = min_trust_for(f.risk_level);
    take(f.min_trust_level, d.f.min_trust_level, "minTrustLevel");
    return e;
  }

 private:
  static std::string describe(const json& v) {
    std::string text = v.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    return std::string(v.type_name()) + " " + text;
  }

  void add(Severity s, const char* id, const std::string& path, std::string message) {
    report_.findings.push_back({s, id, tool_, path, std::move(message)});
  }

  void wrong_type(const std::string& path, const std::string& key, const char* expected, const json& v) {
    add(Severity::kError, "wrong-type", path + "." + key, key + " must be " + expected + ", found " + describe(v));
  }

  void boolean(const json& obj, const char* key, const std::string& path, std::optional<bool>& out) {
    auto it = obj.find(key);
    if (it == obj.end()) return;
    if (it->is_boolean()) out = it->get<bool>();
    else wrong_type(path, key, "a boolean", *it);
  }

  template <typename Parse>
  auto enumerated(const json& obj, const char* key, const std::string& path, Parse parse, const char* values)
      -> decltype(parse(std::string_view{})) {
    auto it = obj.find(key);
    if (it == obj.end()) return std::nullopt;
    if (!it->is_string()) {
      wrong_type(path, key, "a string", *it);
      return std::nullopt;
    }
    auto v = parse(it->get_ref<const std::string&>());
    if (!v) {
      add(Severity::kError, "unknown-value", path + "." + key,
          std::string(key) + " must be one of " + values + ", found " + describe(*it));
    }
    return v;
  }

  void side_effects(const json& obj, const std::string& path, std::optional<std::set<std::string>>& out) {
    auto it = obj.find("sideEffects");
    if (it == obj.end()) return;
    if (!it->is_array()) {
      wrong_type(path, "sideEffects", "an array of strings", *it);
      return;
    }
    std::set<std::string> values;
    bool ok = true;
    for (std::size_t i = 0; i < it->size(); ++i) {
      const json& v = (*it)[i];
      const std::string at = "sideEffects[" + std::to_string(i) + "]";
      if (!v.is_string()) {
        wrong_type(path, at, "a string", v);
        ok = false;
      } else if (!values.insert(v.get<std::string>()).second) {
        add(Severity::kError, "side-effect-duplicate", path + "." + at,
            "sideEffects lists " + v.get<std::string>() + " twice (items must be unique)");
        ok = false;
      }
    }
    if (ok) out = std::move(values);
  }

  void trust(const json& obj, const std::string& path, std::optional<int>& out) {
    auto it = obj.find("minTrustLevel");
    if (it == obj.end()) return;
    const std::string at = path + ".minTrustLevel";
    if (!it->is_number()) {
      wrong_type(path, "minTrustLevel", "an integer from 1 to 5", *it);
      return;
    }
    // JSON Schema counts 3.0 as an integer; so do we.
    const double v = it->get<double>();
    if (std::floor(v) != v) {
      add(Severity::kError, "trust-not-integer", at, "minTrustLevel must be an integer from 1 to 5, found " + describe(*it));
      return;
    }
    if (v < 1 || v > 5) {
      add(Severity::kError, "trust-out-of-range", at, "minTrustLevel must be from 1 to 5, found " + describe(*it));
      return;
    }
    out = static_cast<int>(v);
  }

  std::string tool_;
  ValidationReport& report_;
};

// Validates one tool object (or, for a bare document, `annotations` alone with no tool).
// In a tool, `"annotations": null` means none; a bare document must be an object.
void validate_tool(const json* annotations, const json* meta_form, const std::string& tool, const std::string& location,
                   const std::string& ann_path, ValidationReport& report) {
  Checker checker(tool, report);
  Declared from_annotations;
  if (annotations && !(annotations->is_null() && !tool.empty())) {
    if (annotations->is_object()) from_annotations = checker.read(*annotations, ann_path, true);
    else checker.not_an_object(ann_path, "annotations", *annotations);
  }
  Declared merged = from_annotations;
  if (meta_form) {
    const std::string meta_path = location + "._meta." + std::string(kRiskMetaKey);
    if (meta_form->is_object()) {
      merged = checker.merge(from_annotations, checker.read(*meta_form, meta_path, false), meta_path);
    } else {
      checker.not_an_object(meta_path, "the _meta risk form", *meta_form);
    }
  }
  checker.consistency(merged, ann_path);
  EffectiveAnnotations e = Checker::effective(merged);
  e.tool = tool;
  e.location = location;
  report.tools.push_back(std::move(e));
}

}  // namespace

std::string_view to_string(Severity s) { return s == Severity::kError ? "error" : "warning"; }

const std::vector<CheckInfo>& validation_checks() {
  static const std::vector<CheckInfo> checks = {
      {"not-an-object", Severity::kError, "annotations, or the _meta risk form, is not a JSON object"},
      {"wrong-type", Severity::kError, "a field has the wrong JSON type (a hint that is not a boolean, a riskLevel that is not a string, ...)"},
      {"unknown-value", Severity::kError, "an enumerated field holds a value outside its value set"},
      {"side-effect-duplicate", Severity::kError, "sideEffects lists the same value twice"},
      {"trust-not-integer", Severity::kError, "minTrustLevel has a fraction (2.5)"},
      {"trust-out-of-range", Severity::kError, "minTrustLevel is below 1 or above 5"},
      {"readonly-changes-state", Severity::kWarning, "readOnlyHint true with category mutate, delete or destroy"},
      {"readonly-and-destructive", Severity::kWarning, "readOnlyHint true with destructiveHint true"},
      {"nondestructive-deletes", Severity::kWarning, "destructiveHint false with category delete or destroy"},
      {"destructive-safe-category", Severity::kWarning, "destructiveHint true with category read, observe or utility"},
      {"readonly-side-effect", Severity::kWarning, "readOnlyHint true with sideEffects state_loss, downtime or privilege_change"},
      {"safe-category-side-effect", Severity::kWarning, "category read, observe or utility with sideEffects state_loss, downtime or privilege_change"},
      {"state-loss-auto-reversible", Severity::kWarning, "sideEffects state_loss with reversibility auto"},
      {"changes-at-low-risk", Severity::kWarning, "category mutate, delete or destroy with riskLevel low"},
      {"low-risk-multi-approval", Severity::kWarning, "riskLevel low with approvalRecommendation multi"},
      {"risky-auto-approved", Severity::kWarning, "riskLevel high or critical with approvalRecommendation none"},
      {"observer-trust-for-change", Severity::kWarning, "minTrustLevel 1 (observer) with riskLevel high or critical, or a category that changes state"},
      {"destroy-auto-reversible", Severity::kWarning, "category destroy with reversibility auto"},
      {"destroy-item-scope", Severity::kWarning, "category destroy with blastRadius item"},
      {"forms-disagree", Severity::kWarning, "annotations and the _meta risk form give different values for a field"},
  };
  return checks;
}

std::size_t ValidationReport::count(Severity s) const {
  return static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(), [&](const ValidationFinding& f) { return f.severity == s; }));
}

ValidationReport validate_document(const Document& document) {
  ValidationReport report;
  report.file = document.file;
  for (std::size_t i = 0; i < document.tools.size(); ++i) {
    const ToolRef& ref = document.json->tools[i];
    const json& tool = json_values(*document.json)[ref.value].at(ref.pointer);
    const std::string& location = document.tools[i].location;
    const json* annotations = tool.contains("annotations") ? &tool["annotations"] : nullptr;
    const json* meta_form = nullptr;
    if (auto meta = tool.find("_meta"); meta != tool.end() && meta->is_object()) {
      if (auto risk = meta->find(std::string(kRiskMetaKey)); risk != meta->end()) meta_form = &*risk;
    }
    validate_tool(annotations, meta_form, document.tools[i].name, location, location + ".annotations", report);
  }
  return report;
}

Expected<ValidationReport> validate_annotations_text(const std::string& file, std::string_view text,
                                                     const LoadLimits& limits) {
  auto values = parse_json_values(file, text, limits);
  if (!values) return values.errors();
  const std::string shown = display_name(file);
  if (values->size() != 1) {
    return Diagnostic{shown, 0, 0, "", "expected one ToolAnnotations object, found " +
                                           std::to_string(values->size()) + " JSON values"};
  }
  ValidationReport report;
  report.file = shown;
  validate_tool(&values.value()[0], nullptr, "", "$", "$", report);
  return report;
}

}  // namespace toolrisk
