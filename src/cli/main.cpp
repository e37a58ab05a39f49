// toolrisk: how risky is each tool of an MCP server? See README.md.
#include "commands.h"

#ifdef TOOLRISK_JEMALLOC
// jemalloc's settings, read when it starts (before main; MALLOC_CONF in the environment still
// overrides them). Huge pages for its arenas and its own metadata: a run over a 50-tool dump
// touches about 2 MB of fresh heap, and a first touch of each 4 KiB page is a page fault, most of
// a small run's time on some virtual machines (docs/performance.md).
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always";
}
#endif

int main(int argc, char** argv) { return toolrisk::cli::run(argc, argv); }
