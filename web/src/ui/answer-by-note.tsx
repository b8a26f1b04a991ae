import { Text } from '@mantine/core';
import { answerByText, openAnswerBy, type AnswerByFacts } from '@/lib/status/answer-by';

/**
 * "Answer by …" under an offer the freelancer has yet to answer, in zone (with the zone named,
 * as the placement's times are); nothing once it is answered, cancelled or has no such time.
 */
export function AnswerByNote({
  instruction,
  timeZone,
}: {
  instruction: AnswerByFacts;
  timeZone?: string;
}) {
  const at = openAnswerBy(instruction);
  if (!at) return null;
  return (
    <Text span size="xs" fw={500} data-testid="answer-by">
      {answerByText(at, timeZone)}
      {timeZone ? ` (${timeZone})` : ''}
    </Text>
  );
}
