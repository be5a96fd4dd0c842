import { DEV_SECRETS } from '#shared/dev-secrets.ts';

/** Values of the secret headers the sandbox demands (the same variables the BFF reads). */
export interface SandboxSecrets {
  apiKey: string;
  actionKey: string;
  registerCode: string;
  registrationKey: string;
}

type Env = Record<string, string | undefined>;

/** Secrets from the environment, falling back to the dev defaults outside production. */
export function readSecrets(env: Env): SandboxSecrets {
  const pick = (name: keyof typeof DEV_SECRETS): string => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (env.NODE_ENV === 'production') throw new Error(`${name} is required in production`);
    return DEV_SECRETS[name];
  };
  return {
    apiKey: pick('CINEMA_API_KEY'),
    actionKey: pick('CINEMA_ACTION_KEY'),
    registerCode: pick('CINEMA_REGISTER_CODE'),
    registrationKey: pick('CINEMA_REGISTRATION_KEY'),
  };
}
