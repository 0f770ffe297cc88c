import CMicroHTTPD
import Foundation

extension HTTPResponse {
  /// The response as bytes to write straight to a client's socket, saying
  /// `Connection: close`: for the answers the server gives outside
  /// libmicrohttpd, just before it closes the connection.
  var closingBytes: Data {
    let reason = MHD_get_reason_phrase_for(UInt32(status)).map { String(cString: $0) } ?? ""
    var head = "HTTP/1.1 \(status) \(reason)\r\nConnection: close\r\n"
    for header in headers { head += "\(header.name): \(header.value)\r\n" }
    head += "Content-Length: \(body.count)\r\n\r\n"
    return Data(head.utf8) + body
  }
}
