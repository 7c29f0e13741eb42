// intermission-trace: a trace as a timeline picture (SVG) or a Perfetto trace (JSON).
//   intermission-trace timeline TRACE -o timeline.svg
//   intermission-trace perfetto TRACE -o trace.json
import Glibc
import IntermissionTrace

exit(TraceCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
