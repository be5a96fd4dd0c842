import { endpoints } from './endpoint.ts';
import { BillParamsSchema } from './params.ts';

/**
 * "Agregar a Apple Wallet" and "Guardar en Google Wallet" on the ticket page: plain links the
 * purchase's owner follows (bff/decisions/wallet-passes.md). Which of them a deployment offers
 * is in the ticket view (`wallets`); one without its keys answers 404 `WALLET_UNAVAILABLE`.
 */
export const walletEndpoints = endpoints({
  'GET /wallet/apple/:bill': {
    description:
      "The Apple Wallet passes of an accepted ticket purchase, one event ticket per code (its QR), signed with the operators' Pass Type ID certificate: a `.pkpass` (`viziona-{bill}.pkpass`) for one seat, a `.pkpasses` bundle for several. The owner only: 401 without a session, 404 for a bill that is not theirs.",
    params: BillParamsSchema,
    answer: {
      mediaType: ['application/vnd.apple.pkpass', 'application/vnd.apple.pkpasses'],
      description: 'The signed pass (one seat) or bundle of passes (several), as an attachment.',
    },
    errors: [401, 404, 409, 502],
  },
  'GET /wallet/google/:bill': {
    description:
      "The \"save to Google Wallet\" link of an accepted ticket purchase: the showtime's event ticket class and one ticket object per code are saved through Google's Wallet API (the operators' service account), then a redirect to Google with a short JWT (RS256, valid 30 minutes) naming the objects, which fits any proxy whatever the seats. The owner only: 401 without a session, 404 for a bill that is not theirs; 502 when Google does not take the passes.",
    params: BillParamsSchema,
    status: 302,
    answer: {
      redirect: 302,
      description: 'Location: https://pay.google.com/gp/v/save/{jwt} (about 1 KB for six seats).',
    },
    errors: [401, 404, 409, 502],
  },
});
