import { Badge, Text, type TextProps } from '@mantine/core';
import { SUBSTITUTED_LABEL } from '@/lib/status/group';

/**
 * A person's name on a placement, struck through and labelled 'Substituted' when another
 * instruction replaces theirs (spec part 2 §2): one look for the agenda, the booking page and the
 * scheduler's details.
 */
export function SubstitutedName({
  name,
  substituted,
  ...text
}: { name: string; substituted: boolean } & TextProps) {
  if (!substituted) {
    return (
      <Text span {...text}>
        {name}
      </Text>
    );
  }
  return (
    <>
      <Text component="s" {...text}>
        {name}
      </Text>
      <Badge
        color="gray.3"
        autoContrast
        variant="filled"
        size="sm"
        tt="none"
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {SUBSTITUTED_LABEL}
      </Badge>
    </>
  );
}
