/**
 * The password rule (document 1, section 5) as a person meets it before and while typing: each
 * condition with its own words, and the same rule said to browsers and password managers so the
 * password they generate is one the cinema API accepts. Plain code without zod: the registration
 * island ticks the conditions as the person types without loading the schemas. All conditions
 * met is exactly `PASSWORD_PATTERN` (tests/unit/password-rule.test.ts).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 12;

/** Where a condition stands for what is typed so far. */
export type PasswordConditionState = 'met' | 'unmet' | 'broken';

export interface PasswordCondition {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'plain';
  /** Ours: the condition in a few words, shown under the field before anything is typed. */
  text: string;
  state(value: string): PasswordConditionState;
}

const when = (met: boolean): PasswordConditionState => (met ? 'met' : 'unmet');

export const PASSWORD_CONDITIONS: readonly PasswordCondition[] = [
  {
    id: 'length',
    text: `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres`,
    state: (value) =>
      value.length > PASSWORD_MAX_LENGTH
        ? 'broken'
        : when(value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH),
  },
  { id: 'upper', text: 'Una letra mayúscula', state: (value) => when(/[A-Z]/.test(value)) },
  { id: 'lower', text: 'Una letra minúscula', state: (value) => when(/[a-z]/.test(value)) },
  { id: 'digit', text: 'Un número', state: (value) => when(/\d/.test(value)) },
  {
    id: 'plain',
    text: 'Solo letras y números, sin tildes, ñ ni símbolos',
    // Nothing typed breaks nothing, but it does not meet the rule either.
    state: (value) => (value === '' ? 'unmet' : /^[A-Za-z\d]+$/.test(value) ? 'met' : 'broken'),
  },
];

/** Ours: what the list of conditions is called (its heading and its accessible name). */
export const PASSWORD_CONDITIONS_TITLE = 'Tu contraseña necesita:';

/** Ours: what a screen reader hears after each condition, by its state. */
export const PASSWORD_CONDITION_STATE_TEXTS: Readonly<Record<PasswordConditionState, string>> = {
  met: 'cumplido',
  unmet: 'pendiente',
  broken: 'no se cumple',
};

/**
 * The rule in the `passwordrules` syntax that Safari and several password managers read when
 * they generate a password (https://developer.apple.com/password-rules/): a generated password
 * the API would refuse would cost the person a redo.
 */
export const PASSWORD_GENERATOR_RULES = `minlength: ${PASSWORD_MIN_LENGTH}; maxlength: ${PASSWORD_MAX_LENGTH}; required: lower; required: upper; required: digit; allowed: lower, upper, digit;`;
