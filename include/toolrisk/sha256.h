// SHA-256 (FIPS 180-4), for the definition hashes of lock files: a server that changes a
// tool's definition must not be able to keep its hash.
#pragma once

#include <string>
#include <string_view>

namespace toolrisk {

// The digest of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace toolrisk
