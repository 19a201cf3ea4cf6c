/**
 * The local mailbox's store and page (infra/local/mailbox.ts): what `deliver()` puts in is read
 * back newest first, filtered by address whatever its capitals, and shown as text, never as HTML.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deliver, htmlToText, mailboxPage, readMailbox } from '../../infra/local/mailbox.js';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kalan-mailbox-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('local mailbox', () => {
  it('reads back delivered e-mails newest first, filtered by address whatever its capitals', () => {
    const dir = newDir();
    const first = deliver({ to: 'aya@exemple.ci', subject: 'Premier', html: '<p>Code : <strong>123456</strong></p>' }, dir);
    const second = deliver({ to: 'koffi@exemple.ci', subject: 'Autre', text: 'Bonjour' }, dir);
    const third = deliver({ to: 'aya@exemple.ci', subject: 'Second', text: 'Code 654321' }, dir);
    expect(readMailbox(dir).map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    expect(readMailbox(dir, { to: 'AYA@Exemple.ci' }).map((m) => m.subject)).toEqual(['Second', 'Premier']);
    expect(readMailbox(dir, { to: 'aya@exemple.ci' })[1]!.text).toBe('Code : 123456');
    expect(readMailbox(newDir())).toEqual([]);
  });

  it('turns the HTML body into text: paragraphs kept, tags dropped, entities decoded', () => {
    expect(htmlToText("<div><p>Bonjour Aya,</p><p>L&#39;équipe &amp; moi</p></div>")).toBe("Bonjour Aya,\nL'équipe & moi");
  });

  it('shows text only on its page, so a crafted name or subject cannot inject HTML', () => {
    const dir = newDir();
    deliver({ to: 'aya@exemple.ci', subject: '<script>alert(1)</script>', text: '<img src=x onerror=alert(1)> 123456' }, dir);
    const page = mailboxPage(readMailbox(dir));
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('<strong>123456</strong>');
    expect(page).toContain('<html lang="fr">');
  });
});
