import { z } from 'zod';
import {
  ForgotPayloadSchema,
  LoginPayloadSchema,
  MembershipStatusAnswerSchema,
  ProfileAnswerSchema,
  ProfileUpdateAnswerSchema,
  ProfileUpdatePayloadSchema,
  RegisterPayloadSchema,
  SendCodeAnswerSchema,
  SessionAnswerSchema,
  TokenAnswerSchema,
  UpdatePasswordPayloadSchema,
  ValidateCodeAnswerSchema,
  ValidateCodePayloadSchema,
} from '../accounts.ts';
import { cinemaCalls } from '../call.ts';
import { EmptyPayloadSchema, MessageAnswerSchema } from '../common.ts';

/** The accounts of document 1: session, registration, profile, recovery, verification. */
export const accountCalls = cinemaCalls({
  'POST /token/register': {
    description: 'A one-use register token (the robot check passed), valid 30 minutes.',
    auth: 'none',
    body: EmptyPayloadSchema,
    answer: TokenAnswerSchema,
    errors: [],
  },
  'POST /register': {
    description: 'Creates the account and opens its session; a verification code goes out by e-mail.',
    auth: 'none',
    body: RegisterPayloadSchema,
    status: 201,
    answer: SessionAnswerSchema,
    errors: [422],
  },
  'POST /login': {
    description: 'Opens a session: the bearer token, its end and the user.',
    auth: 'none',
    body: LoginPayloadSchema,
    answer: SessionAnswerSchema,
    errors: [422],
  },
  'GET /profile/logout': {
    description: 'Revokes the bearer token.',
    auth: 'bearer',
    answer: MessageAnswerSchema,
    errors: [401],
  },
  'GET /profile': {
    description: 'The logged-in user.',
    auth: 'bearer',
    answer: ProfileAnswerSchema,
    errors: [401],
  },
  'PUT /profile': {
    description: "Changes the user's name, phone, birthday, sex and, when sent, password.",
    auth: 'bearer',
    body: ProfileUpdatePayloadSchema,
    answer: ProfileUpdateAnswerSchema,
    errors: [401, 422],
  },
  'GET /profile/membership-status': {
    description: "The user's Club Vizionarios membership (a list of one).",
    auth: 'bearer',
    answer: MembershipStatusAnswerSchema,
    errors: [401],
  },
  'POST /forgot': {
    description: 'Sends a reset link when the address is known; the same answer when it is not.',
    auth: 'none',
    body: ForgotPayloadSchema,
    answer: MessageAnswerSchema,
    errors: [422],
  },
  'POST /update-password/:code': {
    description: "Sets a new password with a reset link's code; every token of the user is revoked.",
    auth: 'none',
    params: z.object({ code: z.string().min(1) }),
    body: UpdatePasswordPayloadSchema,
    answer: MessageAnswerSchema,
    errors: [422],
  },
  'POST /code': {
    description: 'Sends a 6-digit verification code to the user (valid 15 minutes).',
    auth: 'bearer',
    secretHeader: 'registerCode',
    body: EmptyPayloadSchema,
    answer: SendCodeAnswerSchema,
    errors: [401, 403],
  },
  'POST /code/validate': {
    description: "Checks a verification code: the user's e-mail is verified.",
    auth: 'bearer',
    body: ValidateCodePayloadSchema,
    answer: ValidateCodeAnswerSchema,
    errors: [401, 422],
  },
});
