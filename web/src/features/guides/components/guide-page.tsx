import { Paper, Stack } from '@mantine/core';
import { MarkdownView } from '@/features/people';
import { PageHeader } from '@/ui/page-header';

/** The guide's text without its first heading, which the page header shows. */
export function bodyOf(markdown: string): string {
  return markdown.replace(/^# .*\n+/, '');
}

/**
 * An in-app guide: markdown shipped with the app, rendered with the sanitiser of CVs and
 * showreels (no raw HTML, safe links only), under the page's title.
 */
export function GuidePage({ title, markdown }: { title: string; markdown: string }) {
  return (
    <Stack gap="md" maw={860}>
      <PageHeader title={title} />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} className="guide">
        <MarkdownView source={bodyOf(markdown)} label={title} maxHeight={null} />
      </Paper>
    </Stack>
  );
}
