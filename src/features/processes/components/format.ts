/** Memory as MB below 1 GB, else GB with one decimal. */
export function formatMemory(mb: number, language: string): string {
  const number = (n: number, digits: number) =>
    n.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return mb >= 1024 ? `${number(mb / 1024, 1)} GB` : `${number(mb, mb < 10 ? 1 : 0)} MB`;
}

export function formatPercent(value: number, language: string): string {
  return `${value.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}
