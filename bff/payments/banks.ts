import type { UpstreamCaller } from '#bff/plugins/upstream.ts';
import type { BanksView } from '#shared/views/booking.ts';
import type { PaymentSources } from './payment-sources.ts';

/** The banks PSE offers now, as the PSE form lists them. */
export async function readBanks(sources: PaymentSources, caller: UpstreamCaller): Promise<BanksView> {
  const banks = await sources.banks(caller);
  return { banks: banks.map((bank) => ({ code: bank.bankCode, name: bank.bankName })) };
}
