import type { AttachmentExtension } from './service-forms.ts';

/**
 * Whether a file's first bytes are what its extension promises, so an executable renamed
 * `.pdf` never reaches the cinema API. One table for the page (which checks a file as soon as
 * it is chosen, so the person learns which file is wrong before solving the captcha) and for
 * the BFF (which checks the stream again: a page can be bypassed). Only the container is checked (a ZIP for the Office
 * Open XML formats, an OLE2 compound file for the old Office ones), which is what the
 * extension can tell us.
 */

/** How many leading bytes `contentMatchesExtension` needs to decide. */
export const MAGIC_BYTES_NEEDED = 8;

const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04
const FTYP = [0x66, 0x74, 0x79, 0x70]; // 'ftyp' at offset 4 (ISO base media)

const SIGNATURES: Readonly<Record<AttachmentExtension, { bytes: number[]; offset: number }>> = {
  pdf: { bytes: PDF, offset: 0 },
  png: { bytes: PNG, offset: 0 },
  jpg: { bytes: JPEG, offset: 0 },
  jpeg: { bytes: JPEG, offset: 0 },
  mp4: { bytes: FTYP, offset: 4 },
  doc: { bytes: OLE2, offset: 0 },
  xls: { bytes: OLE2, offset: 0 },
  ppt: { bytes: OLE2, offset: 0 },
  docx: { bytes: ZIP, offset: 0 },
  xlsx: { bytes: ZIP, offset: 0 },
  pptx: { bytes: ZIP, offset: 0 },
};

export function contentMatchesExtension(head: Uint8Array, extension: AttachmentExtension): boolean {
  const { bytes, offset } = SIGNATURES[extension];
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, index) => head[offset + index] === byte);
}

/** The Content-Type relayed upstream, from the checked extension (never the client's claim). */
export function contentTypeOf(extension: AttachmentExtension): string {
  return CONTENT_TYPES[extension];
}

const CONTENT_TYPES: Readonly<Record<AttachmentExtension, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
