import type { FastifyInstance } from 'fastify';
import { serve } from './serve.ts';
import { documentNumberProblem, normaliseDocumentNumber } from '#shared/validation/document-number.ts';
import { getRow, run } from '../db/database.ts';
import { FieldErrors, invalidField } from '../lib/api-error.ts';
import { presentedToken } from '../lib/auth.ts';
import { bogotaDate, bogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../lib/secrets.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN, PASSWORD_MESSAGE, PASSWORD_PATTERN } from '../lib/validation.ts';
import { checkBirthday, reloadUser } from '../services/account-rules.ts';
import { findOneTime, spendOneTime, storeOneTime } from '../services/one-time-tokens.ts';
import { findUserByEmail, insertUser, issueSession } from '../services/users.ts';
import { sendVerificationCode } from '../services/verification.ts';

const REGISTER_TOKEN_MS = 30 * 60 * 1000;
const LOGIN_FAILED = 'Estas credenciales no coinciden con nuestros registros.';

/** Session calls: robot-check token, register, login, logout. */
export function registerAccountRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  serve(api, ctx, 'POST /token/register', async () => {
    const token = randomToken(24);
    const expiresAt = ctx.clock.nowMs() + REGISTER_TOKEN_MS;
    storeOneTime(ctx.db, 'register', token, expiresAt);
    return { token, expires_at: bogotaTimestamp(expiresAt) };
  });

  serve(api, ctx, 'POST /register', async ({ payload: read }) => {
    const payload = read();
    const errors = new FieldErrors();
    const email = payload.email.toLowerCase();
    const now = ctx.clock.nowMs();
    if (!EMAIL_PATTERN.test(email)) errors.add('email', EMAIL_MESSAGE);
    else if (findUserByEmail(ctx.db, email) !== undefined)
      errors.add('email', 'El correo electrónico ya está registrado.');
    if (!PASSWORD_PATTERN.test(payload.password)) errors.add('password', PASSWORD_MESSAGE);
    const docNumber = normaliseDocumentNumber(payload.doc_number);
    const docNumberProblem = documentNumberProblem(payload.doc_type, docNumber);
    if (docNumberProblem) errors.add('doc_number', docNumberProblem);
    else if (
      getRow(ctx.db, 'SELECT id FROM users WHERE doc_type = ? AND doc_number = ?', payload.doc_type, docNumber) !==
      undefined
    ) {
      errors.add('doc_number', 'El número de documento ya está registrado.');
    }
    if (!/^\d{7,15}$/.test(payload.phone)) errors.add('phone', 'El teléfono no es válido.');
    checkBirthday(payload.birthday, bogotaDate(ctx.clock.now()), errors);
    const registerToken = findOneTime(ctx.db, 'register', payload.register_token, now);
    if (registerToken === undefined) errors.add('register_token', 'El token de registro no es válido o ha expirado.');
    errors.throwIfAny();
    const passwordHash = await hashPassword(payload.password);
    if (registerToken === undefined || !spendOneTime(ctx.db, registerToken.id, ctx.clock.nowMs())) {
      throw invalidField('register_token', 'El token de registro no es válido o ha expirado.');
    }
    if (findUserByEmail(ctx.db, email) !== undefined)
      throw invalidField('email', 'El correo electrónico ya está registrado.');
    const id = insertUser(ctx.db, {
      name: payload.name,
      lastname: payload.lastname,
      email,
      passwordHash,
      docType: payload.doc_type,
      docNumber,
      phone: payload.phone,
      birthday: payload.birthday,
      sex: payload.sex,
      verifiedAt: null,
      membershipEndsAt: null,
      createdAt: ctx.clock.nowMs(),
    });
    const user = reloadUser(ctx, id);
    sendVerificationCode(ctx, user);
    return issueSession(ctx, user);
  });

  serve(api, ctx, 'POST /login', async ({ payload: read }) => {
    const payload = read();
    const user = findUserByEmail(ctx.db, payload.email);
    const valid = user !== undefined && (await verifyPassword(payload.password, user.password_hash));
    if (!valid || user === undefined) throw invalidField('email', LOGIN_FAILED);
    return issueSession(ctx, user);
  });

  serve(api, ctx, 'GET /profile/logout', async ({ request }) => {
    const token = presentedToken(request);
    if (token !== undefined) run(ctx.db, 'UPDATE auth_tokens SET revoked = 1 WHERE token_hash = ?', sha256(token));
    return { message: 'Sesión cerrada correctamente.' };
  });
}
