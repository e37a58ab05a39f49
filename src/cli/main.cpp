// toolrisk: how risky is each tool of an MCP server? See README.md.
#include "commands.h"

#ifdef TOOLRISK_JEMALLOC
// jemalloc's settings, read when it starts (before main; MALLOC_CONF in the environment still
// overrides them). Huge pages for its arenas and its own metadata: with glibc's malloc, about 300
// of the 690 page faults of a run over a 51-tool dump were first touches of fresh 4 KiB heap
// pages, and on some virtual machines a fault costs 10 microseconds or more (docs/performance-history.md).
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always";
}
#endif

int main(int argc, char** argv) { return toolrisk::cli::run(argc, argv); }
