/** A plain-text table for the terminal: columns padded to their widest cell, long cells cut. */
const MAX_CELL = 48;

export function formatTable(header: string[], rows: string[][]): string {
  const cut = (cell: string) => (cell.length > MAX_CELL ? `${cell.slice(0, MAX_CELL - 1)}…` : cell);
  const all = [header, ...rows].map((row) => row.map(cut));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]!.length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
