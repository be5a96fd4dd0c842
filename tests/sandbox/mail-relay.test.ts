import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '#bff/alerts/mailer.ts';
import { LOCAL_MAIL_FROM, localMailRelay } from '../../docker/local-mail.ts';
import { startSandbox, type Sandbox } from './harness.ts';

/**
 * The sandbox's development relay (issue 41.4): what the BFF sends through SMTP (its own
 * nodemailer transport, configured as `npm start` configures it) lands in the outbox a person
 * reads at /sandbox/outbox, beside the verification codes.
 */

interface OutboxEntry {
  id: number;
  kind: string;
  to: string;
  from: string | null;
  subject: string;
  body: string;
  link: string | null;
  html: string | null;
}

let sandbox: Sandbox;
let relayPort = 0;
let mailer: Mailer;

beforeAll(async () => {
  sandbox = await startSandbox({ smtpRelay: { port: 0, listening: (port) => (relayPort = port) } });
  expect(relayPort).toBeGreaterThan(0);
  mailer = createMailer({
    host: '127.0.0.1',
    port: relayPort,
    tls: 'none',
    user: undefined,
    password: undefined,
    from: LOCAL_MAIL_FROM,
  });
});

afterAll(async () => {
  mailer?.close();
  await sandbox?.close();
});

const outbox = async (to: string) => (await sandbox.tool<{ data: OutboxEntry[] }>(`outbox.json?to=${to}`)).body.data;

describe("the sandbox's SMTP relay", () => {
  it('keeps an "Avísame" e-mail in the outbox, with its sender, link and both parts', async () => {
    // An alert as the BFF writes it (bff/alerts/alert-mail.ts): subject, the movie's link in the text, an HTML part.
    const mail = {
      to: 'Ana.Avisos@correo.test',
      subject: 'Ya puedes comprar boletas para Tormenta Solar',
      text: 'Hola,\n\nLas boletas de Tormenta Solar ya están a la venta en Viziona. Elige tu función:\nhttp://localhost:4321/viziona/pelicula/tormenta-solar\n\nViziona\n',
      html: '<!doctype html><html lang="es-CO"><body><p><a href="http://localhost:4321/viziona/pelicula/tormenta-solar">Comprar boletas</a></p></body></html>',
      messageId: '<aviso-tormenta@localhost>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    await mailer.send(mail);
    const [kept] = await outbox('ana.avisos@correo.test');
    expect(kept).toMatchObject({
      kind: 'relayed',
      to: 'ana.avisos@correo.test',
      from: '"Viziona" <avisos@viziona.test>',
      subject: 'Ya puedes comprar boletas para Tormenta Solar',
      link: 'http://localhost:4321/viziona/pelicula/tormenta-solar',
    });
    expect(kept?.body).toContain('Las boletas de Tormenta Solar ya están a la venta');
    expect(kept?.html).toContain('Comprar boletas');

    const list = await sandbox.tool('outbox');
    expect(list.text).toContain('Ya puedes comprar boletas para Tormenta Solar');
    expect(list.text).toContain(`href="/sandbox/outbox/${kept?.id}"`);
    const message = await sandbox.tool(`outbox/${kept?.id}`);
    expect(message.status).toBe(200);
    expect(message.text).toContain('&quot;Viziona&quot; &lt;avisos@viziona.test&gt;');
    expect(message.text).toMatch(/<iframe title="El correo como se ve" sandbox srcdoc="[^"]*Comprar boletas/);
  });

  it('shows a message whose HTML carries a script without running it', async () => {
    await mailer.send({
      to: 'hostil@correo.test',
      subject: '<b>asunto</b>',
      text: 'Hola',
      html: '<p>hola</p><script>parent.document.body.remove()</script>"><img src=x onerror=alert(1)>',
      messageId: '<hostil@viziona.test>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const [kept] = await outbox('hostil@correo.test');
    const message = await sandbox.tool(`outbox/${kept?.id}`);
    expect(message.text).toContain('<h1>&lt;b&gt;asunto&lt;/b&gt;</h1>');
    expect(message.text).toContain('sandbox srcdoc="&lt;p&gt;hola&lt;/p&gt;&lt;script&gt;');
    expect(message.text).not.toContain('<script>parent');
    expect(message.text).not.toContain('<img src=x');
  });

  it('answers a clear 404 for a message that is not there', async () => {
    for (const id of ['999999', 'abc', '1%20OR%201=1']) {
      const missing = await sandbox.tool(`outbox/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('Ese correo no está en la bandeja de salida');
    }
  });

  it('is used by npm start only when the person set no relay of their own, and only with the sandbox', () => {
    expect(localMailRelay({}, true, 4400)).toEqual({
      sandboxPort: 4401,
      bffEnv: { SMTP_HOST: '127.0.0.1', SMTP_PORT: '4401', SMTP_TLS: 'none', MAIL_FROM: LOCAL_MAIL_FROM },
    });
    expect(localMailRelay({ SANDBOX_SMTP_PORT: '2525' }, true, 4400).sandboxPort).toBe(2525);
    expect(localMailRelay({ SMTP_URL: 'smtps://avisos@smtp.example:465' }, true, 4400)).toEqual({
      sandboxPort: null,
      bffEnv: {},
    });
    expect(localMailRelay({ MAIL_FROM: 'avisos@viziona.co' }, true, 4400).sandboxPort).toBeNull();
    expect(localMailRelay({}, false, 4400)).toEqual({ sandboxPort: null, bffEnv: {} });
  });
});

describe('a database file made before the relay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'viziona-old-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gets the outbox columns it lacks, keeping its mail', async () => {
    const file = join(dir, 'sandbox.db');
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE outbox (id INTEGER PRIMARY KEY, to_email TEXT NOT NULL, kind TEXT NOT NULL, subject TEXT NOT NULL,
      body TEXT NOT NULL, code TEXT, link TEXT, created_at INTEGER NOT NULL);
      INSERT INTO outbox (to_email, kind, subject, body, code, link, created_at)
      VALUES ('viejo@correo.test', 'verification-code', 'Tu código', 'Tu código es 123456', '123456', NULL, 0);`);
    old.close();
    let port = 0;
    const upgraded = await startSandbox({ db: file, smtpRelay: { port: 0, listening: (relay) => (port = relay) } });
    const oldMailer = createMailer({
      host: '127.0.0.1',
      port,
      tls: 'none',
      user: undefined,
      password: undefined,
      from: LOCAL_MAIL_FROM,
    });
    try {
      await oldMailer.send({
        to: 'nuevo@correo.test',
        subject: 'Nuevo',
        text: 'Hola',
        html: '<p>Hola</p>',
        messageId: '<n@v.test>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const all = (await upgraded.tool<{ data: OutboxEntry[] }>('outbox.json')).body.data;
      expect(all.map((entry) => [entry.to, entry.kind])).toEqual([
        ['nuevo@correo.test', 'relayed'],
        ['viejo@correo.test', 'verification-code'],
      ]);
    } finally {
      oldMailer.close();
      await upgraded.close();
    }
  });
});
