/**
 * Numbers as Colombians read them (es-CO): a dot groups thousands and a comma marks decimals
 * ("1.300", "3,5"). Money has its own formatter (money.ts). Formatters are made on first use:
 * building one loads locale data, a long task on a phone while a page hydrates.
 */
const formats = new Map<number, Intl.NumberFormat>();

/** A number in es-CO with at most `maximumFractionDigits` decimals (none by default). */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  let format = formats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('es-CO', { maximumFractionDigits });
    formats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}

/** A file size: "820 B", "12,5 KB", "3,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}
