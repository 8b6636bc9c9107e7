// A provider server (the dynamic-provider host, the SDK's plugin server) prints `${e}: ${e.stack}` to stderr for
// a failed check, diff, read or delete before answering with the error, and the engine shows that print as well
// as the error: the message twice and a stack trace. For an error whose message is the whole story, the print
// is dropped.
const unprintedLines = new Set<string>();
let filtering = false;

/** Keeps the server's print of `e` out of stderr (the engine still gets the error, and shows it). */
export function unprint(e: unknown): void {
  if (!(e instanceof Error)) return;
  if (!filtering) {
    filtering = true;
    const print = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string" && unprintedLines.delete(args[0])) return;
      print(...args);
    };
  }
  unprintedLines.add(`${e}: ${e.stack}`);
}
