import Foundation

/// The part of JSON Schema the OpenAPI document uses: `$ref`, `type`,
/// `properties`, `required`, `additionalProperties`, `items`, `enum`,
/// `oneOf`, `minimum` and `maximum`. Returns what does not fit, one line each.
struct SchemaValidator {
  let document: [String: Any]

  /// - Complexity: O(size of the value times the depth of the schema).
  func problems(_ value: Any, against schema: [String: Any], at path: String = "$") -> [String] {
    if let reference = schema["$ref"] as? String {
      guard let resolved = resolve(reference) else { return ["\(path): unknown \(reference)"] }
      return problems(value, against: resolved, at: path)
    }
    if let choices = schema["oneOf"] as? [[String: Any]] {
      let fitting = choices.filter { problems(value, against: $0, at: path).isEmpty }.count
      guard fitting == 1 else {
        return ["\(path): fits \(fitting) of the \(choices.count) schemas of oneOf, not 1"]
      }
    }
    var found: [String] = []
    if let type = schema["type"] as? String, !Self.fits(value, type) {
      return ["\(path): expected \(type), got \(value)"]
    }
    if let choices = schema["enum"] as? [Any],
      !choices.contains(where: { "\($0)" == "\(value)" })
    {
      found.append("\(path): \(value) is not one of \(choices)")
    }
    if let number = value as? Double {
      if let minimum = schema["minimum"] as? Double, number < minimum {
        found.append("\(path): \(number) < \(minimum)")
      }
      if let maximum = schema["maximum"] as? Double, number > maximum {
        found.append("\(path): \(number) > \(maximum)")
      }
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path): missing \(key)")
      }
      for (key, item) in object.sorted(by: { $0.key < $1.key }) {
        if let property = properties[key] {
          found += problems(item, against: property, at: "\(path).\(key)")
        } else if let extra = schema["additionalProperties"] as? [String: Any] {
          found += problems(item, against: extra, at: "\(path).\(key)")
        } else if schema["additionalProperties"] as? Bool == false {
          found.append("\(path): unexpected key \(key)")
        }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, item) in array.enumerated() {
        found += problems(item, against: items, at: "\(path)[\(index)]")
      }
    }
    return found
  }

  private func resolve(_ reference: String) -> [String: Any]? {
    var node: Any = document
    for part in reference.dropFirst(2).split(separator: "/") {
      guard let next = (node as? [String: Any])?[String(part)] else { return nil }
      node = next
    }
    return node as? [String: Any]
  }

  private static func fits(_ value: Any, _ expected: String) -> Bool {
    let isBool = value is Bool && "\(type(of: value))".contains("Bool")
    switch expected {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "boolean": return isBool
    case "integer":
      guard !isBool, let number = value as? Double else { return false }
      return number.rounded() == number
    case "number": return !isBool && value is Double
    default: return true
    }
  }

  /// The schema of an answer: the path template that fits `path`, its
  /// method, the status and JSON content.
  func responseSchema(method: String, path: String, status: Int) -> [String: Any]? {
    let paths = document["paths"] as? [String: [String: Any]] ?? [:]
    let given = path.split(separator: "?")[0].split(separator: "/")
    // A place id, last in a path, takes the rest of it (`/v1/likes/node/1`).
    let template = paths.keys.first { key in
      let wanted = key.split(separator: "/")
      let fits =
        wanted.count == given.count
        || (wanted.last == "{placeId}" && given.count > wanted.count)
      return fits && zip(wanted, given).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
    guard let template, let operation = paths[template]?[method.lowercased()] as? [String: Any],
      let responses = operation["responses"] as? [String: Any],
      let response = responses[String(status)] as? [String: Any]
    else { return nil }
    let content = response["content"] as? [String: Any]
    return (content?["application/json"] as? [String: Any])?["schema"] as? [String: Any] ?? [:]
  }
}
