import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BanksView } from '#shared/views/booking.ts';

/** The banks PSE offers now, as the PSE form lists them. */
export async function readBanks(app: FastifyInstance, request: FastifyRequest): Promise<BanksView> {
  const banks = await app.booking.sources.banks(request);
  return { banks: banks.map((bank) => ({ code: bank.bankCode, name: bank.bankName })) };
}
