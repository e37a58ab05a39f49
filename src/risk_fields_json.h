// The seven SEP fields as JSON, in SEP order: shared by every emitter that writes them.
#pragma once

#include <nlohmann/json.hpp>

#include "toolrisk/annotations.h"

namespace toolrisk {

// Sets the seven fields on `into` (an object), keeping its other keys and their order.
inline void put_risk_fields(const RiskAnnotations& f, nlohmann::ordered_json& into) {
  into["riskLevel"] = to_string(f.risk_level);
  into["category"] = to_string(f.category);
  into["blastRadius"] = to_string(f.blast_radius);
  into["reversibility"] = to_string(f.reversibility);
  into["sideEffects"] = nlohmann::ordered_json::array();
  for (const auto& s : f.side_effects) into["sideEffects"].push_back(s);
  into["approvalRecommendation"] = to_string(f.approval);
  into["minTrustLevel"] = f.min_trust_level;
}

}  // namespace toolrisk
