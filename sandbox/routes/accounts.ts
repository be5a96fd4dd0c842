import type { FastifyInstance } from 'fastify';
import {
  ForgotPayloadSchema,
  LoginPayloadSchema,
  ProfileUpdatePayloadSchema,
  RegisterPayloadSchema,
  UpdatePasswordPayloadSchema,
  ValidateCodePayloadSchema,
} from '../../shared/cinema-api/accounts.ts';
import { REGISTER_CODE_HEADER } from '../../shared/cinema-api/headers.ts';
import { getRow, run } from '../db/database.ts';
import { FieldErrors, invalidField } from '../lib/api-error.ts';
import { presentedToken, requireSecretHeader, requireUser } from '../lib/auth.ts';
import { bogotaDate, bogotaDateTime, isDateText } from '../lib/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../lib/secrets.ts';
import { siteLink } from '../lib/urls.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN, PASSWORD_MESSAGE, PASSWORD_PATTERN, parsePayload } from '../lib/validation.ts';
import { findOneTime, spendOneTime, storeOneTime } from '../services/one-time-tokens.ts';
import { sendMail } from '../services/outbox.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  issueSession,
  membershipStatus,
  userView,
  type UserRow,
} from '../services/users.ts';
import { sendVerificationCode } from '../services/verification.ts';

const REGISTER_TOKEN_MS = 30 * 60 * 1000;
const RESET_CODE_MS = 60 * 60 * 1000;
const LOGIN_FAILED = 'Estas credenciales no coinciden con nuestros registros.';

function checkBirthday(value: string, today: string, errors: FieldErrors): void {
  if (!isDateText(value) || value >= today) errors.add('birthday', 'La fecha no es válida.');
}

function revokeAllTokens(ctx: SandboxContext, userId: number): void {
  run(ctx.db, 'UPDATE auth_tokens SET revoked = 1 WHERE user_id = ?', userId);
}

function requireUserAgain(ctx: SandboxContext, id: number): UserRow {
  const user = findUserById(ctx.db, id);
  if (user === undefined) throw new Error('user vanished');
  return user;
}

