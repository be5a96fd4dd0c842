import type { Confectionery } from '#shared/cinema-api/catalogue.ts';
import type { ConfectioneryView } from '#shared/views/catalogue.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/** The spec: products whose name contains "aval" are not shown (any case, any position). */
function isHiddenProduct(product: Pick<Confectionery, 'name'>): boolean {
  return product.name.toLocaleLowerCase('es-CO').includes('aval');
}

export function buildConfectionery(products: ReadonlyArray<Confectionery>): ConfectioneryView[] {
  return products
    .filter((product) => !isHiddenProduct(product))
    .map((product) => {
      const description = sanitizeHtml(product.description);
      return {
        id: product.id,
        name: product.name,
        image: product.image?.trim() ? product.image.trim() : null,
        descriptionHtml: description || null,
      };
    });
}
