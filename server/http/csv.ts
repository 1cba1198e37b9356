/**
 * One CSV cell. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) is kept as text with a leading apostrophe.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as a CSV file: comma separated, CRLF line ends, as spreadsheets expect. */
export function csvOf(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
