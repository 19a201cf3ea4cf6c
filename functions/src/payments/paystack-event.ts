/**
 * A signed Paystack webhook body, read before anything else touches it: JSON, then the envelope
 * every Paystack event has (`{ event, data }`), then — for `charge.success`, the one event Kalan
 * acts on — the fields of `data` it reads. Everything is bounded, so that nothing unbounded reaches
 * a DynamoDB key, a log line or the verify URL; the other fields of `data` are dropped (Paystack
 * adds fields, Kalan never reads them: the payment itself is trusted only from the verify API).
 * A body that does not fit is refused (400); a well-formed event of another kind is only
 * acknowledged (docs/decisions.md, issue 28).
 */
import * as z from '#shared/zod';

export const CHARGE_SUCCESS = 'charge.success';

/**
 * Paystack's charge events weigh about 2 kB; 64 KiB leaves room for a long `log` or `metadata`
 * and bounds what is parsed at all.
 */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;
/** `metadata` as serialised: ours is a few ids (booking.ts); Paystack echoes it back. */
export const MAX_METADATA_CHARS = 8 * 1024;

/** Paystack's event names: `charge.success`, `transfer.failed`, `invoice.payment_failed`… */
const eventName = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/));

/** Small enough once serialised (nested too deep to serialise counts as too large). */
function fitsMetadata(value: unknown): boolean {
  try {
    return (JSON.stringify(value) ?? '').length <= MAX_METADATA_CHARS;
  } catch {
    return false;
  }
}

const chargeDataSchema = z.object({
  /** Paystack's transaction id: names the event in the idempotency key `charge.success#<id>`. */
  id: z.union([z.int().check(z.nonnegative()), z.string().check(z.regex(/^\d{1,20}$/))]),
  /** References allow letters, digits, '-', '.' and '=' (ours: `kalan-<transaction id>`). */
  reference: z.string().check(z.regex(/^[A-Za-z0-9._=-]{1,100}$/)),
  // Read by nobody (the verify API is the truth) but bounded: they reach the logs of a refusal.
  status: z.optional(z.string().check(z.maxLength(32))),
  amount: z.optional(z.int().check(z.nonnegative())),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  metadata: z.optional(z.unknown().check(z.refine(fitsMetadata))),
});
export type ChargeData = z.infer<typeof chargeDataSchema>;

const envelopeSchema = z.object({ event: eventName, data: z.record(z.string(), z.unknown()) });
const chargeSuccessSchema = z.object({ event: z.literal(CHARGE_SUCCESS), data: chargeDataSchema });

export interface PaystackEvent {
  event: string;
  /** The charge, for `charge.success` only. */
  charge?: ChargeData;
}

export type ParsedWebhookBody =
  | { ok: true; event: PaystackEvent }
  | { ok: false; error: 'invalid_json' | 'invalid_event'; issues: string[] };

/** Where a body does not fit, for the log line (paths and codes, never the values). */
function issuesOf(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`);
}

export function parseWebhookBody(rawBody: Buffer): ParsedWebhookBody {
  if (rawBody.byteLength > MAX_WEBHOOK_BODY_BYTES) return { ok: false, error: 'invalid_event', issues: [`body: ${rawBody.byteLength} bytes`] };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, error: 'invalid_json', issues: [] };
  }
  const envelope = z.safeParse(envelopeSchema, json);
  if (!envelope.success) return { ok: false, error: 'invalid_event', issues: issuesOf(envelope.error) };
  if (envelope.data.event !== CHARGE_SUCCESS) return { ok: true, event: { event: envelope.data.event } };
  const charge = z.safeParse(chargeSuccessSchema, json);
  if (!charge.success) return { ok: false, error: 'invalid_event', issues: issuesOf(charge.error) };
  return { ok: true, event: { event: CHARGE_SUCCESS, charge: charge.data.data } };
}
