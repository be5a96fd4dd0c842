/**
 * The iCalendar text format (RFC 5545) as far as a ticket's event needs it: content lines
 * `NAME;PARAM=value:value`, ended by CRLF and folded at 75 octets, with TEXT values escaped.
 */

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * Control characters a TEXT value may not hold (§3.3.11 and §3.1: CONTROL is %x00-08, %x0A-1F
 * and %x7F; only HTAB is allowed, and line breaks are escaped below): NUL, VT, FF, ESC and the
 * rest come from the cinema API's names and would make calendars refuse or mangle the file.
 */
// eslint-disable-next-line no-control-regex -- these characters are what it removes
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A TEXT value (RFC 5545 §3.3.11): forbidden controls dropped, backslash, semicolon and comma escaped, line breaks as `\n`. */
export function icsText(value: string): string {
  return value
    .replace(FORBIDDEN_CONTROLS, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8 = new TextEncoder();
const octets = (text: string): number => utf8.encode(text).length;

/**
 * One content line folded (§3.1): no physical line longer than 75 octets, each continuation
 * starting with a space; a character is never cut in the middle of its UTF-8 bytes.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const physical: string[] = [];
  let current = '';
  let size = 0;
  // The first line holds 75 octets; a continuation's leading space takes one of its 75.
  let room = MAX_LINE_OCTETS;
  for (const character of line) {
    const width = octets(character);
    if (size + width > room) {
      physical.push(current);
      current = '';
      size = 0;
      room = MAX_LINE_OCTETS - 1;
    }
    current += character;
    size += width;
  }
  physical.push(current);
  return physical.join(`${CRLF} `);
}

/** The whole object: every line folded and ended by CRLF, the last one included. */
export function icsDocument(lines: ReadonlyArray<string>): string {
  return lines.map((line) => `${foldLine(line)}${CRLF}`).join('');
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A UTC DATE-TIME (§3.3.5, form 2): `20261124T153000Z`. */
export function icsUtcDateTime(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** A local DATE-TIME (§3.3.5, form 3, used with a TZID) from a calendar date and wall-clock time: `20261124T193000`. */
export function icsLocalDateTime(isoDate: string, time: string): string {
  return `${isoDate.replaceAll('-', '')}T${time.replaceAll(':', '')}`;
}
