// toolrisk: how risky is each tool of an MCP server? See README.md.
#include "commands.h"

int main(int argc, char** argv) { return toolrisk::cli::run(argc, argv); }
