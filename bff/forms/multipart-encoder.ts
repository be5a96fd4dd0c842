import { randomBytes } from 'node:crypto';

/**
 * Writes a multipart/form-data body piece by piece, so files can be relayed as they arrive
 * (undici's `FormData` only takes whole `Blob`s, which would hold every file in memory).
 * Names are escaped the way browsers and undici do it (WHATWG: CR, LF and `"` percent-encoded)
 * and text values get CRLF line endings.
 */
export class MultipartEncoder {
  readonly boundary = `----VizionaFormBoundary${randomBytes(16).toString('hex')}`;
  readonly contentType = `multipart/form-data; boundary=${this.boundary}`;
  readonly #encoder = new TextEncoder();

  field(name: string, value: string): Uint8Array {
    return this.#encoder.encode(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${normalizeLineEndings(value)}\r\n`,
    );
  }

  /** The header of a file part; its bytes follow, then `fileEnd()`. */
  fileStart(name: string, fileName: string, contentType: string): Uint8Array {
    return this.#encoder.encode(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(fileName)}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
  }

  fileEnd(): Uint8Array {
    return this.#encoder.encode('\r\n');
  }

  close(): Uint8Array {
    return this.#encoder.encode(`--${this.boundary}--\r\n`);
  }
}

function escapeName(value: string): string {
  return value.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}

function normalizeLineEndings(value: string): string {
  return value.replace(/\r?\n|\r/g, '\r\n');
}
