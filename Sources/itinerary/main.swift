import Foundation
import ItineraryCLI

Terminal.prepareStandardStreams()
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
