/**
 * PLACEHOLDER of helper W1's module (issue 34): W1's functions/src/whatsapp/send.ts replaces this
 * file whole at the merge. It exists only so that the webhook (webhook.ts) compiles and runs on its
 * own branch; its two functions have W1's names and signatures and fail loudly until then.
 */

/** Sends `text` as a free-text message (within the 24-hour window the person opened) to `phone` (E.164). */
export async function sendText(phone: string, text: string): Promise<void> {
  void phone;
  void text;
  throw new Error('whatsapp/send.ts: placeholder, replaced by W1');
}

/** The e-mail fallback of a WhatsApp message that failed (once per message). */
export async function fallbackToEmail(messageId: string): Promise<void> {
  void messageId;
  throw new Error('whatsapp/send.ts: placeholder, replaced by W1');
}
