/** Colombian pesos as the chain shows them: es-CO grouping with dots, no decimals ("$ 25.000"). */
const copFormatter = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatCop(amount: number): string {
  // Intl separates the sign with a no-break space; a plain space wraps the same and reads the same.
  return copFormatter.format(Math.round(amount)).replace(/\u00a0/g, ' ');
}
