/** Values of the secret headers the sandbox demands (the same variables the BFF reads). */
export interface SandboxSecrets {
  apiKey: string;
  actionKey: string;
  registerCode: string;
  registrationKey: string;
}

export const DEV_SECRETS: SandboxSecrets = {
  apiKey: 'dev-api-key',
  actionKey: 'dev-action-key',
  registerCode: 'ZGV2LXJlZ2lzdGVyLWNvZGU=',
  registrationKey: 'dev-registration-key',
};

type Env = Record<string, string | undefined>;

/** Secrets from the environment, falling back to the dev defaults outside production. */
export function readSecrets(env: Env): SandboxSecrets {
  const pick = (name: string, fallback: string): string => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (env.NODE_ENV === 'production') throw new Error(`${name} is required in production`);
    return fallback;
  };
  return {
    apiKey: pick('CINEMA_API_KEY', DEV_SECRETS.apiKey),
    actionKey: pick('CINEMA_ACTION_KEY', DEV_SECRETS.actionKey),
    registerCode: pick('CINEMA_REGISTER_CODE', DEV_SECRETS.registerCode),
    registrationKey: pick('CINEMA_REGISTRATION_KEY', DEV_SECRETS.registrationKey),
  };
}
