export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A minimal Spanish page for the sandbox's human-facing tools. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1b1b1f; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; vertical-align: top; }
  td a { overflow-wrap: anywhere; }
  @media (max-width: 40rem) {
    thead { display: none; }
    table, tbody, tr, td { display: block; }
    tr { border-bottom: 1px solid #ddd; padding: .5rem 0; }
    td { border: 0; padding: .15rem 0; }
  }
  .card { border: 1px solid #ccc; border-radius: .75rem; padding: 1.5rem; }
  button { font-size: 1rem; padding: .6rem 1.4rem; border-radius: .5rem; border: 0; cursor: pointer; margin-right: .75rem; }
  .approve { background: #1f7a3a; color: #fff; }
  .reject { background: #a32020; color: #fff; }
  code { background: #f2f2f5; padding: .1rem .3rem; border-radius: .25rem; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}
