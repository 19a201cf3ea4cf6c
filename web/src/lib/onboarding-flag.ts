/**
 * "Onboarding done" is remembered on this device only (spec: the flag is stored locally),
 * one key per user so that two accounts on the same phone do not share it.
 */
const flagKey = (userId: string) => `kalan:onboarding-complete:${userId}`;

export function hasCompletedOnboarding(userId: string): boolean {
  try {
    return window.localStorage.getItem(flagKey(userId)) === 'true';
  } catch {
    return false; // storage disabled (private mode): onboarding is simply offered again
  }
}

export function markOnboardingComplete(userId: string): void {
  try {
    window.localStorage.setItem(flagKey(userId), 'true');
  } catch {
    // storage disabled: nothing to remember, the user can skip again next time
  }
}
