#include "toolrisk/reconcile.h"

#include <algorithm>

namespace toolrisk {
namespace {

struct Reconciler {
  const DeclaredAnnotations& d;
  DeclaredMode mode;
  Assessment& a;

  void note(const std::string& field, std::string_view value, const std::string& hint, const std::string& declared) {
    a.evidence.push_back({field, std::string(value), "declared." + hint, EvidenceSource::kDeclared, hint + "=" + declared});
    a.sources[field] = FieldSource::kDeclared;
  }

  void conflict(const std::string& hint, const std::string& declared, std::string_view inferred, const std::string& why) {
    a.conflicts.push_back({hint, declared, std::string(inferred), why});
  }

  // In max mode a declared value may only raise; in trust mode it replaces.
  template <typename T>
  void apply(T& field, T declared, const char* name, const std::string& hint, const std::string& text) {
    const bool take = mode == DeclaredMode::kTrust ? field != declared : declared > field;
    if (!take) return;
    field = declared;
    note(name, to_string(declared), hint, text);
  }

  void record_conflicts() {
    const RiskAnnotations& f = a.fields;
    if (!a.classified) return;
    if (d.read_only == true && !is_safe(f.category)) {
      conflict("readOnlyHint", "true", to_string(f.category),
               "declared read-only, but the evidence shows a " + std::string(to_string(f.category)) + " tool");
    }
    if (d.destructive == false && f.category >= Category::kDelete) {
      conflict("destructiveHint", "false", to_string(f.category),
               "declared non-destructive, but the evidence shows a " + std::string(to_string(f.category)) + " tool");
    }
    if (d.destructive == true && is_safe(f.category)) {
      conflict("destructiveHint", "true", to_string(f.category),
               "declared destructive, but the evidence shows a " + std::string(to_string(f.category)) + " tool");
    }
    if (d.risk_level) {
      if (auto v = parse_risk_level(*d.risk_level); v && *v < f.risk_level) {
        conflict("riskLevel", *d.risk_level, to_string(f.risk_level), "declared risk is lower than the evidence shows");
      }
    }
    if (d.category) {
      if (auto v = parse_category(*d.category); v && *v < f.category) {
        conflict("category", *d.category, to_string(f.category), "declared category is less harmful than the evidence shows");
      }
    }
  }

  void apply_booleans() {
    RiskAnnotations& f = a.fields;
    if (d.read_only == false && is_safe(f.category)) {
      apply(f.category, Category::kMutate, "category", "readOnlyHint", "false");
      if (mode == DeclaredMode::kMax || mode == DeclaredMode::kTrust) {
        f.risk_level = std::max(f.risk_level, RiskLevel::kMedium);
        f.reversibility = std::max(f.reversibility, Reversibility::kManual);
      }
    }
    if (d.destructive == true && d.read_only != true) {
      if (is_safe(f.category)) apply(f.category, Category::kMutate, "category", "destructiveHint", "true");
      if (f.side_effects.insert("state_loss").second) note("sideEffects", "state_loss", "destructiveHint", "true");
      if (f.reversibility < Reversibility::kNone) apply(f.reversibility, Reversibility::kNone, "reversibility", "destructiveHint", "true");
      if (f.risk_level < RiskLevel::kHigh) apply(f.risk_level, RiskLevel::kHigh, "riskLevel", "destructiveHint", "true");
    }
    if (mode == DeclaredMode::kTrust && d.read_only == true && !is_safe(f.category)) {
      f.category = Category::kRead;
      f.risk_level = RiskLevel::kLow;
      f.reversibility = Reversibility::kAuto;
      std::erase_if(f.side_effects, [](const std::string& s) { return s != "data_exfiltration"; });
      note("category", "read", "readOnlyHint", "true");
    }
  }

  void apply_risk_fields() {
    RiskAnnotations& f = a.fields;
    if (d.category) if (auto v = parse_category(*d.category)) apply(f.category, *v, "category", "category", *d.category);
    if (d.risk_level) if (auto v = parse_risk_level(*d.risk_level)) apply(f.risk_level, *v, "riskLevel", "riskLevel", *d.risk_level);
    if (d.blast_radius) if (auto v = parse_blast_radius(*d.blast_radius)) apply(f.blast_radius, *v, "blastRadius", "blastRadius", *d.blast_radius);
    if (d.reversibility) if (auto v = parse_reversibility(*d.reversibility)) apply(f.reversibility, *v, "reversibility", "reversibility", *d.reversibility);
    if (d.side_effects) {
      if (mode == DeclaredMode::kTrust) f.side_effects.clear();
      for (const auto& s : *d.side_effects) {
        if (f.side_effects.insert(s).second) note("sideEffects", s, "sideEffects", s);
      }
    }
  }

  void run() {
    record_conflicts();
    if (mode == DeclaredMode::kIgnore || !d.any()) return;
    if (!a.classified) {
      // Fail closed: only a trusted declaration may classify what inference could not.
      if (mode != DeclaredMode::kTrust || !(d.category && parse_category(*d.category) && d.risk_level && parse_risk_level(*d.risk_level))) return;
      a.classified = true;
      std::erase(a.flags, "unclassified");
    }
    apply_booleans();
    apply_risk_fields();
    RiskAnnotations& f = a.fields;
    f.approval = approval_for(f.risk_level);
    f.min_trust_level = min_trust_for(f.risk_level);
    // The table follows the level: so does the source, unless declared directly below.
    a.sources["approvalRecommendation"] = a.sources["minTrustLevel"] = a.sources["riskLevel"];
    if (d.approval) {
      if (auto v = parse_approval(*d.approval)) apply(f.approval, *v, "approvalRecommendation", "approvalRecommendation", *d.approval);
    }
    if (d.min_trust_level) {
      const bool take = mode == DeclaredMode::kTrust ? f.min_trust_level != *d.min_trust_level : *d.min_trust_level > f.min_trust_level;
      if (take) {
        f.min_trust_level = *d.min_trust_level;
        note("minTrustLevel", std::to_string(*d.min_trust_level), "minTrustLevel", std::to_string(*d.min_trust_level));
      }
    }
  }
};

}  // namespace

bool DeclaredAnnotations::any() const {
  return read_only || destructive || idempotent || open_world || risk_level || category || blast_radius ||
         reversibility || approval || side_effects || min_trust_level;
}

std::optional<DeclaredMode> parse_declared_mode(std::string_view s) {
  if (s == "max") return DeclaredMode::kMax;
  if (s == "trust") return DeclaredMode::kTrust;
  if (s == "ignore") return DeclaredMode::kIgnore;
  return std::nullopt;
}

void reconcile(const DeclaredAnnotations& declared, DeclaredMode mode, Assessment& assessment) {
  Reconciler{declared, mode, assessment}.run();
}

}  // namespace toolrisk
