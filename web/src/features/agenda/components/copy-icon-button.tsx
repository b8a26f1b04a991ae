import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** An icon button that copies value; its label names what it copies, its tooltip says when done. */
export function CopyIconButton({
  value,
  label,
  size,
}: {
  value: string;
  label: string;
  size: number;
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" color="gray" size={size} aria-label={label} onClick={copy}>
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
