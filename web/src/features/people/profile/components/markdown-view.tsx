import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import { safeUrl } from '../rules';

export const EMPTY_SECTION = 'This section is empty.';

/** The default (GitHub) sanitising schema, with tel: links allowed as the spec asks. */
const schema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https'],
  },
};

/** A link that keeps only a safe href; an unsafe one renders as inert text in an <a> without href. */
function SafeLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const safe = href === undefined ? undefined : safeUrl(href);
  if (safe === undefined) return <a>{children}</a>;
  const external = /^https?:/i.test(safe);
  return (
    <a href={safe} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
      {children}
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  // Images are never loaded: an image from another site tells its owner who read the text and
  // when, so each one becomes a link to its address, named by its alt text.
  img: ({ src, alt }) => {
    const url = typeof src === 'string' ? src : undefined;
    return <SafeLink href={url}>{alt || url || 'image'}</SafeLink>;
  },
};

/**
 * Markdown rendered safely: no raw HTML, sanitised, links limited to safe schemes; at most
 * maxHeight px high (500 by default; null lets it grow, as the in-app guides do).
 */
export function MarkdownView({
  source,
  label,
  maxHeight = 500,
}: {
  source: string;
  label: string;
  maxHeight?: number | null;
}) {
  if (source.trim() === '') {
    return (
      <Text c="dimmed" size="sm">
        {EMPTY_SECTION}
      </Text>
    );
  }
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      mah={maxHeight ?? undefined}
      style={maxHeight === null ? undefined : { overflowY: 'auto' }}
      className="markdown-preview"
    >
      <Markdown
        skipHtml
        rehypePlugins={[[rehypeSanitize, schema]]}
        urlTransform={(url) => safeUrl(url)}
        components={components}
      >
        {source}
      </Markdown>
    </Box>
  );
}
