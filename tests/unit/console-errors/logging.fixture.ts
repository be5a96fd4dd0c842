import { expect, it } from 'vitest';
import { takeConsoleErrors } from '../../console-errors.ts';

it('logs an error nobody expected', () => {
  console.error('Respuesta de inicio de sesión sin usuario', 401);
});

it('logs an error it expected, and asserts it', () => {
  console.error('Error al cerrar sesión', 'UPSTREAM_UNAVAILABLE');
  expect(takeConsoleErrors()).toEqual(['Error al cerrar sesión UPSTREAM_UNAVAILABLE']);
});

it('logs an error after taking the expected one', () => {
  console.error('esperado');
  takeConsoleErrors();
  console.error('inesperado');
});

it('logs nothing', () => {
  expect(takeConsoleErrors()).toEqual([]);
});
