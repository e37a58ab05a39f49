#include "toolrisk/annotations.h"

#include <array>
#include <cstddef>

namespace toolrisk {
namespace {

constexpr std::array<std::string_view, 6> kCategories = {"utility", "read",   "observe",
                                                         "mutate",  "delete", "destroy"};
constexpr std::array<std::string_view, 4> kLevels = {"low", "medium", "high", "critical"};
constexpr std::array<std::string_view, 5> kBlast = {"item", "namespace", "cluster",
                                                    "organization", "global"};
constexpr std::array<std::string_view, 3> kReversibility = {"auto", "manual", "none"};
constexpr std::array<std::string_view, 3> kApproval = {"none", "single", "multi"};
constexpr std::array<std::string_view, 7> kSideEffects = {
    "state_loss",          "downtime",         "cost",          "external_notification",
    "data_exfiltration",   "privilege_change", "code_execution"};

template <typename Enum, std::size_t N>
std::optional<Enum> parse_in(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == s) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace

std::string_view to_string(Category v) { return kCategories[static_cast<std::size_t>(v)]; }
std::string_view to_string(RiskLevel v) { return kLevels[static_cast<std::size_t>(v)]; }
std::string_view to_string(BlastRadius v) { return kBlast[static_cast<std::size_t>(v)]; }
std::string_view to_string(Reversibility v) { return kReversibility[static_cast<std::size_t>(v)]; }
std::string_view to_string(Approval v) { return kApproval[static_cast<std::size_t>(v)]; }

std::optional<Category> parse_category(std::string_view s) { return parse_in<Category>(kCategories, s); }
std::optional<RiskLevel> parse_risk_level(std::string_view s) { return parse_in<RiskLevel>(kLevels, s); }
std::optional<BlastRadius> parse_blast_radius(std::string_view s) { return parse_in<BlastRadius>(kBlast, s); }
std::optional<Reversibility> parse_reversibility(std::string_view s) {
  return parse_in<Reversibility>(kReversibility, s);
}
std::optional<Approval> parse_approval(std::string_view s) { return parse_in<Approval>(kApproval, s); }

bool is_safe(Category c) {
  return c == Category::kUtility || c == Category::kRead || c == Category::kObserve;
}

RiskLevel bump(RiskLevel level, int grades) {
  int v = static_cast<int>(level) + grades;
  if (v > static_cast<int>(RiskLevel::kCritical)) v = static_cast<int>(RiskLevel::kCritical);
  if (v < 0) v = 0;
  return static_cast<RiskLevel>(v);
}

Approval approval_for(RiskLevel level) {
  switch (level) {
    case RiskLevel::kLow: return Approval::kNone;
    case RiskLevel::kMedium:
    case RiskLevel::kHigh: return Approval::kSingle;
    case RiskLevel::kCritical: return Approval::kMulti;
  }
  return Approval::kMulti;
}

int min_trust_for(RiskLevel level) {
  switch (level) {
    case RiskLevel::kLow: return 1;
    case RiskLevel::kMedium: return 3;
    case RiskLevel::kHigh: return 4;
    case RiskLevel::kCritical: return 5;
  }
  return 5;
}

bool is_known_side_effect(std::string_view s) {
  for (auto known : kSideEffects) {
    if (known == s) return true;
  }
  return false;
}

const std::set<std::string>& known_side_effects() {
  static const std::set<std::string> all(kSideEffects.begin(), kSideEffects.end());
  return all;
}

RiskAnnotations fail_closed_annotations() {
  RiskAnnotations a;  // the defaults are the most restrictive values
  a.side_effects = known_side_effects();  // nothing known rules out any effect
  return a;
}

}  // namespace toolrisk
