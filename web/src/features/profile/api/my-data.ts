import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** `kalan-mes-donnees-<date>.json`, the date of the export. */
export function exportFileName(exportedAt: string): string {
  return `kalan-mes-donnees-${exportedAt.slice(0, 10)}.json`;
}

/** Fetches the export and hands it to the browser as a file to save. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const document = await apiRequest<{ exported_at: string }>('exportMyData');
      const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = window.document.createElement('a');
      link.href = url;
      link.download = exportFileName(document.exported_at);
      window.document.body.append(link);
      link.click();
      link.remove();
      // After the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}

/** `DELETE /api/me`: the account, once confirmed. */
export function useDeleteMyAccount() {
  return useMutation({ mutationFn: () => apiRequest<void>('deleteMe') });
}
