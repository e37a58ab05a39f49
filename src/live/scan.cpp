#include "toolrisk/scan.h"

namespace toolrisk {

std::vector<ScanEntry> scan_servers(const std::vector<ConfiguredServer>& servers, const RuleBase& rules,
                                    const ScanOptions& options) {
  std::vector<ScanEntry> out;
  for (const auto& c : servers) {
    ScanEntry e;
    e.configured = c;
    e.display = display(c.server);
    if (c.disabled || !c.error.empty()) {
      e.error = c.error;
      out.push_back(std::move(e));
      continue;
    }
    auto fetched = fetch_tools(c.server, options.live);
    if (!fetched) {
      const Diagnostic& d = fetched.errors().front();
      e.error = (d.path.empty() ? "" : d.path + ": ") + d.message;
      out.push_back(std::move(e));
      continue;
    }
    e.protocol_version = fetched->protocol_version;
    e.warnings = fetched->warnings;
    auto doc = load_document(c.server.name, fetched->dump);
    if (!doc) {
      e.error = format(doc.errors().front());
    } else {
      e.result = infer_document(rules, std::move(doc.value()), options.mode, options.catalog);
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace toolrisk
