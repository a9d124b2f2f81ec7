/**
 * Reads the api's whole output (pino JSON lines) as it comes and keeps what the run is judged on:
 * - protocol errors: what crossed statements on the embedded database's socket looked like
 *   (`portal "" does not exist`, `bind message supplies 1 parameters, but prepared statement ""
 *   requires 3`, `unnamed prepared statement does not exist`, a session id bound into another
 *   query: `invalid input syntax for type uuid`), and anything else naming the protocol;
 * - every line at level error (50) or fatal (60).
 */
const PROTOCOL_ERRORS = /portal|protocol|bind message|prepared statement|invalid input syntax for type uuid/i;
const SAMPLES = 5;
const ERROR_LEVEL = 50;

export class ServerLog {
  lines = 0;
  protocolErrors = 0;
  errorLines = 0;
  /** Lines that are not JSON (the start banner, a runtime warning, a stack trace): counted, not judged. */
  otherLines = 0;
  readonly protocolSamples: string[] = [];
  readonly errorSamples: string[] = [];
  readonly otherSamples: string[] = [];
  private readonly partial = { stdout: '', stderr: '' };

  feed(chunk: string, stream: 'stdout' | 'stderr'): void {
    const text = this.partial[stream] + chunk;
    const lines = text.split('\n');
    this.partial[stream] = lines.pop() ?? '';
    for (const line of lines) this.read(line);
  }

  /** The last line of each stream, if it had no newline (call once the process has closed). */
  end(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.partial[stream]) this.read(this.partial[stream]);
      this.partial[stream] = '';
    }
  }

  private read(line: string): void {
    if (!line.trim()) return;
    this.lines++;
    if (PROTOCOL_ERRORS.test(line)) {
      this.protocolErrors++;
      if (this.protocolSamples.length < SAMPLES) this.protocolSamples.push(line.slice(0, 600));
    }
    let level: unknown;
    try {
      level = (JSON.parse(line) as { level?: unknown }).level;
    } catch {
      this.otherLines++;
      // Shown when they look like trouble; the banner is not worth repeating.
      if (this.otherSamples.length < SAMPLES && /error|exception|warn|unhandled/i.test(line)) {
        this.otherSamples.push(line.slice(0, 300));
      }
      return;
    }
    if (typeof level === 'number' && level >= ERROR_LEVEL) {
      this.errorLines++;
      if (this.errorSamples.length < SAMPLES) this.errorSamples.push(line.slice(0, 600));
    }
  }
}
