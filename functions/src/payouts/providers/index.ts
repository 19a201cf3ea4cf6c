/**
 * Which provider pays which operator: OPERATOR_RULES' default (CinetPay for Orange, MTN and Moov,
 * Wave for Wave) unless `PAYOUT_PROVIDER_<OPERATOR>` (cinetpay | wave) says otherwise — a provider
 * down for an operator is switched by configuration, not by a deploy of code. One client per
 * provider and container: CinetPay's token and the credentials are cached in it.
 */
import { OPERATOR_RULES, PAYOUT_PROVIDERS, type PayoutOperator, type PayoutProviderName } from '#shared/payouts';
import { createCinetPayProvider } from './cinetpay.js';
import type { PayoutProvider } from './provider.js';
import { createWaveProvider } from './wave.js';

const clients = new Map<PayoutProviderName, PayoutProvider>();

const isProviderName = (value: string): value is PayoutProviderName => (PAYOUT_PROVIDERS as readonly string[]).includes(value);

/** The provider of that name (a payout is always checked with the provider that sent it). */
export function providerNamed(name: PayoutProviderName): PayoutProvider {
  let client = clients.get(name);
  if (!client) {
    client = name === 'cinetpay' ? createCinetPayProvider() : createWaveProvider();
    clients.set(name, client);
  }
  return client;
}

/** The name of the provider that sends new payouts to `operator`. */
export function providerNameFor(operator: PayoutOperator): PayoutProviderName {
  const variable = `PAYOUT_PROVIDER_${operator.toUpperCase()}`;
  const configured = process.env[variable]?.trim().toLowerCase();
  if (!configured) return OPERATOR_RULES[operator].defaultProvider;
  // A typo must not silently send through the default: the payout stops, an admin sees why.
  if (!isProviderName(configured)) throw new Error(`${variable} invalide : ${configured} (cinetpay | wave)`);
  return configured;
}

export function providerFor(operator: PayoutOperator): PayoutProvider {
  return providerNamed(providerNameFor(operator));
}
