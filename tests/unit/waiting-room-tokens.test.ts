import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSealer, newTicketId } from '#bff/waiting-room/tokens.ts';

/** The waiting room's cookies: sealed, unreadable, bound to their kind, rotated with the session keys. */
describe('waiting room tokens', () => {
  const key = randomBytes(32);
  const sealer = createTokenSealer([key]);
  const ticket = { eventId: 'fiesta-del-cine', ticket: newTicketId(), score: 0.123456 };

  it('seal a ticket so it opens only here, unchanged, and hides its draw', () => {
    const token = sealer.sealTicket(ticket);
    expect(sealer.openTicket(token)).toEqual(ticket);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('0.123456');
    expect(createTokenSealer([randomBytes(32)]).openTicket(token)).toBeNull();
  });

  it('carry why the previous place was lost, when it was', () => {
    for (const lost of ['absence', 'turn-ended'] as const)
      expect(sealer.openTicket(sealer.sealTicket({ ...ticket, lost }))).toEqual({ ...ticket, lost });
    expect(sealer.openTicket(sealer.sealTicket(ticket))).not.toHaveProperty('lost');
  });

  it('refuse a token altered by one bit, of the other kind, or malformed', () => {
    const token = sealer.sealTicket(ticket);
    const bytes = Buffer.from(token, 'base64url');
    bytes[bytes.length - 20]! ^= 1;
    expect(sealer.openTicket(bytes.toString('base64url'))).toBeNull();
    const pass = sealer.sealPass({ eventId: ticket.eventId, ticket: ticket.ticket, expiresAt: Date.now() + 60_000 });
    expect(sealer.openTicket(pass)).toBeNull();
    expect(sealer.openPass(token, Date.now())).toBeNull();
    for (const junk of [undefined, '', 'a.b.c', 'x'.repeat(500), '%%%']) expect(sealer.openTicket(junk)).toBeNull();
  });

  it('refuse a pass after its end', () => {
    const now = Date.now();
    const pass = sealer.sealPass({ eventId: 'e', ticket: ticket.ticket, expiresAt: now + 1_000 });
    expect(sealer.openPass(pass, now)).toMatchObject({ eventId: 'e', expiresAt: now + 1_000 });
    expect(sealer.openPass(pass, now + 1_000)).toBeNull();
  });

  it('open tokens of the previous session key after a rotation, and seal with the new one', () => {
    const newKey = randomBytes(32);
    const rotated = createTokenSealer([newKey, key]);
    expect(rotated.openTicket(sealer.sealTicket(ticket))).toEqual(ticket);
    expect(sealer.openTicket(rotated.sealTicket(ticket))).toBeNull();
  });
});
