// The seven SEP fields as JSON, in SEP order: shared by every emitter that writes them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "toolrisk/annotations.h"

namespace toolrisk {

// Calls `f(name, value)` for each of the seven fields in SEP order; the value is a
// std::string_view, the side-effect list, or the trust level (int).
template <class F>
void for_each_risk_field(const RiskAnnotations& a, F&& f) {
  f("riskLevel", to_string(a.risk_level));
  f("category", to_string(a.category));
  f("blastRadius", to_string(a.blast_radius));
  f("reversibility", to_string(a.reversibility));
  f("sideEffects", a.side_effects);
  f("approvalRecommendation", to_string(a.approval));
  f("minTrustLevel", a.min_trust_level);
}

// Sets the seven fields on `into` (an object), keeping its other keys and their order.
inline void put_risk_fields(const RiskAnnotations& a, nlohmann::ordered_json& into) {
  for_each_risk_field(a, [&](const char* name, const auto& value) {
    using T = std::decay_t<decltype(value)>;
    if constexpr (std::is_same_v<T, std::string_view>) into[name] = std::string(value);
    else into[name] = value;
  });
}

}  // namespace toolrisk
