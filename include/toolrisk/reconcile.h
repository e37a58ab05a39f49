// Reconciles the inferred assessment with what the server declared.
#pragma once

#include <optional>
#include <string_view>

#include "toolrisk/engine.h"
#include "toolrisk/tool.h"

namespace toolrisk {

enum class DeclaredMode {
  kMax,     // default: declared values may raise, never lower (take the stricter)
  kTrust,   // declared values replace inferred ones where given
  kIgnore,  // declared values are not used (conflicts are still recorded)
};
std::optional<DeclaredMode> parse_declared_mode(std::string_view s);

// Records conflicts between declared hints and the evidence, then applies `mode`.
void reconcile(const DeclaredAnnotations& declared, DeclaredMode mode, Assessment& assessment);

}  // namespace toolrisk
