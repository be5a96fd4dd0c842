import { describe, expect, it } from 'vitest';
import { contentMatchesExtension } from '#shared/validation/magic-bytes.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('attachment content check', () => {
  it('recognises each accepted type by its leading bytes', () => {
    expect(contentMatchesExtension(text('%PDF-1.7\n'), 'pdf')).toBe(true);
    expect(contentMatchesExtension(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'png')).toBe(true);
    expect(contentMatchesExtension(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0), 'jpg')).toBe(true);
    expect(contentMatchesExtension(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0), 'jpeg')).toBe(true);
    expect(contentMatchesExtension(bytes(0, 0, 0, 0x20, ...text('ftypisom')), 'mp4')).toBe(true);
    const ole2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    for (const extension of ['doc', 'xls', 'ppt'] as const) expect(contentMatchesExtension(ole2, extension)).toBe(true);
    const zip = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0);
    for (const extension of ['docx', 'xlsx', 'pptx'] as const)
      expect(contentMatchesExtension(zip, extension)).toBe(true);
  });

  it('refuses content that does not match its extension', () => {
    const windowsExecutable = text('MZ\x90\x00\x03\x00\x00\x00');
    expect(contentMatchesExtension(windowsExecutable, 'pdf')).toBe(false);
    expect(contentMatchesExtension(text('%PDF-1.7'), 'png')).toBe(false);
    expect(contentMatchesExtension(bytes(0x50, 0x4b, 0x03, 0x04), 'doc')).toBe(false);
    expect(contentMatchesExtension(text('ftypisom'), 'mp4')).toBe(false);
  });

  it('refuses content too short to carry the signature', () => {
    expect(contentMatchesExtension(text('%PD'), 'pdf')).toBe(false);
    expect(contentMatchesExtension(new Uint8Array(0), 'jpg')).toBe(false);
  });
});
