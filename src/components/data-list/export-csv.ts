import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** CSV text with a header row; values are quoted as needed and formula-looking cells are defused. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const data = rows.map((row) =>
    columns.map((c) => {
      const v = c.value(row);
      const text = v === null || v === undefined ? '' : String(v);
      // Spreadsheet apps run cells starting with = + - @ as formulas.
      return typeof v === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
    }),
  );
  return Papa.unparse({ fields: columns.map((c) => c.header), data });
}

/** Saves text as a file through a temporary link. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
