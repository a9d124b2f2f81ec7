/**
 * Progress of a long upload on standard error: one line redrawn in place on a terminal, a line per
 * quarter when the output is a file or a pipe (so logs stay short).
 */
import type { ImportProgress } from '../products-csv';

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function progressReporter(stream: NodeJS.WriteStream, label: string) {
  const started = Date.now();
  let lastQuarter = -1;
  return {
    update({ sentBytes, totalBytes }: ImportProgress) {
      const percent = totalBytes === 0 ? 100 : Math.floor((sentBytes / totalBytes) * 100);
      const line = `${label}: ${percent}% (${megabytes(sentBytes)} of ${megabytes(totalBytes)} MB)`;
      if (stream.isTTY) stream.write(`\r${line}`);
      else if (Math.floor(percent / 25) > lastQuarter) {
        lastQuarter = Math.floor(percent / 25);
        stream.write(`${line}\n`);
      }
      if (sentBytes >= totalBytes) stream.write(`${stream.isTTY ? '\n' : ''}Importing…\n`);
    },
    done(message: string) {
      stream.write(`${message} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    },
  };
}