export function registerAccountRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  api.post('/token/register', async () => {
    const token = randomToken(24);
    const expiresAt = ctx.clock.nowMs() + REGISTER_TOKEN_MS;
    storeOneTime(ctx.db, 'register', token, expiresAt);
    return { token, expires_at: bogotaDateTime(expiresAt) };
  });

  api.post('/register', async (request, reply) => {
    const payload = parsePayload(RegisterPayloadSchema, request.body);
    const errors = new FieldErrors();
    const email = payload.email.toLowerCase();
    const now = ctx.clock.nowMs();
    if (!EMAIL_PATTERN.test(email)) errors.add('email', EMAIL_MESSAGE);
    else if (findUserByEmail(ctx.db, email) !== undefined) errors.add('email', 'El correo electrónico ya está registrado.');
    if (!PASSWORD_PATTERN.test(payload.password)) errors.add('password', PASSWORD_MESSAGE);
    if (!/^[A-Za-z0-9]{3,20}$/.test(payload.doc_number)) errors.add('doc_number', 'El número de documento no es válido.');
    else if (getRow(ctx.db, 'SELECT id FROM users WHERE doc_type = ? AND doc_number = ?', payload.doc_type, payload.doc_number) !== undefined) {
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
    if (findUserByEmail(ctx.db, email) !== undefined) throw invalidField('email', 'El correo electrónico ya está registrado.');
    const id = insertUser(ctx.db, {
      name: payload.name,
      lastname: payload.lastname,
      email,
      passwordHash,
      docType: payload.doc_type,
      docNumber: payload.doc_number,
      phone: payload.phone,
      birthday: payload.birthday,
      sex: payload.sex,
      verifiedAt: null,
      membershipEndsAt: null,
      createdAt: ctx.clock.nowMs(),
    });
    const user = requireUserAgain(ctx, id);
    sendVerificationCode(ctx, user);
    return reply.code(201).send(issueSession(ctx, user));
  });

  api.post('/login', async (request) => {
    const payload = parsePayload(LoginPayloadSchema, request.body);
    const user = findUserByEmail(ctx.db, payload.email);
    const valid = user !== undefined && (await verifyPassword(payload.password, user.password_hash));
    if (!valid || user === undefined) throw invalidField('email', LOGIN_FAILED);
    return issueSession(ctx, user);
  });

  api.get('/profile/logout', async (request) => {
    requireUser(ctx, request);
    const token = presentedToken(request);
    if (token !== undefined) run(ctx.db, 'UPDATE auth_tokens SET revoked = 1 WHERE token_hash = ?', sha256(token));
    return { message: 'Sesión cerrada correctamente.' };
  });

  api.get('/profile', async (request) => ({ data: userView(requireUser(ctx, request)) }));

  api.put('/profile', async (request) => {
    const user = requireUser(ctx, request);
    const payload = parsePayload(ProfileUpdatePayloadSchema, request.body);
    const errors = new FieldErrors();
    const birthday = payload.birthday === undefined ? user.birthday : payload.birthday === '' ? null : payload.birthday;
    if (birthday !== null && payload.birthday !== undefined) checkBirthday(birthday, bogotaDate(ctx.clock.now()), errors);
    if (!/^\d{7,15}$/.test(payload.phone)) errors.add('phone', 'El teléfono no es válido.');
    const password = payload.password === undefined || payload.password === '' ? undefined : payload.password;
    if (password !== undefined) {
      if (!PASSWORD_PATTERN.test(password)) errors.add('password', PASSWORD_MESSAGE);
      if (payload.password_confirmation !== undefined && payload.password_confirmation !== password) {
        errors.add('password_confirmation', 'Las contraseñas deben coincidir');
      }
    }
    errors.throwIfAny();
    const passwordHash = password === undefined ? user.password_hash : await hashPassword(password);
    run(
      ctx.db,
      'UPDATE users SET name = ?, lastname = ?, phone = ?, birthday = ?, sex = ?, password_hash = ? WHERE id = ?',
      payload.name, payload.lastname, payload.phone, birthday, payload.sex ?? user.sex, passwordHash, user.id,
    );
    return { message: 'Perfil actualizado correctamente.', data: userView(requireUserAgain(ctx, user.id)) };
  });

  api.get('/profile/membership-status', async (request) => {
    const user = requireUser(ctx, request);
    return { data: [membershipStatus(user, ctx.clock.nowMs())] };
  });

  api.post('/forgot', async (request) => {
    const payload = parsePayload(ForgotPayloadSchema, request.body);
    if (!EMAIL_PATTERN.test(payload.email)) throw invalidField('email', EMAIL_MESSAGE);
    const user = findUserByEmail(ctx.db, payload.email);
    if (user !== undefined) {
      const code = randomToken(24);
      storeOneTime(ctx.db, 'reset', code, ctx.clock.nowMs() + RESET_CODE_MS, { userId: user.id });
      const link = siteLink(ctx, `/forgot-password/${code}`);
      sendMail(ctx.db, {
        to: user.email,
        kind: 'password-reset',
        subject: 'Restablece tu contraseña de Viziona',
        body: `Hola ${user.name}, para restablecer tu contraseña abre este enlace (válido por 60 minutos): ${link}`,
        code,
        link,
      }, ctx.clock.nowMs());
    }
    return { message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.' };
  });

  api.post<{ Params: { code: string } }>('/update-password/:code', async (request) => {
    const payload = parsePayload(UpdatePasswordPayloadSchema, request.body);
    const errors = new FieldErrors();
    if (!PASSWORD_PATTERN.test(payload.password)) errors.add('password', PASSWORD_MESSAGE);
    const reset = findOneTime(ctx.db, 'reset', request.params.code, ctx.clock.nowMs());
    if (reset === undefined || reset.user_id === null) errors.add('code', 'El enlace de recuperación no es válido o ha expirado.');
    errors.throwIfAny();
    if (reset === undefined || reset.user_id === null || !spendOneTime(ctx.db, reset.id, ctx.clock.nowMs())) {
      throw invalidField('code', 'El enlace de recuperación no es válido o ha expirado.');
    }
    run(ctx.db, 'UPDATE users SET password_hash = ? WHERE id = ?', await hashPassword(payload.password), reset.user_id);
    revokeAllTokens(ctx, reset.user_id);
    return { message: 'Contraseña actualizada correctamente.' };
  });

  api.post('/code', async (request) => {
    const user = requireUser(ctx, request);
    requireSecretHeader(request, REGISTER_CODE_HEADER, ctx.secrets.registerCode);
    const expiresAt = sendVerificationCode(ctx, user);
    return { data: { sent: true, expires_at: bogotaDateTime(expiresAt) } };
  });

  api.post('/code/validate', async (request) => {
    const user = requireUser(ctx, request);
    const payload = parsePayload(ValidateCodePayloadSchema, request.body);
    const now = ctx.clock.nowMs();
    const found = findOneTime(ctx.db, 'verify', payload.code, now, { userId: user.id });
    if (found === undefined || !spendOneTime(ctx.db, found.id, now)) {
      throw invalidField('code', 'El código no es válido o ha expirado.');
    }
    run(ctx.db, 'UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?', now, user.id);
    return { data: { valid: true, user: userView(requireUserAgain(ctx, user.id)) } };
  });
}
