import { z } from 'zod';
import { alwaysRun, birthdayDate, isValidPassword, requiredText } from './fields.ts';
import { MESSAGES, PHONE_MAX_LENGTH } from './messages.ts';
import { SEXES } from './options.ts';

/**
 * The profile editor (form and `PUT /bff/profile` body). E-mail, document type and document
 * number are read-only: they are not part of the schema, so they are dropped if sent.
 * The password is optional; an empty one means "leave it as it is".
 */
export const ProfileFormSchema = z
  .object({
    name: requiredText(MESSAGES.nameRequired),
    lastname: requiredText(MESSAGES.lastnameRequired),
    phone: requiredText(MESSAGES.phoneRequired, PHONE_MAX_LENGTH),
    birthday: birthdayDate(MESSAGES.dateInvalid),
    sex: z.enum([...SEXES, ''], { error: MESSAGES.sexInvalid }),
    password: z.string({ error: MESSAGES.passwordRule }).default(''),
    confirmPassword: z.string({ error: MESSAGES.confirmPasswordRequired }).default(''),
  })
  .superRefine(
    (form, context) => {
      const password = typeof form.password === 'string' ? form.password : '';
      if (password === '') return;
      if (!isValidPassword(password)) {
        context.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRule });
      }
      if (!form.confirmPassword) {
        context.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: MESSAGES.confirmPasswordRequired,
        });
      } else if (form.confirmPassword !== password) {
        context.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: MESSAGES.passwordsMustMatch,
        });
      }
    },
    { when: alwaysRun },
  );

export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileForm = z.output<typeof ProfileFormSchema>;

/** What the cinema API's `PUT profile` receives; the password only when one was typed. */
export type ProfilePayload = {
  name: string;
  lastname: string;
  phone: string;
  birthday: string;
  sex: ProfileForm['sex'];
  password?: string;
  password_confirmation?: string;
};

export function toProfilePayload(form: ProfileForm): ProfilePayload {
  const payload: ProfilePayload = {
    name: form.name,
    lastname: form.lastname,
    phone: form.phone,
    birthday: form.birthday,
    sex: form.sex,
  };
  if (form.password !== '') {
    payload.password = form.password;
    payload.password_confirmation = form.confirmPassword;
  }
  return payload;
}
