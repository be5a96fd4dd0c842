import { getRow, type Database } from '../database.ts';
import { hashPasswordSync } from '../../lib/secrets.ts';
import { insertUser } from '../../services/users.ts';
import { membershipEndAfterPurchase } from '#shared/booking/membership-renewal.ts';
import { parseBogotaTimestamp } from '#shared/format/bogota-time.ts';

/** Demo accounts (documented in sandbox/README.md). Passwords follow the spec's rule. */
export const DEMO_USERS = [
  {
    email: 'demo@viziona.co',
    password: 'Demo1234',
    name: 'Daniela',
    lastname: 'Gómez',
    docNumber: '1010101010',
    verified: true,
    member: false,
  },
  {
    email: 'club@viziona.co',
    password: 'Club1234',
    name: 'Carlos',
    lastname: 'Rincón',
    docNumber: '2020202020',
    verified: true,
    member: true,
  },
  {
    email: 'nuevo@viziona.co',
    password: 'Nuevo1234',
    name: 'Natalia',
    lastname: 'Ruiz',
    docNumber: '3030303030',
    verified: false,
    member: false,
  },
] as const;

export function seedUsers(db: Database, nowMs: number): void {
  const existing = getRow<{ count: number }>(db, 'SELECT COUNT(*) AS count FROM users');
  if (existing !== undefined && existing.count > 0) return;
  DEMO_USERS.forEach((demo, index) => {
    insertUser(db, {
      name: demo.name,
      lastname: demo.lastname,
      email: demo.email,
      passwordHash: hashPasswordSync(demo.password),
      docType: 'CC',
      docNumber: demo.docNumber,
      phone: `300123456${index}`,
      birthday: `199${index}-05-14`,
      sex: index === 1 ? 'M' : 'F',
      verifiedAt: demo.verified ? nowMs : null,
      membershipEndsAt: demo.member ? parseBogotaTimestamp(membershipEndAfterPurchase(null, nowMs)) : null,
      createdAt: nowMs,
    });
  });
}
