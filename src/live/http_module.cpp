// Finds and loads the HTTP module (toolrisk-http.so; why it is a module: HttpOpen in
// transport.h) the first time a run talks HTTP: next to the running binary, in ../lib/toolrisk
// from it (where `cmake --install` puts it), or, for a binary below the build directory (the
// tests and benchmarks), in that directory.
#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <system_error>

#include "transport.h"

namespace toolrisk::live {
namespace {

struct Module {
  OpenHttpFn open = nullptr;
  std::string error;
};

Module load() {
  std::vector<std::filesystem::path> places;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    places.push_back(exe.parent_path() / kHttpModuleFile);
    places.push_back(exe.parent_path().parent_path() / "lib" / "toolrisk" / kHttpModuleFile);
  }
#ifdef TOOLRISK_HTTP_MODULE_DIR
  // Only for binaries inside the build directory (tests, benchmarks): a copied or installed
  // binary does not reach back into a build tree.
  const std::filesystem::path build_dir(TOOLRISK_HTTP_MODULE_DIR);
  const auto rel = exe.lexically_relative(build_dir);
  if (!ec && !rel.empty() && *rel.begin() != "..") {
    const auto built = build_dir / kHttpModuleFile;
    if (std::find(places.begin(), places.end(), built) == places.end()) places.push_back(built);
  }
#endif
  Module m;
  std::string looked;
  for (const auto& p : places) {
    looked += (looked.empty() ? "" : ", ") + p.string();
    if (!std::filesystem::exists(p, ec)) continue;
    void* handle = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);  // kept open for the life of the process
    if (!handle) {
      m.error = "cannot load " + p.string() + ": " + dlerror();
      return m;
    }
    m.open = reinterpret_cast<OpenHttpFn>(dlsym(handle, kOpenHttpSymbol));
    if (!m.open) m.error = p.string() + " is not toolrisk's HTTP module of this version (no " + kOpenHttpSymbol + ")";
    return m;
  }
  m.error = std::string("HTTP needs ") + kHttpModuleFile + ", which is built and installed with toolrisk; not found (looked in " + looked + ")";
  return m;
}

}  // namespace

Expected<std::unique_ptr<Transport>> open_http(const LiveServer& server, const LiveOptions& options) {
  static std::once_flag once;
  static Module module;
  std::call_once(once, [] { module = load(); });
  if (!module.open) return Diagnostic{server.url, 0, 0, "", module.error};
  HttpOpen call{server, options, display(server), nullptr, std::nullopt};
  module.open(call);
  if (call.error) return *call.error;
  return std::move(call.transport);
}

}  // namespace toolrisk::live
