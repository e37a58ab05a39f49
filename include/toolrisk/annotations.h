// The seven SEP-2793 fields and their value sets, ordered from least to most harmful.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace toolrisk {

// Where the seven fields live in the `_meta` extension form (`tool._meta[kRiskMetaKey]`),
// the way MCP asks new metadata to be proven before it enters ToolAnnotations.
inline constexpr std::string_view kRiskMetaKey = "dev.toolrisk/risk";

// Order is harm: a larger value is more harmful, so std::max picks the stricter one.
enum class Category { kUtility, kRead, kObserve, kMutate, kDelete, kDestroy };
enum class RiskLevel { kLow, kMedium, kHigh, kCritical };
enum class BlastRadius { kItem, kNamespace, kCluster, kOrganization, kGlobal };
enum class Reversibility { kAuto, kManual, kNone };
enum class Approval { kNone, kSingle, kMulti };

std::string_view to_string(Category v);
std::string_view to_string(RiskLevel v);
std::string_view to_string(BlastRadius v);
std::string_view to_string(Reversibility v);
std::string_view to_string(Approval v);

std::optional<Category> parse_category(std::string_view s);
std::optional<RiskLevel> parse_risk_level(std::string_view s);
std::optional<BlastRadius> parse_blast_radius(std::string_view s);
std::optional<Reversibility> parse_reversibility(std::string_view s);
std::optional<Approval> parse_approval(std::string_view s);

// True for the categories that change nothing (read, observe, utility).
bool is_safe(Category c);

// One grade up, saturating at critical.
RiskLevel bump(RiskLevel level, int grades = 1);

// The rubric's table: approval and trust follow from the risk level.
Approval approval_for(RiskLevel level);
int min_trust_for(RiskLevel level);

// The side-effect vocabulary the SEP names; sideEffects stays open, these are the known ones.
bool is_known_side_effect(std::string_view s);
const std::set<std::string>& known_side_effects();

// The seven fields, as emitted in ToolAnnotations.
struct RiskAnnotations {
  RiskLevel risk_level = RiskLevel::kCritical;
  Category category = Category::kDestroy;
  BlastRadius blast_radius = BlastRadius::kGlobal;
  Reversibility reversibility = Reversibility::kNone;
  std::set<std::string> side_effects;
  Approval approval = Approval::kMulti;
  int min_trust_level = 5;
};

// Some of the seven fields: what a declaration or a catalogue entry gives.
struct PartialRiskAnnotations {
  std::optional<RiskLevel> risk_level;
  std::optional<Category> category;
  std::optional<BlastRadius> blast_radius;
  std::optional<Reversibility> reversibility;
  std::optional<std::set<std::string>> side_effects;
  std::optional<Approval> approval;
  std::optional<int> min_trust_level;
  bool any() const {
    return risk_level || category || blast_radius || reversibility || side_effects || approval || min_trust_level;
  }
};

// The fail-closed values for a tool nobody could classify: critical, destroy, global, none,
// every known side effect, multi, 5.
RiskAnnotations fail_closed_annotations();

}  // namespace toolrisk
