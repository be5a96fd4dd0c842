import { describe, expect, it } from 'vitest';
import { countingLoader } from './counting-loader.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { lazyResolver } from '#site/components/lazy-resolver.ts';
import { LoginFormSchema, type LoginForm } from '#shared/validation/login.ts';
import { MESSAGES } from '#shared/validation/messages.ts';

const options: ResolverOptions<LoginForm> = { fields: {}, shouldUseNativeValidation: false };

const loaderOf = (failures = 0) => countingLoader(() => zodResolver(LoginFormSchema), failures);

describe('lazyResolver (form validation loaded on demand)', () => {
  it('validates with the loaded schema on its first run, with the schema’s own messages', async () => {
    const loader = loaderOf();
    const { resolver } = lazyResolver<LoginForm, LoginForm>(loader.load);
    expect(loader.calls).toBe(0);

    const refused = await resolver({ email: 'no-es-correo', password: '' }, undefined, options);
    expect(refused.errors.email?.message).toBe(MESSAGES.emailInvalid);

    const accepted = await resolver({ email: 'ana@example.com', password: 'Clave1234' }, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ email: 'ana@example.com', password: 'Clave1234' });
    expect(loader.calls).toBe(1);
  });

  it('loads once however often it is preloaded and run', async () => {
    const loader = loaderOf();
    const { resolver, preload } = lazyResolver<LoginForm, LoginForm>(loader.load);
    preload();
    preload();
    await Promise.all([
      resolver({ email: 'ana@example.com', password: 'Clave1234' }, undefined, options),
      resolver({ email: 'ana@example.com', password: 'Clave1234' }, undefined, options),
    ]);
    expect(loader.calls).toBe(1);
  });

  it('tries the download again after a failure', async () => {
    const loader = loaderOf(1);
    const { resolver, preload } = lazyResolver<LoginForm, LoginForm>(loader.load);
    // A failed preload is not an unhandled rejection, and is not remembered.
    preload();
    await expect.poll(() => loader.calls).toBe(1);
    const result = await resolver({ email: 'ana@example.com', password: 'Clave1234' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(loader.calls).toBe(2);
  });
});
