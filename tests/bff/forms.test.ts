import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formHeaders,
  partNames,
  postForm,
  solvedCaptcha,
  startFormsStack,
  submissions,
  upstreamCalls,
  type BffAnswer,
  type FormsStack,
} from './forms-stack.ts';

let stack: FormsStack;

beforeAll(async () => {
  stack = await startFormsStack();
});
afterAll(async () => {
  await stack.close();
});

const MB = 1024 * 1024;
const PDF_HEAD = Buffer.from('%PDF-1.7\n');
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const pdf = (size: number) => Buffer.concat([PDF_HEAD, randomBytes(size - PDF_HEAD.length)]);
const png = (size: number) => Buffer.concat([PNG_HEAD, randomBytes(size - PNG_HEAD.length)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

async function pqrForm(files: Array<[string, Buffer]>, overrides: Record<string, string | null> = {}): Promise<FormData> {
  const fields: Record<string, string | null> = {
    name: 'Ana Pérez',
    email: 'ana@example.com',
    phone: '3001234567',
    type_pqr: 'Reclamo',
    message: 'La sala 3 estaba fría.\nMuy fría.',
    // What the site sends: our schema's fields by name, the checkbox as 'true'.
    accept_terms: 'true',
    captcha: await solvedCaptcha(stack.bffUrl),
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  for (const [name, bytes] of files) form.append('attachments[]', blob(bytes), name);
  return form;
}

async function ethicsForm(files: Array<[string, Buffer]>, overrides: Record<string, string | null> = {}): Promise<FormData> {
  const fields: Record<string, string | null> = {
    details: 'Un proveedor pidió dinero por fuera del contrato.',
    company: 'Proveedor de confitería',
    whistleblower: 'Empleado',
    // The site sends the optional fields of our schema empty.
    name: '',
    email: '',
    captcha: await solvedCaptcha(stack.bffUrl),
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  for (const [name, bytes] of files) form.append('attachments[]', blob(bytes), name);
  return form;
}

/** The BFF never called the cinema API while answering. */
function neverCalled(answer: BffAnswer): void {
  expect(upstreamCalls(stack, answer)).toEqual([]);
}

/** Whatever the BFF opened upstream while answering was cut off before its body ended. */
async function nothingDelivered(answer: BffAnswer): Promise<void> {
  const calls = upstreamCalls(stack, answer);
  await Promise.all(calls.map((request) => request.settled));
  expect(calls.filter((request) => request.completed)).toEqual([]);
}

describe('a good PQR', () => {
  it('reaches the cinema API with its fields and both files, byte for byte, without the captcha', async () => {
    const letter = pdf(300 * 1024);
    const photo = png(40 * 1024);
    const before = (await submissions(stack)).length;

    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['carta.pdf', letter], ['Foto.PNG', photo]]));

    expect(answer.status).toBe(201);
    expect(answer.body.reference).toMatch(/^PQR-\d+$/);
    const stored = await submissions(stack);
    expect(stored).toHaveLength(before + 1);
    const [latest] = stored;
    expect(latest?.kind).toBe('pqrs');
    expect(latest?.radicado).toBe(answer.body.reference);
    expect(latest?.fields).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '3001234567',
      type_pqr: 'Reclamo',
      message: 'La sala 3 estaba fría.\r\nMuy fría.',
      accept_terms: '1',
    });
    expect(latest?.attachments.map(({ field, name, content_type, size, sha256: hash }) => ({ field, name, content_type, size, hash }))).toEqual([
      { field: 'attachments[]', name: 'carta.pdf', content_type: 'application/pdf', size: letter.length, hash: sha256(letter) },
      { field: 'attachments[]', name: 'Foto.PNG', content_type: 'image/png', size: photo.length, hash: sha256(photo) },
    ]);

    // What went over the wire: the spec's parts, accept_terms as '1', no captcha.
    const [upstream, ...others] = upstreamCalls(stack, answer);
    expect(others).toEqual([]);
    expect(upstream?.path).toBe('/api/v1/pqrs');
    expect(upstream?.completed).toBe(true);
    expect(partNames(upstream?.body ?? Buffer.alloc(0))).toEqual([
      'name', 'email', 'phone', 'type_pqr', 'message', 'accept_terms', 'attachments[]', 'attachments[]',
    ]);
  });

  it('relays the upload while it arrives instead of holding it', async () => {
    const big = pdf(2 * MB);
    const encoder = new TextEncoder();
    const boundary = 'relay-boundary-1234';
    const field = (name: string, value: string) =>
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const captcha = await solvedCaptcha(stack.bffUrl);
    const firstHalf = big.subarray(0, MB);
    const secondHalf = big.subarray(MB);
    const upstreamGotFirstHalf = stack.upstreamBytes(MB / 2);
    let guard: NodeJS.Timeout | undefined;

    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [name, value] of [
          ['name', 'Ana'], ['email', 'ana@example.com'], ['phone', '3001234567'], ['type_pqr', 'Queja'],
          ['message', 'Adjunto el video.'], ['accept_terms', 'true'], ['captcha', captcha],
        ] as const) controller.enqueue(field(name, value));
        controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="largo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`));
        controller.enqueue(new Uint8Array(firstHalf));
        // The rest is sent only once the cinema API has received part of the first half:
        // a BFF that waited for the whole upload would never get there.
        const arrived = await Promise.race([
          upstreamGotFirstHalf.then(() => true),
          new Promise<boolean>((resolve) => {
            guard = setTimeout(() => resolve(false), 15_000);
          }),
        ]);
        clearTimeout(guard);
        if (!arrived) {
          controller.error(new Error('the BFF did not relay before the upload ended'));
          return;
        }
        controller.enqueue(new Uint8Array(secondHalf));
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });

    const answer = await postForm(stack, '/bff/forms/pqr', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(answer.status).toBe(201);
    const [latest] = await submissions(stack);
    expect(latest?.attachments[0]).toMatchObject({ name: 'largo.pdf', size: big.length, sha256: sha256(big) });
  });
});

