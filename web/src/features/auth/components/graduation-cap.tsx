/**
 * Lucide's graduation cap (react-icons' `LuGraduationCap`), drawn here: /auth is the first page,
 * and `react-icons/lu` is one module, so that every icon any screen uses (about forty) is bundled
 * with its first importer. Importing it here made /auth load them all (issue 14).
 */
export function GraduationCapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21.42 10.922a1 1 0 0 0-.019-1.838L12.83 5.18a2 2 0 0 0-1.66 0L2.6 9.08a1 1 0 0 0 0 1.832l8.57 3.908a2 2 0 0 0 1.66 0z" />
      <path d="M22 10v6" />
      <path d="M6 12.5V16a6 3 0 0 0 12 0v-3.5" />
    </svg>
  );
}
