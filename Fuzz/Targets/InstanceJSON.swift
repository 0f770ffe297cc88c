import Foundation
import ItineraryCore
import ItineraryFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInstanceJSON(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  do {
    _ = try InstanceFile.decode(Data(bytes: bytes, count: count), source: "fuzz.json")
  } catch {
    Promises.checkOneLine(error.message)
  }
  return 0
}
