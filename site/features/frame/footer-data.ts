/** The footer's two groups of content pages, read from the BFF on the server. */
import { callBff, type BffCaller } from '#site/lib/bff-server.ts';
import { logServerError } from '../../lib/server-log.ts';

export interface FooterLinkGroup {
  title: string;
  links: ReadonlyArray<{ title: string; slug: string }>;
}

/** Headings of the groups, in the BFF's order ('pie-de-pagina-1', 'pie-de-pagina-2'). */
const groupTitles = ['Información', 'Más información'];

export async function loadFooterGroups(caller: BffCaller): Promise<FooterLinkGroup[]> {
  const result = await callBff(caller, 'GET /content/footer');
  if (!result.ok) {
    // The spec: content-list failures are logged only; the footer keeps its fixed links.
    logServerError('footer content unavailable', { code: result.failure.code });
    return [];
  }
  return result.data.groups
    .map((group, index) => ({ title: groupTitles[index] ?? 'Más información', links: group.links }))
    .filter((group) => group.links.length > 0);
}