describe('a PQR that breaks the rules is refused and nothing reaches the cinema API', () => {
  it('six files: 413 with the spec text, the upstream request cut off', async () => {
    const before = (await submissions(stack)).length;
    const six = Array.from({ length: 6 }, (_, index): [string, Buffer] => [`doc${index + 1}.pdf`, pdf(20 * 1024)]);
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm(six));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toEqual({
      code: 'TOO_MANY_FILES',
      message: 'Máximo 5 archivos permitidos',
      fields: { attachments: 'Máximo 5 archivos permitidos' },
    });
    await nothingDelivered(answer);
    expect(await submissions(stack)).toHaveLength(before);
  });

  it('an .exe renamed .pdf: 422, the cinema API never called', async () => {
    const before = (await submissions(stack)).length;
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(4096)]);
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['factura.pdf', executable]]));
    expect(answer.status).toBe(422);
    const message = '«factura.pdf»: El contenido del archivo no corresponde a su tipo';
    expect(answer.body.error).toEqual({
      code: 'FILE_CONTENT_MISMATCH',
      message,
      fields: { attachments: message, 'attachments.0': message },
    });
    neverCalled(answer);
    expect(await submissions(stack)).toHaveLength(before);
  });

  it('a good file followed by a disguised one: the upstream request already under way is aborted', async () => {
    const before = (await submissions(stack)).length;
    const executable = Buffer.concat([Buffer.from('MZ', 'latin1'), randomBytes(64 * 1024)]);
    const answer = await postForm(
      stack,
      '/bff/forms/pqr',
      await pqrForm([['bueno.pdf', pdf(256 * 1024)], ['malo.pdf', executable]]),
    );
    expect(answer.status).toBe(422);
    // The second file of the list is the one to blame, by name and by position.
    const message = '«malo.pdf»: El contenido del archivo no corresponde a su tipo';
    expect(answer.body.error).toEqual({
      code: 'FILE_CONTENT_MISMATCH',
      message,
      fields: { attachments: message, 'attachments.1': message },
    });
    await nothingDelivered(answer);
    expect(await submissions(stack)).toHaveLength(before);
  });

  it('an empty file: 422', async () => {
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['vacio.pdf', Buffer.alloc(0)]]));
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: 'EMPTY_FILE',
      message: '«vacio.pdf»: El archivo está vacío',
      fields: { 'attachments.0': '«vacio.pdf»: El archivo está vacío' },
    });
    neverCalled(answer);
  });

  it('a file name that climbs out of its folder: 422', async () => {
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['../../etc/passwd.pdf', pdf(1024)]]));
    expect(answer.status).toBe(422);
    // The name refused is not repeated back; the position still marks the file.
    expect(answer.body.error).toMatchObject({
      code: 'INVALID_FILE_NAME',
      message: 'El nombre del archivo no es válido',
      fields: { 'attachments.0': 'El nombre del archivo no es válido' },
    });
    neverCalled(answer);
  });

  it('a script tag in a file name is a name like any other: named as text, never run, never a 500', async () => {
    const name = '<img src=x onerror=alert(1)><script>alert(2)<script>.pdf';
    const executable = Buffer.concat([Buffer.from('MZ', 'latin1'), randomBytes(1024)]);
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['bueno.pdf', pdf(1024)], [name, executable]]));
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body.error?.fields?.['attachments.1']).toBe(`«${name}»: El contenido del archivo no corresponde a su tipo`);
  });

  it('another file type: 422 with the spec text', async () => {
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['programa.exe', pdf(1024)]]));
    expect(answer.status).toBe(422);
    expect(answer.body.error?.message).toBe(
      '«programa.exe»: Solo se permiten archivos: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, JPG, JPEG, PNG o MP4.',
    );
    neverCalled(answer);
  });

  it('a file over 10 MB: 413, cut off mid-stream', async () => {
    const before = (await submissions(stack)).length;
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['video.pdf', pdf(10 * MB + 1)]]));
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('«video.pdf»: Cada archivo debe pesar máximo 10 MB');
    await nothingDelivered(answer);
    expect(await submissions(stack)).toHaveLength(before);
  });

  it('no captcha: 422 with the spec text', async () => {
    const answer = await postForm(stack, '/bff/forms/pqr', await pqrForm([['carta.pdf', pdf(1024)]], { captcha: null }));
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Por favor, completa el captcha',
      fields: { captcha: 'Por favor, completa el captcha' },
    });
    neverCalled(answer);
  });

  it('fields that break the shared rules: 422 with each field message', async () => {
    const answer = await postForm(
      stack,
      '/bff/forms/pqr',
      await pqrForm([], { email: 'ana@', accept_terms: 'false', type_pqr: 'Petición' }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error?.fields).toEqual({
      email: 'Correo electrónico inválido',
      type_pqr: 'Selecciona un tipo de PQR',
      accept_terms: 'Debes aceptar la Política de Protección de Datos Personales',
    });
    neverCalled(answer);
  });

  it('a body that is not multipart: 415', async () => {
    const response = await fetch(`${stack.bffUrl}/bff/forms/pqr`, {
      method: 'POST',
      headers: { ...formHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana' }),
    });
    expect(response.status).toBe(415);
  });
});

