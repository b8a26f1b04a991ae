import { Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { MarkdownView } from './markdown-view';

interface Props {
  label: string;
  /** Bound with form.getInputProps, which types the value as optional. */
  value?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  readOnly?: boolean;
}

/** A markdown text with a Preview / Edit toggle; read-only viewers only get the preview. */
export function MarkdownField({ label, value = '', onChange, error, readOnly = false }: Props) {
  const [mode, setMode] = useState<'preview' | 'edit'>('preview');
  const id = useId();
  const editing = !readOnly && mode === 'edit';
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={500} size="sm" id={`${id}-label`}>
          {label}
        </Text>
        {!readOnly && (
          <SegmentedControl
            size="xs"
            aria-label={`${label}: preview or edit`}
            value={mode}
            onChange={(v) => setMode(v as 'preview' | 'edit')}
            data={[
              { value: 'preview', label: 'Preview' },
              { value: 'edit', label: 'Edit' },
            ]}
          />
        )}
      </Group>
      {editing ? (
        <Textarea
          aria-labelledby={`${id}-label`}
          description="Markdown"
          autosize
          minRows={6}
          maxRows={20}
          value={value}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <>
          <MarkdownView source={value} label={label} />
          {error && (
            <Text c="red.9" size="sm">
              {error}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
