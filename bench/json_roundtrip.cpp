// The JSON library alone, as a yardstick for `toolrisk infer`: read a file, parse it into the
// same ordered DOM toolrisk uses, write it back compact. Usage: json_roundtrip FILE > out
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: json_roundtrip FILE\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const auto doc = nlohmann::ordered_json::parse(text.str());
  std::cout << doc.dump() << '\n';
  return 0;
}
