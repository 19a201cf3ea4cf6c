import { Alert } from '@chakra-ui/react';
import { tutorGuaranteeRule } from '@/lib/guarantee-wording';

interface TrialTutorNoticeProps {
  /** The lesson, as the tutor's 'Mes cours' has it: a first lesson with this parent, not answered yet. */
  lesson: { trial?: boolean; status: string; amount_total: number; duration_hours: number };
}

/**
 * The guarantee's rule, shown to the tutor before accepting a first lesson with a parent: what the
 * tutor is paid if the parent claims it. The hourly rate is the lesson's (a single lesson's price is
 * the rate × its hours).
 */
export function TrialTutorNotice({ lesson }: TrialTutorNoticeProps) {
  if (!lesson.trial || lesson.status !== 'requested' || lesson.duration_hours <= 0) return null;
  const hourlyRate = Math.round(lesson.amount_total / lesson.duration_hours);
  return (
    <Alert.Root status="info" size="sm" data-testid="trial-tutor-notice">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{tutorGuaranteeRule(hourlyRate)}</Alert.Title>
    </Alert.Root>
  );
}
