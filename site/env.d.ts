/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Who is logged in, from `GET /bff/session`, read once per request by the middleware. */
    user: import('#shared/views/session.ts').SessionUserView | null;
    /** This request's BFF caller: pages pass it to `callBff` (see lib/bff-server.ts). */
    bff: import('./lib/bff-server.ts').BffCaller;
  }
}
