import { onboardingMessages } from '#shared/message-catalogue/onboarding';
import { notify } from '@/components/ui/notify';

/**
 * Saves onboarding answers; on failure says so in French and returns false, so the user stays
 * on the step with its answers and can try again. `onRefused` sees the failure first (a refusal
 * that belongs to one field is also shown next to it).
 */
export async function saveOrNotify<T>(
  save: { mutateAsync: (values: T) => Promise<unknown> },
  values: T,
  onRefused?: (error: unknown) => void,
): Promise<boolean> {
  try {
    await save.mutateAsync(values);
    return true;
  } catch (error) {
    onRefused?.(error);
    notify.error({ title: onboardingMessages.saveFailure, description: (error as Error).message });
    return false;
  }
}
