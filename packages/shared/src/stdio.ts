/**
 * Keeps a process alive when the reader of its standard output or error goes away (a launcher, `npm start` or a
 * log collector that exited first, then a pipe without a reader): such a write fails with EPIPE, and Node emits the
 * error on the stream after the write returned. `console.*` listens for it only during the write, so the late
 * error had no listener and crashed the process with exit code 1 in the middle of a graceful shutdown (issue 22:
 * the shutdown-pipes test, one run in two under load). Takes nothing, returns nothing; call it once at start.
 * Errors of these two streams are dropped: there is nowhere left to report them.
 */
export function ignoreBrokenStdio(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listeners('error').includes(dropStdioError)) continue;
    stream.on('error', dropStdioError);
  }
}

function dropStdioError(): void {
  // the reader is gone: the line is lost, the process goes on
}
