/**
 * Choosing a lesson's slots (issue 15): the free slots of a tutor grouped by Abidjan day, and what
 * a tap on a slot does to the hours chosen. A lesson is 1 to 8 consecutive one-hour slots
 * (`areConsecutiveFreeSlots`, shared/src/lesson-slots.ts, the check the API repeats), so the
 * choice is always one run of consecutive free slots on one day.
 */
import { DURATION_MAX_HOURS } from '#shared/constants';
import { abidjanDate, areConsecutiveFreeSlots, SLOT_MINUTES, type LessonSlot } from '#shared/lesson-slots';

/** The slots in order, day by day (Abidjan dates). */
export function slotsByDay(slots: readonly LessonSlot[]): Array<{ date: string; slots: LessonSlot[] }> {
  const days: Array<{ date: string; slots: LessonSlot[] }> = [];
  for (const slot of slots) {
    const date = abidjanDate(slot.start);
    if (days.at(-1)?.date !== date) days.push({ date, slots: [] });
    days.at(-1)!.slots.push(slot);
  }
  return days;
}

const SLOT_MS = SLOT_MINUTES * 60_000;
const at = (start: string) => Date.parse(start);

export interface SlotToggle {
  /** The starts chosen after the tap, in order. */
  selected: string[];
  /** The tap would make the lesson longer than allowed: nothing changed. */
  tooLong?: boolean;
}

/**
 * A tap on the slot starting at `start`, with `selected` chosen (in order) among `free`:
 * - on the slot just before or just after the run: the lesson grows by an hour (8 at most);
 * - on the first or last slot of the run: the lesson loses that hour;
 * - on a slot inside the run: the lesson ends with that slot;
 * - on any other free slot: a new lesson of one hour starts there.
 */
export function toggleSlot(selected: readonly string[], start: string, free: readonly LessonSlot[], maxHours = DURATION_MAX_HOURS): SlotToggle {
  const run = [...selected].sort();
  if (!free.some((slot) => slot.start === start)) return { selected: run };
  if (run.length === 0) return { selected: [start] };
  const first = run[0]!;
  const last = run.at(-1)!;
  const index = run.indexOf(start);
  if (index >= 0) {
    if (start === first) return { selected: run.slice(1) };
    if (start === last) return { selected: run.slice(0, -1) };
    return { selected: run.slice(0, index + 1) };
  }
  const grown = at(start) === at(last) + SLOT_MS ? [...run, start] : at(start) === at(first) - SLOT_MS ? [start, ...run] : null;
  if (!grown) return { selected: [start] };
  if (grown.length > maxHours) return { selected: run, tooLong: true };
  return { selected: areConsecutiveFreeSlots(grown, free) ? grown : [start] };
}

/** What stays of a choice once the free slots changed (another parent booked one): all of it, or nothing. */
export function keepIfStillFree(selected: readonly string[], free: readonly LessonSlot[]): string[] {
  return selected.length > 0 && areConsecutiveFreeSlots(selected, free) ? [...selected].sort() : [];
}

/** The lesson's start and end for the chosen slots (in order), or null when none is chosen. */
export function lessonSpan(selected: readonly string[]): { start: string; end: string } | null {
  if (selected.length === 0) return null;
  const sorted = [...selected].sort();
  return { start: sorted[0]!, end: new Date(at(sorted.at(-1)!) + SLOT_MS).toISOString() };
}
