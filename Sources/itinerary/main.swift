import Foundation
import ItineraryCLI

exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
