import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#bff/plugins/config.ts';

/** The mail relay of "Avísame" as the BFF reads it at start-up (bff/plugins/mail-config.ts). */
const base = { NODE_ENV: 'test' };

describe('mail relay configuration', () => {
  it('is off when nothing is set', () => {
    const config = loadConfig(base);
    expect(config.mail).toBeNull();
    expect(config.alerts).toEqual({ checkMs: 60_000, claimMs: 120_000 });
  });

  it('reads an smtps:// URL with its user and password, the sender apart', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://avisos%40viziona.co:cl%40ve-secreta@smtp.example',
      MAIL_FROM: 'Viziona <avisos@viziona.co>',
      ALERTS_CHECK_SECONDS: '30',
    });
    expect(config.mail).toEqual({
      host: 'smtp.example',
      port: 465,
      tls: 'implicit',
      user: 'avisos@viziona.co',
      password: 'cl@ve-secreta',
      from: 'Viziona <avisos@viziona.co>',
    });
    expect(config.alerts.checkMs).toBe(30_000);
  });

  it('reads the separate variables, STARTTLS by default on 587', () => {
    const config = loadConfig({ ...base, SMTP_HOST: 'relay', MAIL_FROM: 'avisos@viziona.co' });
    expect(config.mail).toMatchObject({ host: 'relay', port: 587, tls: 'starttls', user: undefined });
  });

  it.each([
    [{ SMTP_HOST: 'relay' }, /MAIL_FROM is required/],
    [{ MAIL_FROM: 'avisos@viziona.co' }, /SMTP_HOST \(or SMTP_URL\) is required/],
    [{ SMTP_HOST: 'relay', MAIL_FROM: 'no es un correo' }, /MAIL_FROM must be an e-mail address/],
    [{ SMTP_HOST: 'relay', MAIL_FROM: 'a@b.co', SMTP_USER: 'avisos' }, /SMTP_USER and SMTP_PASSWORD go together/],
    [{ SMTP_URL: 'http://relay', MAIL_FROM: 'a@b.co' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: 'smtp://relay', SMTP_HOST: 'other', MAIL_FROM: 'a@b.co' }, /SMTP_URL or SMTP_HOST, not both/],
    [{ SMTP_HOST: 'relay', MAIL_FROM: 'a@b.co', SMTP_TLS: 'maybe' }, /SMTP_TLS must be starttls, implicit or none/],
    [{ SMTP_HOST: 'relay', MAIL_FROM: 'a@b.co', SMTP_PORT: '70000' }, /SMTP_PORT must be a whole number/],
    [{ ALERTS_CHECK_SECONDS: '0' }, /ALERTS_CHECK_SECONDS must be a whole number from 1 to 3600/],
  ])('refuses %o at start, naming the variable, never echoing a password', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrowError(message);
  });

  it('keeps the password out of the error it gives', () => {
    let error: unknown;
    try {
      loadConfig({ ...base, SMTP_URL: 'smtp://avisos:super-secreta-123@relay', SMTP_HOST: 'x' });
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).not.toContain('super-secreta-123');
  });
});
