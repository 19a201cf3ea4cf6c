/**
 * Opening the booking dialog from anywhere (tutor cards, the tutor profile): a tiny store read by
 * one <BookingDialogOutlet/>, so the dialog's code is fetched only when a parent books.
 */
export interface BookingTarget {
  id: string;
  first_name: string;
  last_name: string;
  hourly_rate: number | null;
  subjects: string[];
  levels: string[];
  /**
   * How many slots the tutor's weekly availability offers, when the opener knows it (the search's
   * cards and the tutor page do): 0 says the tutor never published any, rather than that the next
   * two weeks are full.
   */
  availability_slots?: number;
}

let current: BookingTarget | null = null;
const listeners = new Set<() => void>();

export const bookingStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(target: BookingTarget | null) {
    current = target;
    listeners.forEach((listener) => listener());
  },
};

export function openBookingDialog(tutor: BookingTarget): void {
  bookingStore.set(tutor);
}
