/**
 * The `sub` of a JWT read without checking its signature (base64url payload): only to name whose
 * copies these are on this phone — the app offline with a token past its hour (lib/amplify.ts) and
 * the service worker filing the copies (sw.ts). Nothing is granted with it.
 */
export function subjectOf(token: string | null | undefined): string | null {
  try {
    const payload = JSON.parse(atob((token?.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
