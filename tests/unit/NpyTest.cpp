// Unit tests of the .npy reader/writer (support/Npy.h) and of the simulator's dtype
// mapping (bf16 / fp8 as raw bits): byte-exact agreement with files numpy writes,
// round trips of every dtype and rank, Fortran order, big-endian, version 2.0, errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "ptoc/sim/Value.h"
#include "ptoc/support/Npy.h"

namespace ptoc::npy {
namespace {

/// Bytes numpy 1.24 writes for np.save(f, np.arange(6, dtype='<i2').reshape(2, 3)).
std::string numpyInt16File() {
  std::string header = "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3), }";
  header.append(127 - 10 - header.size(), ' ');
  header.push_back('\n');
  std::string f("\x93NUMPY\x01\x00\x76\x00", 10);
  f += header;
  for (int i = 0; i < 6; ++i) {
    f.push_back(static_cast<char>(i));
    f.push_back(0);
  }
  return f;
}

std::string withHeader(const std::string& dict, const std::string& data, int version = 1) {
  std::string h = dict;
  size_t prefix = version == 1 ? 10 : 12;
  while ((prefix + h.size() + 1) % 64) h.push_back(' ');
  h.push_back('\n');
  std::string f("\x93NUMPY", 6);
  f.push_back(static_cast<char>(version));
  f.push_back(0);
  for (int k = 0; k < (version == 1 ? 2 : 4); ++k)
    f.push_back(static_cast<char>((h.size() >> (8 * k)) & 0xff));
  return f + h + data;
}

TEST(NpyTest, ReadsAndWritesExactlyWhatNumpyDoes) {
  std::string file = numpyInt16File();
  ASSERT_EQ(file.size(), 140u);
  Array a = parse(file);
  EXPECT_EQ(a.descr, "<i2");
  EXPECT_EQ(a.shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(a.numel(), 6);
  EXPECT_EQ(reinterpret_cast<const int16_t*>(a.data.data())[5], 5);
  EXPECT_EQ(serialize(a), file);
}

TEST(NpyTest, RoundTripsEveryDTypeAndRank) {
  const char* descrs[] = {"<f2", "<f4", "<f8", "|i1", "<i2", "<i4",
                          "<i8", "|u1", "<u2", "<u4", "<u8", "|b1"};
  std::vector<std::vector<int64_t>> shapes = {{}, {5}, {2, 3}, {2, 1, 3}, {0, 4}};
  for (const char* d : descrs) {
    for (const auto& shape : shapes) {
      Array a;
      a.descr = d;
      a.shape = shape;
      a.data.resize(static_cast<size_t>(a.numel()) * a.itemSize());
      for (size_t i = 0; i < a.data.size(); ++i) a.data[i] = static_cast<uint8_t>(i * 7 + 1);
      if (a.descr == "|b1")
        for (auto& b : a.data) b &= 1;
      std::string bytes = serialize(a);
      EXPECT_EQ(bytes.find('\n') + 1, bytes.size() - a.data.size());
      EXPECT_EQ((bytes.size() - a.data.size()) % 64, 0u) << d;
      Array b = parse(bytes);
      EXPECT_EQ(b.descr, a.descr);
      EXPECT_EQ(b.shape, a.shape);
      EXPECT_EQ(b.data, a.data);
    }
  }
}

TEST(NpyTest, ZeroDimensionalArray) {
  // np.save(f, np.float32(2.5))
  Array a = parse(withHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (), }",
                             std::string("\x00\x00\x20\x40", 4)));
  EXPECT_TRUE(a.shape.empty());
  EXPECT_EQ(a.numel(), 1);
  EXPECT_EQ(reinterpret_cast<const float*>(a.data.data())[0], 2.5f);
}

TEST(NpyTest, FortranOrderBigEndianAndVersion2AreConverted) {
  // Fortran order [[0, 1, 2], [3, 4, 5]] is stored column by column: 0 3 1 4 2 5.
  std::string data;
  for (uint8_t v : {0, 3, 1, 4, 2, 5}) data.push_back(static_cast<char>(v));
  Array f = parse(withHeader("{'descr': '|u1', 'fortran_order': True, 'shape': (2, 3), }", data));
  EXPECT_EQ(f.data, (std::vector<uint8_t>{0, 1, 2, 3, 4, 5}));

  Array be = parse(withHeader("{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }",
                              std::string("\x00\x00\x01\x02\xff\xff\xff\xfe", 8)));
  EXPECT_EQ(be.descr, "<i4");
  EXPECT_EQ(reinterpret_cast<const int32_t*>(be.data.data())[0], 0x102);
  EXPECT_EQ(reinterpret_cast<const int32_t*>(be.data.data())[1], -2);

  Array v2 = parse(withHeader("{\"descr\": \"<u2\", \"fortran_order\": False, \"shape\": (1,)}",
                              std::string("\x34\x12", 2), 2));
  EXPECT_EQ(reinterpret_cast<const uint16_t*>(v2.data.data())[0], 0x1234);
  EXPECT_EQ(parse(withHeader("{'descr': '<i1', 'fortran_order': False, 'shape': (1,), }",
                             std::string("\x05", 1)))
                .descr,
            "|i1");
}

TEST(NpyTest, ErrorsNameTheProblem) {
  auto expectError = [](const std::string& bytes, const std::string& part) {
    try {
      parse(bytes);
      ADD_FAILURE() << "expected an NpyError containing " << part;
    } catch (const NpyError& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  expectError("not a numpy file", "bad magic");
  expectError(
      withHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", std::string(8, '\0')),
      "unsupported .npy dtype '<c8'");
  expectError(
      withHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", std::string(8, '\0')),
      "truncated .npy data");
  expectError(withHeader("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }",
                         std::string(4, '\0')),
              "structured");
  EXPECT_THROW(readFile("/nonexistent/x.npy"), NpyError);
}

TEST(NpyTest, FilesRoundTrip) {
  auto dir = std::filesystem::temp_directory_path();
  std::string path = (dir / ("ptoc_npy_test_" + std::to_string(::getpid()) + ".npy")).string();
  Array a = parse(numpyInt16File());
  writeFile(path, a);
  Array b = readFile(path);
  EXPECT_EQ(b.data, a.data);
  EXPECT_EQ(b.shape, a.shape);
  std::remove(path.c_str());
}

TEST(NpyTest, SimulatorBuffersUseRawBitsForBf16AndFp8) {
  using ir::DType;
  using sim::Buffer;
  Buffer bf(DType::BF16, {2});
  bf.setF(0, 1.0);
  bf.setF(1, -2.0);
  Array a = sim::toNpy(bf);
  EXPECT_EQ(a.descr, "<u2");
  EXPECT_EQ(reinterpret_cast<const uint16_t*>(a.data.data())[0], 0x3F80);
  Buffer back = sim::bufferFromNpy(parse(serialize(a)), DType::BF16);
  EXPECT_EQ(back.getF(1), -2.0);

  Buffer f8(DType::FP8E4M3FN, {1});
  f8.setF(0, 448.0);
  Array b = sim::toNpy(f8);
  EXPECT_EQ(b.descr, "|u1");
  EXPECT_EQ(b.data[0], 0x7E);
  EXPECT_EQ(sim::toNpy(Buffer(DType::FP16, {1})).descr, "<f2");
  EXPECT_EQ(sim::toNpy(Buffer(DType::Bool, {1})).descr, "|b1");
  EXPECT_EQ(sim::toNpy(Buffer(DType::Index, {1})).descr, "<i8");
  try {
    sim::bufferFromNpy(a, DType::FP8E5M2);
    ADD_FAILURE() << "expected a dtype mismatch";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("raw bits in '|u1'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ptoc::npy