describe('the ethics report', () => {
  it('goes without name and e-mail when they are empty, and with the captcha the API requires', async () => {
    const evidence = png(10 * 1024);
    const answer = await postForm(
      stack,
      '/bff/forms/ethics',
      await ethicsForm([['evidencia.png', evidence]], { name: '', email: '' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.reference).toMatch(/^ETI-\d+$/);
    const [latest] = await submissions(stack);
    expect(latest?.kind).toBe('ethics');
    expect(Object.keys(latest?.fields ?? {}).sort()).toEqual(['captcha', 'company', 'details', 'whistleblower']);
    expect(latest?.attachments).toMatchObject([{ name: 'evidencia.png', size: evidence.length, sha256: sha256(evidence) }]);
    const [upstream] = upstreamCalls(stack, answer);
    expect(partNames(upstream?.body ?? Buffer.alloc(0))).toEqual([
      'details', 'company', 'whistleblower', 'captcha', 'attachments[]',
    ]);
  });

  it('sends name and e-mail when given', async () => {
    const answer = await postForm(stack, '/bff/forms/ethics', await ethicsForm([], { name: 'José Núñez', email: 'jose@example.com' }));
    expect(answer.status).toBe(201);
    const [latest] = await submissions(stack);
    expect(latest?.fields).toMatchObject({ name: 'José Núñez', email: 'jose@example.com' });
  });

  it('refuses a name with digits', async () => {
    const answer = await postForm(stack, '/bff/forms/ethics', await ethicsForm([], { name: 'R2D2' }));
    expect(answer.status).toBe(422);
    expect(answer.body.error?.fields).toEqual({ name: 'Solo se permiten letras' });
    neverCalled(answer);
  });

  it('an oversized body (6 MB declared): 413 before anything is read or relayed', async () => {
    const before = (await submissions(stack)).length;
    const answer = await postForm(
      stack,
      '/bff/forms/ethics',
      await ethicsForm([['a.pdf', pdf(3 * MB)], ['b.pdf', pdf(3 * MB)]]),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('El tamaño total de los archivos no debe superar 5 MB');
    neverCalled(answer);
    expect(await submissions(stack)).toHaveLength(before);
  });

  it('over 5 MB in total without a declared length: 413 mid-stream, the upstream request aborted', async () => {
    const before = (await submissions(stack)).length;
    const form = await ethicsForm([['a.pdf', pdf(3 * MB)], ['b.pdf', pdf(3 * MB)]]);
    // Streamed (chunked): the BFF only learns the size by counting.
    const streamed = new Response(form);
    const contentType = streamed.headers.get('content-type') ?? '';
    const answer = await postForm(stack, '/bff/forms/ethics', streamed.body!, { 'content-type': contentType });
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('El tamaño total de los archivos no debe superar 5 MB');
    await nothingDelivered(answer);
    expect(await submissions(stack)).toHaveLength(before);
  });
});

describe('rate limit', () => {
  it('stops a client after ten submissions in fifteen minutes', async () => {
    const headers = formHeaders();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await fetch(`${stack.bffUrl}/bff/forms/ethics`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'x',
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 10).every((status) => status === 415)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the ethics-line address', () => {
  it('comes from configuration', async () => {
    const response = await fetch(`${stack.bffUrl}/bff/forms/ethics-line`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: 'lineaetica@viziona.example' });
  });
});
