/**
 * The trailer link of a movie (youtu.be/ID, youtube.com/watch?v=ID, .../embed/ID) becomes a
 * privacy-enhanced embed URL built from the link's last path segment, as the current site does.
 */
const videoIdPattern = /^[A-Za-z0-9_-]{6,20}$/;

export function trailerVideoId(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text, 'https://www.youtube.com');
  } catch {
    return null;
  }
  const fromQuery = url.searchParams.get('v');
  const lastSegment = url.pathname.split('/').filter(Boolean).pop() ?? '';
  const candidate = lastSegment === 'watch' || fromQuery ? (fromQuery ?? '') : lastSegment;
  return videoIdPattern.test(candidate) ? candidate : null;
}

export function trailerEmbedUrl(link: string | null | undefined): string | null {
  const id = trailerVideoId(link);
  return id ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` : null;
}

export function trailerThumbnailUrl(link: string | null | undefined): string | null {
  const id = trailerVideoId(link);
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}
